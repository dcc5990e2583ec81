import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createGitWitness } from "../../../src/witness/gitlog/index.js";
import { sampleRequest } from "../server/storage-contract.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

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
