import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkCosignatures,
  cosignerFromSeed,
  formatCheckpoint,
  parseSignatureLines,
  parseWitnessPolicy,
  signNote,
} from "../../../src/tlog/index.js";
import {
  type CosignStateStore,
  createCheckpointWitness,
  formatAddCheckpoint,
  memoryCosignState,
  openFileCosignState,
  parseAddCheckpoint,
  type WitnessedCheckpoint,
} from "../../../src/witness/cosign/index.js";
import { seed, ToyLog } from "./fixtures.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "ts-cosign-"));
  dirs.push(dir);
  return dir;
};

const cosigner = cosignerFromSeed("witness.example/w1", seed(9));
const ORIGIN = "example.com/log";

function setup(store: CosignStateStore = memoryCosignState()) {
  const log = ToyLog.create(ORIGIN).grow(20);
  const policy = parseWitnessPolicy(`log ${log.vkey}\nquorum none\n`);
  const witness = createCheckpointWitness({ logs: policy.logs, cosigner, store, now: () => 1_700_000_000 });
  const body = (oldSize: number, size: number, l: ToyLog = log, proof = l.proof(oldSize, size)) =>
    Buffer.from(formatAddCheckpoint({ oldSize, proof, checkpoint: l.checkpoint(size) }));
  return { log, witness, body, store };
}

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; size?: number }> {
  try {
    await promise;
    return { code: "ok" };
  } catch (error) {
    const e = error as { code?: string; details?: { size?: number } };
    return {
      code: e.code ?? String(error),
      ...(e.details?.size !== undefined ? { size: e.details.size } : {}),
    };
  }
}

