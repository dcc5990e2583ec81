// The fast paths of the built CLI: dist/cli.cjs (the package's bin) and the V8 code cache of
// dist/hook.cjs. A cache that is corrupt, stale or for another Node must never change what the
// hook answers: it is ignored and the bundle compiles as without one.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";

// Inside the checkout, so the bundle's packages (yaml, picomatch, …) resolve from node_modules.
const root = join(REPO_ROOT, "test-artifacts", `fast-path-${process.pid}`);
const dist = join(root, "dist");
const home = join(root, "home");
const bundle = join(dist, "hook.cjs");
const cacheFile = `${bundle}.v8cache`;
const rareChunk = join(dist, "hook-rare.cjs");
const rareCache = `${rareChunk}.v8cache`;
const ruleSetCache = join(dist, "redact-rules.cjs.v8cache");
let pristine: { bundle: Buffer; cache: Buffer; rare: Buffer; rareCache: Buffer; ruleSetCache: Buffer };

const DENIED = JSON.stringify({
  hook_event_name: "PreToolUse",
  session_id: "s",
  cwd: "/w",
  tool_name: "Bash",
  tool_input: { command: "rm -rf /" },
});

function run(entry: string, args: string[], input: string) {
  const result = spawnSync(process.execPath, [join(dist, entry), ...args], {
    input,
    encoding: "utf8",
    // The in-process fast path itself: no resident server answers for it (docs/hooks.md).
    env: { ...process.env, TRAILSEAL_HOME: home, TRAILSEAL_HOOK_SERVER: "off" },
  });
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

function hookVerdict(input = DENIED) {
  const result = run("cli.cjs", ["hook", "claude-code"], input);
  expect(result.signal).toBeNull();
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout).hookSpecificOutput as {
    permissionDecision: string;
    permissionDecisionReason: string;
  };
}

