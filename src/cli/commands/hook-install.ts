import { TrailsealError } from "../../errors/index.js";
import {
  type AgentName,
  hookProgram,
  hookStatus,
  type InstallScope,
  installHooks,
  settingsPath,
} from "../../hooks/index.js";
import { escapeControl, paint, useColour } from "../../terminal/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface HookInstallOptions {
  agent: AgentName;
  scope: InstallScope;
  cwd: string;
  /** The resolved trailseal home (absolute). */
  home: string;
  /** Whether the home was asked for (--home or TRAILSEAL_HOME): only then in a shared file. */
  homeAsked: boolean;
  /** --program: the program the hook runs. */
  program?: string;
  /** The running CLI (argv[1]). */
  running: string;
  json?: boolean;
}

export async function runHookInstall(options: HookInstallOptions, io: CliIO): Promise<number> {
  // Fails before anything is written when the agent could not start the command.
  settingsPath({ agent: options.agent, scope: options.scope, cwd: options.cwd, env: io.env });
  const program = hookProgram(options.scope, {
    given: options.program,
    running: options.running,
    env: io.env,
  });
  const home = options.scope === "project" && !options.homeAsked ? undefined : options.home;
  const result = await installHooks({
    agent: options.agent,
    scope: options.scope,
    cwd: options.cwd,
    home,
    program,
    env: io.env,
  });
  if (options.json) {
    printJson(io, { ...result, home: home ?? null, program });
    return 0;
  }
  const where = home === undefined ? "the default home (TRAILSEAL_HOME or ~/.trailseal)" : `home ${home}`;
  const changes = [
    result.added.length > 0 ? `added ${result.added.join(", ")}` : "",
    result.updated.length > 0 ? `updated ${result.updated.join(", ")}` : "",
  ].filter(Boolean);
  if (changes.length === 0) println(io, `already installed in ${result.path} (${program}, ${where})`);
  else println(io, `${changes.join("; ")} in ${result.path} (${program}, ${where})`);
  println(io, `check it: trailseal hook status ${options.agent}`);
  return 0;
}

export async function runHookStatus(
  options: { agent: AgentName; cwd: string; json?: boolean },
  io: CliIO,
): Promise<number> {
  const { probed, found } = await hookStatus({ agent: options.agent, cwd: options.cwd, env: io.env });
  if (options.json) printJson(io, { agent: options.agent, probed, hooks: found });
  else if (found.length === 0) println(io, `${options.agent}: no trailseal hook installed here`);
  const on = useColour(io.stdout, io.env);
  for (const hook of options.json ? [] : found) {
    // The settings file is the project's text: shown escaped.
    println(io, escapeControl(`${hook.scope}: ${hook.path}`));
    println(
      io,
      escapeControl(
        `  command: ${hook.command}${hook.timeout === null ? "" : ` (timeout ${hook.timeout} ${hook.timeout_unit})`}`,
      ),
    );
    if (hook.ok)
      println(
        io,
        `  ${paint("ok", "ok", on)}: ${escapeControl(`exit ${hook.exit}, answer ${hook.answer === "" ? "(none: no opinion)" : hook.answer}`)}`,
      );
    else {
      println(io, `  ${paint("FAILED", "fail", on)}: ${escapeControl(hook.problem ?? "")}`);
      if (hook.stderr)
        println(io, `  stderr: ${escapeControl(hook.stderr.split("\n").slice(0, 3).join(" | "))}`);
    }
  }
  const failed = found.filter((hook) => !hook.ok);
  if (failed.length > 0)
    throw new TrailsealError(
      "HOOK_STATUS_FAILED",
      `${failed.length} of ${found.length} installed ${options.agent} hooks failed a harmless call`,
      {
        hint: "install again (trailseal hook install --help says which file to use)",
      },
    );
  if (probed && found.length === 0) return 1;
  return 0;
}