describe("add-checkpoint state machine (c2sp.org/tlog-witness)", () => {
  it("cosigns a first checkpoint from old 0, then a consistent extension", async () => {
    const { witness, body, log } = setup();
    const line = await witness.addCheckpoint(body(0, 5));
    const [check] = checkCosignatures(log.text(5), parseSignatureLines(line), [cosigner]);
    expect(check!.status).toBe("valid");
    expect(check!.cosignature!.timestamp).toBe(1_700_000_000);
    await witness.addCheckpoint(body(5, 12));
    expect((await witness.latest(ORIGIN))?.size).toBe(12);
    // Same size, same root, empty proof: cosigned again, state unchanged.
    await witness.addCheckpoint(body(12, 12));
    expect((await witness.latest(ORIGIN))?.size).toBe(12);
  });

  it("answers each refusal with the spec's code", async () => {
    const { witness, body, log } = setup();
    await witness.addCheckpoint(body(0, 8));
    const other = ToyLog.create("other.example/log", 2).grow(3);
    expect(await codeOf(witness.addCheckpoint(body(0, 3, other)))).toEqual({ code: "COSIGN_UNKNOWN_LOG" });
    const impostor = new ToyLog(ToyLog.create(ORIGIN, 3).signer).grow(10);
    expect(await codeOf(witness.addCheckpoint(body(8, 10, impostor)))).toEqual({
      code: "COSIGN_UNTRUSTED_CHECKPOINT",
    });
    expect(await codeOf(witness.addCheckpoint(body(9, 8, log, [])))).toEqual({
      code: "COSIGN_OLD_SIZE_TOO_LARGE",
    });
    expect(await codeOf(witness.addCheckpoint(body(5, 10)))).toEqual({
      code: "COSIGN_OLD_SIZE_MISMATCH",
      size: 8,
    });
    expect(await codeOf(witness.addCheckpoint(body(0, 10)))).toEqual({
      code: "COSIGN_OLD_SIZE_MISMATCH",
      size: 8,
    });
    const badProof = log.proof(8, 10).map((h, i) => (i === 0 ? new Uint8Array(32) : h));
    expect(await codeOf(witness.addCheckpoint(body(8, 10, log, badProof)))).toEqual({
      code: "COSIGN_PROOF_INVALID",
    });
    const fork = new ToyLog(log.signer, "fork").grow(8);
    // tlog-witness (since C2SP commit 95978ca): old size = checkpoint size = the witnessed size
    // with another root is 422, not 409: every 409 names a size to retry from, and this has none.
    expect(await codeOf(witness.addCheckpoint(body(8, 8, fork, [])))).toEqual({
      code: "COSIGN_ROOT_MISMATCH",
    });
    expect(await codeOf(witness.addCheckpoint(Buffer.from("old 8\nnot base64\n\nx\n")))).toEqual({
      code: "COSIGN_REQUEST_MALFORMED",
    });
    expect((await witness.latest(ORIGIN))?.size).toBe(8);
  });

  it("refuses a size-0 checkpoint whose root is not the empty tree's (422), on a fresh log too", async () => {
    const { witness } = setup();
    const log = ToyLog.create(ORIGIN);
    const forged = signNote(
      formatCheckpoint({ origin: ORIGIN, size: 0, rootHash: new Uint8Array(32).fill(7) }),
      log.signer,
    );
    const request = Buffer.from(formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: forged }));
    expect(await codeOf(witness.addCheckpoint(request))).toEqual({ code: "COSIGN_EMPTY_TREE_INVALID" });
    expect(await witness.latest(ORIGIN)).toBeNull();
    // The empty tree's own root is cosigned, and a later tree extends it with an empty proof.
    await witness.addCheckpoint(
      Buffer.from(formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: log.checkpoint(0) })),
    );
    expect((await witness.latest(ORIGIN))?.size).toBe(0);
  });

  it("parses and formats request bodies strictly", () => {
    const { log } = setup();
    const text = formatAddCheckpoint({ oldSize: 3, proof: log.proof(3, 7), checkpoint: log.checkpoint(7) });
    const parsed = parseAddCheckpoint(Buffer.from(text));
    expect(formatAddCheckpoint(parsed)).toBe(text);
    for (const bad of ["old 01\n\nx", "old -1\n\nx", "old 1\nold 2\n\nx", "new 1\n\nx", "old 1"])
      expect(() => parseAddCheckpoint(Buffer.from(bad))).toThrow(
        expect.objectContaining({ code: "COSIGN_REQUEST_MALFORMED" }),
      );
    const tooMany = `old 1\n${`${Buffer.alloc(32).toString("base64")}\n`.repeat(64)}\n${log.checkpoint(7)}`;
    expect(() => parseAddCheckpoint(Buffer.from(tooMany))).toThrow(
      expect.objectContaining({ code: "COSIGN_REQUEST_MALFORMED" }),
    );
  });

  it("hostile bodies only ever get a COSIGN_* refusal (property)", async () => {
    const { witness, log } = setup();
    const valid = formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: log.checkpoint(3) });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.string({ maxLength: 300 }).map((t) => Buffer.from(t)),
          fc
            .tuple(fc.nat(valid.length), fc.string({ maxLength: 20 }))
            .map(([at, junk]) => Buffer.from(valid.slice(0, at) + junk + valid.slice(at))),
        ),
        async (body) => {
          try {
            await witness.addCheckpoint(body);
          } catch (error) {
            expect((error as { code?: string }).code).toMatch(/^COSIGN_/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  for (const backend of ["memory", "file"] as const) {
    it(`${backend}: random concurrent interleavings never move the witness backwards or to a fork (property)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 12 }),
          fc.array(
            fc.record({
              fork: fc.boolean(),
              size: fc.integer({ min: 0, max: 20 }),
              old: fc.integer({ min: 0, max: 20 }),
              honest: fc.boolean(),
            }),
            { minLength: 1, maxLength: 12 },
          ),
          async (shared, requests) => {
            const writes: WitnessedCheckpoint[] = [];
            const inner = backend === "memory" ? memoryCosignState() : openFileCosignState(tempDir());
            const store: CosignStateStore = {
              read: (origin) => inner.read(origin),
              compareAndSwap: async (origin, expected, next) => {
                const swapped = await inner.compareAndSwap(origin, expected, next);
                if (swapped) writes.push(next);
                return swapped;
              },
            };
            const { witness, log } = setup(store);
            const fork = new ToyLog(log.signer, "fork");
            fork.leaves.push(...log.leaves.slice(0, shared));
            fork.grow(20 - shared, shared);
            const cosigned: { tree: ToyLog; size: number }[] = [];
            await Promise.all(
              requests.map(async (r) => {
                const tree = r.fork ? fork : log;
                const old = Math.min(r.old, r.size);
                const latest = (await witness.latest(ORIGIN))?.size ?? 0;
                const oldSize = r.honest && latest <= r.size ? latest : old;
                const body = Buffer.from(
                  formatAddCheckpoint({
                    oldSize,
                    proof: tree.proof(oldSize, r.size),
                    checkpoint: tree.checkpoint(r.size),
                  }),
                );
                try {
                  await witness.addCheckpoint(body);
                  cosigned.push({ tree, size: r.size });
                } catch (error) {
                  expect((error as { code: string }).code).toMatch(/^COSIGN_/);
                }
              }),
            );
            // Persisted states only grow, each extending the one before.
            for (let i = 1; i < writes.length; i++) {
              const [a, b] = [writes[i - 1]!, writes[i]!];
              expect(b.size).toBeGreaterThan(a.size);
              const bTree = Buffer.from(log.root(b.size)).toString("base64") === b.root ? log : fork;
              expect(Buffer.from(bTree.root(a.size)).toString("base64")).toBe(a.root);
            }
            // Every pair of cosigned checkpoints is consistent: no fork was ever cosigned.
            for (const a of cosigned)
              for (const b of cosigned) {
                const [small, big] = a.size <= b.size ? [a, b] : [b, a];
                expect(
                  Buffer.from(big.tree.root(small.size)).equals(Buffer.from(small.tree.root(small.size))),
                ).toBe(true);
              }
          },
        ),
        { numRuns: backend === "memory" ? 150 : 25 },
      );
    });
  }
});
