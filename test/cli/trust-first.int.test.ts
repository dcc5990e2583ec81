// Loud trust: every command that reads the trail checks it first. An edited, rewritten or cut
// record makes summary, log, stats, export and report say so first on stderr with a code and exit
// 1; a home that does not exist is TRAIL_NOT_FOUND (exit 2), never an empty day.
import { existsSync } from "node:fs";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

// One sealed home of six events is made once (three CLI runs) and copied for each test: every
// test tampers with its own copy, and the 35 tests no longer pay 105 process starts for it.
let template: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  template = await tempDir();
  home = template.dir;
  expect((await runCli(["init"], { env: env() })).code).toBe(0);
  await record("ls", "git status", "rm -rf build", "npm test", "git push --force origin main", "pwd");
  expect((await runCli(["seal"], { env: env() })).code).toBe(0);
});
afterAll(() => template.cleanup());

beforeEach(async () => {
  ({ dir: home, cleanup } = await tempDir());
  await cp(template.dir, home, { recursive: true });
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

describe("a cut the witnesses see", () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  /** `witness serve --store` (the file backend) as a real process; resolves with its URL. */
  async function serve(store: string): Promise<string> {
    const { spawn } = await import("node:child_process");
    const { createInterface } = await import("node:readline");
    const { CLI, REPO_ROOT } = await import("../helpers/cli.js");
    const child = spawn(
      process.execPath,
      [CLI, "--home", join(store, "w-home"), "witness", "serve", "--port", "0", "--store", join(store, "s")],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    closers.push(async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    });
    return new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", () => reject(new Error("witness serve exited")));
    });
  }

  async function useWitness(url: string): Promise<void> {
    const path = join(home, "relay-config.json");
    const config = JSON.parse(await readFile(path, "utf8"));
    config.witness = { enabled: true, quorum: 1, endpoints: [{ url, name: "w1" }] };
    await writeFile(path, JSON.stringify(config));
  }

  // One witnessed history, cut once, read by every reader: the witness, the two publishes and the
  // seals are set up once instead of once per reader.
  it("every reader: cut back to the previous witnessed seal, said first with WITNESS_CUT_DETECTED", async () => {
    await useWitness(await serve(join(home, "witness")));
    expect((await runCli(["witness", "publish"], { env: env() })).code).toBe(0); // seal-1 over 6
    await record("echo 7", "echo 8");
    expect((await runCli(["seal"], { env: env() })).code).toBe(0);
    const published = await runCli(["witness", "publish"], { env: env() });
    expect(published.code, published.stderr).toBe(0);
    for (const [name, args] of READERS) {
      const clean = await runReader(args);
      expect(clean.code, `${name}: ${clean.stderr}`).toBe(0);
      expect(clean.stderr, name).toBe("");
    }

    // The attack: the newest seal and its receipts removed, the trail cut back to seal-1.
    const sealsPath = join(home, "seals", "seals.jsonl");
    const lines = (await readFile(sealsPath, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const kept = lines.filter((line) => line.id !== "seal-2" && line.seal_id !== "seal-2");
    await writeFile(sealsPath, kept.map((line) => `${JSON.stringify(line)}\n`).join(""));
    await rewrite((await events()).slice(0, 6));

    for (const [name, args] of READERS) {
      const cut = await runReader(args);
      expect(cut.code, `${name}: ${cut.stderr}`).toBe(1);
      const first = cut.stderr.split("\n")[0]!;
      expect(first, name).toMatch(
        /^trailseal: error: (the record was cut: )?witness w1 holds \S+ over 8 events; the trail holds 6: 2 witnessed event\(s\) are missing/,
      );
      expect(first, name).toContain("(WITNESS_CUT_DETECTED)");
    }
  });

  it("a witness that cannot answer is said, not taken as fine", async () => {
    await useWitness("http://127.0.0.1:9/api/v1/anchor");
    const result = await runCli(["summary"], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/warning: witness w1 cannot answer .*not checked for cuts/);
  });
});