beforeAll(() => {
  mkdirSync(root, { recursive: true });
  cpSync(join(REPO_ROOT, "dist"), dist, { recursive: true });
  pristine = {
    bundle: readFileSync(bundle),
    cache: readFileSync(cacheFile),
    rare: readFileSync(rareChunk),
    rareCache: readFileSync(rareCache),
    ruleSetCache: readFileSync(ruleSetCache),
  };
  expect(run("cli.js", ["init", "--home", home], "").code).toBe(0);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => {
  writeFileSync(bundle, pristine.bundle);
  writeFileSync(cacheFile, pristine.cache);
  writeFileSync(rareChunk, pristine.rare);
  writeFileSync(rareCache, pristine.rareCache);
  writeFileSync(ruleSetCache, pristine.ruleSetCache);
});

describe("the hook bundle's V8 code cache", () => {
  it("is accepted by this Node as built", () => {
    const check = spawnSync(
      process.execPath,
      [join(REPO_ROOT, "scripts/hook-code-cache.mjs"), "--check", dist],
      {
        encoding: "utf8",
      },
    );
    expect(check.stdout.trim()).toBe("code-cache");
    expect(hookVerdict().permissionDecision).toBe("deny");
  });

  it("is made for an ASCII-only bundle (a one-byte string: ~1 ms less per call to compile)", () => {
    expect(pristine.bundle.every((byte) => byte < 0x80)).toBe(true);
  });

  it("is ignored when its bytes are damaged (V8 would crash on them: SIGSEGV, a non-blocking failure)", () => {
    const damaged = Buffer.from(pristine.cache);
    for (let i = damaged.length >> 2; i < damaged.length; i += 997) damaged[i]! ^= 0x5a;
    writeFileSync(cacheFile, damaged);
    expect(hookVerdict().permissionDecision).toBe("deny");
    writeFileSync(cacheFile, pristine.cache.subarray(0, pristine.cache.length >> 1));
    expect(hookVerdict().permissionDecision).toBe("deny");
  });

  it("is ignored when the bundle changed, even at the same length (V8 checks only the length)", () => {
    const edited = pristine.bundle.toString("latin1").replace('"trailseal: denied"', '"trailseal: DENIED"');
    expect(edited).not.toBe(pristine.bundle.toString("latin1"));
    writeFileSync(bundle, Buffer.from(edited, "latin1"));
    expect(hookVerdict().permissionDecisionReason).toMatch(/^trailseal: DENIED/);
  });

  it("is ignored when made by another Node, and the hook works without one", () => {
    const header = pristine.cache.subarray(0, pristine.cache.indexOf(10)).toString("latin1");
    writeFileSync(
      cacheFile,
      Buffer.concat([
        Buffer.from(header.replace(process.version, "v0.0.0"), "latin1"),
        pristine.cache.subarray(header.length),
      ]),
    );
    expect(hookVerdict().permissionDecision).toBe("deny");
    rmSync(cacheFile);
    expect(hookVerdict().permissionDecision).toBe("deny");
  });

  // Node 22.1+: where ours does not fit, Node's own compile cache, beside the bundle (never in the
  // home or a temporary directory). Node 20 has no such cache: the hook just runs without one.
  it("is replaced by Node's compile cache beside the bundle where ours does not fit", () => {
    rmSync(cacheFile);
    rmSync(join(dist, ".compile-cache"), { recursive: true, force: true });
    expect(hookVerdict().permissionDecision).toBe("deny");
    const nodeHasIt =
      typeof (createRequire(import.meta.url)("node:module") as { enableCompileCache?: unknown })
        .enableCompileCache === "function";
    expect(existsSync(join(dist, ".compile-cache"))).toBe(nodeHasIt);
    expect(hookVerdict().permissionDecision).toBe("deny");
  });
});

describe("the hook's rare paths, a second bundle (dist/hook-rare.cjs)", () => {
  const call = (tool_name: string, tool_input: object, extra: object = {}) =>
    JSON.stringify({
      hook_event_name: "PreToolUse",
      session_id: "s",
      cwd: "/w",
      tool_name,
      tool_input,
      ...extra,
    });
  const common = [
    DENIED,
    call("Read", { file_path: "/w/src/a.ts" }),
    call("Bash", { command: "npm test" }),
    call("Bash", { command: "cd app && npm test 2>&1 | tail -n 20" }),
    call(
      "Bash",
      { command: "npm test" },
      { hook_event_name: "PostToolUse", tool_response: { stdout: "ok" } },
    ),
  ];
  // A command substitution: only the shell grammar reads it, and its glue is in the second file.
  const grammar = call("Bash", { command: 'git log --oneline "$(git merge-base HEAD main)"..HEAD' });
  const answer = (input: string) => {
    const result = run("cli.cjs", ["hook", "claude-code"], input);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };

  it("is not loaded by the common calls: they answer the same without it", () => {
    const answers = common.map(answer); // the first call of a home also writes the policy's cache
    rmSync(rareChunk);
    expect(common.map(answer)).toEqual(answers);
    expect(answers[0]).toContain('"permissionDecision":"deny"');
  });

  it("is checked before use: missing or changed, the call that needs it is denied", () => {
    expect(answer(grammar)).not.toContain('"deny"');
    // A change only the checksum sees: a comment.
    const changed = pristine.rare
      .toString("latin1")
      .replace("// src/risk/shell-walker.ts", "// src/risk/shell-walkeR.ts");
    expect(changed).not.toBe(pristine.rare.toString("latin1"));
    writeFileSync(rareChunk, Buffer.from(changed, "latin1"));
    expect(JSON.parse(answer(grammar)).hookSpecificOutput.permissionDecision).toBe("deny");
    rmSync(rareChunk);
    expect(JSON.parse(answer(grammar)).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  // Its own V8 code cache (dist/hook-rare.cjs.v8cache), checked like dist/hook.cjs's: "--check"
  // above loads the second file through a call that reaches it and requires that V8 took it.
  it("has a code cache that never stands in for the file's own check", () => {
    // The chunk changed by one comment, its cache as built: still denied.
    const changed = pristine.rare
      .toString("latin1")
      .replace("// src/risk/shell-walker.ts", "// src/risk/shell-walkeR.ts");
    writeFileSync(rareChunk, Buffer.from(changed, "latin1"));
    expect(JSON.parse(answer(grammar)).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("answers the same with its cache damaged, made by another Node, or missing", () => {
    const expected = answer(grammar);
    expect(expected).not.toContain('"deny"');
    const damaged = Buffer.from(pristine.rareCache);
    for (let i = damaged.length >> 2; i < damaged.length; i += 499) damaged[i]! ^= 0x5a;
    writeFileSync(rareCache, damaged);
    expect(answer(grammar)).toBe(expected);
    const header = pristine.rareCache.subarray(0, pristine.rareCache.indexOf(10)).toString("latin1");
    writeFileSync(
      rareCache,
      Buffer.concat([
        Buffer.from(header.replace(process.version, "v0.0.0"), "latin1"),
        pristine.rareCache.subarray(header.length),
      ]),
    );
    expect(answer(grammar)).toBe(expected);
    rmSync(rareCache);
    expect(answer(grammar)).toBe(expected);
  });
});

// The secret rule set (dist/redact-rules.cjs) loads with its own code cache on the fast paths.
describe("the secret rule set's V8 code cache", () => {
  const token = `ghp_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
  const withToken = JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: "s",
    cwd: "/w",
    tool_name: "Bash",
    // The training call of scripts/hook-code-cache.mjs, whose --check (above) requires that it
    // loaded the rule set with its cache: a token the text scan finds (one fed to a login on
    // stdin is registered from the argv first, and the rule set never sees it).
    tool_input: { command: `git clone https://x-access-token:${token}@github.com/a/b.git` },
  });
  const recorded = () => {
    const result = run("cli.cjs", ["hook", "claude-code"], withToken);
    expect(result.signal).toBeNull();
    expect(result.code, result.stderr).toBe(0);
    const trail = join(home, "trail");
    const segment = readdirSync(trail)
      .filter((name) => name.startsWith("events-"))
      .sort()
      .at(-1)!;
    const last = readFileSync(join(trail, segment), "utf8").trimEnd().split("\n").at(-1)!;
    return { answer: result.stdout, command: JSON.parse(last).action.command as string };
  };

  it("redacts the same with it as built, damaged, made by another Node, or missing", () => {
    const expected = recorded();
    expect(expected.command).toMatch(/\[redacted:[a-z-]+:[0-9a-f]+\]/);
    expect(expected.command).not.toContain(token);
    const damaged = Buffer.from(pristine.ruleSetCache);
    for (let i = damaged.length >> 2; i < damaged.length; i += 499) damaged[i]! ^= 0x5a;
    writeFileSync(ruleSetCache, damaged);
    expect(recorded()).toEqual(expected);
    const header = pristine.ruleSetCache.subarray(0, pristine.ruleSetCache.indexOf(10)).toString("latin1");
    writeFileSync(
      ruleSetCache,
      Buffer.concat([
        Buffer.from(header.replace(process.version, "v0.0.0"), "latin1"),
        pristine.ruleSetCache.subarray(header.length),
      ]),
    );
    expect(recorded()).toEqual(expected);
    rmSync(ruleSetCache);
    expect(recorded()).toEqual(expected);
  });
});

describe("a hook bundle that cannot load", () => {
  it("blocks the tool call: exit 2 (the agents' blocking error), never 0 or 1", () => {
    for (const broken of [null, Buffer.from("throw new Error('broken bundle');\n")]) {
      rmSync(cacheFile, { force: true });
      if (broken === null) rmSync(bundle);
      else writeFileSync(bundle, broken);
      for (const entry of ["cli.cjs", "cli.js"]) {
        const result = run(entry, ["hook", "claude-code"], DENIED);
        expect(result.code, entry).toBe(2);
        expect(result.stderr).toContain("trailseal: error:");
      }
    }
  });
});

describe("dist/cli.cjs, the package's bin", () => {
  it("records on the fast path as the full command line does (global --home goes the long way)", () => {
    const action = '{"kind":"command","command":"npm test"}';
    const fast = run("cli.cjs", ["record", "--json", "--home", home], action);
    const full = run("cli.cjs", ["--home", home, "record", "--json"], action);
    expect([fast.code, full.code]).toEqual([0, 0]);
    const [a, b] = [JSON.parse(fast.stdout), JSON.parse(full.stdout)];
    expect(b.seq).toBe(a.seq + 1);
    expect({ ...a, seq: 0, ts: "", prev: "", hash: "" }).toEqual({
      ...b,
      seq: 0,
      ts: "",
      prev: "",
      hash: "",
    });
  });

  it("reports bad input with the same code and exit status either way", () => {
    for (const args of [["record"], ["--home", home, "record"]]) {
      const bad = run("cli.cjs", args, '{"kind":"command","command":"ls","stray":1}');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("(ACTION_INVALID)");
    }
  });

  it("runs every other command through dist/cli.js", () => {
    const version = run("cli.cjs", ["--version"], "");
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(
      JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).version,
    );
  });
});
