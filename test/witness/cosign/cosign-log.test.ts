import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  cosignerFromSeed,
  formatCosignerVkey,
  noteSignerFromSeed,
  parseWitnessPolicy,
  TlogWriter,
  verifierKey,
} from "../../../src/tlog/index.js";
import {
  COSIGN_STATUS,
  type CosignFetch,
  type CosignRefusalCode,
  createCheckpointWitness,
  formatSizeBody,
  memoryCosignState,
  SIZE_CONTENT_TYPE,
} from "../../../src/witness/cosign/index.js";
import { cosignLog } from "../../../src/witness/gitlog/index.js";
import { monitoringReply, seed } from "./fixtures.js";

const root = mkdtempSync(join(tmpdir(), "ts-cosign-log-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const signer = noteSignerFromSeed("unit.example/log", seed(40));
const LOG = `log ${verifierKey(signer.name, signer.publicKey)}\n`;
const cosigner = cosignerFromSeed("w.example/unit", seed(41));

async function diskLog(dir: string, tag = "main") {
  const files = new Map<string, Uint8Array>();
  const writer = await TlogWriter.open(async (p) => files.get(p) ?? null, { origin: signer.name });
  let n = 0;
  return {
    append(count: number) {
      const changes = writer.append(
        Array.from({ length: count }, () => Buffer.from(`{"${tag}":${n++}}`)),
        signer,
      );
      for (const path of changes.removed) rmSync(join(dir, path), { force: true });
      for (const [path, bytes] of changes) {
        files.set(path, bytes);
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), bytes);
      }
    },
  };
}

/** A fetch that hands the body to an in-process witness and maps refusals as the HTTP layer does. */
function witnessFetch(witness: ReturnType<typeof createCheckpointWitness>, calls: number[]): CosignFetch {
  return async (url, init) => {
    calls.push(1);
    const monitoring = await monitoringReply(witness, url, init);
    if (monitoring) return monitoring;
    const reply = (status: number, text: string, type = "text/plain") => ({
      status,
      headers: { get: (name: string) => (name.toLowerCase() === "content-type" ? type : null) },
      text: async () => text,
    });
    try {
      return reply(200, await witness.addCheckpoint(Buffer.from(init.body ?? "")));
    } catch (error) {
      const e = error as { code: CosignRefusalCode; details?: { size?: number }; message: string };
      const status = COSIGN_STATUS[e.code];
      if (status === 409 && e.details?.size !== undefined)
        return reply(409, formatSizeBody(e.details.size), SIZE_CONTENT_TYPE);
      return reply(status, e.message);
    }
  };
}

describe("cosignLog against an in-process witness", () => {
  it("learns the size once, then reuses it (one request per round), and is idempotent", async () => {
    const dir = join(root, "log1");
    const log = await diskLog(dir);
    log.append(10);
    const witness = createCheckpointWitness({
      logs: parseWitnessPolicy(LOG, { requireQuorum: false }).logs,
      cosigner,
      store: memoryCosignState(),
    });
    const policy = parseWitnessPolicy(
      `${LOG}witness w ${formatCosignerVkey(cosigner)} https://w.example\nquorum w\n`,
    );
    const calls: number[] = [];
    const fetch = witnessFetch(witness, calls);
    const cosignedDir = join(root, "home1");
    const first = await cosignLog({ dir, policy, cosignedDir, fetch });
    expect(first.quorumMet).toBe(true);
    // First contact: the monitoring API says 404 (never cosigned), then old 0 is accepted.
    expect(calls.length).toBe(2);
    log.append(300);
    const second = await cosignLog({ dir, policy, cosignedDir, fetch });
    expect(second).toMatchObject({ size: 310, quorumMet: true });
    expect(calls.length).toBe(3); // old 10 from the stored hint, with its proof
    const third = await cosignLog({ dir, policy, cosignedDir, fetch });
    expect(third.alreadyCosigned).toBe(true);
    expect(calls.length).toBe(3);
    // Another home knows nothing: the monitoring API hands over the witness's cosignature of
    // this very tree, so no add-checkpoint is sent at all.
    const other = await cosignLog({ dir, policy, cosignedDir: join(root, "home1b"), fetch });
    expect(other.quorumMet).toBe(true);
    expect(other.outcomes).toEqual([
      expect.objectContaining({ status: "cosigned", detail: expect.stringMatching(/monitoring/) }),
    ]);
    expect(calls.length).toBe(4);
    // And a home that knows nothing of a log the witness saw smaller learns the size from it (no 409).
    log.append(5);
    await cosignLog({ dir, policy, cosignedDir: join(root, "home1c"), fetch });
    expect(calls.length).toBe(6);
    expect((await witness.latest(signer.name))?.size).toBe(315);
  });

  it("reports a witness holding another tree of the same size as a fork, below quorum", async () => {
    const witness = createCheckpointWitness({
      logs: parseWitnessPolicy(LOG, { requireQuorum: false }).logs,
      cosigner,
      store: memoryCosignState(),
    });
    const policy = parseWitnessPolicy(
      `${LOG}witness w ${formatCosignerVkey(cosigner)} https://w.example\nquorum w\n`,
    );
    const calls: number[] = [];
    const fetch = witnessFetch(witness, calls);
    const forkDir = join(root, "fork");
    const fork = await diskLog(forkDir, "fork");
    fork.append(12);
    expect(
      (await cosignLog({ dir: forkDir, policy, cosignedDir: join(root, "home-f"), fetch })).quorumMet,
    ).toBe(true);
    const dir = join(root, "log2");
    const log = await diskLog(dir);
    log.append(12);
    // Same key and size, other entries: the witness must refuse, and the client call it a fork.
    const result = await cosignLog({ dir, policy, cosignedDir: join(root, "home2"), fetch });
    expect(result.quorumMet).toBe(false);
    expect(result.outcomes).toEqual([
      expect.objectContaining({ witness: "w", status: "fork", witnessSize: 12 }),
    ]);
  });

  it("a same-size different-root answer is a fork whether the witness says 409 or 422", async () => {
    const policy = parseWitnessPolicy(
      `${LOG}witness w ${formatCosignerVkey(cosigner)} https://w.example\nquorum w\n`,
    );
    const dir = join(root, "log-422");
    (await diskLog(dir, "other")).append(12);
    // The witness holds another tree of size 12: it names that size for old 0, then refuses our
    // tree at old 12 the way its implementation does.
    const stub =
      (sameSize: { status: number; type: string }): CosignFetch =>
      async (_url, init) => {
        if (init.method === "GET")
          return {
            status: 404,
            headers: { get: () => "text/plain" },
            text: async () => "no monitoring API\n",
          };
        const old = Number(/^old (\d+)\n/.exec(Buffer.from(init.body ?? "").toString("utf8"))?.[1]);
        const answer = old === 12 ? sameSize : { status: 409, type: SIZE_CONTENT_TYPE };
        return {
          status: answer.status,
          headers: { get: () => answer.type },
          text: async () => (answer.type === SIZE_CONTENT_TYPE ? "12\n" : "different root\n"),
        };
      };
    for (const sameSize of [
      { status: 422, type: "text/plain" },
      { status: 409, type: "text/plain" },
      { status: 409, type: SIZE_CONTENT_TYPE },
    ]) {
      const fetch = stub(sameSize);
      const result = await cosignLog({ dir, policy, cosignedDir: join(root, "home-422"), fetch });
      expect(result.quorumMet).toBe(false);
      expect(result.outcomes).toEqual([
        expect.objectContaining({ witness: "w", status: "fork", httpStatus: sameSize.status }),
      ]);
    }
  });
});
