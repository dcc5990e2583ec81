/**
 * Node's compile cache for the ordinary commands (docs/decisions/cli-start-up.md): where the
 * running Node has `module.enableCompileCache` (22.1+), the compiled code of dist/cli.js's chunks
 * is kept between runs in a directory of this user's own, so a command does not compile the same
 * ~1 MB of JavaScript on every start. Anything unexpected means no cache, never a failed command.
 */
import { lstatSync, mkdirSync } from "node:fs";
import * as nodeModule from "node:module";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

type Enable = (directory: string) => unknown;

/** The per-user cache directory: $XDG_CACHE_HOME (absolute only, as the spec says), else ~/.cache. */
export function compileCacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(homedir(), ".cache");
  return join(base, "trailseal", "node-compile-cache");
}

/**
 * Turns the cache on and returns its directory, or returns undefined: no such call in this Node,
 * or a directory that is not this user's alone. Whoever can write the cache can make Node run
 * code of theirs (its checksums catch damage, not a writer), so the directory must be a real
 * directory owned by this user that no one else may write to; one that cannot be made or
 * checked is simply not used.
 */
export function enableUserCompileCache(
  env: NodeJS.ProcessEnv = process.env,
  // `null` for "this Node has none": `undefined` would take the default.
  enable: Enable | null = (nodeModule as { enableCompileCache?: Enable }).enableCompileCache ?? null,
): string | undefined {
  if (typeof enable !== "function") return undefined;
  try {
    const directory = compileCacheDirectory(env);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const stat = lstatSync(directory);
    const owner = process.getuid?.();
    if (!stat.isDirectory() || (owner !== undefined && stat.uid !== owner) || (stat.mode & 0o022) !== 0)
      return undefined;
    enable(directory);
    return directory;
  } catch {
    return undefined;
  }
}
