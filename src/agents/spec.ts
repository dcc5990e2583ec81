/**
 * What one agent is to trailseal, in one object (one file per agent, ./index.ts lists them):
 * how its payloads become calls, how a verdict becomes its answer, which events it sends and
 * in which phase, how the hooks are installed (where, in which shape, fail-closed how), and what
 * it can take (an `allow`, a blocking outcome). The hook runner, the installer, the CLI and the
 * docs test read it; nothing else names an agent.
 */
import type { HookCall, Reply, Verdict } from "./adapters.js";
import { invalid, type Json } from "./payload.js";

/**
 * project: the shared (usually committed) project file; local: the project's personal,
 * uncommitted file, where the agent has one (Claude Code's settings.local.json); user: the
 * user's own settings.
 */
export type InstallScope = "project" | "local" | "user";

/** Where an install writes: the scope, the project directory, the user's home, the environment. */
export interface InstallPlace {
  scope: InstallScope;
  cwd: string;
  user: string;
  env: NodeJS.ProcessEnv;
}

export interface AgentEvent {
  name: string;
  /** A pre event is answered with a verdict; a post event (an outcome) is recorded, never denied. */
  phase: "pre" | "post";
  /**
   * false: understood when the user adds it, but not installed (Cursor's Tab events fire for
   * inline completions, not the agent's tool calls). Settings installs write every other event.
   */
  installed?: false;
}

/** The hook's time limit, in seconds, wherever the agent's hook format takes one. */
export const HOOK_TIMEOUT_SECONDS = 30;

/**
 * An agent's hook timeout field: its name in a hook entry and its unit. The installer writes
 * HOOK_TIMEOUT_SECONDS in that unit; `hook status` reads it back. `source` is the public
 * documentation the field was taken from (docs/agents/<agent>.md repeats it).
 */
export interface TimeoutField {
  field: string;
  unit: "s" | "ms";
  source: string;
}

/** How `hook status` runs an installed pre-tool hook: the process the agent would start. */
export interface HookRun {
  argv: string[];
  /** What the agent writes on the hook's stdin. */
  input: string;
}

/** Hooks written as entries of a JSON settings file, under `hooks.<event>`. */
export interface SettingsInstall {
  kind: "settings";
  path(place: InstallPlace): string;
  /** The entry's time limit, where the agent's format has one; null: it has none (said why). */
  timeout: TimeoutField | null;
  /** The entry's command as the agent runs it on this system (default `command`; Copilot: `bash`). */
  commandOf?(entry: Json): unknown;
  /** The shell the agent runs the command with (default /bin/sh). */
  shell?: string;
  /** Entries sit in matcher groups, `{matcher: "*", hooks: [entry]}` (Claude Code's shape). */
  nested: boolean;
  /** The entry that runs `command` (which already ends in `|| exit 2|1`), fail-closed where the agent offers it. */
  entry(command: string, pre: boolean): Json;
  /** Members the file gets when it lacks them (a format version, an agent configuration's name). */
  defaults?: Json;
  /** The project's personal settings file, not committed (when the agent has one). */
  local?(place: InstallPlace): string;
}

/** Hooks written as files of their own (scripts, a plugin), each failing closed by itself. */
export interface FilesInstall {
  kind: "files";
  files(place: InstallPlace): { event: string; path: string; pre: boolean }[];
  /** The file's text; it contains INSTALLED_MARK, so a later install knows the file is trailseal's. */
  text(run: { home?: string; program: string }, pre: boolean): string;
  mode: number;
  /** How the agent runs the installed pre-tool file with `payload` (for `hook status`). */
  run(path: string, payload: Json): HookRun;
  /** Where the time limit is (the agent's own, or the file's), said in words for docs and status. */
  timeout: string;
}

export interface AgentSpec<Name extends string = string> {
  /** The name in `trailseal hook <name>` and in the trail's `agent`. */
  name: Name;
  label: string;
  /** Every event trailseal understands; an event not listed is ignored (answered with nothing). */
  events: AgentEvent[];
  call(payload: Json): HookCall;
  answer(call: Pick<HookCall, "event" | "phase">, verdict: Verdict, reason: string): string | Reply;
  /** Whether an explicit allow rule may be answered `allow` (else: nothing, recorded pass). */
  canAllow: boolean;
  /** Exit status when an outcome could not be recorded (this agent's non-blocking error). */
  postFailureExit: number;
  /** The pre-tool payload this agent sends for running `command` in its shell tool. */
  shell(command: string, cwd: string): Json;
  install: SettingsInstall | FilesInstall;
  /**
   * A harmless pre-tool payload (a listing of the project's own directory) that `hook status`
   * runs through the installed command, exactly as the agent would.
   */
  probe(cwd: string): Json;
  /**
   * Whether the agent would block the call on this reply of its pre-tool hook (its deny or
   * cancel answer, or its blocking exit status), said as a reason; null when it would not.
   */
  blocks(reply: { exit: number | null; stdout: string }): string | null;
}

