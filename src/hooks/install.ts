/**
 * `trailseal hook install claude-code`: adds trailseal's PreToolUse and PostToolUse hooks to
 * Claude Code's settings.json (project: <dir>/.claude/settings.json, user: ~/.claude/…).
 * Idempotent: an entry whose command already runs `trailseal hook claude-code` is left alone;
 * every other setting and hook is kept as it was. A settings file that is not valid JSON is
 * an error, never overwritten. The file is replaced atomically (write, fsync, rename).
 */
import { mkdir, open, readFile, rename, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { configError } from "../errors/index.js";

export type InstallScope = "project" | "user";

export interface InstallOptions {
  scope: InstallScope;
  /** Project directory (scope project). */
  cwd: string;
  /** Home directory (scope user); defaults to the OS home. */
  userHome?: string;
  /** The command Claude Code runs; default `trailseal hook claude-code`. */
  command?: string;
}

export interface InstallResult {
  path: string;
  added: string[];
  unchanged: string[];
}

const EVENTS = ["PreToolUse", "PostToolUse"] as const;
const MARKER = /\btrailseal(\.js)?["']?\s+hook\s+claude-code\b|cli\.js["']?\s+hook\s+claude-code\b/;

interface HookEntry {
  type?: string;
  command?: string;
  [key: string]: unknown;
}
interface MatcherGroup {
  matcher?: string;
  hooks?: HookEntry[];
  [key: string]: unknown;
}

export function settingsPath(options: Pick<InstallOptions, "scope" | "cwd" | "userHome">): string {
  const base = options.scope === "user" ? (options.userHome ?? homedir()) : options.cwd;
  return join(base, ".claude", "settings.json");
}

export async function installClaudeCode(options: InstallOptions): Promise<InstallResult> {
  const path = settingsPath(options);
  const command = options.command ?? "trailseal hook claude-code";
  let settings: Record<string, unknown> = {};
  let text: string | null = null;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text !== null && text.trim() !== "") {
    try {
      settings = JSON.parse(text) as Record<string, unknown>;
    } catch (cause) {
      throw configError("HOOK_SETTINGS_INVALID", `${path} is not valid JSON; nothing was changed`, {
        cause,
        hint: "fix the file (or move it away) and run the install again",
      });
    }
    if (typeof settings !== "object" || settings === null || Array.isArray(settings)) {
      throw configError("HOOK_SETTINGS_INVALID", `${path} is not a JSON object; nothing was changed`);
    }
  }
  const hooks = (settings.hooks ?? {}) as Record<string, unknown>;
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) {
    throw configError("HOOK_SETTINGS_INVALID", `${path}: "hooks" is not an object; nothing was changed`);
  }
  const added: string[] = [];
  const unchanged: string[] = [];
  for (const event of EVENTS) {
    const groups = (hooks[event] ?? []) as MatcherGroup[];
    if (!Array.isArray(groups)) {
      throw configError(
        "HOOK_SETTINGS_INVALID",
        `${path}: hooks.${event} is not a list; nothing was changed`,
      );
    }
    const malformed = groups.findIndex(
      (group) => typeof group !== "object" || group === null || !Array.isArray(group.hooks ?? []),
    );
    if (malformed >= 0) {
      throw configError(
        "HOOK_SETTINGS_INVALID",
        `${path}: hooks.${event}[${malformed}] is not a matcher group with a "hooks" list; nothing was changed`,
      );
    }
    const present = groups.some((group) =>
      (group.hooks ?? []).some((hook) => MARKER.test(String(hook?.command ?? ""))),
    );
    if (present) {
      unchanged.push(event);
      continue;
    }
    hooks[event] = [...groups, { matcher: "*", hooks: [{ type: "command", command }] }];
    added.push(event);
  }
  if (added.length > 0) {
    settings.hooks = hooks;
    const mode = text === null ? 0o644 : (await stat(path)).mode & 0o777;
    await writeAtomically(path, `${JSON.stringify(settings, null, 2)}\n`, mode);
  }
  return { path, added, unchanged };
}

/** Replaces `path` by rename, so a crash leaves the old or the new file, never half of one; keeps `mode`. */
async function writeAtomically(path: string, content: string, mode: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  const handle = await open(temp, "w", mode);
  try {
    await handle.chmod(mode);
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}
