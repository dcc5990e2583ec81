/**
 * Interpreters (python, node, perl, ruby, php, lua, R, julia, osascript, awk): a script or
 * inline code runs. Inline code of another language is not parsed, but what it hands to a
 * shell is found and judged as the command it is: strings given to `os.system`, `execSync`,
 * `system`, backticks (`subprocess.run([...])`'s list too); trees it deletes (`rmtree`,
 * `rmSync`); secret files it names. A shell call given something other than literal text
 * (`os.system(input())`) runs a command known only at run time: high. Every spelling counts:
 * `python3.11`, `pypy3`, `perl -we`, `node -pe`, code in a heredoc or piped in.
 */
import { optionValue, positionals } from "../command/argv.js";
import type { Rule, RuleContext, RuleTable } from "../command/rule.js";
import { fromList } from "../command/rule.js";
import { secretFileReason, sensitiveReason } from "../paths.js";
import { shellQuote } from "../wrappers.js";
import { judgeAppleScript } from "./applescript.js";
import { judgeCodeHazards } from "./bombs.js";
import { callText, firstArgument } from "./code-args.js";
import { packageManager, testCommand, toolchain } from "./dev.js";
import { judgeScriptName } from "./general.js";
import { pip } from "./pip.js";

/** The rule name of a versioned or aliased interpreter: `python3.11` → python, `nodejs` → node. */
export function interpreterName(program: string): string {
  const match = /^(python|pypy|perl|ruby|php|lua|node|nodejs|tclsh|julia)(\d[\d.]*)?$/.exec(program);
  if (!match) return program;
  const base = match[1]!;
  if (base === "pypy" || (base === "python" && match[2])) return "python";
  return base === "nodejs" ? "node" : base;
}

/** The option that carries inline code, per interpreter (clusters such as `-we`, `-pe`). */
const INLINE_OPTION: [RegExp, RegExp][] = [
  [/^python/, /^-[a-zA-Z]*c$/],
  [/^(perl|ruby)$/, /^-[a-zA-Z]*[eE]$/],
  [/^(node|bun|ts-node|tsx)$/, /^(-[a-zA-Z]*[ep]|--eval|--print)$/],
  [/^php$/, /^-[a-zA-Z]*r$/],
  [/^(lua|rscript|julia|osascript)$/, /^(-e|--eval)$/],
];

