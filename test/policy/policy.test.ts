import { createHash, createHmac } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Action, ActionTarget } from "../../src/action/index.js";
import { commandGlobRegex } from "../../src/policy/command-glob.js";
import {
  DEFAULT_POLICY,
  DEFAULT_POLICY_YAML,
  evaluatePolicy,
  loadPolicy,
  type Policy,
  parsePolicy,
  policyCachePath,
  rememberValidatedPolicies,
} from "../../src/policy/index.js";
import { analyze, loadShellParser } from "../../src/risk/index.js";

function action(input: string | ActionTarget): Action {
  const target: ActionTarget = typeof input === "string" ? { kind: "command", command: input } : input;
  return { target, tool: "t", agent: "t", session: null, cwd: "/home/dev/project", input: {} };
}

async function decide(policy: Policy, input: string | ActionTarget, canAsk = true) {
  return evaluatePolicy(policy, await analyze(action(input)), { canAsk, home: "/home/dev" });
}

async function errorOf(text: string) {
  try {
    await parsePolicy(text, "policy.yaml");
  } catch (error) {
    return error as { code: string; message: string; details: { line: number | null } };
  }
  throw new Error("expected an error");
}

describe("policy parsing", () => {
  it("the default YAML is the default policy", async () => {
    expect(await parsePolicy(DEFAULT_POLICY_YAML)).toEqual(DEFAULT_POLICY);
  });

  it("fills omitted sections", async () => {
    const policy = await parsePolicy("max_risk: medium\n");
    expect(policy).toEqual({
      max_risk: "medium",
      ask: null,
      rules: { commands: { deny: [], allow: [] }, files: { deny: [] }, network: { deny_hosts: [] } },
    });
  });

  it("names the line of a bad level", async () => {
    const error = await errorOf("# c\nmax_risk: extreme\n");
    expect(error.code).toBe("POLICY_INVALID");
    expect(error.details.line).toBe(2);
    expect(error.message).toContain("max_risk");
  });

  it("names the line and path of an unknown key", async () => {
    const error = await errorOf("max_risk: high\nrules:\n  commands:\n    deny: []\n    denny: [x]\n");
    expect(error.code).toBe("POLICY_INVALID");
    expect(error.details.line).toBe(5);
    expect(error.message).toContain("rules.commands.denny");
  });

  it("names the line of a bad list item", async () => {
    const error = await errorOf("rules:\n  commands:\n    deny:\n      - ok\n      - 42\n");
    expect(error.details.line).toBe(5);
    expect(error.message).toContain("rules.commands.deny.1");
  });

  it("names the line of a command glob that cannot be used", async () => {
    const error = await errorOf("rules:\n  commands:\n    deny:\n      - sudo *\n      - rm [z-a]*\n");
    expect(error.code).toBe("POLICY_INVALID");
    expect(error.details.line).toBe(5);
    expect(error.message).toContain("rules.commands.deny.1");
    expect(error.message).toContain("not a valid command glob");
  });

  it("reports YAML syntax errors with a line", async () => {
    const error = await errorOf("max_risk: high\nrules: [\n");
    expect(error.code).toBe("POLICY_INVALID");
    expect(error.details.line).toBeGreaterThan(0);
  });
});

describe("policy decisions", () => {
  beforeAll(() => loadShellParser());
  const base: Policy = structuredClone(DEFAULT_POLICY);

  it("denies above max_risk, asks at the threshold, allows below", async () => {
    expect((await decide({ ...base, max_risk: "medium", ask: null }, "git push --force")).decision).toBe(
      "deny",
    );
    expect((await decide(base, "cat .env")).decision).toBe("ask");
    expect((await decide(base, "cat .env", false)).decision).toBe("allow");
    expect((await decide(base, "ls -la")).decision).toBe("allow");
  });

  it("matches deny globs per simple command, after wrappers, inside lists", async () => {
    const policy = { ...base, max_risk: "critical" as const, ask: null };
    expect((await decide(policy, "cd /tmp && sudo apt-get install jq")).decision).toBe("deny");
    expect((await decide(policy, "cd x && timeout 5 rm -rf /tmp/x")).decision).toBe("deny");
    expect((await decide(policy, "cd x && timeout 5 rm -rf build")).decision).toBe("allow");
    const rmPolicy = { ...policy, rules: { ...policy.rules, commands: { deny: ["rm -rf *"], allow: [] } } };
    const denied = await decide(rmPolicy, "cd x && env A=1 timeout 5 rm -rf build");
    expect(denied.decision).toBe("deny");
    expect(denied.reasons[0]).toContain("rm -rf *");
    expect((await decide(rmPolicy, 'echo "rm -rf build"')).decision).toBe("allow");
  });

  it("matches command globs across `..` segments and newlines (command text is not a path)", async () => {
    const policy: Policy = {
      ...base,
      max_risk: "critical",
      ask: null,
      rules: { ...base.rules, commands: { deny: ["rm -rf *", "sudo *", "git push -[fF]*"], allow: [] } },
    };
    expect((await decide(policy, "rm -rf build/../src")).decision).toBe("deny");
    expect((await decide(policy, "rm -rf ../../x")).decision).toBe("deny");
    expect((await decide(policy, "sudo bash -c 'ls\nid'")).decision).toBe("deny");
    expect((await decide(policy, "git push -f")).decision).toBe("deny");
    expect((await decide(policy, "git push origin")).decision).toBe("allow");
    expect(commandGlobRegex("a\\*b").test("a*b")).toBe(true);
    expect(commandGlobRegex("a\\*b").test("axb")).toBe(false);
    expect(commandGlobRegex("x [!a]").test("x b")).toBe(true);
    expect(commandGlobRegex("x [!a]").test("x a")).toBe(false);
    expect(commandGlobRegex("x [").test("x [")).toBe(true);
  });

  it("lets allow patterns win over deny patterns", async () => {
    const policy: Policy = {
      ...base,
      ask: null,
      rules: {
        ...base.rules,
        commands: { deny: ["git push --force*"], allow: ["git push --force-with-lease*"] },
      },
    };
    expect((await decide(policy, "git push --force-with-lease origin x")).decision).toBe("allow");
    expect((await decide(policy, "git push --force origin x")).decision).toBe("deny");
  });

  it("denies file paths and hosts", async () => {
    const policy: Policy = {
      ...base,
      max_risk: "critical",
      ask: null,
      rules: {
        ...base.rules,
        files: { deny: ["~/.ssh/**", "*.pem"] },
        network: { deny_hosts: ["*.example.com"] },
      },
    };
    expect((await decide(policy, { kind: "file", op: "read", path: "/home/dev/.ssh/config" })).decision).toBe(
      "deny",
    );
    expect((await decide(policy, "cat certs/server.pem")).decision).toBe("deny");
    expect((await decide(policy, "curl https://api.example.com/x")).decision).toBe("deny");
    expect(
      (await decide(policy, { kind: "network", method: "GET", url: "https://example.org" })).decision,
    ).toBe("allow");
  });
});

