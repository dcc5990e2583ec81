/**
 * Processes stopped by `taskkill` and `Stop-Process` (docs/risk.md, "Windows administration"):
 * by name, the system's and its defences' are high. What `taskkill` selects: a filter (`/fi "NAME OP
 * VALUE"`) or an image name can select the system's processes or every process, which takes the
 * host down as killing its daemons by name does (`killall sshd`, `pkill -u root`). Filters are
 * joined by "and": a narrowing one (an ordinary image name, a window title, a pid) keeps the kill
 * to what it names.
 */
import type { Rule, RuleContext } from "../command/rule.js";
import type { Signals } from "../signals.js";
import { pipedFrom, SYSTEM_PROCESS, values } from "./windows-words.js";

/** Accounts the system's services run as. */
const SYSTEM_ACCOUNT = /^([^\\]+\\)?(system|local ?service|network ?service)$/i; // (`NT AUTHORITY\SYSTEM`, localised domains)

/** Why one filter selects system processes or every process, or null when it does not. */
function broadFilter(filter: string): string | null {
  const match = /^\s*(\w+)\s+(eq|ne|gt|lt|ge|le)\s+(.*?)\s*$/i.exec(filter);
  if (!match) return null;
  const [name, op, value] = [match[1]!.toLowerCase(), match[2]!.toLowerCase(), match[3]!];
  // `USERNAME ne alice`, `IMAGENAME ne x.exe`: everything but one, the system included
  if (op === "ne" && /^(username|imagename|status|session|sessionname|services)$/.test(name))
    return `every process but ${value}`;
  if (name === "username" && SYSTEM_ACCOUNT.test(value)) return `every process of ${value}`;
  if (name === "status" && /^running$/i.test(value)) return "every running process";
  // session 0 is where services run
  if ((name === "session" && value === "0") || (name === "sessionname" && /^services$/i.test(value)))
    return "every process of session 0 (the services)";
  if (name === "services") return `the process hosting the service ${value}`;
  if (name === "imagename" && /^\*(\.exe)?$/.test(value)) return "every process";
  // `PID gt 0`, `MEMUSAGE gt 0`, `CPUTIME ge 00:00:00`: a threshold that selects processes by
  // number selects the system's as well (pid 4 is the kernel's)
  if (/^(pid|memusage|cputime)$/.test(name) && op !== "eq")
    return `every process with ${name} ${op} ${value}`;
  return null;
}

/** Whether a filter narrows the kill to something named (an image name, a window, a pid, a module). */
function narrows(filter: string): boolean {
  const match = /^\s*(\w+)\s+(eq)\s+(.*?)\s*$/i.exec(filter);
  if (!match) return false;
  const name = match[1]!.toLowerCase();
  return /^(imagename|windowtitle|pid|modules)$/.test(name) && broadFilter(filter) === null;
}

/**
 * Why a taskkill call's selection takes the system down (its filters, `/im`, `/pid` as given), or
 * null: its image names and filters narrow it, or none of them is broad (image names of the
 * system's processes are judged by name, with Stop-Process's).
 */
