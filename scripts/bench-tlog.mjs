// Verify one anchor by tiles: bytes fetched and time, in logs of 1k, 10k, 100k (and 1M with
// TLOG_BENCH_FULL=1) entries. The tile tree is built on disk with the real TlogWriter, served by
// a static HTTP server on 127.0.0.1, and read by the real tile client (checkpoint signature,
// O(log n) tiles, one entry bundle). Baselines in the same run: the bytes of the whole log (what
// any full download or clone must move), and `git clone --depth 1` of the same files (system git,
// up to 100k entries). Run: `npm run build && node scripts/bench-tlog.mjs`.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { machine, median, report } from "./bench-lib.mjs";

const FULL = process.env.TLOG_BENCH_FULL === "1";
const SIZES = FULL ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000];
const SAMPLES = Number(process.env.TLOG_BENCH_SAMPLES ?? 15);
const CLONE_LIMIT = 100_000;

const work = await mkdtemp(join(tmpdir(), "bench-tlog-"));
// tlog is not a CLI entry point of its own: bundle its door for this run.
await build({
  entryPoints: ["src/tlog/index.ts"],
  outfile: join(work, "tlog.mjs"),
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});
const tlog = await import(join(work, "tlog.mjs"));

const signer = tlog.generateNoteSigner("bench.trailseal.test/log");
const key = tlog.verifierKey(signer.name, signer.publicKey);

/** An anchor entry of realistic size (about 330 bytes of canonical JSON). */
function anchor(i) {
  const hex = (n) => (n >>> 0).toString(16).padStart(8, "0").repeat(8);
  return Buffer.from(
    JSON.stringify({
      anchor_id: `wit_${i}_${hex(i).slice(0, 16)}`,
      chained_events: i * 3,
      key_id: "k-2f1c9a",
      protocol: "trailseal-witness-v1",
      requested_at: "2025-06-01T12:00:00.000Z",
      seal_signature: `hmac-sha256:${hex(i * 7)}`,
      tip_hash: `sha256:${hex(i * 13)}`,
      witnessed_at: "2025-06-01T12:00:00.123Z",
    }),
  );
}

async function buildLog(root, size) {
  const writer = await tlog.TlogWriter.open(async () => null);
  let bytes = 0;
  const files = new Map();
  const BATCH = 16_384;
  for (let at = 0; at < size; at += BATCH) {
    const entries = Array.from({ length: Math.min(BATCH, size - at) }, (_, i) => anchor(at + i));
    const changes = writer.append(entries, signer);
    for (const path of changes.removed) {
      await rm(join(root, path), { force: true });
      files.delete(path);
    }
    for (const [path, content] of changes) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
      files.set(path, content.length);
    }
  }
  for (const length of files.values()) bytes += length;
  return { bytes, files: files.size };
}

/** Static server; gzips when asked (as git hosts' raw URLs do) and counts wire bytes per kind of file. */
function serve(root) {
  const stats = { wire: 0, tiles: 0, bundles: 0, checkpoint: 0 };
  const server = createServer(async (req, res) => {
    const pathname = new URL(req.url, "http://x").pathname;
    const path = resolve(root, `.${pathname}`);
    if (!path.startsWith(root + sep)) return res.writeHead(403).end();
    let body;
    try {
      body = await readFile(path);
    } catch {
      return res.writeHead(404).end();
    }
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const wire = gzip ? gzipSync(body) : body;
    stats.wire += wire.length;
    const kind = pathname.startsWith("/tile/entries/")
      ? "bundles"
      : pathname.startsWith("/tile/")
        ? "tiles"
        : "checkpoint";
    stats[kind] += body.length;
    res
      .writeHead(200, { "content-length": wire.length, ...(gzip ? { "content-encoding": "gzip" } : {}) })
      .end(wire);
  });
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () =>
      done({ url: `http://127.0.0.1:${server.address().port}/`, stats, server }),
    ),
  );
}

