/**
 * The import statements of src/, read from the source text (biome keeps them in one shape;
 * TypeScript 7 has no JS API to do it for us): shared by the import-graph tests.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

export const SRC = resolve(import.meta.dirname, "../../src");

export interface ImportStatement {
  specifier: string;
  /** `import(…)`: loaded when the code runs, not with the module. */
  dynamic: boolean;
  /** `import type` / `export type`: gone after compilation. */
  typeOnly: boolean;
}

/** `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`, comments left out. */
export function importStatements(text: string): ImportStatement[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const statement =
    /^\s*(import|export)\b([^;]*?)[\s}*]from\s*"([^"]+)"|^\s*import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm;
  return [...code.matchAll(statement)].map((match) => ({
    specifier: (match[3] ?? match[4] ?? match[5])!,
    dynamic: match[5] !== undefined,
    typeOnly: match[2] !== undefined && /^\s*type\b/.test(match[2]),
  }));
}

export function importSpecifiers(text: string): string[] {
  return importStatements(text).map((statement) => statement.specifier);
}

/** `./x.js` → the .ts file it names (or its index.ts), or null for a package or a file outside src/. */
export function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, ".ts"), `${base}.ts`, join(base, "index.ts")]) {
    if (candidate.startsWith(SRC + sep) && existsSync(candidate) && candidate.endsWith(".ts"))
      return candidate;
  }
  return null;
}
