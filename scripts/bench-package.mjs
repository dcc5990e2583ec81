// The package as users get it: `npm pack`, `npm install --omit=dev <tarball>` into an empty
// temporary directory (needs the npm registry), then its size on disk and the start-up time of
// `npx trailseal --version`: the first run after the install (cold: nothing of trailseal has run
// yet in that directory), warm runs, and npx fetching the package itself (not installed, with an
// empty and a filled npm cache), against `node -e 0` and `npx --version` measured here.
// Usage: node scripts/bench-package.mjs [runs]   (does not need `npm run build` beyond dist/)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { machine, median, report } from "./bench-lib.mjs";

const RUNS = Number(process.argv[2] ?? 15);
const repo = new URL("..", import.meta.url).pathname;

function sizeOf(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += sizeOf(join(path, entry));
  return total;
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Milliseconds of one run of `command args` from `cwd` (it must succeed). */
function time(command, args, cwd, env = process.env) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stderr}`);
  return ms;
}

if (
  spawnSync("npm", ["ping", "--fetch-timeout=15000", "--fetch-retries=0"], { stdio: "ignore" }).status !== 0
) {
  console.log("\n### npm package\n\nskipped: the npm registry is unreachable (`npm ping` failed)");
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), "trailseal-bench-package-"));
try {
  const [info] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", root], { cwd: repo, encoding: "utf8" }),
  );
  const install = join(root, "install");
  mkdirSync(install);
  writeFileSync(join(install, "package.json"), '{"name":"bench","private":true}\n');
  const installStart = process.hrtime.bigint();
  execFileSync(
    "npm",
    [
      "install",
      "--omit=dev",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      "--prefer-offline",
      join(root, info.filename),
    ],
    { cwd: install, stdio: ["ignore", "ignore", "inherit"] },
  );
  const installMs = Number(process.hrtime.bigint() - installStart) / 1e6;
  const modules = join(install, "node_modules");
  const packages = readdirSync(modules)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) => (name.startsWith("@") ? readdirSync(join(modules, name)) : [name])).length;

  const cold = time("npx", ["--no-install", "trailseal", "--version"], install);
  // What a user's first `npx trailseal --version` does: npx installs the package (here the
  // tarball) into its own cache, then runs it. First with an empty npm cache (every dependency
  // downloaded from the registry), then with that cache filled but npx's install removed.
  const empty = join(root, "empty");
  mkdirSync(empty);
  const npmCache = join(root, "npm-cache");
  const npxArgs = [
    "--yes",
    "--cache",
    npmCache,
    "--package",
    join(root, info.filename),
    "trailseal",
    "--version",
  ];
  const npxEmptyCache = time("npx", npxArgs, empty);
  rmSync(join(npmCache, "_npx"), { recursive: true, force: true });
  const npxFilledCache = time("npx", npxArgs, empty);
  // The optional native tree-sitter compiles itself where its prebuilt addon does not load
  // (install script node-gyp-build); without install scripts it does not, and the wasm grammar
  // (shipped in dist/) parses instead.
  const compiled = existsSync(join(install, "node_modules", "tree-sitter", "build"));
  rmSync(join(npmCache, "_npx"), { recursive: true, force: true });
  const npxNoScripts = time("npx", npxArgs, empty, { ...process.env, npm_config_ignore_scripts: "true" });
  const warm = [];
  const direct = [];
  const node = [];
  const npx = [];
  for (let i = 0; i < RUNS; i++) {
    node.push(time(process.execPath, ["-e", "0"], install));
    npx.push(time("npx", ["--version"], install));
    warm.push(time("npx", ["--no-install", "trailseal", "--version"], install));
    direct.push(time(join(modules, ".bin", "trailseal"), ["--version"], install));
  }
  const base = median(node);
  const ratio = (ms) => `${(ms / base).toFixed(2)}× node -e 0`;
  report("npm package: size and cold start", machine(), [
    ["tarball (npm pack)", mb(info.size), `${info.entryCount} files`],
    ["trailseal unpacked", mb(info.unpackedSize), ""],
    ["installed with --omit=dev (node_modules)", mb(sizeOf(modules)), `${packages} packages`],
    [
      "npm install of the tarball",
      `${(installMs / 1000).toFixed(1)} s`,
      compiled ? "the native tree-sitter compiled from source here" : "prebuilt native tree-sitter",
    ],
    [`node -e 0 (median of ${RUNS})`, `${base.toFixed(0)} ms`, "baseline"],
    [`npx --version (median)`, `${median(npx).toFixed(0)} ms`, ratio(median(npx))],
    ["npx trailseal --version, first run after install", `${cold.toFixed(0)} ms`, ratio(cold)],
    [
      "npx trailseal --version, not installed, empty npm cache",
      `${npxEmptyCache.toFixed(0)} ms`,
      ratio(npxEmptyCache),
    ],
    [
      "npx trailseal --version, not installed, npm cache filled",
      `${npxFilledCache.toFixed(0)} ms`,
      ratio(npxFilledCache),
    ],
    ["the same with npm_config_ignore_scripts=true", `${npxNoScripts.toFixed(0)} ms`, ratio(npxNoScripts)],
    ["npx trailseal --version (median, warm)", `${median(warm).toFixed(0)} ms`, ratio(median(warm))],
    [
      "node_modules/.bin/trailseal --version (median)",
      `${median(direct).toFixed(0)} ms`,
      ratio(median(direct)),
    ],
  ]);
} finally {
  rmSync(root, { recursive: true, force: true });
}
