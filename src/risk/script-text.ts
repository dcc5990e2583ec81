/**
 * A script file's text judged as what it is (the hook reads the file: src/hooks/scripts.ts).
 * Shell scripts are command lines; Python, Node, Ruby, Perl and PHP code goes through the same
 * rules as `-c`/`-e` code (the command line that would hand it over inline is what is judged);
 * PowerShell is judged as the hook judges a PowerShell command. The language is the runner's
 * (`bash x`, `python3 x`), else the script's `#!` line, else its extension, else the shell's
 * (a file without `#!` that the kernel cannot run is run by the shell that called it).
 */
import { interpreterName } from "./rules/interpreters.js";
import { SHELLS, shellQuote } from "./wrappers.js";

export type ScriptLanguage = "shell" | "powershell" | "python3" | "node" | "ruby" | "perl" | "php";

const INLINE: Record<Exclude<ScriptLanguage, "shell" | "powershell">, string> = {
  python3: "-c",
  node: "-e",
  ruby: "-e",
  perl: "-e",
  php: "-r",
};

function languageOf(program: string): ScriptLanguage | null {
  const name = program.toLowerCase().replace(/\.exe$/, "");
  if (SHELLS.has(name) || name === "source" || name === ".") return "shell";
  if (/^(pwsh|powershell)$/.test(name)) return "powershell";
  if (/^(bun|deno|ts-node|tsx)$/.test(name)) return "node";
  // (`python3.11`, `pypy3`, `nodejs`, `perl5.36`: the interpreters' own rule name, rules/interpreters.ts)
  const interpreter = interpreterName(name);
  if (interpreter === "python") return "python3";
  return interpreter === "node" || interpreter === "ruby" || interpreter === "perl" || interpreter === "php"
    ? interpreter
    : null;
}

const EXTENSIONS: Record<string, ScriptLanguage> = {
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  ksh: "shell",
  ps1: "powershell",
  psm1: "powershell",
  py: "python3",
  js: "node",
  mjs: "node",
  cjs: "node",
  ts: "node",
  rb: "ruby",
  pl: "perl",
  pm: "perl",
  php: "php",
};

/**
 * The language `runner` (or, run by its own name, the `#!` line or extension) reads `text` in;
 * null when no rule reads it (`#!/usr/bin/awk -f`, a Lua script: judged by its name, as before).
 */
export function scriptLanguage(runner: string, path: string, text: string): ScriptLanguage | null {
  if (runner !== "") return languageOf(runner.split("/").pop() ?? runner);
  const shebang = /^#!\s*(\S+)(?:[ \t]+(.*))?/.exec(text);
  if (shebang) {
    let program = shebang[1]!.split("/").pop() ?? "";
    // `#!/usr/bin/env python3`, `#!/usr/bin/env -S node --flag`: the first word that is no option
    if (program === "env")
      program =
        (shebang[2] ?? "")
          .split(/\s+/)
          .find((word) => word && !word.startsWith("-") && !word.includes("=")) ?? "";
    return languageOf(program);
  }
  const extension = /\.([A-Za-z0-9]+)$/.exec(path.split("/").pop() ?? "")?.[1]?.toLowerCase();
  if (extension) return EXTENSIONS[extension] ?? null;
  return "shell";
}

/** Whole-line comments of each language (a comment's words are not code: `// spawn over exec`). */
const LINE_COMMENT: Record<Exclude<ScriptLanguage, "shell">, RegExp> = {
  powershell: /^[ \t]*#.*$/gm,
  python3: /^[ \t]*#.*$/gm,
  ruby: /^[ \t]*#.*$/gm,
  perl: /^[ \t]*#.*$/gm,
  node: /^[ \t]*\/\/.*$/gm,
  php: /^[ \t]*(\/\/|#).*$/gm,
};
/** Block comments that start a line: `/* … *\/` (JavaScript, PHP), `<# … #>` (PowerShell), POD (Perl). */
const BLOCK_COMMENT: Partial<Record<ScriptLanguage, RegExp>> = {
  node: /^[ \t]*\/\*[\s\S]*?\*\//gm,
  php: /^[ \t]*\/\*[\s\S]*?\*\//gm,
  powershell: /<#[\s\S]*?#>/g,
  perl: /^=[a-z][\s\S]*?^=cut.*$/gm,
};

/**
 * The command line that judges `text` as `language` code: the text itself for the shell (its
 * parser knows comments) and PowerShell, else the code handed over inline (`python3 -c …`). Whole
 * comment lines and blocks are blanked first (line numbers kept): only code runs.
 */
export function scriptCommand(language: ScriptLanguage, text: string): string {
  if (language === "shell") return text;
  const blank = (comment: string) => comment.replace(/[^\n]/g, "");
  const block = BLOCK_COMMENT[language];
  const code = (block ? text.replace(block, blank) : text).replace(LINE_COMMENT[language], "");
  if (language === "powershell") return code;
  return `${language} ${INLINE[language]} ${shellQuote(code)}`;
}
