import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  auditTiles,
  checkCheckpointConsistency,
  consistencyProofOf,
  entryBundlePath,
  generateNoteSigner,
  inclusionFromTiles,
  inclusionProofOf,
  leafHash,
  openCheckpoint,
  parseCheckpoint,
  parseNote,
  proveInclusion,
  rootFromLeaves,
  TlogWriter,
  tilePath,
  tilesOfTree,
  verifierKey,
  verifyInclusionEvidence,
} from "../../src/tlog/index.js";
import { asyncCodeOf, codeOf, hex, MemoryLog, subtreeOf, utf8 } from "./helpers.js";

const signer = generateNoteSigner("log.trailseal.test/writer");
const key = verifierKey(signer.name, signer.publicKey);
const entry = (i: number) => utf8(JSON.stringify({ anchor_id: `wit_${i}`, n: i }));

/** Builds a log of `size` entries in batches, applying every change to a MemoryLog. */
async function buildLog(sizes: number[]) {
  const log = new MemoryLog();
  const writer = await TlogWriter.open(log.read);
  const checkpoints: string[] = [];
  /** The log's files as they were at each checkpoint (one commit each). */
  const snapshots: MemoryLog[] = [];
  let next = 0;
  for (const batch of sizes) {
    const entries = Array.from({ length: batch }, () => entry(next++));
    log.apply(writer.append(entries, signer));
    checkpoints.push(writer.checkpoint!);
    const snapshot = new MemoryLog();
    for (const [p, b] of log.files) snapshot.files.set(p, b);
    snapshots.push(snapshot);
  }
  return { log, writer, checkpoints, snapshots, size: next };
}

describe("TlogWriter", () => {
  it("stores exactly the tiles, bundles and checkpoint of the tree, whatever the batching", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 6 }),
        async (batches) => {
          const { log, writer, size } = await buildLog(batches);
          const leaves = Array.from({ length: size }, (_, i) => leafHash(entry(i)));
          expect(hex(writer.rootHash())).toBe(hex(rootFromLeaves(leaves)));
          const expected = new Set(["checkpoint"]);
          for (const t of tilesOfTree(size)) {
            expected.add(tilePath(t.level, t.index, t.width));
            if (t.level === 0) expected.add(entryBundlePath(t.index, t.width));
          }
          expect(new Set(log.files.keys())).toEqual(expected);
          const checkpoint = openCheckpoint(log.files.get("checkpoint")!, key).checkpoint;
          expect(checkpoint.size).toBe(size);
          expect(checkpoint.origin).toBe(signer.name);
          await auditTiles(log.read, checkpoint);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("gives the same proofs as the tree itself, for old sizes too", async () => {
    const { writer, size } = await buildLog([100, 400, 70]);
    const leaves = Array.from({ length: size }, (_, i) => leafHash(entry(i)));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: size }).chain((n) => fc.tuple(fc.nat(n - 1), fc.constant(n), fc.nat(n))),
        ([index, n, old]) => {
          const subtree = subtreeOf(leaves.slice(0, n));
          expect(writer.inclusionProof(index, n).map(hex)).toEqual(
            inclusionProofOf(index, n, subtree).map(hex),
          );
          expect(writer.consistencyProof(old, n).map(hex)).toEqual(
            consistencyProofOf(old, n, subtree).map(hex),
          );
          expect(hex(writer.rootHash(n))).toBe(hex(rootFromLeaves(leaves.slice(0, n))));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reopens from storage and keeps appending to the same tree", async () => {
    const { log, size } = await buildLog([300, 5]);
    const reopened = await TlogWriter.open(log.read);
    expect(reopened.size).toBe(size);
    log.apply(reopened.append([entry(size), entry(size + 1)], signer));
    const all = Array.from({ length: size + 2 }, (_, i) => leafHash(entry(i)));
    expect(hex(reopened.rootHash())).toBe(hex(rootFromLeaves(all)));
    await auditTiles(log.read, parseCheckpoint(parseNote(reopened.checkpoint!).text));
  });

  it("lists the superseded partial tiles and writes nothing for an empty append", async () => {
    const { log, writer } = await buildLog([3]);
    expect(writer.append([], signer).size).toBe(0);
    const changes = writer.append([entry(3)], signer);
    expect(changes.removed.sort()).toEqual(["tile/0/000.p/3", "tile/entries/000.p/3"]);
    expect([...changes.keys()].sort()).toEqual(["checkpoint", "tile/0/000.p/4", "tile/entries/000.p/4"]);
    log.apply(changes);
  });

  it("refuses a tampered store, another log's origin, a foreign signer and oversize entries", async () => {
    const { log } = await buildLog([260]);
    const tampered = new MemoryLog();
    for (const [p, b] of log.files) tampered.files.set(p, b);
    const tile = new Uint8Array(tampered.files.get("tile/0/000")!);
    tile[5]! ^= 1;
    tampered.files.set("tile/0/000", tile);
    expect(await asyncCodeOf(() => TlogWriter.open(tampered.read))).toBe("TLOG_STATE_MISMATCH");
    expect(await asyncCodeOf(() => TlogWriter.open(log.read, { origin: "other" }))).toBe(
      "TLOG_ORIGIN_MISMATCH",
    );
    const writer = await TlogWriter.open(log.read);
    expect(codeOf(() => writer.append([entry(0)], generateNoteSigner(signer.name)))).toBe(
      "TLOG_NOTE_UNVERIFIED",
    );
    expect(codeOf(() => writer.append([new Uint8Array(70_000)], signer))).toBe("TLOG_ENTRY_TOO_LARGE");
    expect(writer.size).toBe(260);
  });
});