/** The deny answer's test shared by the JSON-answering agents: `path` in the answer equals `value`. */
export function answerSays(stdout: string, path: string[], value: unknown): boolean {
  let node: unknown;
  try {
    node = JSON.parse(stdout);
  } catch {
    return false;
  }
  for (const key of path) {
    if (typeof node !== "object" || node === null) return false;
    node = (node as Json)[key];
  }
  return node === value;
}

/**
 * What a pre-tool hook's reply means to an agent whose blocking exit status is 2 (every agent
 * but Cline and OpenCode, whose installed files fail closed themselves): exit 2 blocks; any
 * other failure is a failed hook, which the installed `|| exit 2` also makes a block; an
 * answer that is not JSON, where the agent reads JSON, is a failed hook.
 */
export function exitBlocks(
  reply: { exit: number | null; stdout: string },
  json: boolean,
  denies: (stdout: string) => boolean,
): string | null {
  if (reply.exit === null)
    return "the hook did not finish (killed or timed out): the agent would block the call";
  if (reply.exit === 2) return "the hook blocked the call (exit 2)";
  if (reply.exit !== 0) return `the hook exited ${reply.exit}: the agent would block the call`;
  const out = reply.stdout.trim();
  if (out === "") return null;
  if (json) {
    try {
      JSON.parse(out);
    } catch {
      return "the hook's answer is not JSON: the agent would take it as a failed hook";
    }
  }
  return denies(out) ? `the hook denied the call: ${out.slice(0, 200)}` : null;
}

/** Keeps the literal name, so the registry's list types `AgentName`. */
export function defineAgent<const Name extends string>(spec: AgentSpec<Name>): AgentSpec<Name> {
  return { ...spec, call: (payload: Json) => commandOrFail(spec.call(payload)) };
}

/**
 * A command tool's pre call whose input holds no command string (Copilot's `toolArgs` not JSON,
 * OpenCode's `command` an array, a member missing) is not a call the agent makes: it fails
 * closed (denied as an invalid payload) rather than being judged as an empty command, in every
 * agent. An input whose command member is an empty string is an empty command (it runs nothing).
 */
function commandOrFail(call: HookCall): HookCall {
  const target = call.action?.target;
  if (call.phase !== "pre" || target?.kind !== "command" || target.command.trim() !== "") return call;
  const input = call.action!.input;
  const holds =
    typeof input === "object" &&
    input !== null &&
    Object.entries(input).some(
      ([key, value]) => typeof value === "string" && /command|cmd|script|input|text|line/i.test(key),
    );
  if (!holds) throw invalid(`${call.action!.tool}: a command tool's input holds no command string`);
  return call;
}

/** In every file an install writes (scripts, plugins): how a later install recognises its own. */
export const INSTALLED_MARK = "installed by `trailseal hook install";

/** POSIX shell single quoting (the agents run hook commands through sh/bash). */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `trailseal hook <agent> [--home <home>]`, quoted for the shell (no home: the runner's default). */
export function hookCommandLine(agent: string, home: string | undefined, program = "trailseal"): string {
  return `${shellQuote(program)} hook ${agent}${home === undefined ? "" : ` --home ${shellQuote(home)}`}`;
}

/**
 * The installed command: a pre-tool command ends in `|| exit 2`, so a hook that cannot start
 * (trailseal not on PATH: status 127, a crash) is a blocking error in every agent; an outcome's
 * ends in `|| exit 1`, the agents' non-blocking error (Gemini would replace a tool's result with
 * a blocking AfterTool).
 */
export function hookCommand(
  agent: string,
  home: string | undefined,
  pre: boolean,
  program = "trailseal",
): string {
  return `${hookCommandLine(agent, home, program)} || exit ${pre ? 2 : 1}`;
}
