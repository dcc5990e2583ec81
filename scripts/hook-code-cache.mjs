// Writes dist/hook.cjs.v8cache, dist/hook-rare.cjs.v8cache, dist/redact-rules.cjs.v8cache and
// dist/record.cjs.v8cache, the V8 code caches of the fast paths' bundles (run by scripts/build.mjs after bundling;
// docs/decisions/hook-code-cache.md). A fresh process with Node's default flags loads each bundle,
// answers representative hook calls (or records a few actions) in a temporary home, and stores
// the code V8 compiled for them: dist/hook.cjs's cache after the common calls only, then the
// second file's after calls that reach it (so the common cache carries nothing of the rare
// paths). A second fresh process then checks that V8 accepts the caches; if not, they are
// removed (the bundles then compile as before) and the build says why.
//   node scripts/hook-code-cache.mjs [dist]          write, then check
//   node scripts/hook-code-cache.mjs --check [dist]  check only: prints "code-cache" when V8
//                                                    accepts all four, else the first other verdict (exit 1)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const check = process.argv[2] === "--check";
const dist = resolve(process.argv[check ? 3 : 2] ?? "dist");
const bundles = ["hook.cjs", "record.cjs"].map((name) => join(dist, name));
const rareChunk = join(dist, "hook-rare.cjs");
// The secret rule set, loaded (with this cache) only by calls that have a token to redact.
const ruleSet = join(dist, "redact-rules.cjs");
const root = resolve(import.meta.dirname, "..");
// The loader itself, from source (src/cli/hook-runtime/code-cache.ts): the one definition of the cache's format.
const loader = join(tmpdir(), `trailseal-code-cache-loader-${process.pid}.mjs`);
await build({
  entryPoints: [join(root, "src/cli/hook-runtime/code-cache.ts")],
  outfile: loader,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});
const { requireWithCodeCache, writeCacheFile, writeCodeCache } = await import(pathToFileURL(loader).href);
rmSync(loader);

const claude = (tool_name, tool_input, hook_event_name = "PreToolUse", extra = {}) =>
  JSON.stringify({
    hook_event_name,
    session_id: "train",
    cwd: "/home/dev/project",
    tool_name,
    tool_input,
    ...extra,
  });
const cursor = (hook_event_name, fields) =>
  JSON.stringify({
    conversation_id: "train",
    generation_id: "g",
    workspace_roots: ["/home/dev/project"],
    hook_event_name,
    ...fields,
  });
const gemini = (tool_name, tool_input, hook_event_name = "BeforeTool") =>
  JSON.stringify({
    session_id: "train",
    cwd: "/home/dev/project",
    hook_event_name,
    timestamp: "2026-01-01T00:00:00Z",
    tool_name,
    tool_input,
  });
// The common calls (what a cache is for), not every rare path: a larger cache takes longer to read.
const calls = [
  ["claude-code", claude("Read", { file_path: "/home/dev/project/src/index.ts" })],
  ["claude-code", claude("Bash", { command: "git status" })],
  ["claude-code", claude("Bash", { command: "cd app && npm test 2>&1 | tail -n 20" })],
  ["claude-code", claude("Bash", { command: 'git log --oneline "$(git merge-base HEAD main)"..HEAD' })],
  [
    "claude-code",
    claude("Edit", { file_path: "/home/dev/project/src/a.ts", old_string: "a", new_string: "b" }),
  ],
  ["claude-code", claude("WebFetch", { url: "https://example.com/docs", prompt: "read" })],
  ["claude-code", claude("mcp__github__list_issues", { repo: "a/b" })],
  [
    "claude-code",
    claude("Bash", { command: "npm test" }, "PostToolUse", { tool_response: { stdout: "ok", stderr: "" } }),
  ],
  ["cursor", cursor("beforeShellExecution", { command: "npm test", cwd: "/home/dev/project" })],
  [
    "cursor",
    cursor("beforeMCPExecution", {
      tool_name: "list_issues",
      tool_input: '{"repo":"a/b"}',
      mcp_server_name: "gh",
    }),
  ],
  ["gemini", gemini("read_file", { file_path: "/home/dev/project/src/a.ts" })],
  ["gemini", gemini("run_shell_command", { command: "git status" })],
];

// `record`'s common inputs: one command, one MCP call.
const actions = [
  JSON.stringify({ kind: "command", command: "npm test", agent: "train", session: "train" }),
  JSON.stringify({
    kind: "mcp",
    server: "github",
    tool: "list_issues",
    arguments: { repo: "a/b" },
    agent: "train",
  }),
];

