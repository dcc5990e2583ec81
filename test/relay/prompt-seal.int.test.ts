/**
 * Prompt seals with real processes: the relay (`relay start`, an hour's interval so only prompt
 * seals can explain a seal) seals and publishes soon after new events, to a `witness serve`
 * on each backend. Then the relay is killed (-9) and restarted, and the witness goes down while
 * the agent works and comes back: each time the witness's newest seal ends up covering every
 * recorded event, and `verify` finds no cut. No timing is asserted: waits only guard a hang.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";

async function waitFor<T>(what: string, probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  let last = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(last)}`);
    await sleep(50);
    last = await probe();
  }
  return last;
}

class Witness {
  private child: ChildProcess | null = null;
  url = "";
  constructor(
    private readonly home: string,
    private readonly store: string,
  ) {}

  async start(port = 0): Promise<void> {
    const child = spawn(
      process.execPath,
      [CLI, "--home", this.home, "witness", "serve", "--port", String(port), "--store", this.store],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child = child;
    this.url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split("\n").find((l) => l.startsWith("http"));
        if (line) resolve(line.trim().replace(/\/$/, ""));
      });
      child.on("exit", (code) => reject(new Error(`witness exited (${code})`)));
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(["file store", "git log"])("prompt seals to a witness on a %s", (backend) => {
  it("covers every recorded event soon after, across a relay kill -9 and a witness outage", async () => {
    const { dir, cleanup } = await tempDir("ts-prompt-");
    cleanups.push(cleanup);
    const home = join(dir, "home");
    const cli = (...args: string[]) => runCli(["--home", home, ...args]);
    expect((await cli("init")).code).toBe(0);
    let store = join(dir, "store");
    if (backend === "git log") {
      store = join(dir, "log.git");
      expect((await cli("witness", "init", "--bare", "--origin", "prompt.example/log", store)).code).toBe(0);
    }
    const witness = new Witness(home, store);
    await witness.start();
    cleanups.push(() => witness.stop());
    const port = Number(new URL(witness.url).port);
    const configPath = join(home, "relay-config.json");
    const config = JSON.parse(await readFile(configPath, "utf8"));
    config.witness = { enabled: true, quorum: 1, endpoints: [{ name: "w1", url: witness.url }] };
    await writeFile(configPath, JSON.stringify(config));
    expect(config.auto_seal.max_unsealed_seconds).toBe(1);

    let events = 0;
    const record = async (n: number) => {
      const input = Array.from({ length: n }, (_, i) =>
        JSON.stringify({ kind: "command", command: `echo ${i}` }),
      );
      expect((await runCli(["--home", home, "record"], { input: `${input.join("\n")}\n` })).code).toBe(0);
      events += n;
    };
    const relayPid = async () =>
      JSON.parse((await cli("relay", "status", "--json")).stdout).pid as number | null;
    cleanups.push(async () => {
      await cli("relay", "stop");
    });

    const started = await cli("relay", "start", "--interval", "1h", "--json");
    expect(started.code, started.stderr).toBe(0);
    // The key id, as the relay's first seal carries it.
    const sealed = await waitFor(
      "the start seal",
      async () => (await readFile(join(home, "seals", "seals.jsonl"), "utf8").catch(() => "")).trim(),
      (text) => text.includes('"key_id"'),
    );
    const keyId = JSON.parse(sealed.split("\n")[0]!).key_id as string;
    /** The count of the witness's newest seal of the key (-1 while it cannot be reached). */
    const witnessed = async () => {
      const url = `${witness.url}/api/v1/anchors?key_id=${encodeURIComponent(keyId)}&latest=true`;
      const response = await fetch(url).catch(() => null);
      return response?.status === 200
        ? ((await response.json()) as { chained_events: number }).chained_events
        : -1;
    };
    const coveredBy = (what: string) => waitFor(what, witnessed, (count) => count === events);

    await record(3);
    await coveredBy("a prompt seal of the first 3 events");
    await record(5);
    await coveredBy("a prompt seal of 8 events");

    // The relay dies without a word, and comes back.
    process.kill((await relayPid())!, "SIGKILL");
    await waitFor("the relay gone", relayPid, (pid) => pid === null);
    await record(2);
    expect((await cli("relay", "start", "--interval", "1h")).code).toBe(0);
    await coveredBy("the events recorded while the relay was dead");
    await record(1);
    await coveredBy("a prompt seal after the restart");

    // The witness goes down while the agent works, and comes back on the same port and store.
    await witness.stop();
    await record(4);
    // The bound says so meanwhile: four events no witnessed seal covers.
    const during = await cli("summary", "--json");
    expect(JSON.parse(during.stdout).unwitnessed).toMatchObject({ events_now: 4, witnesses_asked: ["w1"] });
    expect(during.stdout).not.toBe("");
    await witness.start(port);
    await record(1);
    await coveredBy("the events recorded while the witness was down");

    const verify = await cli("verify", "--json");
    expect(verify.code, verify.stderr).toBe(0);
    const checked = JSON.parse(verify.stdout).witnesses;
    expect(checked.checked_for_cuts).toBe(true);
    expect(checked.witnesses[0]).toMatchObject({ status: "reached", chained_events: events });
    const report = JSON.parse((await cli("report", "--json")).stdout);
    expect(report.completeness.unwitnessed).toMatchObject({ events_now: 0, witnesses_asked: ["w1"] });
    // The outage is the period's largest window, and it is closed now.
    expect(report.completeness.unwitnessed.largest_window_ms).toBeGreaterThan(0);
    expect(report.completeness.unwitnessed.largest_window.open).toBe(false);
  });
});
