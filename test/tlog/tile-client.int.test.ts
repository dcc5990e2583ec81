import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runWitnessVerifyTiles } from "../../src/cli/commands/witness-verify-tiles.js";
import type { CliIO } from "../../src/cli/io.js";
import { canonicalJson } from "../../src/encoding/index.js";
import { appendReceipts, appendSeal, type Seal } from "../../src/seal/index.js";
import {
  generateNoteSigner,
  httpReader,
  readPin,
  TlogWriter,
  verifierKey,
  verifyEntryByTiles,
} from "../../src/tlog/index.js";
import { layout } from "../../src/witness/gitlog/index.js";
import { appendToDisk, diskReader } from "./disk-log.js";
import { asyncCodeOf, utf8 } from "./helpers.js";
import { serveDirectory } from "./serve-dir.js";

const signer = generateNoteSigner("log.trailseal.test/tiles");
const key = verifierKey(signer.name, signer.publicKey);
const filler = (i: number) => utf8(canonicalJson({ anchor_id: `wit_${i}_0000000000000000`, filler: i }));

let dir: string;
let server: Awaited<ReturnType<typeof serveDirectory>>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "tlog-tiles-"));
  server = await serveDirectory(join(dir, "log"));
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function newLog(size: number) {
  const root = join(dir, "log");
  const writer = await TlogWriter.open(diskReader(root));
  for (let at = 0; at < size; at += 500)
    await appendToDisk(
      root,
      writer,
      Array.from({ length: Math.min(500, size - at) }, (_, i) => filler(at + i)),
      signer,
    );
  await writeFile(
    join(root, layout.METADATA_PATH),
    JSON.stringify({ origin: signer.name, verifier_key: key }),
  );
  return { root, writer };
}

describe("tile client over a real HTTP server", () => {
  it("verifies one entry with the checkpoint, a few tiles and one bundle", async () => {
    await newLog(2000);
    const { read, stats } = httpReader(server.url);
    const result = await verifyEntryByTiles({ read, key, index: 1234 });
    expect(JSON.parse(Buffer.from(result.entry).toString()).filler).toBe(1234);
    expect(result.checkpoint.size).toBe(2000);
    // checkpoint + entry bundle + level-0 and level-1 tiles on the path: a handful, not 2000 entries.
    expect(stats.requests).toBeLessThanOrEqual(6);
    expect(stats.bytes).toBe(server.stats.bytes);
  });

  it("reads gzip-encoded tiles (full tiles grow past 8,192 bytes when gzipped)", async () => {
    await newLog(1000);
    const gzipServer = await serveDirectory(join(dir, "log"), { gzip: true });
    try {
      const { read } = httpReader(gzipServer.url);
      const result = await verifyEntryByTiles({ read, key, index: 3 });
      expect(JSON.parse(Buffer.from(result.entry).toString()).filler).toBe(3);
    } finally {
      await gzipServer.close();
    }
  });

  it("rejects a tampered tile, a wrong key and a checkpoint from another log with codes", async () => {
    const { root } = await newLog(600);
    const { read } = httpReader(server.url);
    const other = generateNoteSigner(signer.name);
    expect(
      await asyncCodeOf(() =>
        verifyEntryByTiles({ read, key: verifierKey(other.name, other.publicKey), index: 1 }),
      ),
    ).toBe("TLOG_NOTE_UNVERIFIED");
    expect(await asyncCodeOf(() => verifyEntryByTiles({ read, key, index: 1, origin: "elsewhere" }))).toBe(
      "TLOG_ORIGIN_MISMATCH",
    );
    const tile = await readFile(join(root, "tile/0/000"));
    tile[40]! ^= 1;
    await writeFile(join(root, "tile/0/000"), tile);
    expect(await asyncCodeOf(() => verifyEntryByTiles({ read, key, index: 0 }))).toBe(
      "TLOG_INCLUSION_INVALID",
    );
    expect(await asyncCodeOf(() => verifyEntryByTiles({ read, key, index: 600 }))).toBe(
      "TLOG_INDEX_OUT_OF_RANGE",
    );
    await rm(join(root, "checkpoint"));
    expect(await asyncCodeOf(() => verifyEntryByTiles({ read, key, index: 0 }))).toBe("TLOG_TILE_MISSING");
  });

  it("reads the full tile when a partial tile the checkpoint needs was superseded", async () => {
    const root = join(dir, "log");
    const writer = await TlogWriter.open(diskReader(root));
    await appendToDisk(
      root,
      writer,
      Array.from({ length: 300 }, (_, i) => filler(i)),
      signer,
    );
    const checkpoint300 = await readFile(join(root, "checkpoint"));
    const level1At300 = await readFile(join(root, "tile/1/000.p/1"));
    await appendToDisk(
      root,
      writer,
      Array.from({ length: 212 }, (_, i) => filler(300 + i)),
      signer,
    );
    // Serve the size-512 tiles under the size-300 checkpoint: tile/0/001.p/44 and its bundle are gone.
    await writeFile(join(root, "checkpoint"), checkpoint300);
    await writeFile(join(root, "tile/1/000.p/1"), level1At300);
    const { read } = httpReader(server.url);
    const result = await verifyEntryByTiles({ read, key, index: 299 });
    expect(JSON.parse(Buffer.from(result.entry).toString()).filler).toBe(299);
    expect(result.checkpoint.size).toBe(300);
  });
});

