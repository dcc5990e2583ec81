/**
 * What a file write plants (docs/risk.md, "What a write plants"): the new text of a Write, Edit,
 * MultiEdit or patch that sets a key making a program run a command later is judged like a command
 * line, and the write is rated at least as that command is, with a reason naming the key. Judged
 * by family of file: a package's scripts (lifecycle hooks run on install and test), git's
 * configuration (keys whose value git runs), `.npmrc` (the shell and options npm starts), and
 * scripts a program runs by itself (`.envrc`, shell start-up files, git and husky hooks). Only
 * raises: the path's own rating (written-paths.ts) stays the floor.
 */
import type { ShellParse } from "./command/rule.js";
import { basename, segments } from "./paths.js";
import { gitConfig, npmrc } from "./planted-git.js";
import { composerScripts, devContainer, type Planted, unescapeJson, vscodeTasks } from "./planted-json.js";
import { toolFamily } from "./planted-tools.js";
import { riskRank } from "./score.js";
import { Signals } from "./signals.js";
import { isGitConfig } from "./written-paths.js";

/** A command judged here runs the whole command classifier; the text read is bounded. */
const MAX_TEXT = 256 * 1024;
/** Commands judged per write: a file of thousands of scripts stops here, as high. */
const MAX_COMMANDS = 64;

type Judge = (command: string, signals: Signals, parse: ShellParse) => void;

/** The new text a file tool's input carries for `path` (Write's content, Edit's new strings, patch hunks). */
export function writtenTexts(input: unknown, path: string): string[] {
  const texts: string[] = [];
  collect(input, path, texts, 0);
  return texts;
}

const TEXT_KEYS = [
  "content",
  "contents",
  "new_string",
  "newString",
  "new_str",
  "newStr",
  "file_text",
  "new_text",
  "newText",
  "code_edit",
  "CodeContent",
  "ReplacementContent",
  "diff",
];

function collect(value: unknown, path: string, texts: string[], depth: number): void {
  if (depth > 4 || texts.length >= MAX_COMMANDS || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, MAX_COMMANDS)) {
      // Codex's `apply_patch` argv: `["apply_patch", "*** Begin Patch …"]`
      if (typeof item === "string" && item.includes("*** Begin Patch")) texts.push(patchLines(item, path));
      else collect(item, path, texts, depth + 1);
    }
    return;
  }
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (typeof member === "string") {
      if (member.includes("*** Begin Patch")) texts.push(patchLines(member, path));
      else if (TEXT_KEYS.includes(key)) texts.push(key === "diff" ? diffText(member) : member);
    } else if (member !== null && typeof member === "object" && TEXT_KEYS.includes(key)) {
      // a JSON file's text the agent's adapter already parsed (Cline sends parameters as strings)
      texts.push(JSON.stringify(member));
    } else if (typeof member === "object") collect(member, path, texts, depth + 1);
  }
}

/** The lines an apply_patch envelope adds to `path` (all added lines when the path is not named). */
function patchLines(patch: string, path: string): string {
  const sections = patch.split(/^(?=\*\*\* (?:Add|Update|Delete) File: )/m);
  const mine = sections.filter((section) => {
    const named = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/m.exec(section)?.[1]?.trim();
    const moved = /^\*\*\* Move to: (.+)$/m.exec(section)?.[1]?.trim();
    return named !== undefined && (named === path || moved === path || path.endsWith(`/${named}`));
  });
  return addedLines((mine.length > 0 ? mine : sections).join("\n"));
}

/** A diff's new text: Cline's SEARCH/REPLACE blocks give their replacements, a unified diff its added lines. */
function diffText(diff: string): string {
  if (!diff.includes(">>>>>>> REPLACE")) return addedLines(diff);
  return [...diff.matchAll(/^=======\r?\n([\s\S]*?)^>>>>>>> REPLACE/gm)].map((match) => match[1]).join("\n");
}

function addedLines(diff: string): string {
  return diff
    .split("\n")
    .filter((line) => line.startsWith("+") && !line.startsWith("+++"))
    .map((line) => line.slice(1))
    .join("\n");
}

/**
 * Whether a write of git's configuration carries new text that is read here whole (within the
 * bound), so that its keys, not its path, decide (docs/decisions/risk-planted-tools.md): a write
 * whose text is not found or is too long stays high by its path.
 */
export function gitConfigTextRead(path: string, input: unknown): boolean {
  if (!isGitConfig(path)) return false;
  const texts = writtenTexts(input, path);
  return texts.length > 0 && texts.every((text) => text.length <= MAX_TEXT);
}

/**
 * Judges what the write plants into `signals` (the write's own). `judge` is the command
 * classifier (passed in: commands.ts builds on signals.ts, this file is called from classify.ts).
 */
export function judgeWrittenContent(
  path: string,
  input: unknown,
  signals: Signals,
  parse: ShellParse,
  judge: Judge,
): void {
  const family = familyOf(path);
  if (!family) return;
  const texts = writtenTexts(input, path);
  let judged = 0;
  for (const raw of texts) {
    if (raw.length > MAX_TEXT) {
      signals.score.raise(
        "high",
        `writes ${raw.length} characters to ${basename(path)}, a file whose settings run commands: more than the ${MAX_TEXT} that are read, what it plants is unknown`,
        "config_file_modification",
      );
      continue;
    }
    for (const planted of family(raw, path, signals.cwd ?? "")) {
      if (++judged > MAX_COMMANDS) {
        signals.score.raise(
          "high",
          `more than ${MAX_COMMANDS} commands planted in ${basename(path)}: the rest not judged`,
        );
        return;
      }
      plant(planted, signals, parse, judge);
    }
  }
}

