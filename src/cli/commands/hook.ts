import { readFileSync, writeSync } from "node:fs";
import type { AgentName, HookOptions, HookResult } from "../../hooks/index.js";
import { type CliIO, readStdin } from "../io.js";

export interface HookCommandOptions {
  home: string;
  /**
   * Read stdin and write stdout with plain file-descriptor calls instead of Node's streams
   * (the fast path: building process.stdin/stdout loads net and stream on every call).
   */
  rawStdio?: boolean;
  /** The payload, already read from stdin (the resident client's fallback): stdin is not read again. */
  text?: string;
}

export { resolveHookHome } from "../hook-home.js";

/** The shell command a payload carries (Bash, run_shell_command, beforeShellExecution, MCP exec), if any. */
export function peekCommand(text: string): string | null {
  try {
    const payload = JSON.parse(text) as { command?: unknown; tool_input?: { command?: unknown } };
    const command = payload.tool_input?.command ?? payload.command;
    return typeof command === "string" ? command : null;
  } catch {
    return null;
  }
}

/**
 * One hook call's judgement of the payload `text`: the same for the in-process path and the
 * resident server (src/cli/hook-runtime/resident-server.ts), which passes its journal's
 * `beforeWrite`. When the command needs the shell grammar, its wasm starts compiling (on V8's
 * background threads) before the rest of the hook's modules load, so the two overlap.
 */
export async function judgeHookText(
  agent: AgentName,
  text: string,
  options: HookOptions,
): Promise<HookResult> {
  const command = peekCommand(text);
  if (command !== null) {
    const risk = await import("../../risk/index.js");
    if (risk.lexSimpleCommand(command) === null) risk.loadShellParser().catch(() => undefined);
  }
  const { runHook } = await import("../../hooks/index.js");
  return runHook(agent, text, options);
}

/**
 * The answer to a call whose resident server recorded it and went away before answering: a
 * failure (a deny for a pre call) with its failure record, as for any call that could not finish.
 */
export async function answerUnfinishedCall(
  agent: AgentName,
  text: string,
  detail: string,
  options: HookOptions,
): Promise<HookResult> {
  const { answerFailure } = await import("../../hooks/index.js");
  return answerFailure(agent, text, null, detail, options);
}

/**
 * `trailseal hook <agent>`: one hook call, payload on stdin, the agent's answer on stdout.
 * Exit status 0 whenever an answer was written (a deny is an answer), as the agents expect.
 */
export async function runHookCommand(
  agent: AgentName,
  options: HookCommandOptions,
  io: CliIO,
): Promise<number> {
  let text: string;
  try {
    text =
      options.text ?? (options.rawStdio ? readFileSync(0, "utf8") : await readStdin(io, (256 << 20) + 1));
  } catch (error) {
    text = `\u0000${error instanceof Error ? error.message : String(error)}`; // becomes a deny below
  }
  const result = await judgeHookText(agent, text, { home: options.home });
  if (options.rawStdio) {
    if (result.stdout) writeSync(1, result.stdout);
    if (result.stderr) writeSync(2, result.stderr);
  } else {
    if (result.stdout) io.stdout.write(result.stdout);
    if (result.stderr) io.stderr.write(result.stderr);
  }
  return result.exitCode;
}
