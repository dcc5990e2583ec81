/**
 * The real shell parser: tree-sitter-bash, loaded lazily on the first command that needs it
 * and kept for the process: the native binding when it loads, else the wasm build (see
 * shell-grammar.ts; `TRAILSEAL_SHELL_PARSER=native|wasm` forces one). shell-walker.ts turns
 * the syntax tree into the simple commands of shell-model.ts.
 */
import { hasCode, TrailsealError } from "../errors/index.js";
import { heredocsAsHerestrings } from "./heredoc.js";
import { loadShellGrammar, type ShellBackend, type ShellGrammar } from "./shell-grammar.js";
import type { ShellScript } from "./shell-model.js";
import { walkTree } from "./shell-walker.js";

let grammar: ShellGrammar | null = null;
let loading: Promise<void> | null = null;

export function isShellParserLoaded(): boolean {
  return grammar !== null;
}

/** The backend the loaded parser uses (null before loadShellParser finished). */
export function shellParserBackend(): ShellBackend | null {
  return grammar?.backend ?? null;
}

/** Loads the grammar once; later calls return at once. */
export function loadShellParser(): Promise<void> {
  loading ??= (async () => {
    grammar = await loadShellGrammar(process.env);
  })().catch((cause) => {
    loading = null;
    if (hasCode(cause, "RISK_PARSER_BACKEND_INVALID")) throw cause;
    throw new TrailsealError(
      "RISK_PARSER_UNAVAILABLE",
      "the shell parser (tree-sitter-bash) could not load",
      {
        cause,
        hint:
          process.env.TRAILSEAL_SHELL_PARSER === "native"
            ? "the optional native binding (npm tree-sitter) did not install or load here: unset TRAILSEAL_SHELL_PARSER to use the wasm parser"
            : "reinstall trailseal: web-tree-sitter and tree-sitter-bash must be in node_modules",
      },
    );
  });
  return loading;
}

/** Parses with tree-sitter. The parser must be loaded (loadShellParser). */
export function parseWithTreeSitter(text: string): ShellScript {
  if (!grammar) throw new TrailsealError("RISK_PARSER_NOT_LOADED", "the shell parser is not loaded");
  return parseWithGrammar(grammar, text);
}

/** Parses with a given backend (tests compare the two). */
export function parseWithGrammar(backend: ShellGrammar, text: string): ShellScript {
  const script = walkTree(backend, text);
  if (!script.error) return script;
  // Valid bash the grammar rejects (two heredocs on a line, `<<E'O'F`): read once more with the
  // heredocs as herestrings; kept only when that reading is clean.
  const rewritten = heredocsAsHerestrings(text);
  if (rewritten === null) return script;
  const second = walkTree(backend, rewritten);
  return second.error ? script : second;
}
