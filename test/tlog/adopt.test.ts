/**
 * Two writers of one log (replicas sharing a database): `adopt` takes in what the other
 * appended, checked against the checkpoint it signed; `parseTilePath` is tilePath's inverse.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateNoteSigner, parseTilePath, TILE_WIDTH, TlogWriter, tilePath } from "../../src/tlog/index.js";

const entries = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => Buffer.from(JSON.stringify({ n: from + i })));

describe("TlogWriter.adopt", () => {
  it("follows another writer's appends and then appends the same tree that writer would", async () => {
    const signer = generateNoteSigner("test.example/adopt");
    const read = async () => null;
    const [a, b, alone] = await Promise.all([
      TlogWriter.open(read),
      TlogWriter.open(read),
      TlogWriter.open(read),
    ]);
    const first = entries(0, 300);
    a.append(first, signer);
    alone.append(first, signer);
    b.adopt(first.slice(0, 100));
    b.adopt(first.slice(100), a.checkpoint!);
    expect(b.checkpoint).toBe(a.checkpoint);
    const next = entries(300, 40);
    const fromB = b.append(next, signer);
    const fromAlone = alone.append(next, signer);
    expect(b.checkpoint).toBe(alone.checkpoint);
    expect([...fromB.keys()]).toEqual([...fromAlone.keys()]);
  });

  it("refuses entries that do not hash to the checkpoint's root", async () => {
    const signer = generateNoteSigner("test.example/adopt");
    const a = await TlogWriter.open(async () => null);
    const b = await TlogWriter.open(async () => null);
    a.append(entries(0, 10), signer);
    const tampered = entries(0, 10);
    tampered[3] = Buffer.from('{"n":"x"}');
    expect(() => b.adopt(tampered, a.checkpoint!)).toThrow(
      expect.objectContaining({ code: "TLOG_STATE_MISMATCH" }),
    );
  });
});

describe("parseTilePath", () => {
  it("inverts tilePath for every level, index and width", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant("entries" as const), fc.integer({ min: 0, max: 63 })),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 1, max: TILE_WIDTH }),
        (level, index, width) => {
          expect(parseTilePath(tilePath(level, index, width))).toEqual({ level, index, width });
        },
      ),
    );
  });

  it("refuses other spellings of a tile", () => {
    for (const path of [
      "tile/0/1",
      "tile/0/x000/001",
      "tile/0/000.p/256",
      "tile/0/000.p/0",
      "tile/0/000.p/07",
      "tile/64/000",
      "checkpoint",
      "tile/entries/000/",
      "../tile/0/000",
    ])
      expect(parseTilePath(path), path).toBeNull();
  });
});
