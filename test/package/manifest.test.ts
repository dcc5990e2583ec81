/**
 * Installs like a modern CLI: the package has no install script and no dependency that runs one
 * or compiles (the native shell parser is opt-in), `npm pack` builds first (prepack), and the
 * tarball holds no file only one Node version can use (the build's V8 code cache).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));

it("runs no install script and installs no native addon by default", () => {
  for (const script of ["preinstall", "install", "postinstall", "prepare"])
    expect(pkg.scripts[script]).toBeUndefined();
  const installed = { ...pkg.dependencies, ...(pkg.optionalDependencies ?? {}) };
  expect(Object.keys(installed)).not.toContain("tree-sitter");
  expect(Object.keys(installed)).not.toContain("tree-sitter-bash");
  // Every runtime dependency in the lock file has no install script.
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8"));
  for (const name of Object.keys(pkg.dependencies))
    expect(lock.packages[`node_modules/${name}`].hasInstallScript, name).toBeUndefined();
});

it("npm pack builds first and ships no Node-version-specific cache", () => {
  expect(pkg.scripts.prepack).toBe("npm run build");
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    }),
  );
  const files: string[] = packed.files.map((file: { path: string }) => file.path);
  expect(files).toContain("dist/grammars/tree-sitter-bash.wasm");
  expect(files).toContain("dist/hook.cjs");
  expect(files).toContain("dist/record.cjs");
  expect(files).toContain("dist/hook-rare.cjs");
  expect(files.filter((file) => file.endsWith(".v8cache") || file.includes(".compile-cache"))).toEqual([]);
});