describe("proofs from tiles", () => {
  it("verifies every entry's inclusion from the stored tiles, and rejects a tampered tile or entry", async () => {
    const { log, checkpoints, size } = await buildLog([257, 300, 1]);
    const checkpoint = openCheckpoint(checkpoints.at(-1)!, key).checkpoint;
    for (let index = 0; index < size; index += 7) {
      const got = await inclusionFromTiles(log.read, checkpoint, index);
      expect(Buffer.from(got.entry).toString()).toBe(Buffer.from(entry(index)).toString());
    }
    await fc.assert(
      fc.asyncProperty(
        fc.nat(size - 1),
        fc.constantFrom(...log.files.keys()),
        fc.nat(),
        async (index, path, pick) => {
          if (path === "checkpoint") return;
          const bad = new MemoryLog();
          for (const [p, b] of log.files) bad.files.set(p, b);
          const bytes = new Uint8Array(log.files.get(path)!);
          bytes[pick % bytes.length]! ^= 1 << (pick % 8);
          bad.files.set(path, bytes);
          const code = await asyncCodeOf(() => inclusionFromTiles(bad.read, checkpoint, index));
          // Either the changed file is not on this entry's path, or the change is caught.
          expect(["no error", "TLOG_INCLUSION_INVALID", "TLOG_BUNDLE_MALFORMED"]).toContain(code);
          expect(await asyncCodeOf(() => auditTiles(bad.read, checkpoint))).toMatch(
            /TLOG_TILE_MISMATCH|TLOG_BUNDLE_MALFORMED/,
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it("proves each checkpoint consistent with the one before, from the later tiles", async () => {
    const { snapshots, checkpoints } = await buildLog([1, 255, 3, 600, 1]);
    for (let i = 1; i < checkpoints.length; i++) {
      const result = await checkCheckpointConsistency(
        checkpoints[i - 1]!,
        checkpoints[i]!,
        key,
        snapshots[i]!.read,
      );
      expect(result.nextSize).toBeGreaterThan(result.previousSize);
    }
  });

  it("catches a rewritten history even when the log key re-signs it", async () => {
    const honest = await buildLog([10, 20]);
    // The same key signs a log whose entry 3 was changed, then grows it.
    const forged = new MemoryLog();
    const writer = await TlogWriter.open(forged.read);
    const entries = Array.from({ length: 40 }, (_, i) => (i === 3 ? utf8("rewritten") : entry(i)));
    forged.apply(writer.append(entries, signer));
    expect(
      await asyncCodeOf(() =>
        checkCheckpointConsistency(honest.checkpoints[0]!, writer.checkpoint!, key, forged.read),
      ),
    ).toBe("TLOG_FORK_DETECTED");
    // Going back to an older checkpoint is a rollback; a different tree of the same size is a fork.
    expect(
      await asyncCodeOf(() =>
        checkCheckpointConsistency(honest.checkpoints[1]!, honest.checkpoints[0]!, key, honest.log.read),
      ),
    ).toBe("TLOG_ROLLBACK");
    const sameSize = await TlogWriter.open(new MemoryLog().read);
    sameSize.append(
      Array.from({ length: 10 }, (_, i) => utf8(`other ${i}`)),
      signer,
    );
    expect(
      await asyncCodeOf(() =>
        checkCheckpointConsistency(honest.checkpoints[0]!, sameSize.checkpoint!, key, honest.log.read),
      ),
    ).toBe("TLOG_FORK_DETECTED");
    // Tiles that are not the later tree's tiles, and checkpoints signed by another key.
    expect(
      await asyncCodeOf(() =>
        checkCheckpointConsistency(honest.checkpoints[0]!, writer.checkpoint!, key, honest.log.read),
      ),
    ).toMatch(/TLOG_TILE_MISMATCH|TLOG_TILE_MISSING/);
    const stranger = verifierKey(signer.name, generateNoteSigner("x").publicKey);
    expect(
      await asyncCodeOf(() =>
        checkCheckpointConsistency(honest.checkpoints[0]!, honest.checkpoints[1]!, stranger, honest.log.read),
      ),
    ).toBe("TLOG_NOTE_UNVERIFIED");
  });
});

describe("inclusion evidence (GET anchors / witness verify)", () => {
  it("proves and verifies, and rejects evidence for another entry or a forged checkpoint", async () => {
    const { writer } = await buildLog([50]);
    const evidence = proveInclusion(writer, 17);
    expect(verifyInclusionEvidence(evidence, entry(17), key).logIndex).toBe(17);
    expect(codeOf(() => verifyInclusionEvidence(evidence, entry(18), key))).toBe("TLOG_INCLUSION_INVALID");
    expect(codeOf(() => verifyInclusionEvidence({ ...evidence, tree_size: 49 }, entry(17), key))).toBe(
      "TLOG_INCLUSION_INVALID",
    );
    const other = generateNoteSigner(signer.name);
    const forged = {
      ...evidence,
      checkpoint: evidence.checkpoint.replace(/\n\n— [^\n]*\n$/, "\n\n— x AAAAAAAA\n"),
    };
    expect(codeOf(() => verifyInclusionEvidence(forged, entry(17), key))).toBe("TLOG_NOTE_UNVERIFIED");
    expect(
      codeOf(() => verifyInclusionEvidence(evidence, entry(17), verifierKey(other.name, other.publicKey))),
    ).toBe("TLOG_NOTE_UNVERIFIED");
    expect(codeOf(() => verifyInclusionEvidence({ nope: 1 }, entry(17), key))).toBe("TLOG_INCLUSION_INVALID");
  });
});
