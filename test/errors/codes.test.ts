import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, isErrorCode } from "../../src/errors/index.js";
import { filesUnder } from "../helpers/tree.js";

const SRC = join(import.meta.dirname, "../../src");
/** The registry itself (codes.ts and its per-prefix lists in codes/): not a use of a code. */
const REGISTRY = [join(SRC, "errors", "codes.ts"), join(SRC, "errors", "codes")];
const registered = Object.keys(ERROR_CODES);
const prefixes = new Set(registered.map((code) => code.split("_")[0]));

const sourceFiles = (dir: string) =>
  filesUnder(dir, [".ts", ".js", ".mjs"]).filter(
    (path) => !REGISTRY.some((registry) => path === registry || path.startsWith(`${registry}/`)),
  );

/**
 * Every code-shaped name under a registered prefix, with where it appears: string literals
 * ("SEAL_TIP_MISMATCH") and the keys of code → status tables (`COSIGN_UNKNOWN_LOG: 404`).
 * Env variable names and the like have other prefixes and are not codes.
 */
function codesInSource(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const shape = /"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"|^\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+):/gm;
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(shape)) {
      const code = match[1] ?? match[2]!;
      if (!prefixes.has(code.split("_")[0]!)) continue;
      found.set(code, [...(found.get(code) ?? []), relative(SRC, file)]);
    }
  }
  return found;
}

describe("error code registry", () => {
  const used = codesInSource();

  it("registers every code used in src/", () => {
    const unregistered = [...used.entries()]
      .filter(([code]) => !isErrorCode(code))
      .map(([code, files]) => `${code} (${[...new Set(files)].join(", ")})`);
    expect(unregistered).toEqual([]);
  });

  it("registers no code that src/ never uses", () => {
    expect(registered.filter((code) => !used.has(code))).toEqual([]);
  });

  it("gives each code a capability of src/, an exit code and a one-line meaning", () => {
    const capabilities = new Set(readdirSync(SRC));
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(capabilities, code).toContain(entry.capability);
      expect([1, 2, 3], code).toContain(entry.exit);
      expect(entry.meaning, code).toMatch(/^[^\n]{8,120}$/);
    }
  });

  // Codes own their exit: no throw site passes one, and a site that says "usage error" by
  // calling configError throws a code registered with exit 2.
  it("takes every exit code from the registry: none chosen at a throw site", () => {
    const chosen: string[] = [];
    const usage: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, "utf8");
      if (/\bexitCode:\s*[0-9]/.test(text) && /TrailsealError|Error\(/.test(text))
        for (const match of text.matchAll(/(?:TrailsealError|[a-z]\w*Error)\([^;]*?\bexitCode:\s*\d/g))
          chosen.push(`${relative(SRC, file)}: ${match[0].slice(0, 60)}`);
      for (const match of text.matchAll(/\bconfigError\(\s*"([A-Z0-9_]+)"/g))
        if (ERROR_CODES[match[1] as keyof typeof ERROR_CODES]?.exit !== 2)
          usage.push(`${relative(SRC, file)}: ${match[1]}`);
    }
    expect(chosen).toEqual([]);
    expect(usage).toEqual([]);
  });

  it("names each condition once: no BAD_ or INVALID_ before the subject", () => {
    expect(registered.filter((code) => /_BAD_|^WITNESS_STORE_(LOCKED|CORRUPT)$/.test(code))).toEqual([]);
  });
});
