import { type GitHookName, installGitHooks, observeGitHook } from "../../commits/index.js";
import { appendRecorded } from "../../record/index.js";
import { type CliIO, printJson, println, readStdin } from "../io.js";

/**
 * `trailseal hook git <post-commit|post-rewrite|post-merge> [args]`: run by the git hooks that
 * `trailseal hook install git` writes; records the commit (or the rewrite) in the trail.
 */
export async function runGitHook(
  hook: GitHookName,
  args: string[],
  options: { home: string },
  io: CliIO,
): Promise<number> {
  const stdin = hook === "post-rewrite" && !io.stdin.isTTY ? await readStdin(io, 64 << 20) : "";
  const bodies = observeGitHook({ hook, args, stdin, cwd: process.cwd(), env: io.env });
  if (bodies.length > 0) await appendRecorded(options.home, bodies);
  return 0;
}

/** `trailseal hook install git`: the repository's post-commit, post-rewrite and post-merge hooks. */
export async function runGitHookInstall(
  options: { home: string; cwd: string; json?: boolean },
  io: CliIO,
): Promise<number> {
  const result = await installGitHooks({ cwd: options.cwd, home: options.home });
  if (options.json) {
    printJson(io, { ...result, home: options.home });
    return 0;
  }
  const changes = [
    result.added.length > 0 ? `added ${result.added.join(", ")}` : "",
    result.updated.length > 0 ? `updated ${result.updated.join(", ")}` : "",
    result.chained.length > 0 ? `kept the existing ${result.chained.join(", ")} (run first)` : "",
  ].filter(Boolean);
  println(
    io,
    changes.length === 0
      ? `already installed in ${result.dir} (home ${options.home})`
      : `${changes.join("; ")} in ${result.dir} (home ${options.home})`,
  );
  return 0;
}
