/**
 * What the agent hook loads. `trailseal hook <agent>` is a new process on every tool call, with a
 * budget (docs/performance.md, "Agent hook"): the modules src/cli/hook-runtime/ reaches through
 * static imports load on every call, so the packages and Node built-ins among them are pinned
 * here. A new one fails this test until it is added below with its reason (and measured: node
 * scripts/bench-hook.mjs). Dynamic imports load only when reached; they are pinned apart.
 */
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { importStatements, resolveImport, SRC } from "../helpers/imports.js";

/** The hook bundle's entry (dist/hook.cjs) and the bin that loads it (dist/cli.cjs). */
const ENTRIES = ["cli/hook-runtime/entry.ts", "cli/hook-runtime/launcher.ts"].map((file) => join(SRC, file));

/** Loaded on every hook call. */
const EAGER = [
  "node:child_process", // durable lock-owner: the owner's start time (ps), only when a lock is contended
  "node:crypto", // event hashes, the seal key's HMAC, the code cache's integrity check
  "node:fs", // fileCalls: the synchronous and callback file calls (never node:fs/promises)
  "node:module", // createRequire for the packages required on rare paths
  "node:os", // the default home
  "node:path",
  "node:vm", // the code cache: vm.Script with cachedData
];

/** Loaded only when a call needs them (a shell grammar, a secret to redact, unusual input). */
const LAZY = [
  "@secretlint/core", // the secret rule set, when a recorded string may hold a token
  "@secretlint/secretlint-rule-preset-recommend",
  "canonicalize", // JCS (src/encoding), with the modules that need it
  "node:fs/promises", // only under Node's permission model (fileCalls.open)
  "node:stream/promises", // writing a trail archive (src/trail), not a hook call's path
  "node:string_decoder", // the trail's reader and verifier (src/trail), not a hook call's path
  "node:tty",
  "node:url", // file URLs of the grammars and the rule set
  "node:v8", // the wasm grammar's compiler flag
  "node:worker_threads", // the trail's parallel verifier
  "node:zlib", // the trail's archives (gzip), read and written only by the commands that need them
  "picomatch",
  "tree-sitter",
  "tree-sitter-bash",
  "web-tree-sitter",
  "yaml",
  "zod",
];

function walk(): { eager: Set<string>; lazy: Set<string>; modules: Set<string> } {
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const modules = new Set<string>();
  const visit = (file: string, dynamic: boolean) => {
    const key = `${dynamic ? "lazy" : "eager"}:${file}`;
    if (modules.has(key) || (dynamic && modules.has(`eager:${file}`))) return;
    modules.add(key);
    for (const statement of importStatements(readFileSync(file, "utf8"))) {
      if (statement.typeOnly) continue;
      const isDynamic = dynamic || statement.dynamic;
      const target = resolveImport(file, statement.specifier);
      if (target) visit(target, isDynamic);
      else if (!statement.specifier.startsWith(".")) (isDynamic ? lazy : eager).add(statement.specifier);
    }
  };
  for (const entry of ENTRIES) visit(entry, false);
  for (const name of eager) lazy.delete(name);
  return { eager, lazy, modules };
}

describe("the hook bundle's imports", () => {
  const { eager, lazy, modules } = walk();

  it("reads the hook's module graph", () => {
    expect(modules.size).toBeGreaterThan(40);
  });

  it("loads only the pinned packages and built-ins on every call", () => {
    expect([...eager].sort()).toEqual([...EAGER].sort());
  });

  it("loads the others only when a call needs them", () => {
    expect([...lazy].filter((name) => !LAZY.includes(name)).sort()).toEqual([]);
  });

  it("chooses the built-file loader without reaching what uses it (redaction loads with the call)", () => {
    const eagerModules = [...modules]
      .filter((key) => key.startsWith("eager:"))
      .map((key) => relative(SRC, key.slice(6)).split(sep).join("/"));
    expect(eagerModules).toContain("built-files/index.ts");
    expect(eagerModules.filter((module) => module.startsWith("redact/"))).toEqual([]);
  });

  it("reaches no capability that only other commands need", () => {
    const capabilities = new Set(
      [...modules]
        .filter((key) => key.startsWith("eager:"))
        .map((key) => relative(SRC, key.slice(6)).split(sep)[0]),
    );
    for (const heavy of ["witness", "export", "report", "dashboard", "relay", "stats", "tlog", "seal"])
      expect(capabilities, heavy).not.toContain(heavy);
  });
});

