import { type AgentName, type InstallScope, installHooks } from "../../hooks/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface HookInstallOptions {
  agent: AgentName;
  scope: InstallScope;
  cwd: string;
  /** The resolved trailseal home (absolute); written into the installed command. */
  home: string;
  json?: boolean;
}

export async function runHookInstall(options: HookInstallOptions, io: CliIO): Promise<number> {
  const result = await installHooks({
    agent: options.agent,
    scope: options.scope,
    cwd: options.cwd,
    home: options.home,
    env: io.env,
  });
  if (options.json) {
    printJson(io, { ...result, home: options.home });
    return 0;
  }
  const changes = [
    result.added.length > 0 ? `added ${result.added.join(", ")}` : "",
    result.updated.length > 0 ? `updated ${result.updated.join(", ")} (home ${options.home})` : "",
  ].filter(Boolean);
  if (changes.length === 0) println(io, `already installed in ${result.path} (home ${options.home})`);
  else println(io, `${changes.join("; ")} in ${result.path}`);
  return 0;
}