async function gitClone(root) {
  const git = (args, cwd) => execFileSync("git", args, { cwd, stdio: "pipe" });
  git(["init", "-q", "-b", "main"], root);
  git(["add", "-A"], root);
  git(["-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "log"], root);
  const target = `${root}-clone`;
  const times = [];
  let packBytes = 0;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    git(["clone", "-q", "--depth", "1", "--no-local", `file://${root}`, target], work);
    times.push(performance.now() - start);
    const pack = join(target, ".git", "objects", "pack");
    packBytes = 0;
    for (const name of await readdir(pack))
      if (name.endsWith(".pack")) packBytes += (await stat(join(pack, name))).size;
    await rm(target, { recursive: true, force: true });
  }
  return { ms: median(times), bytes: packBytes };
}

const rows = [];
const figures = [];
try {
  for (const size of SIZES) {
    const root = join(work, `log-${size}`);
    await mkdir(root);
    const t0 = performance.now();
    const log = await buildLog(root, size);
    const buildMs = performance.now() - t0;
    const { url, stats, server } = await serve(root);
    const times = [];
    const samples = [];
    for (let s = 0; s < SAMPLES; s++) {
      const index = Math.floor(((s + 0.5) / SAMPLES) * size);
      const reader = tlog.httpReader(url);
      const before = { ...stats };
      const start = performance.now();
      const result = await tlog.verifyEntryByTiles({ read: reader.read, key, index });
      times.push(performance.now() - start);
      if (JSON.parse(Buffer.from(result.entry).toString()).anchor_id.split("_")[1] !== String(index))
        throw new Error(`wrong entry for ${index}`);
      samples.push({
        body: reader.stats.bytes,
        requests: reader.stats.requests,
        wire: stats.wire - before.wire,
        tiles: stats.tiles - before.tiles,
        bundles: stats.bundles - before.bundles,
      });
    }
    server.close();
    const clone = size <= CLONE_LIMIT ? await gitClone(root) : null;
    const pick = (field) => median(samples.map((x) => x[field]));
    const fig = {
      size,
      bytes: pick("body"),
      wire: pick("wire"),
      tiles: pick("tiles"),
      bundles: pick("bundles"),
      requests: pick("requests"),
      ms: median(times),
      logBytes: log.bytes,
      files: log.files,
      buildMs,
      clone,
    };
    figures.push(fig);
    const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
    rows.push([
      `${size.toLocaleString("en-US")} entries: verify one anchor by tiles`,
      `${fig.requests} requests, ${kib(fig.wire)} on the wire (gzip), ${fig.ms.toFixed(1)} ms`,
      `${((fig.wire / fig.logBytes) * 100).toFixed(3)}% of the log's ${(fig.logBytes / 2 ** 20).toFixed(1)} MiB`,
    ]);
    rows.push([
      `${size.toLocaleString("en-US")} entries: of which hash tiles / entry bundle`,
      `${kib(fig.tiles)} / ${kib(fig.bundles)} uncompressed`,
      `${(fig.tiles / 32).toFixed(0)} hashes read`,
    ]);
    if (clone)
      rows.push([
        `${size.toLocaleString("en-US")} entries: git clone --depth 1 (same files)`,
        `${(clone.bytes / 1024).toFixed(1)} KiB pack, ${clone.ms.toFixed(0)} ms`,
        `clone moves ${(clone.bytes / fig.wire).toFixed(1)}× the bytes and takes ${(clone.ms / fig.ms).toFixed(0)}× the time`,
      ]);
    rows.push([
      `${size.toLocaleString("en-US")} entries: build tiles with TlogWriter`,
      `${(buildMs / 1000).toFixed(2)} s, ${log.files} files`,
      `${Math.round(size / (buildMs / 1000)).toLocaleString("en-US")} entries/s`,
    ]);
    await rm(root, { recursive: true, force: true });
  }
  // The tiles figure must grow like log n: bytes per 10× more entries grow by a constant, not 10×.
  for (let i = 1; i < figures.length; i++) {
    const [a, b] = [figures[i - 1], figures[i]];
    rows.push([
      `growth ${a.size.toLocaleString("en-US")} → ${b.size.toLocaleString("en-US")} (10× entries)`,
      `wire bytes ×${(b.wire / a.wire).toFixed(2)}, hash-tile bytes ×${(b.tiles / a.tiles).toFixed(2)}, requests ${a.requests} → ${b.requests}`,
      `log size ×${(b.logBytes / a.logBytes).toFixed(1)}`,
    ]);
  }
  report("Tiles verification (scripts/bench-tlog.mjs)", machine(), rows);
} finally {
  await rm(work, { recursive: true, force: true });
}