function plant(planted: Planted, signals: Signals, parse: ShellParse, judge: Judge): void {
  const shown = planted.command === null ? "" : ` ${JSON.stringify(planted.command.slice(0, 80))}`;
  const head = `sets ${planted.key}${shown} (${planted.why})`;
  const inner = new Signals(signals.cwd);
  if (planted.command !== null && planted.command.trim() !== "") judge(planted.command, inner, parse);
  if (riskRank(inner.score.level) < riskRank("medium")) {
    signals.score.raise(planted.least, head, "config_file_modification");
    return;
  }
  const because = inner.score.reasons.slice(0, 3).join("; ");
  const level = riskRank(inner.score.level) >= riskRank(planted.least) ? inner.score.level : planted.least;
  signals.score.raise(
    level,
    `${head}: the command it plants: ${because}`,
    "config_file_modification",
    ...inner.score.flags,
  );
}

type Family = (text: string, path: string, cwd: string) => Planted[];

/** Whether the file at `path` is one whose keys make a program run commands (its text is read). */
export function plantsCommands(path: string): boolean {
  return familyOf(path) !== null;
}

function familyOf(path: string): Family | null {
  const name = basename(path);
  const parts = segments(path);
  const parent = parts.at(-2);
  if (name === "package.json") return packageScripts;
  if (name === "composer.json") return composerScripts;
  if (name === ".devcontainer.json" || (parent === ".devcontainer" && name === "devcontainer.json"))
    return devContainer;
  if (parent === ".vscode" && name === "tasks.json") return vscodeTasks;
  if (isGitConfig(path)) return gitConfig;
  if (name === ".npmrc") return npmrc;
  const tool = toolFamily(path);
  if (tool) return tool;
  if (name === ".envrc") return script("direnv runs it on entering the directory, once allowed");
  if (
    /^\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|zlogout|shrc|kshrc|mkshrc)$/.test(
      name,
    )
  )
    return script("the shell runs it at start-up");
  if ((parts.includes(".git") && parent === "hooks") || (parent === ".husky" && !name.startsWith(".")))
    return script("git runs it as a hook");
  return null;
}

function script(why: string): Family {
  return (text, path) => [{ key: `the script ${basename(path)}`, command: text, least: "none", why }];
}

/** npm's lifecycle hooks: run by `npm install`, `npm test`, `npm publish`, … without being named. */
const LIFECYCLE = new Set([
  "preinstall",
  "install",
  "postinstall",
  "prepare",
  "preprepare",
  "postprepare",
  "prepublish",
  "prepublishOnly",
  "prepack",
  "postpack",
  "publish",
  "postpublish",
  "preversion",
  "postversion",
  "pretest",
  "posttest",
  "prestart",
  "poststart",
  "dependencies",
  "preuninstall",
  "uninstall",
  "postuninstall",
]);
/** Members of a package.json that are not scripts (a fragment's `"description": "…"` is text). */
const NOT_SCRIPTS = new Set([
  "name",
  "version",
  "description",
  "license",
  "author",
  "homepage",
  "main",
  "module",
  "types",
  "typings",
  "type",
  "url",
  "email",
  "packageManager",
  "node",
  "npm",
  "funding",
  "directory",
  "repository",
  "bugs",
  "bin",
  "exports",
  "browser",
  "unpkg",
  "jsdelivr",
  "source",
  "style",
  "registry",
  "access",
  "tag",
  "os",
  "cpu",
  "man",
]);

function packageScripts(text: string): Planted[] {
  let scripts: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const member = (parsed as Record<string, unknown>).scripts;
      scripts = member && typeof member === "object" ? (member as Record<string, unknown>) : {};
    }
  } catch {
    // an Edit's fragment: its `"key": "value"` pairs, read below
  }
  const pairs: [string, string][] = [];
  if (scripts) {
    for (const [key, value] of Object.entries(scripts))
      if (typeof value === "string") pairs.push([key, value]);
  } else {
    for (const match of text.matchAll(/"((?:[^"\\\n]|\\.){1,200})"\s*:\s*"((?:[^"\\\n]|\\.)*)"/g)) {
      const key = unescapeJson(match[1]!);
      // a dependency's version range, source or scoped name is not a script
      if (
        NOT_SCRIPTS.has(key) ||
        /^@|\//.test(key) ||
        /^[\^~<>=*\d]|^(npm|workspace|file|link|catalog|github|gitlab|bitbucket|git|git\+[a-z]+|https?):/.test(
          match[2]!,
        )
      )
        continue;
      pairs.push([key, unescapeJson(match[2]!)]);
    }
  }
  return pairs.map(([key, command]) => ({
    key: `package.json scripts.${key}`,
    command,
    least: LIFECYCLE.has(key) ? "medium" : "none",
    why: LIFECYCLE.has(key)
      ? "npm runs it by itself on install, test or publish"
      : "a script npm runs when asked",
  }));
}
