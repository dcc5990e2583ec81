// Bundles with esbuild into dist/: the CLI (dist/cli.js) and every capability door
// (src/<capability>/index.ts → dist/<capability>/index.js, for benchmarks and embedding).
// Code splitting keeps every lazily imported command (and its dependencies) in its own chunk,
// so `trailseal hook` loads only what the hook needs.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { buildFastPathBundles } from "./hook-bundles.mjs";
import { writeThirdParty } from "./third-party.mjs";

// Every bundle's inputs, for the SBOM and the third-party notices (./third-party.mjs).
const bundled = new Set();
const build = async (options) => {
  const result = await esbuild({ ...options, metafile: true });
  for (const input of Object.keys(result.metafile.inputs)) bundled.add(input);
  return result;
};

// TRAILSEAL_BUILD_OUT builds elsewhere (inside the checkout, so node_modules resolves), e.g. to
// compare two builds in one benchmark run while dist/ stays in use.
const out = process.env.TRAILSEAL_BUILD_OUT ?? "dist";

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

// zod re-exports every message locale (~360 KiB of its ~740 KiB) as `z.locales`, which nothing
// here uses (English, its default, is imported by its schemas directly): the namespace is built
// empty, so every command that validates with zod parses half as much
// (docs/decisions/cli-start-up.md).
const noZodLocales = {
  name: "no-zod-locales",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer)
        ? { path: "zod-locales", namespace: "no-zod-locales" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "no-zod-locales" }, () => ({
      contents: "export {};",
      loader: "js",
    }));
  },
};

await rm(out, { recursive: true, force: true });
await build({
  plugins: [noZodLocales],
  entryPoints,
  outdir: out,
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
await cp("src/dashboard/assets", `${out}/dashboard-assets`, { recursive: true });
// The wasm bash grammar beside the bundle, so the package does not need tree-sitter-bash (an
// optional dependency: its install script compiles where it has no prebuild) to parse commands.
await cp(
  createRequire(import.meta.url).resolve("tree-sitter-bash/tree-sitter-bash.wasm"),
  `${out}/grammars/tree-sitter-bash.wasm`,
);

// The fast paths' code as CommonJS files, loaded by src/cli/hook-runtime/fast-path.ts: dist/hook.cjs
// (`trailseal hook <agent>`, every tool call), dist/hook-rare.cjs (what only rare hook calls run,
// loaded and checked when reached) and dist/record.cjs (`trailseal record`). A single CJS file
// loads ~10 ms faster than the ESM chunks (docs/performance.md), and each is hashed and
// deserialised on every call it serves, so the hook's holds only what a common call runs
// (docs/decisions/hook-call-speed.md; test/structure/hook-bundle.test.ts pins it). Packages needed
// only on rare paths (policy validation, file/host globs, shell grammars, zod for unusual `record`
// input) stay in node_modules and are required when needed.
for (const [name, { text, map }] of Object.entries(await buildFastPathBundles(build, process.cwd()))) {
  await writeFile(`${out}/${name}`, text);
  await writeFile(`${out}/${name}.map`, map);
}

// The secret-redaction rule set (secretlint's preset) as one CommonJS file: loaded only when a
// recorded string may hold a token, and then ~10 ms to require instead of ~30 ms of ESM modules
// (docs/performance.md). src/redact/rule-set.ts falls back to the packages when it is absent.
await build({
  entryPoints: ["src/redact/rule-set-bundle.ts"],
  outfile: `${out}/redact-rules.cjs`,
  bundle: true,
  // secretlint's profiler keeps a performance mark per rule run for the life of the process
  // (src/redact/null-profiler.ts): the rule set gets one that records nothing.
  alias: { "@secretlint/profiler": "./src/redact/null-profiler.ts" },
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});

// The resident hook server, dist/hook-server.cjs (src/cli/hook-runtime/server-main.ts): it loads
// dist/hook.cjs as the in-process path does and answers the bin's hook calls over a Unix socket.
await build({
  entryPoints: ["src/cli/hook-runtime/server-main.ts"],
  outfile: `${out}/hook-server.cjs`,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  define: { "import.meta.dirname": "__dirname" },
});

// The same digest as residentDigest (src/cli/hook-runtime/server-main.ts), over the same files
// (RESIDENT_FILES, src/cli/hook-runtime/resident-protocol.ts) as they are now on disk.
const RESIDENT_FILES = ["hook.cjs", "hook-rare.cjs", "redact-rules.cjs", "hook-server.cjs"];
const residentHash = createHash("sha256");
for (const name of RESIDENT_FILES)
  residentHash.update(
    `${name}\n${createHash("sha256")
      .update(await readFile(`${out}/${name}`))
      .digest("hex")}\n`,
  );
const residentDigest = residentHash.digest("hex");

// The agents' names for the bin, from the one list (src/agents, built above as a door).
const { AGENTS } = await import(pathToFileURL(resolve(out, "agents", "index.js")).href);

// The package's bin, dist/cli.cjs (src/cli/hook-runtime/launcher.ts): a CommonJS entry starts without Node's
// ES module loader. It answers the fast paths (`hook <agent>`, `record`) and imports dist/cli.js
// for every other command. A hook call goes first to the home's resident server when it is on
// (docs/decisions/hook-resident.md): the bin carries the digest of the files that server runs
// (dist/hook-server.cjs computes the same over what it loads; a different one is never used).
await build({
  entryPoints: ["src/cli/hook-runtime/launcher.ts"],
  outfile: `${out}/cli.cjs`,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  define: {
    "import.meta.dirname": "__dirname",
    RESIDENT_BUILD_DIGEST: JSON.stringify(residentDigest),
    RESIDENT_AGENTS: JSON.stringify(AGENTS),
  },
});
await chmod(`${out}/cli.cjs`, 0o755);

// What the bundles hold of node_modules: dist/sbom.cdx.json (CycloneDX) and dist/THIRD_PARTY_NOTICES.
const manifest = JSON.parse(await readFile("package.json", "utf8"));
writeThirdParty({ root: process.cwd(), out, inputs: [...bundled], product: manifest });

// The V8 code caches of dist/hook.cjs and dist/record.cjs (docs/decisions/hook-code-cache.md), made by
// running representative calls in a fresh process; the build goes on without them if it fails.
const cache = spawnSync(process.execPath, ["scripts/hook-code-cache.mjs", out], { stdio: "inherit" });
if (cache.status !== 0) console.warn("build: no hook code cache (scripts/hook-code-cache.mjs failed)");