/**
 * What dist/hook.cjs itself holds, read from esbuild's metafile with the build's own code
 * (scripts/hook-bundles.mjs). Every byte of it is hashed and its compiled code deserialised on
 * every call (docs/decisions/hook-call-speed.md), so what only other paths need stays out: the
 * rare paths in dist/hook-rare.cjs, `record` in dist/record.cjs.
 */
describe("the hook bundle's contents", async () => {
  const bundles = "../../scripts/hook-bundles.mjs";
  const { buildFastPathBundles, RARE_MODULES } = (await import(bundles)) as {
    RARE_MODULES: string[];
    buildFastPathBundles: (
      esbuild: typeof build,
      root: string,
    ) => Promise<Record<string, { inputs: Record<string, { bytesInOutput: number }> }>>;
  };
  const built = await buildFastPathBundles(build, join(SRC, ".."));
  const holds = (name: string) =>
    new Map(Object.entries(built[name]!.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput]));
  const hook = holds("hook.cjs");
  const rare = holds("hook-rare.cjs");
  const record = holds("record.cjs");

  it("is read from the build's own code", () => {
    expect(hook.size).toBeGreaterThan(40);
    expect([...record.keys()]).toContain("src/cli/commands/record.ts");
  });

  it("holds none of the error registry's tables (an exit code is looked up only where a process ends with one)", () => {
    // What is left of the registry's modules are their empty shells (esbuild keeps a module's
    // initialiser when the module is reached, even once its tables are dropped).
    for (const [input, bytes] of hook)
      if (input.startsWith("src/errors/codes")) expect(bytes, input).toBeLessThan(500);
    expect(
      [...record].filter(([input, bytes]) => input.startsWith("src/errors/codes/") && bytes > 500).length,
    ).toBeGreaterThan(10);
  });

  it("holds nothing that only `record` needs (its own bundle, dist/record.cjs)", () => {
    for (const input of hook.keys()) {
      expect(input).not.toMatch(
        /^src\/(action-input\/|cli\/commands\/record\.ts|cli\/report-error\.ts|cli\/hook-runtime\/record-)/,
      );
    }
  });

  it("holds the rare paths' modules only as stubs: their code is in dist/hook-rare.cjs", () => {
    for (const module of [
      "src/risk/shell-walker.ts",
      "src/hooks/install.ts",
      "src/commits/index.ts",
      "src/hooks/witness-before.ts",
      "src/policy/load.ts",
      "src/redact/rule-set.ts",
    ])
      expect(RARE_MODULES).toContain(module);
    for (const module of RARE_MODULES) {
      expect(hook.has(module), module).toBe(false);
      expect(hook.has(`hook-rare:${module}`), module).toBe(true);
      expect(rare.get(module), module).toBeGreaterThan(0);
    }
    // and whatever only they import (the commit events' modules, the installers' shapes)
    for (const module of ["src/commits/observe.ts", "src/commits/install.ts"]) {
      expect(hook.has(module), module).toBe(false);
      expect(rare.has(module), module).toBe(true);
    }
  });

  it("shares its modules with dist/hook-rare.cjs, never copies them (one state, one class per error)", () => {
    const copied = [...rare.keys()].filter((input) => input.startsWith("src/") && hook.has(input));
    expect(copied).toEqual([]);
    expect([...rare.keys()]).toContain("hook-shared:src/errors/index.ts");
  });
});
