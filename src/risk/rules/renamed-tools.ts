/**
 * Files copied, moved, linked or renamed earlier in the same command line (docs/risk.md, "Attack
 * tools by name"): `cp mimikatz.exe m.exe; ./m.exe` runs mimikatz under another name, so a program
 * or a file handed to a loader is judged under the name it had before the line renamed it. Read
 * from the line's own commands: `cp`, `mv`, `ln`, `install`, cmd's `copy`, `move`, `ren`, and
 * PowerShell's `Copy-Item`, `Move-Item`, `Rename-Item` (and their aliases). Followed through
 * chains (`cp a b; mv b c; ./c`), a few steps deep.
 */
import type { ShellScript } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { attackTool } from "./attack-tools.js";

const COPIES = /^(cp|mv|ln|install|copy|move|xcopy|copy-item|cpi|move-item|mi)$/;
const RENAMES = /^(ren|rename|rename-item|rni)$/;
/** cmd's options (`copy /y`, `move /-y`, `xcopy /e`): a slash and a letter, not a path. */
const CMD_OPTION = /^\/-?[a-z](:.*)?$/i;
/** Options of these commands that take a value (`install -m 755`, `-Destination X`, `-t DIR`). */
const VALUED =
  /^(-m|--mode|-o|--owner|-g|--group|-t|--target-directory|-s?s?uffix|-path|-literalpath|-destination|-newname|-filter|-include|-exclude)$/i;

/** A path as compared here: quotes and `./` dropped, `\` as `/`, lower case. */
export function comparable(path: string): string {
  return path
    .replace(/^['"]|['"]$/g, "")
    .replaceAll("\\", "/")
    .replace(/^(\.\/)+/, "")
    .toLowerCase();
}

function dirOf(path: string): string {
  const at = path.lastIndexOf("/");
  return at < 0 ? "" : path.slice(0, at + 1);
}

function baseOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Named PowerShell parameters and positional words of one command's arguments. */
function operands(args: string[]): { named: Map<string, string>; positional: string[] } {
  const named = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (VALUED.test(arg)) {
      named.set(arg.toLowerCase().replace(/^-+/, ""), args[i + 1] ?? "");
      i += 1;
    } else if (!/^-/.test(arg)) positional.push(arg);
  }
  return { named, positional };
}

const cache = new WeakMap<ShellScript, Map<string, string>>();

/** Each path the line copies, moves, links or renames a file to, with the path it came from. */
function renames(script: ShellScript): Map<string, string> {
  const known = cache.get(script);
  if (known) return known;
  const map = new Map<string, string>();
  for (const command of script.commands.slice(0, 256)) {
    const words = command.words.map((word) => word.value);
    while (/^(sudo|doas)$/.test(words[0] ?? "")) words.shift();
    const program = (words[0] ?? "").toLowerCase().replace(/\.exe$/, "");
    if (!COPIES.test(program) && !RENAMES.test(program)) continue;
    const cmd = /^(copy|move|xcopy|ren|rename)$/.test(program);
    const { named, positional } = operands(words.slice(1).filter((word) => !cmd || !CMD_OPTION.test(word)));
    const source = named.get("path") ?? named.get("literalpath") ?? positional.shift();
    if (!source) continue;
    const from = comparable(source);
    if (RENAMES.test(program)) {
      const name = named.get("newname") ?? positional[0];
      if (name) map.set(comparable(dirOf(from) + baseOf(comparable(name))), from);
      continue;
    }
    const target =
      named.get("destination") ?? named.get("target-directory") ?? named.get("t") ?? positional.at(-1);
    if (!target) continue;
    const to = comparable(target);
    // a directory given (`cp x.exe /tmp/`): the file keeps its name there
    map.set(
      /\/$/.test(to) || named.has("t") || named.has("target-directory")
        ? `${to.replace(/\/?$/, "/")}${baseOf(from)}`
        : to,
      from,
    );
  }
  cache.set(script, map);
  return map;
}

/**
 * The path a file of the line had before the line copied or renamed it (`./m.exe` →
 * `mimikatz.exe`), or null. The renames of every script of the action seen so far count: `cmd /c
 * m.exe` after `cp mimikatz.exe m.exe` is a nested script of the same line.
 */
export function renamedFrom(path: string, script: ShellScript, signals: Signals): string | null {
  const map = signals.renames;
  for (const [to, from] of renames(script)) if (!map.has(to)) map.set(to, from);
  if (map.size === 0) return null;
  let current = comparable(path);
  let found: string | null = null;
  for (let step = 0; step < 8; step += 1) {
    const from = map.get(current);
    if (!from || from === current) break;
    found = from;
    current = from;
  }
  return found;
}

/**
 * An attack tool run under the name the line gave it (`cp mimikatz.exe m.exe; ./m.exe`, also when
 * the new name is a shell's, `sh.exe`): judged as the tool (attack-tools.ts), with a reason naming
 * the copy. Null when the program is no renamed tool.
 */
export function renamedAttackProgram(
  path: string,
  argv: string[],
  script: ShellScript,
  signals: Signals,
): ReturnType<typeof attackTool> {
  const original = renamedFrom(path, script, signals);
  if (!original) return null;
  const found = attackTool(baseOf(original).replace(/\.exe$/, ""), original, argv, signals);
  if (found === "runs")
    signals.score.raise("high", `${path} is an attack tool the line copied or renamed (from ${original})`);
  return found;
}

/**
 * An attack tool handed to a loader under the name the line gave it (`cp secretsdump.py s.py &&
 * python3 s.py`, `cp linpeas.sh /tmp/x.sh; bash /tmp/x.sh`): judged as the tool. Called when the
 * names as written are no tool's.
 */
export function renamedAttackOperand(
  program: string,
  path: string,
  argv: string[],
  script: ShellScript,
  signals: Signals,
): ReturnType<typeof attackTool> {
  const at = argv.findIndex((arg) => !arg.startsWith("-") && renamedFrom(arg, script, signals) !== null);
  if (at < 0) return null;
  const handed = [...argv];
  const original = renamedFrom(argv[at]!, script, signals)!;
  handed[at] = original;
  const found = attackTool(program, path, handed, signals);
  if (found === "runs")
    signals.score.raise(
      "high",
      `${argv[at]} is an attack tool the line copied or renamed (from ${original})`,
    );
  return found;
}
