// The esbuild options of the fast paths' CommonJS bundles (dist/hook.cjs, dist/record.cjs): one
// definition for the build (scripts/build.mjs) and the structure test that reads what the hook's
// bundle holds (test/structure/hook-bundle.test.ts).
export const fastPathBundle = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // The bundle runs from a V8 code cache through vm.Script, where Node 20 cannot resolve a
  // dynamic import() (it throws): imports of packages become require() calls.
  supported: { "dynamic-import": false },
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
  // import.meta.url is needed only on rare paths (grammars, the secret rule set, zod), and
  // computing the file URL costs ~0.25 ms: a getter computes it on first use.
  define: { "import.meta.url": "__hookBundle.url", "import.meta.dirname": "__dirname" },
  banner: {
    js: 'const __hookBundle = { get url() { return require("node:url").pathToFileURL(__filename).href; } };',
  },
};
