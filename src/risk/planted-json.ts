/**
 * JSON files whose members make a tool run a command by itself, beside package.json's scripts
 * (written-content.ts): a dev container's life-cycle commands (`initializeCommand` runs on the
 * host before the container exists), VS Code's tasks that run when the folder opens, and
 * Composer's event scripts (run by `composer install`). Read with a pattern, not a parser: an
 * Edit's fragment is not a whole JSON document, and these files allow comments.
 */
import type { RiskLevel } from "../chain/index.js";

export interface Planted {
  /** `package.json scripts.postinstall`, `git core.fsmonitor`, … */
  key: string;
  /** The command the key makes a program run, or null when the key's effect is judged by `least` alone. */
  command: string | null;
  /** The least level the key's write deserves, whatever its command. */
  least: RiskLevel;
  /** Why the key matters. */
  why: string;
}

const STRING = String.raw`"((?:[^"\\\n]|\\.)*)"`;
const ITEM = String.raw`"(?:[^"\\\n]|\\.)*"`;

/** `"key": "value"` and `"key": ["a", "b"]` (an argv, joined) for the keys `wanted` accepts. */
export function jsonMembers(text: string, wanted: (key: string) => boolean): [string, string][] {
  const found: [string, string][] = [];
  // an array only of strings (an argv); `"tasks": [{…}]` is not one, and its members are read on
  // (written so that no two parts can take the same characters: no backtracking blow-up)
  const pattern = new RegExp(
    `${STRING}\\s*:\\s*(?:${STRING}|\\[\\s*((?:${ITEM}\\s*(?:,\\s*${ITEM}\\s*)*)?)\\])`,
    "g",
  );
  for (const match of text.matchAll(pattern)) {
    const key = unescapeJson(match[1]!);
    if (!wanted(key)) continue;
    if (match[2] !== undefined) found.push([key, unescapeJson(match[2])]);
    else
      found.push([
        key,
        [...match[3]!.matchAll(new RegExp(STRING, "g"))]
          .map((item) => shellQuote(unescapeJson(item[1]!)))
          .join(" "),
      ]);
    if (found.length >= 256) break;
  }
  return found;
}

/** An argv item as a shell word, so the judged line runs what the array runs (`["bash", "-c", "rm -rf ~"]`). */
function shellQuote(item: string): string {
  return /^[\w@%+=:,./~-]+$/.test(item) ? item : `'${item.replaceAll("'", "'\\''")}'`;
}

export function unescapeJson(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

const DEV_CONTAINER =
  /^(initializeCommand|onCreateCommand|updateContentCommand|postCreateCommand|postStartCommand|postAttachCommand)$/;

/** `.devcontainer/devcontainer.json`, `.devcontainer.json`: commands run when the container is made or opened. */
export function devContainer(text: string): Planted[] {
  return jsonMembers(text, (key) => DEV_CONTAINER.test(key)).map(([key, command]) => ({
    key: `devcontainer ${key}`,
    command,
    least: "medium",
    why:
      key === "initializeCommand"
        ? "runs on the host whenever the dev container is built or opened"
        : "runs whenever the dev container is created or opened",
  }));
}

/** `.vscode/tasks.json`: a task with `"runOn": "folderOpen"` runs when the folder opens. */
export function vscodeTasks(text: string): Planted[] {
  if (!/"runOn"\s*:\s*"folderOpen"/.test(text)) return [];
  return jsonMembers(text, (key) => key === "command").map(([, command]) => ({
    key: 'a VS Code task with "runOn": "folderOpen"',
    command,
    least: "medium",
    why: "the editor runs it when the folder opens",
  }));
}

/** Composer's event scripts: run by `composer install` and `update` without being named. */
export function composerScripts(text: string): Planted[] {
  return jsonMembers(text, (key) =>
    /^(pre|post)-(install|update|autoload|root-package|create-project|package)/.test(key),
  ).map(([key, command]) => ({
    key: `composer.json scripts.${key}`,
    command,
    least: "medium",
    why: "composer runs it by itself on install or update",
  }));
}
