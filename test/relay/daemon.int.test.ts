import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireRelayLock } from "../../src/relay/index.js";
import { readSeals } from "../../src/seal/index.js";
import { CLI, REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";
import { initialisedHome } from "../helpers/init-home.js";

/** The real daemon: `node dist/cli.js relay start --interval 1s`, a real witness server process. */

interface Status {
  running: boolean;
  pid: number | null;
  stale_pid: number | null;
  seals_created: number;
  config: { witness: { enabled: boolean; quorum: number; endpoints: { name: string; url: string }[] } };
  last_seal: { id: string } | null;
  last_quorum: { seal_id: string; met: boolean; confirmations: number } | null;
  pending: { seal_id: string }[];
}

/** Polls until `check` passes; the limit only guards against a hung test, it is not an assertion on speed. */
async function waitFor<T>(what: string, probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 45_000;
  let last: T = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(last)}`);
    await sleep(100);
    last = await probe();
  }
  return last;
}

class Witness {
  private child: ChildProcess | null = null;
  url = "";

  constructor(private readonly store: string) {}

  async start(port = 0): Promise<void> {
    const child = spawn(
      process.execPath,
      [CLI, "witness", "serve", "--port", String(port), "--store", this.store],
      {
        cwd: REPO_ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      },
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

  get port(): number {
    return Number(new URL(this.url).port);
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

describe("relay daemon (built CLI, real processes)", () => {
  let home: string;
  let cleanup: () => Promise<void>;
  let witness: Witness | null = null;
  const cli = (args: string[]) => runCli(["--home", home, ...args]);
  const status = async (): Promise<Status> => JSON.parse((await cli(["relay", "status", "--json"])).stdout);
  const writeConfig = (config: unknown) => writeFile(join(home, "relay-config.json"), JSON.stringify(config));

  beforeEach(async () => {
    ({ dir: home, cleanup } = await tempDir("trailseal-relay-"));
    await initialisedHome(home);
    const recorded = await runCli(["--home", home, "record"], {
      input: JSON.stringify({ kind: "command", command: "ls" }),
    });
    expect(recorded.code).toBe(0);
  });

  afterEach(async () => {
    await cli(["relay", "stop"]);
    // If the CLI could not stop it (e.g. dist/ was being rebuilt), do not leak the daemon.
    const pid = Number(
      JSON.parse((await readFile(join(home, "relay.lock"), "utf8").catch(() => "")) || "{}").pid ?? 0,
    );
    if (pid > 0) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await witness?.stop();
    witness = null;
    await cleanup();
  });

  it("refuses to start (or restart onto) witness endpoints with witness.enabled left out", async () => {
    const endpoints = [{ name: "local", url: "http://127.0.0.1:9/api/v1/anchor" }];
    await writeConfig({ witness: { quorum: 1, endpoints } });
    for (const args of [
      ["relay", "start"],
      ["relay", "start", "--foreground"],
      ["relay", "restart"],
    ]) {
      const result = await cli(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain("(RELAY_WITNESS_DISABLED)");
      expect(result.stdout).not.toContain("relay started");
    }
    expect((await status()).running).toBe(false);

    // A running relay is not stopped for a configuration its successor would refuse.
    await writeConfig({ witness: { enabled: false, quorum: 1, endpoints: [] } });
    expect((await cli(["relay", "start", "--interval", "1s"])).code).toBe(0);
    const { pid } = await status();
    await writeConfig({ witness: { enabled: false, quorum: 1, endpoints } });
    expect((await cli(["relay", "restart"])).code).toBe(2);
    expect(await status()).toMatchObject({ running: true, pid });
  });

  it("starts, seals every interval, refuses a second relay, restarts onto a changed config, stops", async () => {
    const started = await cli(["relay", "start", "--interval", "1s", "--json"]);
    expect(started.code).toBe(0);
    const { pid } = JSON.parse(started.stdout);
    const sealing = await waitFor("two seals", status, (s) => s.seals_created >= 2);
    expect(sealing).toMatchObject({ running: true, pid });
    expect(sealing.config.witness.enabled).toBe(false);

    const second = await cli(["relay", "start", "--interval", "1s"]);
    expect(second.code).toBe(1);
    expect((await status()).pid).toBe(pid);

    witness = new Witness(join(home, "witness-store"));
    await witness.start();
    await writeConfig({
      auto_seal: { enabled: true, interval_minutes: 15 },
      witness: {
        enabled: true,
        quorum: 1,
        endpoints: [{ name: "local", url: `${witness.url}/api/v1/anchor`, auth_token: "s3cret-token" }],
      },
    });
    const restarted = await cli(["relay", "restart", "--interval", "1s", "--json"]);
    expect(restarted.code).toBe(0);
    const after = JSON.parse(restarted.stdout);
    expect(after.pid).not.toBe(pid);
    expect(after.previous_pid).toBe(pid);
    const confirmed = await waitFor(
      "a seal witnessed under the new config",
      status,
      (s) => s.last_quorum?.met === true,
    );
    expect(confirmed.config.witness.endpoints[0]!.name).toBe("local");
    const statusText = (await cli(["relay", "status", "--json"])).stdout;
    expect(statusText).not.toContain("s3cret-token");

    const stopped = await cli(["relay", "stop", "--json"]);
    expect(stopped.code).toBe(0);
    expect(JSON.parse(stopped.stdout)).toMatchObject({ stopped: true, pid: after.pid });
    const final = await cli(["relay", "status", "--json"]);
    expect(final.code).toBe(1);
    expect(JSON.parse(final.stdout).running).toBe(false);
    expect(existsSync(join(home, "relay.lock"))).toBe(false);

    const seals = await readSeals(join(home, "seals"));
    expect(seals.length).toBeGreaterThanOrEqual(3);
    expect(seals.some((s) => s.receipts.length > 0)).toBe(true);
    const log = await readFile(join(home, "relay.log"), "utf8");
    expect(log).toContain("received SIGTERM");
    expect(log).not.toContain("s3cret-token");
  });

  it("keeps seals below quorum while the witness is down, across a restart, and confirms them when it returns", async () => {
    witness = new Witness(join(home, "witness-store"));
    await witness.start();
    const port = witness.port;
    await writeConfig({
      witness: { enabled: true, quorum: 1, endpoints: [{ name: "w1", url: `${witness.url}/api/v1/anchor` }] },
    });
    expect((await cli(["relay", "start", "--interval", "1s"])).code).toBe(0);
    await waitFor("a witnessed seal", status, (s) => s.last_quorum?.met === true);

    await witness.stop();
    const down = await waitFor("two seals pending", status, (s) => s.pending.length >= 2);
    expect(down.last_quorum?.met).toBe(false);

    // A restart resumes the pending retries from relay-state.json.
    expect((await cli(["relay", "restart", "--interval", "1s"])).code).toBe(0);
    const resumed = await status();
    const pendingIds = down.pending.map((p) => p.seal_id);
    for (const id of pendingIds) expect(resumed.pending.map((p) => p.seal_id)).toContain(id);

    await witness.start(port);
    await waitFor(
      "every pending seal confirmed",
      status,
      (s) => s.pending.length === 0 && s.last_quorum?.met === true,
    );
    const seals = await readSeals(join(home, "seals"));
    for (const id of pendingIds) {
      expect(seals.find((s) => s.id === id)!.receipts.map((r) => r.witness.name)).toEqual(["w1"]);
    }
    expect((await cli(["relay", "stop"])).code).toBe(0);

    const report = await runCli(["--home", home, "report", "--format", "json"]);
    expect(report.code).toBe(0);
    const figures = JSON.parse(report.stdout);
    expect(figures.chain_integrity.ok).toBe(true);
    for (const id of pendingIds) {
      expect(figures.witness_confirmation.seals.find((s: { id: string }) => s.id === id).met).toBe(true);
    }

    // Re-checked live against the witness (it holds every anchor it receipted).
    const live = await runCli(["--home", home, "report", "--json", "--verify-witnesses"]);
    expect(live.code).toBe(0);
    const checked = JSON.parse(live.stdout).witness_confirmation;
    const witnessed = (await readSeals(join(home, "seals"))).filter((s) => s.receipts.length > 0).length;
    expect(checked.verified_live).toBe(true);
    expect(checked.seals_meeting_quorum).toBe(witnessed);
  });

  it("recognises the lock of a relay that died and starts over it", async () => {
    const dead = spawn(process.execPath, ["-e", "0"]);
    await new Promise((resolve) => dead.once("exit", resolve));
    const held = await acquireRelayLock(join(home, "relay.lock"));
    const record = JSON.parse(await readFile(join(home, "relay.lock"), "utf8"));
    await held.release();
    await writeFile(join(home, "relay.lock"), `${JSON.stringify({ ...record, pid: dead.pid })}\n`);
    const before = await cli(["relay", "status", "--json"]);
    expect(before.code).toBe(1);
    expect(JSON.parse(before.stdout)).toMatchObject({ running: false, stale_pid: dead.pid });
    const started = await cli(["relay", "start", "--interval", "1s", "--json"]);
    expect(started.code).toBe(0);
    expect((await status()).running).toBe(true);
    expect(await readFile(join(home, "relay.log"), "utf8")).toContain("relay that died");
  });

  it("keeps a seal whose publish was cut by kill -9, and publishes it after the restart", async () => {
    // A witness that accepts connections and never answers: the first publish hangs.
    const sockets: Socket[] = [];
    const hanging = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    try {
      const port = (hanging.address() as AddressInfo).port;
      await writeConfig({
        witness: {
          enabled: true,
          quorum: 1,
          endpoints: [{ name: "slow", url: `http://127.0.0.1:${port}/api/v1/anchor` }],
        },
      });
      expect((await cli(["relay", "start", "--interval", "1h"])).code).toBe(0);
      const during = await waitFor(
        "the first seal, its publish in flight",
        status,
        (s) => s.last_seal !== null,
      );
      process.kill(during.pid!, "SIGKILL");
      await waitFor("the relay gone", status, (s) => !s.running);
      const cut = during.last_seal!.id;

      witness = new Witness(join(home, "witness-store"));
      await witness.start();
      await writeConfig({
        witness: {
          enabled: true,
          quorum: 1,
          endpoints: [{ name: "w1", url: `${witness.url}/api/v1/anchor` }],
        },
      });
      expect((await cli(["relay", "start", "--interval", "1h"])).code).toBe(0);
      await waitFor(
        `${cut} confirmed`,
        () => readSeals(join(home, "seals")),
        (seals) => (seals.find((s) => s.id === cut)?.receipts.length ?? 0) > 0,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it("refuses an interval Node's timers cannot keep (25d), and starts nothing", async () => {
    for (const args of [
      ["relay", "start", "--interval", "25d"],
      ["relay", "start", "--foreground", "--interval", "25d"],
      ["relay", "restart", "--interval", "25d"],
    ]) {
      const result = await cli(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("RELAY_INTERVAL_INVALID");
    }
    expect(existsSync(join(home, "relay.lock"))).toBe(false);
  });

  it.each([
    ["a javascript: URL", [{ name: "a", url: "javascript:alert(1)" }]],
    ["credentials in a URL", [{ name: "a", url: "https://user:pw@127.0.0.1:9/" }]],
    [
      "the same endpoint twice",
      [
        { name: "a", url: "http://127.0.0.1:9" },
        { name: "b", url: "http://localhost:9/api/v1/anchor" },
      ],
    ],
  ])("refuses %s at start with a config error, not only in relay.log", async (_name, endpoints) => {
    await writeConfig({ witness: { enabled: true, quorum: 1, endpoints } });
    const result = await cli(["relay", "start"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("CONFIG_INVALID");
    expect(existsSync(join(home, "relay.lock"))).toBe(false);
  });

  it("refuses to start on an invalid config, naming the bad path, and starts nothing", async () => {
    await writeConfig({ auto_seal: { interval_minutes: "soon" } });
    const result = await cli(["relay", "start"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("auto_seal.interval_minutes");
    expect(existsSync(join(home, "relay.lock"))).toBe(false);
  });
});
