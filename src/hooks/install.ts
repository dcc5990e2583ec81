/**
 * `trailseal hook install <agent>`: adds trailseal's hooks to an agent's settings file, or
 * writes its hook files, as the agent's spec says (src/agents: where, which events, the entry's
 * shape and how it fails closed).
 *
 * The home is written into the command as an absolute path: agents may run hooks with a
 * stripped environment (Gemini in CI drops TRAILSEAL_HOME).
 *
 * Idempotent: an entry that already runs `trailseal hook <agent>` is updated in place (a new
 * --home replaces the old one) or left alone; everything else in the file is kept. A file that
 * is not valid JSON is an error and is never overwritten; the file is replaced atomically. A hook
 * file that exists and is not trailseal's is never overwritten (HOOK_SETTINGS_INVALID);
 * trailseal's own is rewritten when it differs (another home), else left alone.
 */
import { homedir } from "node:os";
import { dirname } from "node:path";
import {
  AGENT_SPECS,
  type FilesInstall,
  HOOK_TIMEOUT_SECONDS,
  hookCommand,
  INSTALLED_MARK,
  type InstallPlace,
  installedEvents,
  type SettingsInstall,
} from "../agents/index.js";
import { fileCalls, readTextIfExists, writeFileAtomic } from "../durable/index.js";
import { configError } from "../errors/index.js";
import type { InstallOptions, InstallResult } from "./install-options.js";

export type { InstallOptions, InstallResult } from "./install-options.js";
export { hookCommand };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function place(options: Pick<InstallOptions, "scope" | "cwd" | "userHome" | "env">): InstallPlace {
  return {
    scope: options.scope,
    cwd: options.cwd,
    user: options.userHome ?? homedir(),
    env: options.env ?? process.env,
  };
}

/** The settings file an install writes (for file hooks: the first file). */
export function settingsPath(
  options: Pick<InstallOptions, "agent" | "scope" | "cwd" | "userHome" | "env">,
): string {
  const install = AGENT_SPECS[options.agent].install;
  if (options.scope === "local") return localPath(options.agent, install, place(options));
  return install.kind === "settings" ? install.path(place(options)) : install.files(place(options))[0]!.path;
}

/** The hook files of a file-hook agent at a scope (none for a settings agent). */
export function filesAt(
  options: Pick<InstallOptions, "agent" | "scope" | "cwd" | "userHome" | "env">,
): { event: string; path: string; pre: boolean }[] {
  const install = AGENT_SPECS[options.agent].install;
  return install.kind === "files" ? install.files(place(options)) : [];
}

/** Agents with a personal, uncommitted project settings file (install --local). */
export function localScopeAgents(): string[] {
  return Object.values(AGENT_SPECS)
    .filter((spec) => spec.install.kind === "settings" && spec.install.local)
    .map((spec) => spec.name);
}

function localPath(
  agent: InstallOptions["agent"],
  install: SettingsInstall | FilesInstall,
  at: InstallPlace,
) {
  if (install.kind !== "settings" || !install.local) {
    // The alternative, named: the agent's own user file (yours, every project).
    const user = { ...at, scope: "user" as const };
    const userFile = install.kind === "settings" ? install.path(user) : install.files(user)[0]!.path;
    throw configError(
      "HOOK_SCOPE_UNSUPPORTED",
      `${AGENT_SPECS[agent].label} has no personal project settings file; nothing was changed`,
      {
        hint: `use --user (${userFile}: yours, for every project), or the shared project file (the default); --local exists for ${localScopeAgents().join(", ")} (docs/agents/${agent}.md)`,
      },
    );
  }
  return install.local(at);
}

function invalid(path: string, what: string) {
  return configError("HOOK_SETTINGS_INVALID", `${path}: ${what}; nothing was changed`, {
    hint: "fix the file (or move it away) and run the install again",
  });
}

async function readSettings(path: string): Promise<{ settings: JsonObject; existed: boolean }> {
  const text = await readTextIfExists(path);
  if (text === null) return { settings: {}, existed: false };
  if (text.trim() === "") return { settings: {}, existed: true };
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch (cause) {
    throw configError("HOOK_SETTINGS_INVALID", `${path} is not valid JSON; nothing was changed`, {
      cause,
      hint: "fix the file (or move it away) and run the install again",
    });
  }
  if (!isObject(settings)) throw invalid(path, "not a JSON object");
  return { settings, existed: true };
}

