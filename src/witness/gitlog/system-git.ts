/**
 * Running the user's system git: argument arrays only (never a shell), a scrubbed environment
 * (no interactive prompts), and foreign failures wrapped into GITLOG_GIT_FAILED with stderr
 * kept as detail. Credentials for https are passed as GIT_CONFIG_* environment entries, never
 * as arguments (arguments are visible to every user in `ps`).
 */
import { execFile } from "node:child_process";
import { TrailsealError } from "../../errors/index.js";

export interface GitRunOptions {
  cwd?: string;
  /** Extra config entries passed through GIT_CONFIG_COUNT/KEY/VALUE (not visible in argv). */
  config?: Record<string, string>;
  signal?: AbortSignal;
  input?: string;
}

export interface GitResult {
  stdout: string;
  stderr: string;
}

export function gitEnv(config: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", LC_ALL: "C" };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  delete env.GIT_INDEX_FILE;
  const entries = Object.entries(config);
  env.GIT_CONFIG_COUNT = String(entries.length);
  entries.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

export function runGit(args: readonly string[], options: GitRunOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      {
        cwd: options.cwd,
        env: gitEnv(options.config),
        signal: options.signal,
        maxBuffer: 256 * 1024 * 1024,
        encoding: "utf8",
      },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new TrailsealError(
              "GITLOG_GIT_FAILED",
              `git ${args[0]} failed: ${firstLine(stderr) || error.message}`,
              {
                cause: error,
                details: { stderr: stderr.slice(0, 4000) },
              },
            ),
          );
        } else {
          resolve({ stdout, stderr });
        }
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
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
