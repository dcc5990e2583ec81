// Bundles the CLI into dist/ with esbuild. Code splitting keeps every lazily imported command
// (and its dependencies) in its own chunk, so `trailseal hook` loads only what the hook needs.
import { rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: { cli: "src/cli/bin.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
  chunkNames: "chunks/[name]-[hash]",
  // Resolved at run time from node_modules: wasm grammars, and packages that read their own files.
  external: ["web-tree-sitter", "tree-sitter-bash", "playwright-core", "chart.js"],
  banner: {
    js: "import { createRequire as __trailsealCreateRequire } from 'node:module'; const require = __trailsealCreateRequire(import.meta.url);",
  },
});
