import { describe, expect, it } from "vitest";
import { createHttpWitness } from "../../../src/witness/client/index.js";
import { loopbackServers } from "../../helpers/loopback.js";
import { sampleRequest } from "../server/storage-contract.js";

const listen = loopbackServers();

describe("the HTTP witness token never leaves its origin", () => {
  it("refuses a redirect (to another port on the same host) by name, for good, and sends nothing there", async () => {
    const seen: (string | undefined)[] = [];
    const elsewhere = await listen((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(404).end();
    });
    const redirecting = await listen((req, res) => {
      req.resume();
      res.writeHead(307, { location: `${elsewhere}${req.url}` }).end();
    });
    const witness = createHttpWitness({ url: redirecting, name: "w", authToken: "s3cret-token" });
    const signal = new AbortController().signal;
    const refused = { code: "WITNESS_REDIRECT_REFUSED", details: { retryable: false, status: 307 } };
    await expect(witness.publish(sampleRequest(1), { signal })).rejects.toMatchObject(refused);
    await expect(witness.fetchAnchor("wit_0_00", { signal })).rejects.toMatchObject(refused);
    await expect(witness.health?.({ signal })).rejects.toMatchObject(refused);
    expect(seen).toEqual([]);
  });
});
