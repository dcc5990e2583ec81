/**
 * `trailseal hook status <agent>`: for each place of the agent that holds trailseal's hook
 * (personal project file, shared project file, user file; or the hook files), runs the installed
 * pre-tool hook with a harmless payload (the agent's spec `probe`: a listing of the project
 * directory) exactly as the agent would, as its spec says: a settings entry's command through
 * the agent's shell (`sh -c`, Copilot's bash), a hook file executed or loaded as the agent does,
 * in the project directory, the payload on stdin. The spec's `blocks` reads the reply as the
 * agent would. The call is recorded in the trail like any other (session
 * `trailseal-hook-status`): every call the hook answers lands there.
 */
import { spawnSync } from "node:child_process";
import {
  AGENT_SPECS,
  type AgentName,
  type AgentSpec,
  type HookRun,
  INSTALLED_MARK,
  type InstallScope,
  installedEvents,
  type SettingsInstall,
} from "../agents/index.js";
import { fileCalls, readTextIfExists } from "../durable/index.js";
import { hasCode } from "../errors/index.js";
import { filesAt, settingsPath } from "./install.js";

export interface HookStatus {
  scope: InstallScope;
  path: string;
  /** The installed pre-tool command as the agent runs it (a hook file: the process started). */
  command: string;
  /** The time limit written in the entry, in `timeout_unit`; null: none there. */
  timeout: number | null;
  timeout_unit: "s" | "ms" | null;
  exit: number | null;
  /** The hook's answer on stdout (pass: empty), or what went wrong. */
  answer: string;
  stderr: string;
  ok: boolean;
  problem: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The pre-tool entry of trailseal's hook in a settings file, or null. */
function installedEntry(settings: unknown, spec: AgentSpec, install: SettingsInstall): Json | null {
  if (!isObject(settings) || !isObject(settings.hooks)) return null;
  for (const { name, phase } of installedEvents(spec)) {
    if (phase !== "pre") continue;
    const list = settings.hooks[name];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const entries = isObject(item) && Array.isArray(item.hooks) ? item.hooks : [item];
      for (const entry of entries) {
        if (!isObject(entry)) continue;
        const command = install.commandOf ? install.commandOf(entry) : entry.command;
        if (typeof command === "string" && command.includes(` hook ${spec.name}`)) return entry;
      }
    }
  }
  return null;
}

interface Found {
  scope: InstallScope;
  path: string;
  run?: HookRun & { shown: string };
  timeout?: number | null;
  problem?: string;
}

function scopesOf(spec: AgentSpec): InstallScope[] {
  return spec.install.kind === "settings" && spec.install.local
    ? ["local", "project", "user"]
    : ["project", "user"];
}

/** The installed pre-tool hooks of a settings-file agent, with how the agent would run each. */
async function settingsHooks(
  spec: AgentSpec,
  install: SettingsInstall,
  at: { cwd: string; env: NodeJS.ProcessEnv; userHome?: string },
): Promise<Found[]> {
  const found: Found[] = [];
  for (const scope of scopesOf(spec)) {
    const path = settingsPath({ agent: spec.name as AgentName, scope, ...at });
    let settings: unknown;
    try {
      settings = JSON.parse(await fileCalls.readFile(path, "utf8"));
    } catch (error) {
      if (hasCode(error, "ENOENT")) continue;
      found.push({ scope, path, problem: "the file is not valid JSON" });
      continue;
    }
    const entry = installedEntry(settings, spec, install);
    if (!entry) continue;
    const command = String(install.commandOf ? install.commandOf(entry) : entry.command);
    const limit = install.timeout ? entry[install.timeout.field] : undefined;
    found.push({
      scope,
      path,
      timeout: typeof limit === "number" ? limit : null,
      run: {
        argv: [install.shell ?? "/bin/sh", "-c", command],
        input: JSON.stringify(spec.probe(at.cwd)),
        shown: command,
      },
    });
  }
  return found;
}

/** The installed pre-tool hook files of a file-hook agent (trailseal's own only). */
async function fileHooks(
  spec: AgentSpec,
  at: { cwd: string; env: NodeJS.ProcessEnv; userHome?: string },
): Promise<Found[]> {
  if (spec.install.kind !== "files") return [];
  const install = spec.install;
  const found: Found[] = [];
  for (const scope of scopesOf(spec)) {
    const file = filesAt({ agent: spec.name as AgentName, scope, ...at }).find((f) => f.pre);
    if (!file) continue;
    const text = await readTextIfExists(file.path);
    if (text === null || !text.includes(INSTALLED_MARK)) continue;
    const run = install.run(file.path, spec.probe(at.cwd));
    found.push({ scope, path: file.path, timeout: null, run: { ...run, shown: run.argv.at(-1) ?? "" } });
  }
  return found;
}

export async function hookStatus(options: {
  agent: AgentName;
  cwd: string;
  env: NodeJS.ProcessEnv;
  userHome?: string;
}): Promise<{ probed: boolean; found: HookStatus[] }> {
  const spec = AGENT_SPECS[options.agent];
  const at = { cwd: options.cwd, env: options.env, userHome: options.userHome };
  const hooks =
    spec.install.kind === "settings"
      ? await settingsHooks(spec, spec.install, at)
      : await fileHooks(spec, at);
  const unit = spec.install.kind === "settings" ? (spec.install.timeout?.unit ?? null) : null;
  const found: HookStatus[] = [];
  for (const hook of hooks) {
    const base = {
      scope: hook.scope,
      path: hook.path,
      command: hook.run?.shown ?? "",
      timeout: hook.timeout ?? null,
      timeout_unit: hook.timeout == null ? null : unit,
    };
    if (!hook.run) {
      found.push({ ...base, exit: null, answer: "", stderr: "", ok: false, problem: hook.problem ?? null });
      continue;
    }
    const [program, ...args] = hook.run.argv;
    const run = spawnSync(program!, args, {
      cwd: options.cwd,
      env: options.env,
      input: hook.run.input,
      encoding: "utf8",
      // The agent's own limit where the entry has one, else a minute.
      timeout: hook.timeout ? hook.timeout * (unit === "ms" ? 1 : 1000) : 60_000,
    });
    const exit = run.status;
    const answer = (run.stdout ?? "").trim();
    const stderr = (run.stderr ?? "").trim();
    let problem: string | null;
    // EPIPE: the command ended without reading its stdin (a program not found); its status says.
    if (run.error && exit === null && !hasCode(run.error, "ETIMEDOUT"))
      problem = `could not run: ${run.error.message}`;
    else if (exit !== 0 && /not found|No such file|Permission denied/.test(stderr))
      problem = "the program does not resolve: the agent would block every tool call";
    else problem = spec.blocks({ exit, stdout: answer });
    // A file hook that fails closed by itself answers its block with exit 0: say what it heard.
    if (problem && exit === 0 && /could not run|not found|No such file/.test(answer))
      problem = `the program does not resolve: the agent would block every tool call (${problem})`;
    found.push({ ...base, exit, answer, stderr, ok: problem === null, problem });
  }
  return { probed: true, found };
}
