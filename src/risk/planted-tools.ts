/**
 * What a write plants in the settings of build and developer tools that run commands
 * (docs/risk.md, "What a write plants"; docs/decisions/risk-planted-tools.md): pre-commit's hook
 * entries, cargo's runners, linkers, compiler wrappers, aliases and credential providers, yarn's
 * own release and plugins (`.yarnrc.yml`, `.yarnrc`), bazel's options that run programs
 * (`.bazelrc`), mise's hooks, tasks and sourced scripts, tool versions taken from a path (mise,
 * asdf's `.tool-versions`), and the task tables of Python's task runners in `pyproject.toml`.
 * Each key's command is judged by the classifier (written-content.ts); a program planted from
 * outside the project (a temporary or home directory, `../`) is high: what it runs is in no line.
 */

import { basename, normalizePath, segments } from "./paths.js";
import type { Planted } from "./planted-json.js";
import { type TomlEntry, tomlEntries, yamlKeys } from "./planted-text.js";

type Family = (text: string, path: string, cwd: string) => Planted[];

/** The family of a build or developer tool's settings file, or null. */
export function toolFamily(path: string): Family | null {
  const name = basename(path);
  const parts = segments(path);
  const parent = parts.at(-2) ?? "";
  if (/^\.pre-commit-config\.ya?ml$/.test(name)) return preCommit;
  if (parent === ".cargo" && /^config(\.toml)?$/.test(name)) return cargo;
  if (name === ".yarnrc.yml" || name === ".yarnrc.yaml") return yarnBerry;
  if (name === ".yarnrc") return yarnClassic;
  if (/^(\.bazelrc|bazel\.bazelrc|user\.bazelrc)$/.test(name)) return bazelrc;
  if (
    /^\.?(mise|rtx)(\.[\w-]+)*\.toml$/.test(name) ||
    (name === "config.toml" && (parent === "mise" || parent === ".mise"))
  )
    return mise;
  if (name === ".tool-versions") return toolVersions;
  if (name === "pyproject.toml") return pyproject;
  return null;
}

/**
 * Whether a planted program or file lies outside the project: a temporary directory, the home
 * (`~`, `$HOME`, `%USERPROFILE%`, `/home/…`, `/Users/…`, `C:\Users\…`) outside the working
 * directory, or above it (`../`). Windows spellings are read as the same files (paths.ts).
 */
