import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TrailsealError } from "../../../src/errors/index.js";
import { cosignerFromSeed, parseWitnessPolicy } from "../../../src/tlog/index.js";
import {
  type CosignStateStore,
  createCheckpointWitness,
  formatAddCheckpoint,
  memoryCosignState,
  type RunningCosignServer,
  startCosignServer,
} from "../../../src/witness/cosign/index.js";
import { seed, ToyLog } from "./fixtures.js";

const log = ToyLog.create("http.example/log", 7).grow(10);
const policy = parseWitnessPolicy(`log ${log.vkey}\n`, { requireQuorum: false });
const cosigner = cosignerFromSeed("w.example/http", seed(8));
let failing = false;
const inner = memoryCosignState();
const store: CosignStateStore = {
  read: (origin) => inner.read(origin),
  compareAndSwap: (origin, expected, next) =>
    failing
      ? Promise.reject(new TrailsealError("DURABLE_WRITE_FAILED", "disk full"))
      : inner.compareAndSwap(origin, expected, next),
};
let server: RunningCosignServer;
beforeAll(async () => {
  server = await startCosignServer({
    witness: createCheckpointWitness({ logs: policy.logs, cosigner, store }),
  });
});
afterAll(() => server.close());

const post = (body: string | Buffer, path = "/add-checkpoint") =>
  fetch(`${server.url}${path}`, { method: "POST", body });

describe("add-checkpoint over HTTP: the edges", () => {
  it("caps the body (413) before parsing", async () => {
    const res = await post(Buffer.alloc(200 * 1024, 0x41));
    expect(res.status).toBe(413);
  });

  it("refuses a compressed body (400) instead of inflating it past the cap", async () => {
    const { gzipSync } = await import("node:zlib");
    const res = await fetch(`${server.url}/add-checkpoint`, {
      method: "POST",
      headers: { "Content-Encoding": "gzip" },
      body: gzipSync(Buffer.alloc(1024 * 1024, 0x41)),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("answers 405 to other methods and 404 to other paths", async () => {
    const get = await fetch(`${server.url}/add-checkpoint`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await post("old 0\n\nx\n", "/other")).status).toBe(404);
  });

  it("a state that cannot be written is 503 and cosigns nothing; the next request succeeds", async () => {
    const body = formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: log.checkpoint(4) });
    failing = true;
    const refused = await post(body);
    expect(refused.status).toBe(503);
    expect(await refused.text()).not.toMatch(/\u2014/);
    failing = false;
    const ok = await post(body);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/^\u2014 w\.example\/http /);
  });
});