const sink = { write: () => true, isTTY: false };
const io = (text) => ({
  stdin: Readable.from([Buffer.from(text)]),
  stdout: sink,
  stderr: sink,
  env: process.env,
});
// Calls that reach the second file (dist/hook-rare.cjs): the shell grammar's glue, a heredoc, the
// secret rule set's glue. (The first call of a fresh home also validates policy.yaml there.)
const rareCalls = [
  ["claude-code", claude("Bash", { command: 'git log --oneline "$(git merge-base HEAD main)"..HEAD' })],
  ["claude-code", claude("Bash", { command: 'for f in src/*.ts; do wc -l "$f"; done' })],
  ["claude-code", claude("Bash", { command: "cat > notes.txt <<'EOF'\nhello\nEOF" })],
  [
    "claude-code",
    claude("Bash", {
      // A token the text scan finds (the rule set loads for it): one fed to a login on stdin is
      // registered from the argv first (piped.ts) and the text scan never sees it.
      command: `git clone https://x-access-token:ghp_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}@github.com/a/b.git`,
    }),
  ],
];

const home = mkdtempSync(join(tmpdir(), "trailseal-code-cache-"));
// The wasm grammar changes V8's flags (--liftoff-only), and V8 rejects a cache made under other
// flags: train with the native grammar only (a call that needs it and cannot have it is denied).
process.env.TRAILSEAL_SHELL_PARSER = "native";
try {
  const init = spawnSync(process.execPath, [join(dist, "cli.js"), "init", "--home", home], {
    encoding: "utf8",
  });
  if (init.status !== 0) throw new Error(`trailseal init failed: ${init.stderr}`);
  if (check) {
    let verdict = "code-cache";
    const verdictOf = (how) => {
      if (verdict === "code-cache") verdict = how;
    };
    const [hook] = bundles.map((bundle) => requireWithCodeCache(bundle, `${bundle}.v8cache`, verdictOf));
    // The second file and the rule set load when a call reaches them: one that does (a token).
    let ruleSetFrom = "not loaded";
    hook.loadBuiltFilesWith((path) =>
      requireWithCodeCache(path, `${path}.v8cache`, (how) => {
        ruleSetFrom = how;
      }),
    );
    await hook.runHookCommand("claude-code", { home }, io(rareCalls.at(-1)[1]));
    verdictOf(hook.rareChunkCode()?.from ?? "not loaded");
    verdictOf(ruleSetFrom);
    console.log(verdict);
    process.exitCode = verdict === "code-cache" ? 0 : 1;
  } else await writeCaches();
} finally {
  rmSync(home, { recursive: true, force: true });
}

async function writeCaches() {
  const [hookBundle, recordBundle] = bundles;
  let rareBytes = 0;
  let ruleSetBytes = 0;
  const hookBytes = await writeCodeCache(
    hookBundle,
    `${hookBundle}.v8cache`,
    async (hook) => {
      for (let round = 0; round < 2; round += 1)
        for (const [agent, text] of calls) await hook.runHookCommand(agent, { home }, io(text));
    },
    async (hook) => {
      ruleSetBytes = await writeCodeCache(ruleSet, `${ruleSet}.v8cache`, async (rules) => {
        hook.loadBuiltFilesWith(() => rules);
        for (let round = 0; round < 2; round += 1)
          for (const [agent, text] of rareCalls) await hook.runHookCommand(agent, { home }, io(text));
      });
      const rare = hook.rareChunkCode();
      if (rare === null) throw new Error("no training call loaded dist/hook-rare.cjs");
      writeCacheFile(`${rareChunk}.v8cache`, rare.source, rare.payload);
      rareBytes = rare.payload.length;
    },
  );
  const recordBytes = await writeCodeCache(recordBundle, `${recordBundle}.v8cache`, async (record) => {
    for (let round = 0; round < 2; round += 1)
      for (const text of actions) await record.runRecord({ home }, io(text));
  });
  const verdict = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--check", dist], {
    encoding: "utf8",
  });
  if (verdict.status === 0) {
    console.error(
      `code caches for Node ${process.version}: hook ${(hookBytes / 1024).toFixed(0)} KiB, hook-rare ${(rareBytes / 1024).toFixed(0)} KiB, redact-rules ${(ruleSetBytes / 1024).toFixed(0)} KiB, record ${(recordBytes / 1024).toFixed(0)} KiB`,
    );
  } else {
    for (const file of [...bundles, rareChunk, ruleSet]) rmSync(`${file}.v8cache`, { force: true });
    console.warn(
      `code caches not accepted by V8 (${verdict.stdout.trim() || verdict.stderr.trim()}): not written`,
    );
  }
}