function captureIO(): CliIO & { out: () => string } {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on("data", (c) => chunks.push(c));
  return {
    stdout,
    stderr: new PassThrough(),
    stdin: new PassThrough(),
    env: {},
    out: () => Buffer.concat(chunks).toString(),
  };
}

describe("trailseal witness verify --tiles", () => {
  const seal: Seal = {
    chain_tip: `sha256:${"ab".repeat(32)}`,
    event_count: 42,
    timestamp: "2025-01-02T03:04:05.678Z",
    signature: `hmac-sha256:${"cd".repeat(32)}`,
    key_id: "k1",
  };

  async function setup(index: number) {
    const home = join(dir, "home");
    const { root, writer } = await newLog(index);
    const anchor = {
      protocol: "trailseal-witness-v1",
      tip_hash: seal.chain_tip,
      chained_events: seal.event_count,
      seal_signature: seal.signature,
      key_id: seal.key_id,
      requested_at: seal.timestamp,
      anchor_id: `wit_${index}_0123456789abcdef`,
      witnessed_at: "2025-01-02T03:04:06.000Z",
    };
    await appendToDisk(root, writer, [utf8(canonicalJson(anchor))], signer);
    const stored = await appendSeal(join(home, "seals"), seal);
    await appendReceipts(join(home, "seals"), [
      {
        seal_id: stored.id,
        witness: { name: "log", url: "file:///log.git" },
        receipt: { anchor_id: anchor.anchor_id, witnessed_at: anchor.witnessed_at },
        recorded_at: anchor.witnessed_at,
      },
    ]);
    return { home, root, writer, anchor };
  }

  it("verifies the seal's anchor, pins the checkpoint, and moves the pin only forward", async () => {
    const { home, root, writer } = await setup(777);
    const io = captureIO();
    expect(await runWitnessVerifyTiles({ home, tiles: server.url, json: true }, io)).toBe(0);
    const report = JSON.parse(io.out());
    expect(report).toMatchObject({ ok: true, log_index: 777, tree_size: 778, pin: "new" });
    expect(report.requests).toBeLessThanOrEqual(7);
    const pinned = await readPin(join(home, "witness-pins"), `origin:${signer.name}`);
    expect(pinned?.checkpoint.size).toBe(778);

    // The log grows honestly: the pin moves forward on a consistency proof from the tiles.
    await appendToDisk(root, writer, [filler(778), filler(779)], signer);
    const again = captureIO();
    expect(await runWitnessVerifyTiles({ home, tiles: server.url, json: true, key }, again)).toBe(0);
    expect(JSON.parse(again.out()).pin).toBe("extended");

    // The log is rewritten (entry 5 changed) and grown, re-signed by the same key: a fork.
    await rm(root, { recursive: true });
    const forged = await TlogWriter.open(diskReader(root));
    const entries = Array.from({ length: 777 }, (_, i) => (i === 5 ? utf8("rewritten") : filler(i)));
    await appendToDisk(root, forged, entries, signer);
    await appendToDisk(root, forged, [utf8(await anchorBytes(setupAnchor(777)))], signer);
    await appendToDisk(root, forged, [filler(778), filler(779), filler(780)], signer);
    expect(
      await asyncCodeOf(() => runWitnessVerifyTiles({ home, tiles: server.url, key }, captureIO())),
    ).toBe("TLOG_FORK_DETECTED");

    // Served an older, smaller tree: a rollback.
    await rm(root, { recursive: true });
    const old = await TlogWriter.open(diskReader(root));
    await appendToDisk(
      root,
      old,
      Array.from({ length: 777 }, (_, i) => filler(i)),
      signer,
    );
    await appendToDisk(root, old, [utf8(await anchorBytes(setupAnchor(777)))], signer);
    expect(
      await asyncCodeOf(() => runWitnessVerifyTiles({ home, tiles: server.url, key }, captureIO())),
    ).toBe("TLOG_ROLLBACK");
  });

  it("fails with TLOG_ENTRY_MISMATCH when the log holds other data than the local seal", async () => {
    const { home, root } = await setup(10);
    await rm(root, { recursive: true });
    const writer = await TlogWriter.open(diskReader(root));
    await appendToDisk(
      root,
      writer,
      Array.from({ length: 10 }, (_, i) => filler(i)),
      signer,
    );
    await appendToDisk(
      root,
      writer,
      [utf8(canonicalJson({ ...setupAnchor(10), chained_events: 41 }))],
      signer,
    );
    expect(
      await asyncCodeOf(() => runWitnessVerifyTiles({ home, tiles: server.url, key }, captureIO())),
    ).toBe("TLOG_ENTRY_MISMATCH");
  });

  function setupAnchor(index: number) {
    return {
      protocol: "trailseal-witness-v1",
      tip_hash: seal.chain_tip,
      chained_events: seal.event_count,
      seal_signature: seal.signature,
      key_id: seal.key_id,
      requested_at: seal.timestamp,
      anchor_id: `wit_${index}_0123456789abcdef`,
      witnessed_at: "2025-01-02T03:04:06.000Z",
    };
  }
  async function anchorBytes(anchor: object) {
    return canonicalJson(anchor);
  }
});
