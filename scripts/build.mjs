// Bundles with esbuild into dist/: the CLI (dist/cli.js) and every capability door
// (src/<capability>/index.ts → dist/<capability>/index.js, for benchmarks and embedding).
// Code splitting keeps every lazily imported command (and its dependencies) in its own chunk,
// so `trailseal hook` loads only what the hook needs.
import { cp, readdir, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { build } from "esbuild";

async function doors(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await doors(path)));
    else if (entry.name === "index.ts" && dir !== "src") found.push(path);
  }
  return found;
}

// Worker thread entries are loaded by path (new URL(..., import.meta.url)), so they are entries too.
const entryPoints = { cli: "src/cli/bin.ts", "trail/verify-worker": "src/trail/verify-worker.ts" };
for (const door of await doors("src")) {
  if (door.startsWith(join("src", "cli"))) continue;
  entryPoints[relative("src", door).replace(/\.ts$/, "")] = door;
}

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints,
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
  chunkNames: "chunks/[name]-[hash]",
  // Resolved at run time from node_modules: tree-sitter grammars (wasm, native addons), and packages that read their own files.
  external: ["web-tree-sitter", "tree-sitter", "tree-sitter-bash", "playwright-core", "chart.js"],
  banner: {
    js: "import { createRequire as __trailsealCreateRequire } from 'node:module'; const require = __trailsealCreateRequire(import.meta.url);",
  },
});

// The dashboard page (HTML/JS/CSS) is served from files, not bundled: copy it beside the bundle.
await cp("src/dashboard/assets", "dist/dashboard-assets", { recursive: true });
// The wasm bash grammar beside the bundle, so the package does not need tree-sitter-bash (an
// optional dependency: its install script compiles where it has no prebuild) to parse commands.
await cp(
  createRequire(import.meta.url).resolve("tree-sitter-bash/tree-sitter-bash.wasm"),
  "dist/grammars/tree-sitter-bash.wasm",
);

// The agent hook as one CommonJS file (dist/hook.cjs, required by bin.ts): it runs on every tool
// call, and a single CJS file loads ~10 ms faster than the ESM chunks (docs/performance.md). Packages
// the hook loads only on rare paths (policy validation, file/host globs, shell grammars) stay in
// node_modules and are required when needed.
await build({
  entryPoints: ["src/cli/hook-entry.ts"],
  outfile: "dist/hook.cjs",
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
  external: [
    "zod",
    "yaml",
    "picomatch",
    "web-tree-sitter",
    "tree-sitter",
    "tree-sitter-bash",
    // secret redaction rule set: imported only when a recorded string may hold a token
    "@secretlint/core",
    "@secretlint/secretlint-rule-preset-recommend",
  ],
  define: { "import.meta.url": "__hookBundleUrl", "import.meta.dirname": "__dirname" },
  banner: { js: 'const __hookBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});

// The secret-redaction rule set (secretlint's preset) as one CommonJS file: loaded only when a
// recorded string may hold a token, and then ~10 ms to require instead of ~30 ms of ESM modules
// (docs/performance.md). src/redact/rule-set.ts falls back to the packages when it is absent.
await build({
  entryPoints: ["src/redact/rule-set-bundle.ts"],
  outfile: "dist/redact-rules.cjs",
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});
