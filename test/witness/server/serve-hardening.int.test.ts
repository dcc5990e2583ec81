import { chmod, readdir } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFileStorage, startWitnessServer } from "../../../src/witness/server/index.js";
import { runCli, tempDir } from "../../helpers/cli.js";

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-serve-hard-"));
});
afterAll(() => cleanup());

describe("witness serve hardening", () => {
  it("refuses a log-signing key that other users can read (like a 0644 seal key)", async () => {
    const home = join(root, "home");
    const store = join(root, "log.git");
    const init = await runCli(["witness", "init", "--bare", "--origin", "test.example/perm", store], {
      env: { TRAILSEAL_HOME: home },
    });
    expect(init.code, init.stderr).toBe(0);
    const keys = join(home, "log-keys");
    for (const name of await readdir(keys)) await chmod(join(keys, name), 0o644);
    const serve = await runCli(["witness", "serve", "--port", "0", "--store", store], {
      env: { TRAILSEAL_HOME: home },
    });
    expect(serve.code).toBe(2);
    expect(serve.stderr).toContain("GITLOG_KEY_PERMISSIONS");
    expect(serve.stdout).toBe("");
  });

  it("uses the documented stall limits by default (10 s for headers, 30 s for the whole request)", async () => {
    const { dir, cleanup: done } = await tempDir("trailseal-limits-");
    const server = await startWitnessServer({ storage: await openFileStorage(dir) });
    try {
      expect(server.server.headersTimeout).toBe(10_000);
      expect(server.server.requestTimeout).toBe(30_000);
    } finally {
      await server.close();
      await done();
    }
  });

  // Node's default check runs every 30 s; the documented limits hold only with a shorter one.
  it.each([
    ["its headers", "GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: "],
    [
      "its body",
      "POST /api/v1/anchor HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    ],
  ])(
    "cuts a client that stalls %s at the configured timeout, not Node's 30 s check",
    async (_what, sent) => {
      const { dir, cleanup: done } = await tempDir("trailseal-stall-");
      const server = await startWitnessServer({
        storage: await openFileStorage(dir),
        limits: { headersTimeoutMs: 400, requestTimeoutMs: 800 },
      });
      try {
        const { port, hostname } = new URL(server.url);
        const closedAfter = await new Promise<number>((resolve) => {
          const started = Date.now();
          const socket = connect(Number(port), hostname, () => socket.write(sent));
          socket.on("error", () => undefined);
          socket.resume(); // read the 408 and the end of the stream
          socket.on("close", () => resolve(Date.now() - started));
        });
        expect(closedAfter).toBeLessThan(10_000);
        const health = (await (await fetch(`${server.url}/api/v1/health`)).json()) as { entries: number };
        expect(health.entries).toBe(0); // the cut request stored nothing
      } finally {
        await server.close();
        await done();
      }
    },
    40_000,
  );
});