/** Calls that run a command, per language; the shell sees their string (or list of strings). */
const SHELL_CALLS: [RegExp, string][] = [
  // `__import__('os').system(…)` and `o.system(…)` as well as `os.system(…)`
  [
    /^python/,
    String.raw`(?:\)|\w+)\.(?:system|popen|exec[lv]p?e?|spawn\w*)|subprocess\.\w+|__import__\(\s*["']subprocess["']\s*\)\.\w+|commands\.\w+|pty\.spawn`,
  ],
  [
    /^(node|bun|deno|ts-node|tsx)$/,
    String.raw`execSync|execFileSync|execFile|spawnSync|spawn|exec|Bun\.spawnSync|Bun\.spawn|Deno\.Command`,
  ],
  [
    /^(ruby|perl|php)$/,
    String.raw`system|exec|spawn|popen|shell_exec|passthru|proc_open|IO\.popen|Open3\.\w+`,
  ],
  [/^lua$/, String.raw`os\.execute|io\.popen`],
  [/^rscript$/, "system2?"],
  [/^(awk|gawk|mawk)$/, "system"],
  // Terminal's `do script "…"` runs its text in a new shell, as `do shell script` does
  [/^osascript$/, "do shell script|do script"],
];
/** Deleting calls, per kind: trees (`shutil.rmtree`, `fs.rmSync`, `FileUtils.rm_rf`) and files. */
const DELETE_NAMES =
  /(?:^|[^\w$])((?:shutil\.)?rmtree|rmSync|rmdirSync|rm_rf|rm_r|remove_dir_all|removeSync|rimraf["']\)\.sync|rimraf(?:\.sync)?|remove_tree|os\.remove|os\.unlink|unlinkSync|File\.delete|FileUtils\.rm|os\.remove_file|remove_file|Deno\.removeSync|Deno\.remove|fs\.promises\.rm|fs\.rm)\b/g;
const TREE_NAMES = /rmtree|rmSync|rmdirSync|rm_rf|rm_r|remove_dir_all|removeSync|rimraf|remove_tree/;
/** The home directory spelled in code: a tree delete of it is `rm -r ~`. */
const HOME_IN_CODE =
  /\b(?:rmtree|rmSync|rm_rf|remove_dir_all|rimraf|remove|unlink|rmdir|delete|rm)\s*\(\s*(?:os\.path\.expanduser\(\s*["']~["']\s*\)|(?:require\(["']os["']\)\.|os\.)homedir\(\)|Path\.home\(\)|os\.environ\[["']HOME["']\]|os\.getenv\(["']HOME["']\)|process\.env\.HOME|Dir\.home|ENV\[["']HOME["']\]|\$ENV\{HOME\})/;
/** Code decoded at run time and then run: `exec(b64decode(…))`, `eval(atob(…))`. */
const DECODED_EXEC =
  /\b(?:exec|eval|Function|system)\s*\((?:[^()]|\([^()]*\))*\b(?:b64decode|decodebytes|decompress|unhexlify|fromhex|atob|decode64|unpack1?|base64)\b/;
const DELETE_CALL =
  /\b(?:os\.(?:remove|unlink|rmdir|removedirs)|shutil\.rmtree|\.unlink|unlinkSync|rmSync|rmdirSync|fs\.rm|File\.delete|FileUtils\.rm\w*|unlink|rmtree|remove_dir_all|remove_file)\s*\(|\barray_map\s*\(\s*["']unlink["']/;
/** Calls that write a file: the first argument is the path written. */
const WRITE_NAMES =
  /(?:^|[^\w$])(writeFileSync|appendFileSync|writeFile|appendFile|file_put_contents|File\.write|IO\.write|Deno\.writeTextFile(?:Sync)?|Bun\.write)\b/g;
const LISTS_EVERYTHING =
  /\b(?:listdir|scandir|walk|readdirSync|readdir|iterdir)\s*\(|glob\s*\(\s*["'](?:\*\*\/)?\*["']|Dir\.(?:glob|children|entries)\s*\(\s*["'](?:\*\*\/)?\*/;
const HOME_LISTED =
  /(?:Path\.home\(\)|expanduser\(\s*["']~["']\s*\)|homedir\(\)|Dir\.home)[^;\n]*\.(?:rglob|glob|iterdir|walk)\s*\(|(?:walk|listdir|scandir|rglob|glob|readdirSync)\s*\(\s*(?:Path\.home\(\)|os\.path\.expanduser\(\s*["']~["']\s*\)|(?:require\(["']os["']\)\.|os\.)?homedir\(\))/;
const CWD_IN_CODE =
  /\b(?:rmtree|rmSync|rm_rf|remove_dir_all|rimraf)\s*\(\s*(?:os\.getcwd\(\)|process\.cwd\(\)|Dir\.pwd|["']\.\/?["'])/;
const LITERAL = /(["'])((?:\\.|(?!\1)[^\\\n])*)\1/g;
/** Code that evaluates what it downloads: `exec(urlopen(u).read())`, `fetch(u).then(…).then(eval)`. */
const EVALUATES =
  /\b(?:exec|eval|Function|execfile|loadstring|instance_eval|module_eval)\s*\(|\.then\(\s*eval\s*\)|\bload\s*\(/;
const DOWNLOADS_IN_CODE =
  /\b(?:urlopen|urlretrieve|requests\.(?:get|post)|httpx\.get|fetch|axios\.get|https?\.get|Net::HTTP|URI\.open|LWP::Simple|HTTP::Tiny|curl_exec)\b|file_get_contents\(\s*["']https?:/;
/** Whether an evaluation (EVALUATES) has `fetched` text within five lines of it. */
function evaluatesNear(code: string, fetched: (text: string) => boolean): boolean {
  const lines = code.split("\n");
  return lines.some(
    (line, i) => EVALUATES.test(line) && fetched(lines.slice(Math.max(0, i - 5), i + 6).join("\n")),
  );
}

/** Shell text in a JS template run by a shell: `Bun.$\`cmd\``, zx's `$\`cmd\``. */
const TEMPLATE_SHELL = /(?:^|[^\w.])(?:Bun\.)?\$`((?:\\.|[^`\\])*)`/g;

/**
 * Python's imports rename the calls: `import subprocess as s` makes `s.run(…)` one,
 * `from os import system` makes `system(…)` one.
 */
function withImportedNames(program: string, code: string, names: string | undefined): string | undefined {
  if (!names || !/^python/.test(program)) return names;
  const extra: string[] = [];
  for (const match of code.matchAll(/\bimport\s+(subprocess|os|pty|commands)\s+as\s+(\w+)/g)) {
    extra.push(
      String.raw`${match[2]}\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput|system|popen|spawn\w*|exec\w*)`,
    );
  }
  for (const match of code.matchAll(/\bfrom\s+(?:subprocess|os|pty)\s+import\s+([\w\s,]+)/g)) {
    for (const name of match[1]!.split(/[\s,]+/).filter(Boolean)) {
      if (
        /^(run|call|check_call|check_output|Popen|getoutput|getstatusoutput|system|popen|spawn\w*|exec\w*)$/.test(
          name,
        )
      )
        extra.push(name);
    }
  }
  return extra.length > 0 ? `${names}|${extra.join("|")}` : names;
}

/**
 * `re.exec(…)`, `/x/.exec(s)`, `obj.spawn(…)`: a generic method name on another object is not
 * child_process's. Specific names (`execSync`, `spawnSync`) and `child_process`/`cp.` count.
 */
function memberOfSomethingElse(code: string, index: number, matched: string): boolean {
  if (!matched.startsWith(".") || !/^\.(exec|spawn|execFile|system|popen)$/.test(matched)) return false;
  return !/(child_process["']\)|\b(cp|child|childProcess|child_process|proc|os|subprocess|Kernel|IO|Open3)\s*)$/.test(
    code.slice(Math.max(0, index - 24), index),
  );
}

/** Judges inline code of `program` by the commands it runs, the trees it deletes and the secrets it names. */
export function judgeInlineCode(program: string, code: string, context: RuleContext): void {
  const { score } = context.signals;
  judgeCodeHazards(code, context.signals); // reverse shells, fork bombs
  if (program === "osascript") judgeAppleScript(code, context.signals);
  const names = withImportedNames(program, code, SHELL_CALLS.find(([name]) => name.test(program))?.[1]);
  if (names) {
    for (const match of code.matchAll(new RegExp(String.raw`(?:^|[^\w$])(?:${names})\b`, "g"))) {
      if (memberOfSomethingElse(code, match.index, match[0])) continue;
      const call = callText(code, match.index + match[0].length);
      if (call === undefined) continue;
      context.nested(
        { value: call.text, dynamic: call.dynamic, inner: [] },
        `${program} inline code runs a command`,
      );
    }
  }
  if (/^(ruby|perl|php|julia)$/.test(program)) {
    for (const match of code.matchAll(/`([^`]*)`|\bqx\s*[({/]([^)}/]*)[)}/]|%x[({]([^)}]*)[)}]/g)) {
      const text = match[1] ?? match[2] ?? match[3] ?? "";
      if (text.trim())
        context.nested({ value: text, dynamic: false, inner: [] }, `${program} inline code runs a command`);
    }
  }
  if (/^(awk|gawk|mawk)$/.test(program)) {
    // `"cmd" | getline`, `print … | "cmd"`: awk hands the string to sh
    for (const match of code.matchAll(/"((?:\\.|[^"\\])*)"\s*\|\s*getline|\|\s*"((?:\\.|[^"\\])*)"/g)) {
      const text = match[1] ?? match[2] ?? "";
      if (text.trim()) context.nested({ value: text, dynamic: false, inner: [] }, "awk runs a command");
      // `print | "sh"`: what awk prints is the script, known only at run time
      if (match[2] && /^\s*(\S*\/)?(sh|bash|zsh|dash|ksh|python\d*|perl|ruby|node)(\s|$)/.test(match[2]))
        score.raise("high", `awk pipes its output into ${match[2].trim()}: a script known only at run time`);
    }
    if (
      /\|\s*[^"\s]/.test(code.replace(/"(?:\\.|[^"\\])*"/g, '""')) &&
      /\|\s*(?!getline)[A-Za-z_]\w*/.test(code)
    ) {
      score.raise("medium", "the awk program runs commands or writes files");
    }
  }
  for (const match of code.matchAll(DELETE_NAMES)) {
    const target = firstArgument(code, match.index + match[0].length);
    if (target === undefined) continue;
    // `Deno.remove(p, {recursive: true})`, `fs.rm(p, {recursive: true})`: a tree when the option says so
    const optioned = /recursive\s*:\s*true/.test(code.slice(match.index).split(/[;\n]/)[0]!);
    const recursive = TREE_NAMES.test(match[1]!) || optioned ? "-r " : "";
    const quoted = target.includes("$RUNTIME") ? `"${target}"` : shellQuote(target);
    context.nested(
      { value: `rm ${recursive}-- ${quoted}`, dynamic: target.includes("$RUNTIME"), inner: [] },
      `${program} inline code deletes ${recursive ? "a tree" : "a file"}`,
    );
  }
  // `unlink glob "~/.config/*"` (perl), `os.remove("…")` without parentheses in other spellings
  for (const match of code.matchAll(/\bunlink\s+(?:glob\s*\(?\s*)?(["'])((?:\\.|(?!\1)[^\\])*)\1/g)) {
    context.nested(
      { value: `rm -- ${shellQuote(match[2]!)}`, dynamic: false, inner: [] },
      `${program} inline code deletes files`,
    );
  }
  // Deleting what it lists under the home directory (`Path.home().rglob(…)` then `.unlink()`)
  if (DELETE_CALL.test(code) && HOME_LISTED.test(code))
    score.raise(
      "high",
      `${program} inline code deletes files it lists under the home directory`,
      "destructive_command",
    );
  // A socket connected out with a shell on its descriptors: a reverse shell
  if (
    /\bconnect\s*\(/.test(code) &&
    /\bdup2\b|pty\.spawn/.test(code) &&
    /["'](\/bin\/)?(ba)?sh["']|["']-i["']/.test(code)
  )
    score.raise("critical", `${program} inline code gives a network peer a shell`, "network_request");
  // `os.rename(~/.ssh, …)`, `renameSync(homedir()/Documents, …)`: moving a tree away, judged as `mv`
  for (const match of code.matchAll(
    /(?:^|[^\w$])(os\.rename|os\.replace|shutil\.move|renameSync|File\.rename|FileUtils\.mv)\b/g,
  )) {
    const call = callText(code, match.index + match[0].length);
    if (call && !call.dynamic)
      context.nested(
        { value: `mv -- ${call.text}`, dynamic: false, inner: [] },
        `${program} inline code moves`,
      );
  }
  // Deleting paths the code lists at run time, or the working directory itself
  if (DELETE_CALL.test(code) && (LISTS_EVERYTHING.test(code) || CWD_IN_CODE.test(code))) {
    score.raise(
      "high",
      `${program} inline code deletes every file it lists (or the working directory)`,
      "destructive_command",
    );
  }
  if (/^(node|bun|deno|ts-node|tsx)$/.test(program)) {
    for (const match of code.matchAll(TEMPLATE_SHELL)) {
      const text = match[1]!;
      context.nested(
        { value: text, dynamic: text.includes("${"), inner: [] },
        `${program} runs a shell template`,
      );
    }
  }
  // R's `unlink(x, recursive = TRUE)`, Julia's `rm(x, recursive = true)`: tree deletes
  const treeCall =
    program === "rscript" ? /\bunlink\s*(?=\()/g : program === "julia" ? /\brm\s*(?=\()/g : null;
  for (const match of treeCall ? code.matchAll(treeCall) : []) {
    const statement = code.slice(match.index).split(/[;\n]/)[0]!;
    const target = /^\w+\s*\(\s*(homedir\(\)|path\.expand\(["']~["']\)|Sys\.getenv\(["']HOME["']\))/.test(
      statement,
    )
      ? "~"
      : firstArgument(code, match.index + match[0].length);
    if (target === undefined) continue;
    const recursive = /recursive\s*=\s*(TRUE|T|true)\b/.test(statement) ? "-r " : "";
    const quoted = target.includes("$RUNTIME") ? `"${target}"` : shellQuote(target);
    context.nested(
      { value: `rm ${recursive}-- ${quoted}`, dynamic: target.includes("$RUNTIME"), inner: [] },
      `${program} inline code deletes ${recursive ? "a tree" : "a file"}`,
    );
  }
  // Python's and Ruby's `open('/etc/passwd', 'w')`: the file is written
  for (const match of code.matchAll(/\bopen\s*\(\s*(["'])((?:\\.|(?!\1)[^\\])*)\1\s*,\s*["'][wa]/g))
    context.signals.write(match[2]!, `${program} inline code writes`);
  for (const match of code.matchAll(WRITE_NAMES)) {
    const target = firstArgument(code, match.index + match[0].length);
    if (target !== undefined && !target.includes("$RUNTIME"))
      context.signals.write(target, `${program} inline code writes`);
  }
  // a URL in code that evaluates a string: what runs is fetched (`https.get(url, … eval(d))`)
  const fetched = (text: string) => DOWNLOADS_IN_CODE.test(text) || /["'`]https?:\/\//.test(text);
  // (a script file's whole text names URLs and evaluations far apart: only those near each other)
  if (EVALUATES.test(code) && (context.signals.inFile ? evaluatesNear(code, fetched) : fetched(code))) {
    score.raise(
      "critical",
      `${program} inline code runs code it downloads`,
      "pipe_to_shell",
      "network_request",
    );
  }
  if (DECODED_EXEC.test(code)) {
    score.raise("high", `${program} inline code runs code it decodes: encoding hides what runs`);
  }
  if (HOME_IN_CODE.test(code)) {
    context.nested(
      { value: "rm -r -- ~", dynamic: false, inner: [] },
      `${program} inline code deletes a tree`,
    );
  }
  for (const match of code.matchAll(LITERAL)) {
    // a glob stands for what it matches: `~/.ssh/*` for a file in ~/.ssh, `.env*` for .env
    const value = match[2]!.replace(/\/\*$/, "/x").replace(/(.)\*+$/, "$1");
    if (/^(~|\.{0,2}\/|\.env)/.test(value) ? sensitiveReason(value) : secretFileReason(value)) {
      context.signals.read(value, `${program} inline code opens`);
    }
  }
}

/** python, node, ruby, …: a script or inline code runs; `-m pytest` is a test run. */
export const interpreter: Rule = (invocation, context) => {
  const { program, args } = invocation;
  const { score } = context.signals;
  const first = args[0]?.value ?? "";
  if (/^(--version|-V|-v|--help|-h)$/.test(first) && args.length === 1) return void score.raise("none", "");
  const module = args.findIndex((word) => word.value === "-m");
  if (module >= 0) {
    const name = args[module + 1]?.value ?? "";
    const rest = args.slice(module + 2);
    if (/^(pytest|unittest|nose2?|tox)$/.test(name)) return testCommand(`${program} -m ${name}`, context);
    if (name === "pip") return pip({ ...invocation, program: "pip", args: rest }, context);
    // `python -m json.tool f`, `-m base64 f`, `-m zipfile -c out.zip dir`: the files are read
    for (const file of positionals(rest))
      if (!file.dynamic) context.signals.read(file, `${program} -m ${name} reads`);
    if (name === "http.server") {
      // `--directory /`, `-d ~`: the root or the home served, every key and credential in it
      const root = optionValue(rest, ["--directory", "-d"]);
      if (root && /^(\/|~\/?|\$HOME\/?|\/home\/[^/]+\/?|\/Users\/[^/]+\/?)$/.test(root))
        return void score.raise(
          "high",
          `serves ${root} over HTTP: every secret under it`,
          "network_request",
          "sensitive_file_access",
        );
      return void score.raise("medium", "serves files over HTTP", "network_request");
    }
    return void score.raise("medium", `${program} -m ${name}`);
  }
  const option = INLINE_OPTION.find(([name]) => name.test(program))?.[1];
  const inline = option ? args.findIndex((word) => option.test(word.value)) : -1;
  if (inline >= 0) {
    const code = args[inline + 1];
    if (code && !code.dynamic) judgeInlineCode(program, code.value, context);
    if (code?.dynamic) score.raise("high", `${program} runs inline code known only at run time`);
    const inPlace =
      program === "perl" && args.slice(0, inline + 1).some((word) => /^-[^-MmIdDxVe]*i/.test(word.value));
    for (const file of positionals(args.slice(inline + 2))) {
      if (inPlace) context.signals.write(file, "edits");
      else context.signals.read(file);
    }
    return void score.raise("medium", `${program} runs inline code`);
  }
  const script = positionals(args)[0];
  if (!script || script.value === "-") {
    // Code from stdin: a heredoc or herestring is read here; a pipe is judged by pipeToShell.
    const stdin = invocation.command.stdinText;
    if (stdin !== null) judgeInlineCode(program, stdin, context);
    return void score.raise("medium", `${program} runs code from its input`);
  }
  context.signals.read(script);
  context.signals.runs(script, program);
  const rest = args.slice(args.indexOf(script) + 1);
  if (judgeScriptName(script.value, rest, context.signals)) return;
  score.raise("medium", `${program} runs ${script.value}`);
};

/** awk's program text is code: what it runs is judged like any inline code. */
export const awk: Rule = (invocation, context) => {
  const text = positionals(invocation.args, ["-F", "-v", "-f"])[0];
  if (text && !invocation.args.some((word) => word.value === "-f")) {
    judgeInlineCode(invocation.program, text.value, context);
  }
};

/** deno: `eval CODE` is inline code; `run URL` runs code downloaded from the URL. */
const deno: Rule = (invocation, context) => {
  const words = positionals(invocation.args);
  const sub = words[0]?.value ?? "";
  if (sub === "eval" && words[1]) {
    if (words[1].dynamic) context.signals.score.raise("high", "deno runs inline code known only at run time");
    else judgeInlineCode("deno", words[1].value, context);
    return void context.signals.score.raise("medium", "deno runs inline code");
  }
  if (/^(run|install|x)$/.test(sub) && /^https?:\/\//.test(words[1]?.value ?? "")) {
    context.signals.network(words[1]!.value, "GET", "command");
    return void context.signals.score.raise(
      "critical",
      `deno ${sub} runs code downloaded from ${words[1]!.value}`,
      "pipe_to_shell",
      "network_request",
    );
  }
  toolchain(invocation, context);
};

/**
 * bun is a package manager and a JavaScript runtime: a script file or inline code runs as with
 * node; anything else is the package manager's (`bun publish` releases, as `npm publish`).
 */
const bun: Rule = (invocation, context) => {
  const first = invocation.args[0]?.value ?? "";
  const runs = /^(-e|--eval|-p|--print)$/.test(first) || /\.(m?[jt]sx?|c[jt]s)$|\//.test(first);
  (runs ? interpreter : packageManager)(invocation, context);
};

export const INTERPRETER_RULES: RuleTable = {
  bun,
  deno,
  ...fromList("python python2 python3 node ruby php lua rscript julia ts-node tsx osascript", interpreter),
};
