import { type InstallScope, installClaudeCode } from "../../hooks/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface HookInstallOptions {
  scope: InstallScope;
  cwd: string;
  home?: string;
  json?: boolean;
}

export async function runHookInstall(options: HookInstallOptions, io: CliIO): Promise<number> {
  const command = options.home
    ? `trailseal hook claude-code --home ${JSON.stringify(options.home)}`
    : "trailseal hook claude-code";
  const result = await installClaudeCode({ scope: options.scope, cwd: options.cwd, command });
  if (options.json) {
    printJson(io, result);
    return 0;
  }
  if (result.added.length === 0) println(io, `already installed in ${result.path}`);
  else println(io, `added ${result.added.join(" and ")} hooks to ${result.path}`);
  return 0;
}
