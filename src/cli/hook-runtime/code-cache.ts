/**
 * Loading a CommonJS bundle with a V8 code cache (docs/decisions/hook-code-cache.md).
 *
 * `trailseal hook` starts a new process on every tool call, and compiling the hook bundle's
 * functions the first time they run was the largest cost left above `node -e 0`. The build runs
 * representative calls once and stores V8's compiled code beside the bundle
 * (`dist/hook.cjs.v8cache`); a call then deserialises it instead of compiling. Node 20 has no
 * `module.enableCompileCache`, so this is done by hand with `vm.Script`'s `cachedData`.
 *
 * V8 checks the cache's version and flags itself, but of the source only its length, and it
 * does not checksum the data in release builds: a corrupt cache crashes the process (SIGSEGV),
 * which an agent would read as a non-blocking hook failure. So a cache is used only when its
 * header names this Node, architecture and V8, and a SHA-256 over the bundle's bytes and the
 * cache's bytes matches the one the build wrote. Anything else (absent, stale, truncated, for
 * another Node) loads the bundle with plain `require`, exactly as without a cache.
 *
 * The cache lives only beside the bundle it was made from, with the same owner: never in the
 * trailseal home or a temporary directory, where whoever can write files (an agent, another
 * user) would get code run by the hook.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname } from "node:path";
import { Script } from "node:vm";
import { nodeCrypto } from "./node-crypto.js";

const MAGIC = "trailseal-code-cache/1";
/** Longest header line accepted (magic, versions, arch, digest). */
const MAX_HEADER = 256;
/**
 * The file name compiled into a cache. V8 keeps the name the cache was made with (stack
 * traces show it), so the build uses this label rather than its own checkout's path.
 */
export function cachedScriptName(file: string): string {
  return `trailseal/dist/${basename(file)}`;
}

/** How the bundle was loaded, for tests and benchmarks. */
export type LoadedFrom = "code-cache" | "code-cache-rejected" | "require";

function header(digest: string): string {
  return `${MAGIC} ${process.version} ${process.arch} ${process.versions.v8} ${digest}\n`;
}

function digestOf(source: Buffer, payload: Buffer): string {
  return nodeCrypto().createHash("sha256").update(source).update(payload).digest("hex");
}

/**
 * The bundle as a function of CommonJS's five module variables, as Node's own loader wraps a
 * file. Spelled out rather than taken from `Module.wrap`: importing node:module's default export
 * makes the bundle copy all its properties on every start, and the cache is made and used with
 * this same text either way.
 */
function compile(source: Buffer, filename: string, cachedData?: Buffer): Script {
  const text = `(function (exports, require, module, __filename, __dirname) { ${source.toString("utf8")}\n});`;
  return new Script(text, { filename, cachedData });
}

function run(script: Script, file: string): unknown {
  const fn = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} as unknown, filename: file, id: file, loaded: false };
  fn.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return module.exports;
}

/**
 * The verified V8 data of `cacheFile` for `source`, or null when it must not be used (also the
 * second file's cache, ./rare-chunk.ts).
 */
export function verifiedPayload(source: Buffer, cacheFile: string): Buffer | null {
  let cache: Buffer;
  try {
    cache = readFileSync(cacheFile);
  } catch {
    return null;
  }
  const end = cache.indexOf(10);
  if (end < 0 || end > MAX_HEADER) return null;
  const fields = cache.toString("latin1", 0, end + 1);
  const payload = cache.subarray(end + 1);
  const digest = fields.slice(fields.lastIndexOf(" ") + 1, -1);
  if (fields !== header(digest) || payload.length === 0) return null;
  return digestOf(source, payload) === digest ? payload : null;
}

/**
 * `require(file)`, using `cacheFile` when it is a valid cache of exactly this file for this
 * Node. Never fails because of the cache: any problem with it means a plain `require`.
 */
export function requireWithCodeCache(
  file: string,
  cacheFile: string,
  onLoaded?: (from: LoadedFrom) => void,
): unknown {
  let script: Script | null = null;
  try {
    const source = readFileSync(file);
    const payload = verifiedPayload(source, cacheFile);
    if (payload !== null) script = compile(source, file, payload);
  } catch {
    script = null;
  }
  if (script === null) {
    onLoaded?.("require");
    const require = createRequire(file);
    enableNodeCompileCache(require, file);
    return require(file);
  }
  onLoaded?.(script.cachedDataRejected ? "code-cache-rejected" : "code-cache");
  return run(script, file);
}

/**
 * Without a cache of ours for this Node (the package was built with another Node version), Node
 * 22.1+ keeps its own compile cache beside the bundle: made on this machine by this Node, checked
 * by Node (source hash, its own checksum, version and flags), and written only where the bundle's
 * own directory lets this user write, which is trust the bundle itself already has (never the
 * home or a temporary directory, docs/decisions/hook-code-cache.md). Node 20 has no such call;
 * a directory that cannot be made just means no cache.
 */
function enableNodeCompileCache(require: NodeJS.Require, file: string): void {
  try {
    const { enableCompileCache } = require("node:module") as {
      enableCompileCache?: (directory: string) => unknown;
    };
    enableCompileCache?.(`${dirname(file)}/.compile-cache`);
  } catch {
    // no cache: a plain require
  }
}

/**
 * Loads `file`, lets `train` exercise it (the calls whose compiled code is worth keeping), then
 * writes V8's code for everything compiled so far to `cacheFile`; `afterwards` may then use the
 * same loaded bundle for what must not be in this cache (the second file's training calls).
 * Run by the build in a fresh process with Node's default flags: V8 rejects a cache made under
 * other flags.
 */
export async function writeCodeCache(
  file: string,
  cacheFile: string,
  train: (exports: unknown) => Promise<void>,
  afterwards?: (exports: unknown) => Promise<void>,
): Promise<number> {
  const source = readFileSync(file);
  const script = compile(source, cachedScriptName(file));
  const exports = run(script, file);
  await train(exports);
  const payload = script.createCachedData();
  writeCacheFile(cacheFile, source, payload);
  await afterwards?.(exports);
  return payload.length;
}

/** Writes `payload`, V8's code for `source`, as a cache file (atomically: temp + rename). */
export function writeCacheFile(cacheFile: string, source: Buffer, payload: Buffer): void {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(temp, Buffer.concat([Buffer.from(header(digestOf(source, payload)), "latin1"), payload]));
  renameSync(temp, cacheFile);
}
