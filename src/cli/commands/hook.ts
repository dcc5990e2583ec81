import { type AgentName, runHook } from "../../hooks/index.js";
import { type CliIO, readStdin } from "../io.js";

export interface HookCommandOptions {
  home: string;
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
    text = await readStdin(io, (1 << 20) + 1);
  } catch (error) {
    text = `\u0000${error instanceof Error ? error.message : String(error)}`; // becomes a deny below
  }
  const result = await runHook(agent, text, { home: options.home });
  if (result.stdout) io.stdout.write(result.stdout);
  if (result.stderr) io.stderr.write(result.stderr);
  return result.exitCode;
}
