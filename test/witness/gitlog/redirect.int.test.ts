import { describe, expect, it } from "vitest";
import { createGitWitness } from "../../../src/witness/gitlog/index.js";
import { loopbackServers } from "../../helpers/loopback.js";
import { sampleRequest } from "../server/storage-contract.js";

const listen = loopbackServers();

describe("the git witness token never leaves its origin", () => {
  it("refuses a redirect to another port on the same host, and the token never reaches it", async () => {
    const seen: (string | undefined)[] = [];
    const elsewhere = await listen((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(404).end();
    });
    const redirecting = await listen((req, res) => {
      res.writeHead(302, { location: `${elsewhere}${req.url}` }).end();
    });
    const witness = createGitWitness({
      url: `${redirecting}/log.git`,
      name: "w",
      home: "/nonexistent",
      authToken: "s3cret-token",
    });
    await expect(
      witness.publish(sampleRequest(1), { signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: "WITNESS_REDIRECT_REFUSED" });
    expect(seen).toEqual([]);
  });
});
