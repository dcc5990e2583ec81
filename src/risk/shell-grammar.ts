/**
 * The two tree-sitter-bash backends behind one interface: the native Node binding (npm
 * `tree-sitter`, an optional dependency: loads in ~7 ms) and the wasm build through
 * web-tree-sitter (always installed: ~26–32 ms to start). Both run the same grammar and
 * produce the same trees; the walk in shell-parser.ts reads them through `SyntaxNode`.
 * Differences hidden here: wasm trees must be deleted (wasm memory is not garbage collected),
 * native ones need not; wasm child lists may hold nulls. Invariant: the native binding is only
 * an accelerator: when it is missing or fails to load (no prebuild, a libstdc++ too old for
 * the prebuild, no compiler at install time), the wasm backend is used.
 * `TRAILSEAL_SHELL_PARSER=native|wasm` forces one (tests, debugging); a forced backend that
 * cannot load is an error, not a fallback. docs/decisions/risk-native-parser.md.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { TrailsealError } from "../errors/index.js";

export type ShellBackend = "native" | "wasm";
export const SHELL_BACKENDS: readonly ShellBackend[] = ["native", "wasm"];

/** What the walk reads of a syntax node; both backends' nodes have it. */
export interface SyntaxNode {
  readonly type: string;
  readonly text: string;
  /** Offsets in UTF-16 code units into the parsed string (both backends). */
  readonly startIndex: number;
  readonly endIndex: number;
  readonly isNamed: boolean;
  readonly hasError: boolean;
  readonly children: readonly (SyntaxNode | null)[];
  readonly namedChildren: readonly (SyntaxNode | null)[];
}

export interface ShellGrammar {
  readonly backend: ShellBackend;
  /** Parses `text` and hands the root to `use`; the tree is released afterwards. Null: no tree. */
  withTree<T>(text: string, use: (root: SyntaxNode) => T): T | null;
}

/** Made when a grammar is first loaded: most hook calls never load one. */
let required: NodeJS.Require | undefined;
const requireHere = (): NodeJS.Require => {
  required ??= createRequire(import.meta.url);
  return required;
};

/** The native binding; throws when the packages are missing or the addon cannot load. */
export function loadNativeGrammar(): ShellGrammar {
  type NativeParser = { setLanguage(language: unknown): void; parse(text: string): { rootNode: SyntaxNode } };
  const Parser = requireHere()("tree-sitter") as new () => NativeParser;
  const bash = requireHere()("tree-sitter-bash") as { nodeTypeInfo?: unknown };
  // node-types.json lets setLanguage build a node class per type with field getters (~2 ms at
  // start-up); the walk reads only types and children, so plain nodes do.
  delete bash.nodeTypeInfo;
  const parser = new Parser();
  parser.setLanguage(bash);
  return {
    backend: "native",
    withTree(text, use) {
      const tree = parser.parse(text);
      return tree ? use(tree.rootNode) : null;
    },
  };
}

/**
 * The bash grammar's wasm: the copy the build puts in dist/grammars/ (found from a chunk in
 * dist/chunks/ or from dist/hook.cjs), else the tree-sitter-bash package (running from source).
 */
function bashWasmPath(): string {
  for (const relative of ["./grammars/tree-sitter-bash.wasm", "../grammars/tree-sitter-bash.wasm"]) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(path)) return path;
  }
  return requireHere().resolve("tree-sitter-bash/tree-sitter-bash.wasm");
}

/** The wasm grammar through web-tree-sitter. */
export async function loadWasmGrammar(): Promise<ShellGrammar> {
  // V8 (Node 20) tiers hot wasm functions up to TurboFan in background threads, and a
  // process then waits for those compile jobs before it exits: measured +0.5 s on every
  // hook call. Baseline (Liftoff) code parses a command in well under a millisecond.
  (await import("node:v8")).setFlagsFromString("--liftoff-only");
  const { Parser, Language } = await import("web-tree-sitter");
  await Parser.init({
    wasmBinary: readFileSync(requireHere().resolve("web-tree-sitter/web-tree-sitter.wasm")),
  });
  const bash = await Language.load(readFileSync(bashWasmPath()));
  const parser = new Parser();
  parser.setLanguage(bash);
  return {
    backend: "wasm",
    withTree(text, use) {
      const tree = parser.parse(text);
      if (!tree) return null;
      try {
        return use(tree.rootNode);
      } finally {
        tree.delete();
      }
    },
  };
}

/** The backend `TRAILSEAL_SHELL_PARSER` forces, or null for "native if it loads, else wasm". */
export function forcedBackend(env: NodeJS.ProcessEnv): ShellBackend | null {
  const value = env.TRAILSEAL_SHELL_PARSER;
  if (value === undefined || value === "" || value === "auto") return null;
  if (value === "native" || value === "wasm") return value;
  throw new TrailsealError(
    "RISK_PARSER_BACKEND_INVALID",
    `TRAILSEAL_SHELL_PARSER must be native, wasm or auto, not ${JSON.stringify(value)}`,
    { hint: "unset TRAILSEAL_SHELL_PARSER to use the native parser when it loads, else wasm" },
  );
}

/**
 * Loads the backend `env` asks for; by default native, falling back to wasm. `loadNative` is
 * replaceable so tests can make the native binding fail.
 */
export async function loadShellGrammar(
  env: NodeJS.ProcessEnv = process.env,
  loadNative: () => ShellGrammar = loadNativeGrammar,
): Promise<ShellGrammar> {
  const forced = forcedBackend(env);
  if (forced === "wasm") return loadWasmGrammar();
  try {
    return loadNative();
  } catch (error) {
    if (forced === "native") throw error;
    return loadWasmGrammar();
  }
}