export function outsideProject(program: string, cwd: string): boolean {
  const raw = program.trim().replace(/^['"]|['"]$/g, "");
  if (/^(\$\{?TMPDIR\b|%(TEMP|TMP|APPDATA|LOCALAPPDATA)%|\$env:(TEMP|TMP|APPDATA|LOCALAPPDATA)\b)/i.test(raw))
    return true;
  // a name found on PATH, or a path inside the project (`./tools/x`, `tools/x`)
  if (!/^(~|\$\{?HOME\b|%USERPROFILE%|\$env:USERPROFILE\b|\.\.([\\/]|$)|\/|[a-z]:[\\/])/i.test(raw))
    return false;
  const full = normalizePath(raw, { cwd: cwd || null });
  const root = cwd ? normalizePath(cwd, { cwd }) : "";
  if (root && (full === root || full.startsWith(`${root}/`))) return false;
  return (
    raw.startsWith("..") ||
    /^(~|\/(tmp|var\/tmp|dev\/shm|private\/tmp|home|Users|root|mnt\/[a-z]\/Users)(\/|$))/i.test(full)
  );
}

/** A program-valued key: at least medium (it runs by itself), high from outside the project. */
function program(key: string, command: string, why: string, cwd: string, file?: string): Planted {
  const first = file ?? /^\s*("[^"]*"|'[^']*'|\S+)/.exec(command)?.[1] ?? "";
  const outside = outsideProject(first, cwd);
  return {
    key,
    command,
    least: outside ? "high" : "medium",
    why: outside ? `${why}; ${first.slice(0, 60)} is outside the project: what it runs is in no line` : why,
  };
}

const quote = (word: string) =>
  /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
const argv = (value: string | string[]) => (Array.isArray(value) ? value.map(quote).join(" ") : value);

/** `.pre-commit-config.yaml`: each hook's `entry` (with its `args`) runs at every commit once installed. */
function preCommit(text: string, _path: string, cwd: string): Planted[] {
  const keys = yamlKeys(text);
  const planted: Planted[] = [];
  keys.forEach((entry, at) => {
    if (entry.key !== "entry") return;
    // the hook's other keys: from its `- id:` item to the next item at its level
    let start = at;
    while (start > 0 && !(keys[start]!.item && keys[start]!.indent === entry.indent)) start -= 1;
    let end = at + 1;
    while (
      end < keys.length &&
      keys[end]!.indent >= entry.indent &&
      !(keys[end]!.item && keys[end]!.indent <= entry.indent)
    )
      end += 1;
    const args = keys.slice(start, end).find((key) => key.key === "args" && key.indent === entry.indent);
    const command = [
      argv(entry.value),
      ...(args ? [argv(Array.isArray(args.value) ? args.value : [args.value])] : []),
    ].join(" ");
    planted.push(
      program(
        "pre-commit entry",
        command,
        "pre-commit runs it at every commit once its hook is installed",
        cwd,
      ),
    );
  });
  return planted;
}

/** Variables that load code into every program started with them. */
const LOADS_CODE =
  /^(LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|NODE_OPTIONS|PYTHONSTARTUP|PERL5OPT|RUBYOPT|BASH_ENV|ENV|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|RUSTC)$/;

function loadsCode(key: string): Planted {
  return { key, command: null, least: "high", why: "loads code into every program it starts" };
}

/** `.cargo/config.toml`: programs cargo starts by itself (runners, linkers, wrappers, credential providers), aliases, variables. */
function cargo(text: string, _path: string, cwd: string): Planted[] {
  const planted: Planted[] = [];
  for (const { section, key, value } of tomlEntries(text)) {
    const at = section ? `${section}.${key}` : key;
    const command = typeof value === "object" && !Array.isArray(value) ? null : argv(value);
    if (section === "env" || section.startsWith("env.")) {
      if (LOADS_CODE.test(key)) planted.push(loadsCode(`cargo env ${key}`));
      continue;
    }
    if (command === null) continue;
    // `rustflags = ["-C", "linker=/tmp/ld"]`: the linker chosen through rustc's own options
    if (key === "rustflags" && Array.isArray(value))
      value.forEach((flag, at) => {
        const option = flag === "-C" ? (value[at + 1] ?? "") : flag.startsWith("-C") ? flag.slice(2) : "";
        const linker = /^linker=(.+)$/.exec(option)?.[1];
        if (linker && value[at - 1] !== "-C")
          planted.push(
            program(`cargo ${section}.rustflags linker`, linker, "rustc starts it to link every build", cwd),
          );
      });
    if (section === "alias")
      planted.push({
        key: `cargo alias.${key}`,
        command: `cargo ${command}`,
        least: "none",
        why: "an alias cargo runs when asked",
      });
    else if (/^(runner|linker)$/.test(key) && (section === "" || /^(target|host)(\.|$)/.test(section)))
      planted.push(program(`cargo ${at}`, command, "cargo starts it for every build, run or test", cwd));
    else if (
      /^(rustc-wrapper|rustc-workspace-wrapper|rustc|rustdoc)$/.test(key) &&
      (section === "" || section === "build")
    )
      planted.push(program(`cargo ${at}`, command, "cargo starts it for every compilation", cwd));
    else if (/credential-providers?$/.test(key))
      for (const provider of Array.isArray(value) ? value : [command])
        if (!/^cargo:/.test(provider) || /^cargo:token-from-stdout\s/.test(provider))
          planted.push(
            program(
              `cargo ${at}`,
              provider.replace(/^cargo:token-from-stdout\s+/, ""),
              "cargo runs it for a registry's token",
              cwd,
            ),
          );
  }
  return planted;
}

/** `.yarnrc.yml`: `yarnPath` (the release every yarn command runs) and `plugins` (loaded by every command). */
function yarnBerry(text: string, _path: string, cwd: string): Planted[] {
  const planted: Planted[] = [];
  const keys = yamlKeys(text);
  for (const key of keys) {
    const value = Array.isArray(key.value) ? key.value.join(" ") : key.value;
    if (key.key === "yarnPath" && value)
      planted.push(program("yarnPath", `node ${quote(value)}`, "every yarn command runs it", cwd, value));
    // (a plugin's `path:` under `plugins:`; the other `path` keys of the file are not plugins)
    if (
      key.key === "path" &&
      key.item &&
      value &&
      keys.some((other) => other.key === "plugins" && other.indent < key.indent)
    )
      planted.push(
        program("plugins", `node ${quote(value)}`, "every yarn command loads the plugin", cwd, value),
      );
    // (`plugins:` then `- /path/plugin.cjs`: a plugin named by its path alone)
    if (key.key === "plugins" && Array.isArray(key.value))
      for (const plugin of key.value)
        planted.push(
          program("plugins", `node ${quote(plugin)}`, "every yarn command loads the plugin", cwd, plugin),
        );
    if (key.key === "enableStrictSsl" && /^false$/i.test(value))
      planted.push({
        key: "enableStrictSsl",
        command: null,
        least: "high",
        why: "turns off checking the registry's certificate",
      });
  }
  return planted;
}

/** `.yarnrc` (yarn 1): `yarn-path` runs instead of yarn, `script-shell` runs every script. */
function yarnClassic(text: string, _path: string, cwd: string): Planted[] {
  const planted: Planted[] = [];
  for (const line of text.split("\n")) {
    const entry = /^(--[\w.-]+|[\w-]+)\s+(.*)$/.exec(line.trim());
    if (!entry) continue;
    entry[2] = entry[2]!.replace(/^"(.*)"$/, "$1");
    const key = entry[1]!.replace(/^--/, "");
    if (key === "yarn-path")
      planted.push(
        program(
          ".yarnrc yarn-path",
          `node ${quote(entry[2]!)}`,
          "every yarn command runs it",
          cwd,
          entry[2]!,
        ),
      );
    if (/^(script-shell|shell)$/.test(key))
      planted.push(program(`.yarnrc ${key}`, entry[2]!, "yarn runs every script with it", cwd));
  }
  return planted;
}

/** `.bazelrc`: options that run programs (`--run_under`, `--workspace_status_command`, `--credential_helper`) and imports. */
function bazelrc(text: string, _path: string, cwd: string): Planted[] {
  const planted: Planted[] = [];
  for (const line of text.split("\n").slice(0, 1024)) {
    const imported = /^\s*(try-import|import)\s+(\S+)/.exec(line);
    if (imported) {
      if (outsideProject(imported[2]!, cwd))
        planted.push({
          key: `.bazelrc ${imported[1]}`,
          command: null,
          least: "high",
          why: `reads bazel's options from ${imported[2]!.slice(0, 60)}, outside the project: what they set is unknown`,
        });
      continue;
    }
    // `--action_env=LD_PRELOAD=/tmp/x.so`: a variable that loads code into every action or test
    for (const env of line.matchAll(/--(action_env|host_action_env|test_env|repo_env)(?:=|\s+)['"]?(\w+)=/g))
      if (LOADS_CODE.test(env[2]!)) planted.push(loadsCode(`.bazelrc --${env[1]} ${env[2]}`));
    // `startup --host_jvm_args=-javaagent:/tmp/a.jar`: code loaded into bazel's own server
    for (const agent of line.matchAll(
      /--host_jvm_args(?:=|\s+)['"]?-(?:javaagent|agentpath|agentlib):([^\s='"]+)/g,
    )) {
      const outside = outsideProject(agent[1]!, cwd);
      planted.push({
        key: ".bazelrc --host_jvm_args",
        command: null,
        least: outside ? "high" : "medium",
        why: `loads ${agent[1]!.slice(0, 60)} into bazel's server${outside ? ", from outside the project: what it does is in no line" : ""}`,
      });
    }
    for (const option of line.matchAll(
      /--(run_under|workspace_status_command|credential_helper)(?:=|\s+)('[^']*'|"[^"]*"|\S+)/g,
    )) {
      let value = option[2]!.replace(/^'(.*)'$|^"(.*)"$/s, "$1$2");
      // `--credential_helper=*.example.com=/path/helper`: the helper after its pattern
      if (option[1] === "credential_helper") value = value.replace(/^[^/=]*=/, "");
      // `--run_under=//tools:valgrind`: a target the project builds, not a command line
      if (value.startsWith("//") || value.startsWith("@")) continue;
      planted.push(
        program(`.bazelrc --${option[1]}`, value, "bazel runs it for the commands the line applies to", cwd),
      );
    }
  }
  return planted;
}

/** A tool version taken from a directory (`path:/tmp/node`): its programs run in place of the tool's. */
function versionFrom(tool: string, version: string, cwd: string, key: string): Planted | null {
  const path = /^path:(.+)$/.exec(version.trim())?.[1];
  if (!path) return null;
  const outside = outsideProject(path, cwd);
  return {
    key: `${key} ${tool} path:`,
    command: null,
    least: outside ? "high" : "medium",
    why: `${tool} runs the programs under ${path.slice(0, 60)}${outside ? ", outside the project: what they do is in no line" : ""}`,
  };
}

function toolVersions(text: string, _path: string, cwd: string): Planted[] {
  const planted: Planted[] = [];
  for (const line of text.split("\n")) {
    const [tool, ...versions] = line.replace(/#.*$/, "").trim().split(/\s+/);
    for (const version of versions) {
      const found = tool && versionFrom(tool, version, cwd, ".tool-versions");
      if (found) planted.push(found);
    }
  }
  return planted;
}

const MISE_HOOKS = /^(enter|leave|cd|preinstall|postinstall|watch_files)$/;

/** `mise.toml`: hooks (run by themselves), tasks (when asked), `_.source` scripts, tool versions from a path. */
function mise(text: string, _path: string, cwd: string): Planted[] {
  const planted: Planted[] = [];
  for (const { section, key, value } of tomlEntries(text)) {
    const command = commandOf(value, ["run", "script", "shell"]);
    // `[hooks.enter] script = "…"`: the hook as a table of its own
    const hook = /^hooks\.(\w+)$/.exec(section)?.[1];
    if (hook && MISE_HOOKS.test(hook) && /^(script|run)$/.test(key) && command)
      planted.push({
        key: `mise hooks.${hook}`,
        command,
        least: "medium",
        why: "mise runs it by itself (entering the directory, installing)",
      });
    else if (section === "hooks" && MISE_HOOKS.test(key) && command)
      planted.push({
        key: `mise hooks.${key}`,
        command,
        least: "medium",
        why: "mise runs it by itself (entering the directory, installing)",
      });
    else if (section === "tasks" && command)
      planted.push({ key: `mise tasks.${key}`, command, least: "none", why: "a task mise runs when asked" });
    else if (section.startsWith("tasks.") && /^run(_windows)?$/.test(key) && command)
      planted.push({ key: `mise ${section}`, command, least: "none", why: "a task mise runs when asked" });
    else if (section === "env" && key === "_.source")
      for (const script of Array.isArray(value)
        ? value
        : typeof value === "string"
          ? [value]
          : typeof value.path === "string"
            ? [value.path]
            : Array.isArray(value.path)
              ? value.path
              : [])
        planted.push(
          program(
            "mise env _.source",
            quote(script),
            "mise runs the script whenever the directory's environment loads",
            cwd,
          ),
        );
    else if (section === "env" && LOADS_CODE.test(key)) planted.push(loadsCode(`mise env ${key}`));
    else if (section === "tools" && typeof value === "string") {
      const found = versionFrom(key, value, cwd, "mise tools");
      if (found) planted.push(found);
    }
  }
  return planted;
}

/** A task's command: a string, an argv, or an inline table's command member. */
function commandOf(value: TomlEntry["value"], members: string[]): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.length > 0 ? value.join(" && ") : null;
  for (const member of members) {
    const found = value[member];
    if (found !== undefined) return Array.isArray(found) ? found.map(quote).join(" ") : found;
  }
  return null;
}

const PDM_HOOKS = /^(pre|post)_(install|lock|build|publish|init|use|run|script)$/;
/** Python task runners' tables whose entries are command lines (not `module:function` entry points). */
const TASK_TABLES =
  /^tool\.(pdm\.scripts|poe\.tasks|rye\.scripts|taskipy\.tasks|hatch\.envs\.[^.]+\.scripts)(\.([^.]+))?$/;

/** `pyproject.toml`: the command lines of pdm's, poe's, hatch's, rye's and taskipy's task tables. */
function pyproject(text: string): Planted[] {
  const planted: Planted[] = [];
  for (const { section, key, value } of tomlEntries(text)) {
    const table = TASK_TABLES.exec(section);
    if (!table) continue;
    // `[tool.poe.tasks.clean] cmd = "…"`: the task is the sub-table, its command a member
    const task = table[3] ?? key;
    if (table[3] !== undefined && !/^(cmd|shell)$/.test(key)) continue;
    const command = table[3] !== undefined ? commandOf(value, []) : commandOf(value, ["cmd", "shell"]);
    if (!command) continue;
    const hook = table[1] === "pdm.scripts" && PDM_HOOKS.test(task);
    planted.push({
      key: `pyproject ${section}${table[3] === undefined ? `.${key}` : ""}`,
      command,
      least: hook ? "medium" : "none",
      why: hook ? "pdm runs it by itself around its own commands" : "a task the runner runs when asked",
    });
  }
  return planted;
}