describe("policy cache", () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("uses the default policy when the file is missing, validates and caches, revalidates on change", async () => {
    dir = await mkdtemp(join(tmpdir(), "trailseal-policy-"));
    const path = join(dir, "policy.yaml");
    const options = { cacheKey: async () => KEY };
    expect(await loadPolicy(path, options)).toEqual(DEFAULT_POLICY);
    await writeFile(path, "max_risk: low\n");
    expect((await loadPolicy(path, options)).max_risk).toBe("low");
    const cache = JSON.parse(await readFile(policyCachePath(path), "utf8"));
    expect(JSON.parse(cache.policy).max_risk).toBe("low");
    expect((await loadPolicy(path, options)).max_risk).toBe("low");
    await writeFile(path, "max_risk: nope\n");
    await expect(loadPolicy(path, options)).rejects.toMatchObject({ code: "POLICY_INVALID" });
    await writeFile(path, "max_risk: medium\n");
    expect((await loadPolicy(path, options)).max_risk).toBe("medium");
  });

  it("ignores a forged cache with the right YAML digest (old and new format, MAC under another key)", async () => {
    dir = await mkdtemp(join(tmpdir(), "trailseal-policy-"));
    const path = join(dir, "policy.yaml");
    const yaml = "max_risk: low\nrules:\n  commands:\n    deny: ['rm *']\n";
    await writeFile(path, yaml);
    const sha256 = createHash("sha256").update(yaml).digest("hex");
    const permissive = {
      max_risk: "critical",
      ask: [],
      rules: { commands: { deny: [], allow: ["*"] }, files: { deny: [] }, network: { deny_hosts: [] } },
    };
    const json = JSON.stringify(permissive);
    const forgedMac = createHmac("sha256", Buffer.alloc(32, 7))
      .update(`trailseal-policy-cache:v2\n${sha256}\n${json}`)
      .digest("hex");
    for (const forged of [
      { version: 1, sha256, policy: permissive },
      { version: 2, sha256, policy: json, mac: forgedMac },
      { version: 2, sha256, policy: json, mac: "00".repeat(32) },
    ]) {
      await writeFile(policyCachePath(path), JSON.stringify(forged));
      const policy = await loadPolicy(path, { cacheKey: async () => KEY });
      expect(policy.max_risk).toBe("low");
      expect(policy.rules.commands.deny).toEqual(["rm *"]);
    }
  });

  it("keeps validated policies in memory only when asked, by their exact text", async () => {
    dir = await mkdtemp(join(tmpdir(), "trailseal-policy-"));
    const path = join(dir, "policy.yaml");
    await writeFile(path, "max_risk: low\n");
    rememberValidatedPolicies();
    try {
      const first = await loadPolicy(path, { cacheKey: async () => KEY });
      // Kept: no key, no cache file needed for the same text, and the same (frozen) object.
      await writeFile(policyCachePath(path), "garbage");
      const again = await loadPolicy(path, { cacheKey: async () => null });
      expect(again).toBe(first);
      expect(Object.isFrozen(again.rules.commands.deny)).toBe(true);
      // A changed text is validated again on the very next load.
      await writeFile(path, "max_risk: medium\n");
      const changed = await loadPolicy(path, { cacheKey: async () => null });
      expect(changed.max_risk).toBe("medium");
      await writeFile(path, "max_risk: nope\n");
      await expect(loadPolicy(path)).rejects.toMatchObject({ code: "POLICY_INVALID" });
    } finally {
      rememberValidatedPolicies(false);
    }
    // Off again: every load validates (or reads the MAC'd cache) anew.
    await writeFile(path, "max_risk: low\n");
    const fresh = await loadPolicy(path);
    expect(fresh).not.toBe(await loadPolicy(path));
  });

  it("neither reads nor writes the cache without a key", async () => {
    dir = await mkdtemp(join(tmpdir(), "trailseal-policy-"));
    const path = join(dir, "policy.yaml");
    await writeFile(path, "max_risk: low\n");
    expect((await loadPolicy(path)).max_risk).toBe("low");
    await expect(readFile(policyCachePath(path))).rejects.toMatchObject({ code: "ENOENT" });
  });
});

const KEY = Buffer.alloc(32, 1);