/** Whether a hook entry's command runs trailseal's hook for `agent` (any program path, any home). */
function isOurs(agent: string, command: unknown): boolean {
  return (
    typeof command === "string" &&
    new RegExp(
      `(^|[\\s/'"])trailseal(\\.js|\\.cjs)?['"]?\\s+hook\\s+${agent}(\\s|$)|cli\\.c?js['"]?\\s+hook\\s+${agent}(\\s|$)`,
    ).test(command)
  );
}

/** Sets `entry` to `wanted`'s fields; reports whether anything changed. */
function update(entry: JsonObject, wanted: JsonObject): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(wanted)) {
    if (entry[key] !== value) {
      entry[key] = value;
      changed = true;
    }
  }
  return changed;
}

export function installHooks(options: InstallOptions): Promise<InstallResult> {
  const install = AGENT_SPECS[options.agent].install;
  return install.kind === "settings" ? installSettings(options, install) : installFiles(options, install);
}

async function installSettings(options: InstallOptions, install: SettingsInstall): Promise<InstallResult> {
  const path =
    options.scope === "local"
      ? localPath(options.agent, install, place(options))
      : install.path(place(options));
  const { settings, existed } = await readSettings(path);
  const hooks = settings.hooks ?? {};
  if (!isObject(hooks)) throw invalid(path, '"hooks" is not an object');
  const result: InstallResult = { path, added: [], updated: [], unchanged: [] };
  const { nested } = install;
  for (const { name: event, phase } of installedEvents(AGENT_SPECS[options.agent])) {
    const pre = phase === "pre";
    const list = hooks[event] ?? [];
    if (!Array.isArray(list)) throw invalid(path, `hooks.${event} is not a list`);
    const command = hookCommand(options.agent, options.home, pre, options.program);
    const wanted = install.entry(command, pre) as JsonObject;
    // The time limit, where the agent's hook format has one (the spec names the field and unit).
    if (install.timeout)
      wanted[install.timeout.field] = HOOK_TIMEOUT_SECONDS * (install.timeout.unit === "ms" ? 1000 : 1);
    const entries: JsonObject[] = [];
    for (const [index, item] of list.entries()) {
      if (!isObject(item)) throw invalid(path, `hooks.${event}[${index}] is not an object`);
      if (!nested) {
        entries.push(item);
        continue;
      }
      const inner = item.hooks ?? [];
      if (!Array.isArray(inner) || !inner.every(isObject))
        throw invalid(path, `hooks.${event}[${index}] is not a matcher group with a "hooks" list`);
      entries.push(...(inner as JsonObject[]));
    }
    const ours = entries.filter((entry) => isOurs(options.agent, entry.command ?? entry.bash));
    if (ours.length === 0) {
      hooks[event] = [...list, nested ? { matcher: "*", hooks: [wanted] } : wanted];
      result.added.push(event);
    } else if (ours.map((entry) => update(entry, wanted)).some(Boolean)) {
      result.updated.push(event);
    } else {
      result.unchanged.push(event);
    }
  }
  for (const [key, value] of Object.entries(install.defaults ?? {})) settings[key] ??= structuredClone(value);
  if (result.added.length + result.updated.length > 0) {
    settings.hooks = hooks;
    await fileCalls.mkdir(dirname(path), { recursive: true });
    const mode = existed ? (await fileCalls.stat(path)).mode & 0o777 : 0o644;
    await writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`, { mode });
  }
  return result;
}

async function installFiles(options: InstallOptions, install: FilesInstall): Promise<InstallResult> {
  if (options.scope === "local") localPath(options.agent, install, place(options));
  const run = { home: options.home, program: options.program ?? "trailseal" };
  const files = install.files(place(options));
  const result: InstallResult = { path: dirname(files[0]!.path), added: [], updated: [], unchanged: [] };
  const wanted = files.map((file) => ({
    ...file,
    text: install.text(run, file.pre),
    existing: null as string | null,
  }));
  for (const file of wanted) {
    file.existing = await readTextIfExists(file.path);
    if (file.existing !== null && !file.existing.includes(INSTALLED_MARK))
      throw configError(
        "HOOK_SETTINGS_INVALID",
        `${file.path} exists and is not trailseal's; nothing was changed`,
        {
          hint: "merge it by hand: run `trailseal hook <agent>` from it (docs/hooks.md), or move it away",
        },
      );
  }
  for (const file of wanted) {
    if (file.existing === file.text) {
      result.unchanged.push(file.event);
      continue;
    }
    await fileCalls.mkdir(dirname(file.path), { recursive: true });
    await writeFileAtomic(file.path, file.text, { mode: install.mode });
    (file.existing === null ? result.added : result.updated).push(file.event);
  }
  return result;
}