export function taskkillSelectsSystem(images: string[], filters: string[], pids: string[]): string | null {
  const cleaned = (word: string) => word.replace(/^["']|["']$/g, "");
  // (a process of the system named, `/im lsass.exe`, is judged by its name: `taskkillNames`)
  if (images.map(cleaned).some((image) => /^\*(\.exe)?$/.test(image))) return "every process";
  if (images.length > 0 || pids.length > 0 || filters.map(cleaned).some(narrows)) return null;
  for (const filter of filters) {
    const why = broadFilter(cleaned(filter));
    if (why) return why;
  }
  return null;
}

/** The process names a taskkill call gives: its `/im` images and its `IMAGENAME eq X` filters. */
export function taskkillNames(images: string[], filters: string[]): string[] {
  const named = filters.map((filter) => /^["']?\s*imagename\s+eq\s+([^"']+)/i.exec(filter)?.[1]);
  return [...images, ...named.filter((name) => name !== undefined)];
}

/**
 * Why `Stop-Process` stops every process (the reason to give), or null: `-Name *`, or fed by a `Get-Process` (`gps`,
 * `ps`) that names nothing and nothing between them that filters (`Get-Process | Stop-Process`).
 */
export function stopProcessSelectsAll(args: string[], context: RuleContext, program: string): string | null {
  const name = args.findIndex((arg) => /^-n(ame)?$/i.test(arg));
  if (name >= 0 && /^["']?\*["']?$/.test(args[name + 1] ?? ""))
    return "Stop-Process stops every process (-Name *): the system goes down with it";
  if (args.some((arg) => /^-(n|name|id|inputobject)$/i.test(arg) || !arg.startsWith("-"))) return null;
  const commands = context.script.commands;
  const here = commands.find((command) => (command.words[0]?.value ?? "").toLowerCase() === program);
  if (!here || here.position === 0) return null;
  const feeders = commands.filter(
    (other) => other.pipeline === here.pipeline && other.position < here.position,
  );
  const [feeder] = feeders;
  if (feeders.length !== 1 || !feeder) return null;
  const [first, ...rest] = feeder.words.map((word) => word.value);
  if (!/^(get-process|gps|ps)$/i.test(first ?? "")) return null;
  // (`Get-Process node`, `-Name x`, `-Id 4`: named ones; `-IncludeUserName` and the like select nothing)
  if (rest.some((arg) => !arg.startsWith("-") || /^-(n|name|id|inputobject)$/i.test(arg))) return null;
  return "Stop-Process stops every process (Get-Process names none): the system goes down with it";
}

const help = (args: string[]) => args.some((arg) => /^([-/]\?|[-/]{1,2}help)$/i.test(arg));

/** `taskkill /f /im lsass.exe`, `Stop-Process -Name MsMpEng`: high for the system and its defences. */
function killsByName(program: string, names: string[], signals: Signals): void {
  const hit = names.find((name) => SYSTEM_PROCESS.test(name.replace(/^["']|["']$/g, "")));
  if (hit) signals.score.raise("high", `${program} stops ${hit}, a process of the system or its defences`);
  else signals.score.raise("medium", `${program} stops a process`);
}

export const taskkill: Rule = (invocation, { signals }) => {
  const args = values(invocation.args);
  if (help(args)) return void signals.score.raise("low", "taskkill help");
  const after = (flag: RegExp) => args.filter((_, i) => flag.test(args[i - 1] ?? ""));
  const images = after(/^\/im$/i);
  // `/fi "USERNAME eq NT AUTHORITY\SYSTEM"`, `/im *`: every process of the system, or all of them
  const broad = taskkillSelectsSystem(images, after(/^\/fi$/i), after(/^\/pid$/i));
  if (broad) return void signals.score.raise("high", `taskkill stops ${broad}: the system goes down with it`);
  killsByName("taskkill", taskkillNames(images, after(/^\/fi$/i)), signals);
};

export const stopProcess: Rule = (invocation, context) => {
  const all = stopProcessSelectsAll(values(invocation.args), context, invocation.program);
  if (all) return void context.signals.score.raise("high", all);
  killsByName(
    "Stop-Process",
    [...values(invocation.args), ...pipedFrom(context, invocation.program)],
    context.signals,
  );
};

/** Process properties that count or number processes (a threshold on them selects the system's too). */
const WMI_NUMBERS =
  /^(processid|handle|parentprocessid|sessionid|workingsetsize|threadcount|handlecount|priority|virtualsize|pagefileusage|kernelmodetime|usermodetime|creationdate)$/;
/** Process properties that name a process (its image, caption or path). */
const WMI_NAMES = /^(name|caption|description|executablepath|commandline)$/;

/** Why one WQL condition (`name like '%'`, `processid > 0`) selects system processes or every process. */
/** A WQL condition's property, operator and value (`(name like '%')` → name, like, %), or null. */
function wqlCondition(condition: string): [string, string, string] | null {
  // (parentheses and quotes taken off by index: the filter is a command-line word of any length)
  let start = 0;
  let end = condition.length;
  while (start < end && /[\s(]/.test(condition[start]!)) start += 1;
  while (end > start && /[\s)]/.test(condition[end - 1]!)) end -= 1;
  const match = /^(\w+)\s*(=|!=|<>|<=|>=|<|>|not like|like)\s*(.*)$/i.exec(condition.slice(start, end));
  if (!match) return null;
  let value = match[3]!;
  if (/^['"]/.test(value)) value = value.slice(1);
  if (/['"]$/.test(value)) value = value.slice(0, -1);
  return [match[1]!.toLowerCase(), match[2]!.toLowerCase(), value];
}

function broadCondition(condition: string): string | null {
  // `not name='explorer.exe'`: everything but what follows
  const negated = /^\(*\s*not\s+(.+)$/i.exec(condition.trim());
  if (negated) return `every process but ${negated[1]!}`;
  const parsed = wqlCondition(condition);
  if (!parsed) return null;
  const [name, op, value] = parsed;
  // `name != 'explorer.exe'`, `name not like 'x%'`: everything but one, the system included
  if (op === "!=" || op === "<>" || op === "not like") return `every process but ${value}`;
  // `name like '%'`, `name like '%.exe'`: wildcards and at most a file suffix select every process
  if (op === "like" && /^[%_]+(\.\w+)?$/.test(value)) return "every process";
  if (WMI_NAMES.test(name)) {
    const pattern = value.replace(/\\\\/g, "\\").toLowerCase();
    // the system's own directory (`executablepath like 'C:\Windows\%'`)
    if (/^([a-z]:|%)?\\?windows\\|\\?system32(\\|%|$)|syswow64/.test(pattern))
      return `every process run from ${value}`;
    const image = pattern.replace(/%.*$/, "").split("\\").pop() ?? "";
    if (op === "=" ? SYSTEM_PROCESS.test(image) : image.length >= 2 && prefixOfSystem(image))
      return `${value}, a process of the system or its defences`;
    return null;
  }
  if (name === "sessionid" && op === "=" && value === "0") return "every process of session 0 (the services)";
  if (WMI_NUMBERS.test(name) && op !== "=") return `every process with ${name} ${op} ${value}`;
  return null;
}

/** `sysmon%`, `lsa%`: a prefix that the name of a system or defence process starts with. */
function prefixOfSystem(prefix: string): boolean {
  return SYSTEM_PROCESS.source
    .replace(/^\^\(|\)\(\\\.exe\)\?\$$/g, "")
    .split("|")
    .some((name) => name.startsWith(prefix));
}

/** Whether a WQL condition narrows to one ordinary process (`name='node.exe'`, `processid=4242`). */
function narrowsWql(condition: string): boolean {
  const parsed = wqlCondition(condition);
  if (!parsed || (parsed[1] !== "=" && parsed[1] !== "like") || broadCondition(condition)) return false;
  return (
    /^(name|caption|processid|handle|executablepath|commandline)$/.test(parsed[0]) &&
    !/^[%_]*$/.test(parsed[2])
  );
}

/**
 * Why `wmic process [where FILTER] delete|call terminate` stops the system's processes or every
 * process (`where "name like '%'"`, `processid > 0`, `name != 'x'`, `sessionid = 0`, a path under
 * `C:\Windows\`, no filter at all), or null. Conditions joined by `or` select what any selects;
 * by `and`, a narrowing one (an ordinary process named) keeps the stop to it.
 */
export function wmicSelectsSystem(argv: string[]): string | null {
  const words = argv.map((word) => word.toLowerCase());
  const process = words.indexOf("process");
  const verb = words.findIndex((word) => word === "delete" || word === "terminate");
  if (process < 0 || verb < process) return null;
  const where = words.indexOf("where", process);
  if (where < 0 || where > verb) return "every process (no filter)";
  const end = words.findIndex((word, i) => i > where && /^(delete|call|get|set|list)$/.test(word));
  // (runs of spaces made one first: the splits below then cost one pass)
  const filter = argv
    .slice(where + 1, end < 0 ? undefined : end)
    .join(" ")
    .replace(/\s+/g, " ")
    .replace(/^["']|["']$/g, "");
  for (const disjunct of filter.split(/ or /i)) {
    const conditions = disjunct.split(/ and /i);
    if (conditions.some(narrowsWql)) continue;
    for (const condition of conditions) {
      const why = broadCondition(condition);
      if (why) return why;
    }
  }
  return null;
}
