/**
 * Running the user's system git through simple-git: argument arrays only (never a shell), a
 * scrubbed environment (no interactive prompts), and simple-git's failures wrapped into
 * GITLOG_GIT_FAILED with the original as `cause` and git's output kept as detail. Credentials
 * for https are passed as GIT_CONFIG_* environment entries, never as arguments (arguments are
 * visible to every user in `ps`). isomorphic-git stays the in-process https transport
 * (remote.ts); this module is for the user's git and its ssh setup.
 */
import { simpleGit } from "simple-git";
import { TrailsealError } from "../../errors/index.js";

export interface GitRunOptions {
  cwd?: string;
  /** Extra config entries passed through GIT_CONFIG_COUNT/KEY/VALUE (not visible in argv). */
  config?: Record<string, string>;
  signal?: AbortSignal;
}

export interface GitResult {
  stdout: string;
}

/** The user's ssh setup applies to ssh remotes: these pass through from the environment. */
const SSH_PASSTHROUGH = ["GIT_SSH_COMMAND", "GIT_SSH"];
/** Variables simple-git guards besides every GIT_*: never inherited by our git. */
const GUARDED = new Set(["editor", "visual", "pager", "prefix", "ssh_askpass"]);

/**
 * The environment of our git: the caller's without any GIT_* variable (a stray GIT_DIR or
 * GIT_CONFIG_PARAMETERS must not redirect a write) or editor/pager hooks, no prompts, and
 * `config` as GIT_CONFIG_* entries. Returns the names simple-git must be told to allow.
 */
export function gitEnv(config: Record<string, string> = {}): { env: NodeJS.ProcessEnv; allowed: string[] } {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const lower = key.toLowerCase();
    if (!lower.startsWith("git_") && !GUARDED.has(lower)) env[key] = value;
  }
  Object.assign(env, { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" });
  for (const key of SSH_PASSTHROUGH) if (process.env[key]) env[key] = process.env[key];
  const entries = Object.entries(config);
  env.GIT_CONFIG_COUNT = String(entries.length);
  entries.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return { env, allowed: Object.keys(env).filter((key) => key.toLowerCase().startsWith("git_")) };
}

/** simple-git set up for one call: our environment, no concurrency, abortable. */
function gitClient(options: GitRunOptions) {
  const { env, allowed } = gitEnv(options.config);
  return simpleGit({
    ...(options.cwd ? { baseDir: options.cwd } : {}),
    ...(options.signal ? { abort: options.signal } : {}),
    maxConcurrentProcesses: 1,
    allowEnvironment: allowed,
    // --git-dir and GIT_CONFIG_COUNT are how we address a bare log and pass credentials;
    // GIT_SSH_COMMAND is the user's own ssh setup. Every argument is ours, never the user's.
    unsafe: { allowUnsafeConfigPaths: true, allowUnsafeConfigEnvCount: true, allowUnsafeSshCommand: true },
  }).env(env);
}

function gitFailed(command: string, cause: unknown): TrailsealError {
  const output = String((cause as Error)?.message ?? cause);
  return new TrailsealError("GITLOG_GIT_FAILED", `git ${command} failed: ${firstLine(output)}`, {
    cause,
    details: { stderr: output.slice(0, 4000) },
  });
}

export async function runGit(args: readonly string[], options: GitRunOptions = {}): Promise<GitResult> {
  try {
    return { stdout: await gitClient(options).raw([...args]) };
  } catch (cause) {
    throw gitFailed(args[0] ?? "", cause);
  }
}

/** `git cat-file blob <object>` as bytes (tiles are binary: never decoded as text). */
export async function readGitBlob(object: string, options: GitRunOptions = {}): Promise<Buffer> {
  try {
    return await gitClient(options).binaryCatFile(["blob", object]);
  } catch (cause) {
    throw gitFailed("cat-file", cause);
  }
}

function firstLine(text: string): string {
  return (
    text
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? ""
  );
}

/** True when git's error output says the push was rejected as not a fast-forward. */
export function isNonFastForward(error: unknown): boolean {
  const stderr = ((error as TrailsealError)?.details as { stderr?: string } | undefined)?.stderr ?? "";
  return /non-fast-forward|\[rejected\]|fetch first|stale info|cannot lock ref|failed to update ref/i.test(
    stderr,
  );
}
