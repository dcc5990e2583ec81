import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  cosignerFromSeed,
  formatCosignerVkey,
  noteSignerFromSeed,
  parseCheckpoint,
  parseNote,
  parseWitnessPolicy,
  TlogWriter,
  verifierKey,
} from "../../../../src/tlog/index.js";
import {
  COSIGN_STATUS,
  type CosignFetch,
  type CosignRefusalCode,
  checkWitnessViews,
  createCheckpointWitness,
  formatAddCheckpoint,
  formatSizeBody,
  memoryCosignState,
  SIZE_CONTENT_TYPE,
  startCosignServer,
} from "../../../../src/witness/cosign/index.js";
import { cosignLog, readLogSnapshot, startCosignCadence } from "../../../../src/witness/gitlog/index.js";
import { monitoringReply, seed } from "../../cosign/fixtures.js";

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

  it("a policy without log lines cosigns the log it is run on (its own key, from its metadata)", async () => {
    const dir = join(root, "logless");
    (await diskLog(dir)).append(4);
    writeFileSync(
      join(dir, "trailseal-log.json"),
      JSON.stringify({ origin: signer.name, verifier_key: verifierKey(signer.name, signer.publicKey) }),
    );
    const witness = createCheckpointWitness({
      logs: parseWitnessPolicy(LOG, { requireQuorum: false }).logs,
      cosigner,
      store: memoryCosignState(),
    });
    const policy = parseWitnessPolicy(
      `witness w ${formatCosignerVkey(cosigner)} https://w.example\nquorum w\n`,
    );
    const result = await cosignLog({
      dir,
      policy,
      cosignedDir: join(root, "home-logless"),
      fetch: witnessFetch(witness, []),
    });
    expect(result).toMatchObject({ size: 4, quorumMet: true });
  });
});

describe("the cosigning cadence keeps to the declared rate", () => {
  it("sends each witness at most one add-checkpoint a round, even when a 409 teaches it the size", async () => {
    const dir = join(root, "cadence-rate");
    const log = await diskLog(dir);
    log.append(5);
    const witness = createCheckpointWitness({
      logs: parseWitnessPolicy(LOG, { requireQuorum: false }).logs,
      cosigner,
      store: memoryCosignState(),
    });
    // Another home had it cosigned at 5; this witness has no monitoring API (an older one).
    await witness.addCheckpoint(
      Buffer.from(
        formatAddCheckpoint({
          oldSize: 0,
          proof: [],
          checkpoint: readFileSync(join(dir, "checkpoint"), "utf8"),
        }),
      ),
    );
    log.append(7);
    const posts: number[] = [];
    const inner = witnessFetch(witness, []);
    const fetch: CosignFetch = async (url, init) => {
      if (init.method === "GET")
        return { status: 404, headers: { get: () => "text/plain" }, text: async () => "" };
      posts.push(Number(/^old (\d+)/.exec(init.body ?? "")?.[1]));
      return inner(url, init);
    };
    const policy = parseWitnessPolicy(
      `${LOG}witness w ${formatCosignerVkey(cosigner)} https://w.example\nquorum w\n`,
    );
    const results: boolean[] = [];
    const cadence = startCosignCadence({
      dir,
      policy,
      cosignedDir: join(root, "home-cadence"),
      fetch,
      intervalMs: 3_600_000,
      onResult: (r) => results.push(r.quorumMet),
    });
    try {
      await cadence.runOnce();
      expect(posts).toEqual([0]); // one request: the 409 names 5, kept for the next round
      await cadence.runOnce();
      expect(posts).toEqual([0, 5]);
      expect(results).toEqual([false, true]);
    } finally {
      await cadence.stop();
    }
  });
});

describe("the monitoring API as a monitor sees it (real HTTP)", () => {
  it("tells the same tree, an earlier one, a larger one, a fork and a witness that never cosigned apart", async () => {
    const mainDir = join(root, "views-main");
    const main = await diskLog(mainDir);
    main.append(10);
    const at10 = readFileSync(join(mainDir, "checkpoint"), "utf8");
    main.append(10);
    const at20 = readFileSync(join(mainDir, "checkpoint"), "utf8");
    const longer = await diskLog(join(root, "views-longer"));
    longer.append(25);
    const at25 = readFileSync(join(root, "views-longer", "checkpoint"), "utf8");
    const forked = await diskLog(join(root, "views-fork"), "fork");
    forked.append(8);
    const fork8 = readFileSync(join(root, "views-fork", "checkpoint"), "utf8");

    const logs = parseWitnessPolicy(LOG, { requireQuorum: false }).logs;
    const servers: { close(): Promise<void> }[] = [];
    const lines: string[] = [];
    try {
      for (const [i, note] of [at20, at10, at25, fork8, null].entries()) {
        const key = cosignerFromSeed(`w${i}.example`, seed(70 + i), i % 2 === 0 ? "ml-dsa-44" : "ed25519");
        const witness = createCheckpointWitness({ logs, cosigner: key, store: memoryCosignState() });
        if (note)
          await witness.addCheckpoint(
            Buffer.from(formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: note })),
          );
        const server = await startCosignServer({ witness });
        servers.push(server);
        lines.push(`witness w${i} ${formatCosignerVkey(key)} ${server.url}`);
      }
      lines.push(
        `witness down ${formatCosignerVkey(cosignerFromSeed("down.example", seed(79)))} http://127.0.0.1:1`,
      );
      const policy = parseWitnessPolicy(`${LOG}${lines.join("\n")}\nquorum none\n`);
      const snapshot = await readLogSnapshot(mainDir);
      const views = await checkWitnessViews({
        witnesses: policy.witnesses,
        head: parseCheckpoint(parseNote(at20).text),
        logKey: policy.logs[0]!.key,
        read: snapshot.read,
        timeoutMs: 2000,
      });
      expect(views.map((v) => [v.witness, v.status, v.size])).toEqual([
        ["w0", "same", 20],
        ["w1", "consistent", 10],
        ["w2", "ahead", 25],
        ["w3", "fork", 8],
        ["w4", "none", undefined],
        ["down", "unreachable", undefined],
      ]);
    } finally {
      for (const server of servers) await server.close();
    }
  });
});
