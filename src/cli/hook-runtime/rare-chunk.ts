/**
 * The hook's rare paths as a second file, dist/hook-rare.cjs (docs/decisions/hook-call-speed.md).
 *
 * Every byte of dist/hook.cjs is hashed and its compiled code deserialised on every tool call, so
 * the modules a common call never runs (the shell grammar's glue, the hook installers, commit
 * events, witness_before, policy validation, the secret rule set's glue) are built apart by
 * scripts/hook-bundles.mjs. In dist/hook.cjs each of them is a stub whose exports are getters:
 * the first one read loads the second file through `rareModule`, which runs it only when its
 * SHA-256 is the one the build wrote into dist/hook.cjs. The second file's own imports of modules
 * that dist/hook.cjs holds are given the very same module objects (the `shared` functions), so
 * state (the file-call mode, a loaded grammar, error classes) is never duplicated.
 *
 * A chunk that is missing or was changed throws: the hook then fails closed (a deny, or exit 2)
 * as for any other failure of a call. Running from source (tests), nothing of this is used.
 *
 * Once checked, the chunk compiles with its own V8 code cache (dist/hook-rare.cjs.v8cache, made
 * at build by calls that reach it, scripts/hook-code-cache.mjs) when that cache passes the same
 * checks as dist/hook.cjs's (./code-cache.ts: this Node, and a SHA-256 over the chunk and the
 * cache); otherwise it compiles without one. The cache never replaces the chunk's own check.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import { TrailsealError } from "../../errors/index.js";
import { type LoadedFrom, verifiedPayload } from "./code-cache.js";

/** Built by scripts/build.mjs beside dist/hook.cjs. */
export const RARE_CHUNK = "hook-rare.cjs";

/** What the build writes into dist/hook.cjs about the second file. */
export interface RareManifest {
  /** SHA-256 (hex) of dist/hook-rare.cjs as built. */
  digest: string;
  /** The modules of dist/hook.cjs that the second file imports, by their source path. */
  shared: Record<string, () => unknown>;
}

let chunk: Record<string, () => unknown> | null = null;
/** The chunk's bytes and compiled script, kept for the build's code cache (`rareChunkCode`). */
let compiled: { source: Buffer; script: Script; cached: boolean } | null = null;

/** The exports of the rare module `name` (its source path), loading the second file on first use. */
export function rareModule(name: string, manifest: RareManifest): Record<string, unknown> {
  chunk ??= loadChunk(join(import.meta.dirname, RARE_CHUNK), manifest);
  const load = chunk[name];
  if (load === undefined) throw chunkError(`${RARE_CHUNK} has no module ${name}`);
  return load() as Record<string, unknown>;
}

function chunkError(message: string, cause?: unknown): TrailsealError {
  return new TrailsealError("HOOK_CHUNK_INVALID", message, {
    cause,
    hint: "reinstall trailseal: the package's files were changed or are incomplete",
  });
}

function loadChunk(file: string, manifest: RareManifest): Record<string, () => unknown> {
  let source: Buffer;
  try {
    source = readFileSync(file);
  } catch (cause) {
    throw chunkError(`${RARE_CHUNK} cannot be read`, cause);
  }
  if (createHash("sha256").update(source).digest("hex") !== manifest.digest)
    throw chunkError(`${RARE_CHUNK} is not the file this hook was built with`);
  // CommonJS's five module variables, and the shared modules of dist/hook.cjs.
  const text = `(function (exports, require, module, __filename, __dirname, __trailsealShared) { ${source.toString("latin1")}\n});`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = verifiedPayload(source, `${file}.v8cache`) ?? undefined;
  } catch {
    cachedData = undefined;
  }
  const script = new Script(text, { filename: file, cachedData });
  compiled = { source, script, cached: cachedData !== undefined };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  const shared = (name: string) => {
    const load = manifest.shared[name];
    if (load === undefined) throw chunkError(`${RARE_CHUNK} imports ${name}, which the hook does not share`);
    return load();
  };
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), shared);
  return module.exports as Record<string, () => unknown>;
}

/**
 * For the build (scripts/hook-code-cache.mjs): the chunk's bytes, V8's code for what this process
 * ran of it, and how it was compiled (`LoadedFrom`: with its cache, a cache V8 refused, or none);
 * null when it was not loaded.
 */
export function rareChunkCode(): { source: Buffer; payload: Buffer; from: LoadedFrom } | null {
  if (compiled === null) return null;
  const { source, script, cached } = compiled;
  const from = !cached ? "require" : script.cachedDataRejected ? "code-cache-rejected" : "code-cache";
  return { source, payload: script.createCachedData(), from };
}
