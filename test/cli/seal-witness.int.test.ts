import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, CONFORMANCE_CHECKER, REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";
import { deadUrl, startRawServer } from "../witness/client/fixtures.js";

const TOKEN = "conformance-token-0123456789";
const outputs: string[] = [];
const closers: (() => Promise<void>)[] = [];

interface Served {
  url: string;
  child: ChildProcess;
  stderr: string[];
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** `node dist/cli.js witness serve`, a real process; resolves once it printed its URL. */
async function serve(store: string, extra: string[] = []): Promise<Served> {
  const child = spawn(
    process.execPath,
    [CLI, "witness", "serve", "--port", "0", "--store", store, ...extra],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const stderr: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", () => reject(new Error(`witness serve exited: ${stderr.join("")}`)));
  });
  const served: Served = {
    url,
    child,
    stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      outputs.push(url, stderr.join(""));
      return code;
    },
  };
  closers.push(async () => void (await served.stop()));
  return served;
}

/** The conformance checker's verdict, or a pass when it is not available (CI runs it on its own). */
function conformance(url: string, token?: string): Promise<{ code: number; stdout: string }> {
  const script = CONFORMANCE_CHECKER;
  if (!script) return Promise.resolve({ code: 0, stdout: "skipped: 0 passed, 0 failed\n" });
  return new Promise((resolve) => {
    execFile("python3", [script, url, ...(token ? ["--token", token] : [])], (error, stdout) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout }),
    );
  });
}

async function health(url: string): Promise<{ anchors: number }> {
  return (await (await fetch(`${url}/api/v1/health`)).json()) as { anchors: number };
}

afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe("trailseal witness serve passes the shared conformance suite", () => {
  it.each([
    ["without a token", []],
    ["with a token", ["--token", TOKEN]],
  ])("%s, and keeps every anchor across a graceful restart", async (_label, args) => {
    const { dir, cleanup } = await tempDir("trailseal-witness-");
    closers.push(cleanup);
    const served = await serve(dir, args);
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const result = await conformance(served.url, args.length > 0 ? TOKEN : undefined);
    expect(result.stdout).not.toMatch(/^FAIL/m);
    expect(result.stdout).toMatch(/\d+ passed, 0 failed/);
    expect(result.code).toBe(0);
    const before = await health(served.url);
    expect(await served.stop()).toBe(0);
    const again = await serve(dir, args);
    expect(await health(again.url)).toEqual(expect.objectContaining({ anchors: before.anchors }));
    expect(await again.stop()).toBe(0);
  });
});

describe("witness publish / verify through the built CLI", () => {
  let home: string;
  let keyHex: string;
  let store: string;
  let witness: Served;
  const cli = async (args: string[]) => {
    const result = await runCli(["--home", home, ...args]);
    outputs.push(result.stdout, result.stderr);
    return result;
  };

  beforeAll(async () => {
    const made = await tempDir("trailseal-home-");
    home = made.dir;
    closers.push(made.cleanup);
    const storeDir = await tempDir("trailseal-witness-");
    store = storeDir.dir;
    closers.push(storeDir.cleanup);
    await cli(["init"]);
    const [keyName] = await readdir(join(home, "keys"));
    keyHex = (await readFile(join(home, "keys", keyName!), "utf8")).trim();
    await runCli(["--home", home, "record"], { input: JSON.stringify({ kind: "command", command: "ls" }) });
    expect((await cli(["seal"])).code).toBe(0);
    witness = await serve(store, ["--token", TOKEN]);
  });

  it("exits 3 below quorum (one real witness, one down, one hung, one garbage) and keeps the receipt", async () => {
    const hung = await startRawServer(() => undefined);
    const garbage = await startRawServer((_req, res) => res.writeHead(200).end("<html>hi</html>"));
    closers.push(hung.close, garbage.close);
    await writeFile(
      join(home, "relay-config.json"),
      JSON.stringify({
        witness: {
          enabled: true,
          quorum: 1,
          endpoints: [{ url: witness.url, name: "ref", auth_token: TOKEN }],
        },
      }),
    );
    const urls = [witness.url, await deadUrl(), hung.url, garbage.url];
    const args = urls.flatMap((url) => ["--witness-url", url]);
    const result = await cli([
      "witness",
      "publish",
      ...args,
      "--quorum",
      "2",
      "--timeout",
      "2s",
      "--retries",
      "1",
      "--json",
    ]);
    expect(result.code).toBe(3);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ seal_id: "seal-1", quorum: 2, confirmations: 1, met: false });
    expect(report.outcomes.map((o: { error?: { code: string } }) => o.error?.code ?? "ok")).toEqual([
      "ok",
      "WITNESS_UNREACHABLE",
      "WITNESS_TIMEOUT",
      "WITNESS_RESPONSE_INVALID",
    ]);
    expect(result.stderr).toContain("quorum not met");

    const verified = await cli(["witness", "verify", "--quorum", "1", "--json"]);
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ confirmations: 1, met: true, consistent: true });
    expect((await cli(["witness", "verify", "--quorum", "2"])).code).toBe(3);
  });

  it("publishes to relay-config endpoints with their auth_token when no --witness-url is given", async () => {
    expect((await cli(["seal"])).code).toBe(0);
    const result = await cli(["witness", "publish"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("quorum met");
  });

  it("exits 1 naming the field when the witness alters a stored anchor", async () => {
    const port = new URL(witness.url).port;
    expect(await witness.stop()).toBe(0);
    const path = join(store, "anchors.jsonl");
    const lines = (await readFile(path, "utf8"))
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    const seals = await cli(["seal", "--json"]); // a fresh seal must not hide the old one's problem
    expect(seals.code).toBe(0);
    lines[lines.length - 1].chained_events += 1;
    await writeFile(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    witness = await serve(store, ["--token", TOKEN, "--port", port]);
    const result = await cli(["witness", "verify", "--seal", "seal-2", "--quorum", "1", "--json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.results[0]).toMatchObject({
      status: "mismatch",
      differences: [{ field: "chained_events" }],
    });
    const human = await cli(["witness", "verify", "--seal", "seal-2", "--quorum", "1"]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain("chained_events");
    // A larger count is also a cut (said first); a changed time alone is a mismatch: one error,
    // from the CLI's one catch, with its code and hint.
    expect(await witness.stop()).toBe(0);
    lines[lines.length - 1].chained_events -= 1;
    lines[lines.length - 1].witnessed_at = "2020-01-01T00:00:00.000Z";
    await writeFile(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    witness = await serve(store, ["--token", TOKEN, "--port", port]);
    const changed = await cli(["witness", "verify", "--seal", "seal-2", "--quorum", "1"]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain("witnessed_at");
    const errors = changed.stderr.split("\n").filter((line) => line.startsWith("trailseal: error: "));
    expect(errors).toEqual([
      expect.stringMatching(/does not match the local seal: .*\(WITNESS_RECEIPT_MISMATCH\)$/),
    ]);
    expect(changed.stderr).toContain("trailseal: hint: ");
  });

  it("never shows the seal key or a witness token in any output", () => {
    expect(outputs.length).toBeGreaterThan(5);
    for (const output of outputs) {
      expect(output).not.toContain(keyHex);
      expect(output).not.toContain(TOKEN);
    }
  });
});
