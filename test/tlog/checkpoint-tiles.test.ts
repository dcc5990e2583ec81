import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  encodeTileIndex,
  entryBundle,
  formatCheckpoint,
  parseCheckpoint,
  parseEntryBundle,
  tilePath,
  tilesOfTree,
  tileWidth,
} from "../../src/tlog/index.js";
import { codeOf } from "./helpers.js";

describe("C2SP tlog-checkpoint", () => {
  const root = new Uint8Array(32).map((_, i) => i * 7);

  it("formats origin, decimal size and base64 root, one per line", () => {
    expect(formatCheckpoint({ origin: "Banana", size: 9944, rootHash: root })).toBe(
      `Banana\n9944\n${Buffer.from(root).toString("base64")}\n`,
    );
  });

  it("parse(format(c)) is c, and format(parse(text)) is text", () => {
    const origin = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/[\n\u0000-\u001f]/.test(s));
    const ext = fc.array(origin, { maxLength: 3 });
    fc.assert(
      fc.property(
        origin,
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        ext,
        (o, size, rootHash, extensions) => {
          const text = formatCheckpoint({ origin: o, size, rootHash, extensions });
          const parsed = parseCheckpoint(text);
          expect(parsed.size).toBe(size);
          expect(Buffer.from(parsed.rootHash).equals(Buffer.from(rootHash))).toBe(true);
          expect(formatCheckpoint(parsed)).toBe(text);
        },
      ),
    );
  });

  it("rejects malformed checkpoints with TLOG_CHECKPOINT_MALFORMED", () => {
    const good = formatCheckpoint({ origin: "o", size: 5, rootHash: root });
    for (const bad of [
      good.slice(0, -1),
      good.replace("\n5\n", "\n05\n"),
      good.replace("\n5\n", "\n-5\n"),
      good.replace("\n5\n", "\n5.0\n"),
      good.replace("\n5\n", "\n99999999999999999\n"),
      `\n5\n${Buffer.from(root).toString("base64")}\n`,
      `o\n5\n${Buffer.from(root.subarray(1)).toString("base64")}\n`,
      "o\n5\n",
      `${good}\n`,
    ])
      expect(
        codeOf(() => parseCheckpoint(bad)),
        JSON.stringify(bad),
      ).toBe("TLOG_CHECKPOINT_MALFORMED");
  });
});

describe("C2SP tlog-tiles", () => {
  it("encodes tile indices as x-prefixed 3-digit path elements", () => {
    expect(encodeTileIndex(1234067)).toBe("x001/x234/067");
    expect(encodeTileIndex(0)).toBe("000");
    expect(encodeTileIndex(999)).toBe("999");
    expect(encodeTileIndex(1000)).toBe("x001/000");
    expect(tilePath(0, 1234067)).toBe("tile/0/x001/x234/067");
    expect(tilePath(2, 5, 17)).toBe("tile/2/005.p/17");
    expect(tilePath("entries", 1000, 256)).toBe("tile/entries/x001/000");
    expect(tilePath("entries", 3, 1)).toBe("tile/entries/003.p/1");
  });

  it("describes the spec's example trees of 70,000 and 256 entries", () => {
    const tiles = [...tilesOfTree(70_000)];
    const at = (level: number) => tiles.filter((t) => t.level === level);
    expect(at(0).filter((t) => t.width === 256)).toHaveLength(273);
    expect(
      at(0)
        .filter((t) => t.width < 256)
        .map((t) => t.width),
    ).toEqual([112]);
    expect(at(1).map((t) => t.width)).toEqual([256, 17]);
    expect(at(2).map((t) => t.width)).toEqual([1]);
    expect(at(3)).toHaveLength(0);
    expect([...tilesOfTree(256)]).toEqual([
      { level: 0, index: 0, width: 256 },
      { level: 1, index: 0, width: 1 },
    ]);
    expect(tileWidth(0, 1, 256)).toBe(0);
  });

  it("round-trips entry bundles (big-endian uint16 length prefixes)", () => {
    expect([...entryBundle([Uint8Array.of(1, 2, 3), new Uint8Array(0)])]).toEqual([0, 3, 1, 2, 3, 0, 0]);
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 256 }), (entries) => {
        const parsed = parseEntryBundle(entryBundle(entries));
        expect(parsed.map((e) => Buffer.from(e).toString("hex"))).toEqual(
          entries.map((e) => Buffer.from(e).toString("hex")),
        );
      }),
      { numRuns: 50 },
    );
    expect(codeOf(() => entryBundle([new Uint8Array(65_536)]))).toBe("TLOG_ENTRY_TOO_LARGE");
    expect(codeOf(() => parseEntryBundle(Uint8Array.of(0, 5, 1)))).toBe("TLOG_BUNDLE_MALFORMED");
    expect(codeOf(() => parseEntryBundle(Uint8Array.of(0)))).toBe("TLOG_BUNDLE_MALFORMED");
  });
});
