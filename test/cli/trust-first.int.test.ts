// Loud trust: every command that reads the trail checks it first. An edited, rewritten or cut
// record makes summary, log, stats, export and report say so first on stderr with a code and exit
// 1; a home that does not exist is TRAIL_NOT_FOUND (exit 2), never an empty day.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { computeEventHash, GENESIS_HASH, serializeEvent, type TrailEvent } from "../../src/chain/index.js";
import { type CliResult, runCli, tempDir } from "../helpers/cli.js";

let home: string;
let cleanup: () => Promise<void>;
const env = () => ({ TRAILSEAL_HOME: home });
const segment = () => join(home, "trail", "events-000000.jsonl");

async function record(...commands: string[]): Promise<void> {
  const input = commands.map((command) => JSON.stringify({ kind: "command", command })).join("\n");
  const result = await runCli(["record"], { input, env: env() });
  expect(result.code, result.stderr).toBe(0);
}

async function events(): Promise<TrailEvent[]> {
  return (await readFile(segment(), "utf8"))
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TrailEvent);
}

/** Rewrites the trail as given, every hash and link recomputed: only a seal can tell. */
async function rewrite(list: TrailEvent[]): Promise<void> {
  let prev = GENESIS_HASH;
  const lines = list.map((event, seq) => {
    const { hash: _old, ...rest } = { ...event, seq, prev };
    const hash = computeEventHash(rest);
    prev = hash;
    return serializeEvent({ ...rest, hash } as TrailEvent);
  });
  await writeFile(segment(), `${lines.join("\n")}\n`);
}

const READERS: [string, string[]][] = [
  ["summary", ["summary"]],
  ["log", ["log"]],
  ["stats", ["stats", "--risk"]],
  ["report", ["report", "--format", "json"]],
  ["export", ["export", "--format", "jsonl", "--output", "EXPORT"]],
];

async function runReader(args: string[]): Promise<CliResult> {
  return runCli(
    args.map((arg) => (arg === "EXPORT" ? join(home, "copy.jsonl") : arg)),
    { env: env() },
  );
}

function expectSaidFirst(result: CliResult, code: string): void {
  expect(result.code, result.stderr).toBe(1);
  const first = result.stderr.split("\n")[0]!;
  expect(first).toMatch(/^trailseal: error: the record is broken/);
  expect(first).toContain(`(${code})`);
}

beforeEach(async () => {
  ({ dir: home, cleanup } = await tempDir());
  expect((await runCli(["init"], { env: env() })).code).toBe(0);
  await record("ls", "git status", "rm -rf build", "npm test", "git push --force origin main", "pwd");
  expect((await runCli(["seal"], { env: env() })).code).toBe(0);
});
afterEach(() => cleanup());

describe("reading commands on an intact record", () => {
  it.each(READERS)("%s exits 0 and says nothing on stderr", async (_name, args) => {
    const result = await runReader(args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain("error");
  });

  it("verify only the events appended since the last check (the keyed checkpoint)", async () => {
    expect((await runCli(["summary"], { env: env() })).code).toBe(0);
    const checkpoint = JSON.parse(await readFile(join(home, "verified-prefix.json"), "utf8"));
    expect(checkpoint.prefix).toMatchObject({ count: 6 });
    expect(checkpoint.mac).toMatch(/^[0-9a-f]{64}$/);
    await record("echo more", "echo again");
    expect((await runCli(["log"], { env: env() })).code).toBe(0);
    const after = JSON.parse(await readFile(join(home, "verified-prefix.json"), "utf8"));
    expect(after.prefix).toMatchObject({ count: 8 });
    expect(after.prefix.segments[0].bytes).toBeGreaterThan(checkpoint.prefix.segments[0].bytes);
  });
});

describe("reading commands on a broken record", () => {
  it.each(READERS)("%s: an event edited in place (after a check made a checkpoint)", async (name, args) => {
    expect((await runCli(["summary"], { env: env() })).code).toBe(0); // checkpoint over all 6
    const text = await readFile(segment(), "utf8");
    await writeFile(segment(), text.replace("rm -rf build", "ls -la build"));
    const result = await runReader(args);
    expectSaidFirst(result, "TRAIL_CHAIN_BROKEN");
    if (name === "export") expect(existsSync(join(home, "copy.jsonl"))).toBe(false);
  });

  it.each(READERS)("%s: the chain rewritten and re-hashed (the seal disagrees)", async (_name, args) => {
    const list = await events();
    list[2] = { ...list[2]!, action: { ...list[2]!.action, command: "ls -la build" } };
    await rewrite(list);
    expectSaidFirst(await runReader(args), "SEAL_TIP_MISMATCH");
  });

  it.each(READERS)("%s: the newest events cut off (the seal covers more)", async (_name, args) => {
    await rewrite((await events()).slice(0, 4));
    expectSaidFirst(await runReader(args), "SEAL_TRAIL_TRUNCATED");
  });

  it("a checkpoint re-pointed at edited bytes without the key is ignored", async () => {
    expect((await runCli(["summary"], { env: env() })).code).toBe(0);
    const text = (await readFile(segment(), "utf8")).replace("rm -rf build", "ls -la build");
    await writeFile(segment(), text);
    const path = join(home, "verified-prefix.json");
    const checkpoint = JSON.parse(await readFile(path, "utf8"));
    const { createHash } = await import("node:crypto");
    checkpoint.prefix.sha256 = createHash("sha256").update(text).digest("hex");
    await writeFile(path, JSON.stringify(checkpoint));
    expectSaidFirst(await runCli(["summary"], { env: env() }), "TRAIL_CHAIN_BROKEN");
  });
});

describe("a home that does not exist", () => {
  it.each([...READERS, ["verify", ["verify"]] as [string, string[]]])(
    "%s: TRAIL_NOT_FOUND, exit 2",
    async (_name, args) => {
      const missing = join(home, "mistyped");
      for (const options of [{ env: { TRAILSEAL_HOME: missing } }, { env: {} }]) {
        const argv = options.env.TRAILSEAL_HOME ? args : [...args, "--home", missing];
        const result = await runCli(
          argv.map((arg) => (arg === "EXPORT" ? join(home, "copy.jsonl") : arg)),
          options,
        );
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain("(TRAIL_NOT_FOUND)");
        expect(result.stdout).toBe("");
      }
      expect(existsSync(join(home, "mistyped"))).toBe(false);
    },
  );

  it("dashboard: TRAIL_NOT_FOUND, exit 2, no server", async () => {
    const result = await runCli(["dashboard", "--port", "0", "--home", join(home, "mistyped")]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain("(TRAIL_NOT_FOUND)");
  });
});
