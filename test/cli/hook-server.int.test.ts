// The resident hook server (docs/decisions/hook-resident.md), through the built CLI: the same
// answers and records as the in-process hook for every agent, a changed policy on the very next
// call, and every failure (no server, another build, a stuck or killed server, an unsafe spool
// directory) answered in-process with the call recorded exactly once. Every server a test starts
// is stopped by it (a short idle period as a second guard).
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { residentDigest } from "../../src/cli/hook-runtime/resident-digest.js";
import { withDirLock } from "../../src/durable/index.js";
import { AGENTS, type AgentName } from "../../src/hooks/index.js";
import { AGENT_PAYLOAD_CWD, BUILD } from "../helpers/agent-payloads.js";
import { REPO_ROOT } from "../helpers/cli.js";

// Inside the checkout, so the bundles' packages resolve from node_modules.
const root = join(REPO_ROOT, "test-artifacts", `hook-server-${process.pid}`);
const dist = join(root, "dist");
let homeCount = 0;
const homes: string[] = [];

interface Status {
  pid: number;
  digest: string;
  calls: number;
}

function freshHome(): string {
  homeCount += 1;
  const home = join(root, `h${homeCount}`);
  const init = spawnSync(process.execPath, [join(dist, "cli.js"), "init", "--home", home], {
    encoding: "utf8",
  });
  expect(init.status, init.stderr).toBe(0);
  homes.push(home);
  return home;
}

function env(home: string, server: "on" | "off", extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {
    ...process.env,
    TRAILSEAL_HOME: home,
    TRAILSEAL_HOOK_SERVER: server,
    TRAILSEAL_HOOK_SERVER_IDLE_SECONDS: "20",
    ...extra,
  };
  for (const [name, value] of Object.entries(out)) if (value === undefined) delete out[name];
  return out;
}

function hook(home: string, agent: AgentName, input: string, server: "on" | "off", cli = dist) {
  const result = spawnSync(process.execPath, [join(cli, "cli.cjs"), "hook", agent], {
    input,
    encoding: "utf8",
    env: env(home, server),
    cwd: root,
  });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

function hookAsync(home: string, agent: AgentName, input: string, server: "on" | "off" = "on") {
  const child = spawn(process.execPath, [join(dist, "cli.cjs"), "hook", agent], {
    env: env(home, server),
    cwd: root,
  });
  let stdout = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stdin.end(input);
  return new Promise<{ stdout: string; code: number | null }>((resolve) =>
    child.on("close", (code) => resolve({ stdout, code })),
  );
}

/** A home's server through the built CLI (`trailseal hook server status|stop`): its status, or null. */
async function ask(home: string, op: "status" | "stop"): Promise<Status | null> {
  const child = spawn(process.execPath, [
    join(dist, "cli.js"),
    "hook",
    "server",
    op,
    "--home",
    home,
    "--json",
  ]);
  let text = "";
  child.stdout.on("data", (chunk) => {
    text += chunk;
  });
  const code = await new Promise((resolve) => child.on("close", resolve));
  expect(code).toBe(0);
  const status = JSON.parse(text) as Status & { running: boolean };
  return status.running ? status : null;
}

async function until<T>(what: () => Promise<T | null> | T | null, label: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await what();
    if (value !== null && value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${label}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z");
  } catch {
    return false;
  }
};

/** user + system clock ticks a process has run (/proc/<pid>/stat, fields 14 and 15). */
const cpuTicks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
};

function events(home: string): Record<string, unknown>[] {
  const file = join(home, "trail", "events-000000.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** An event without what differs between two appends of the same call (place, time, chain). */
function content(event: Record<string, unknown>): Record<string, unknown> {
  const { seq: _s, ts: _t, hash: _h, prev: _p, ...rest } = event;
  return rest;
}

/** The spool the home's server published (docs/decisions/hook-resident.md). */
function spoolOf(home: string): string {
  return (JSON.parse(readFileSync(join(home, "run", "server.json"), "utf8")) as { spool: string }).spool;
}

/** A running server for `home`, started by a first call that is answered in-process. */
async function started(home: string): Promise<Status> {
  hook(home, "claude-code", JSON.stringify(BUILD["claude-code"]("read", "/tmp/x")), "on");
  return until(() => ask(home, "status"), "the server");
}

beforeAll(() => {
  mkdirSync(root, { recursive: true });
  cpSync(join(REPO_ROOT, "dist"), dist, { recursive: true });
});
afterEach(async () => {
  for (const home of homes) {
    const status = await ask(home, "status");
    if (status) {
      await ask(home, "stop");
      await until(() => !alive(status.pid), "the server to stop");
    }
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the resident hook server", () => {
  it("gives the same answers and records as the in-process hook, for every agent", async () => {
    const home = freshHome();
    const before = await started(home);
    const cases: [AgentName, string][] = [];
    for (const agent of AGENTS) {
      const build = BUILD[agent];
      cases.push(
        [agent, JSON.stringify(build("command", "rm -rf /"))],
        [agent, JSON.stringify(build("command", "git status"))],
        [agent, JSON.stringify(build("command", 'git log "$(git merge-base HEAD main)"..HEAD'))],
        [
          agent,
          JSON.stringify(
            build("command", "curl -H 'Authorization: Bearer ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8' x"),
          ),
        ],
        [agent, JSON.stringify(build("read", `${AGENT_PAYLOAD_CWD}/.env`))],
        [agent, JSON.stringify(build("read", `${AGENT_PAYLOAD_CWD}/src/index.ts`))],
        [agent, JSON.stringify(build("post", "npm test"))],
        [agent, '{"not a payload'],
      );
    }
    for (const [agent, input] of cases) {
      const count = events(home).length;
      const inProcess = hook(home, agent, input, "off");
      const mid = events(home);
      const resident = hook(home, agent, input, "on");
      const after = events(home);
      expect(resident, `${agent} ${input}`).toEqual(inProcess);
      const added = mid.length - count;
      expect(after.length - mid.length, `${agent} ${input}`).toBe(added);
      expect(after.slice(mid.length).map(content), `${agent} ${input}`).toEqual(
        mid.slice(count).map(content),
      );
    }
    const after = await ask(home, "status");
    // Every resident call was the server's own (none fell back): same server, one call each.
    expect(after?.pid).toBe(before.pid);
    expect(after!.calls - before.calls).toBe(cases.length);
    // 144 processes of the built CLI one after another: minutes on a loaded machine.
  }, 240_000);

  it("answers concurrent calls among other writers: one record each, one intact chain", async () => {
    const home = freshHome();
    const server = await started(home);
    const input = JSON.stringify(BUILD["claude-code"]("command", "rm -rf /"));
    const expected = hook(home, "claude-code", input, "off");
    const count = events(home).length;
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => hookAsync(home, "claude-code", input, "on")),
      ...Array.from({ length: 2 }, () => hookAsync(home, "claude-code", input, "off")),
    ]);
    for (const result of results) expect(result).toEqual({ stdout: expected.stdout, code: 0 });
    expect(events(home)).toHaveLength(count + 8);
    const verify = spawnSync(process.execPath, [join(dist, "cli.js"), "verify", "--home", home], {
      encoding: "utf8",
    });
    expect(verify.status, verify.stderr).toBe(0);
    expect((await ask(home, "status"))?.pid).toBe(server.pid);
  });

  it("keeps a call queued behind a long one alive (heartbeats), and answers both", async () => {
    const home = freshHome();
    const server = await started(home);
    const input = JSON.stringify(BUILD.gemini("command", "rm -rf /"));
    const expected = hook(home, "gemini", input, "off");
    const count = events(home).length;
    let pending: Promise<{ stdout: string; code: number | null }[]> | undefined;
    // Held 6 s from the moment both calls are claimed: longer than the client's 5 s of silence
    // (the queued call hears only heartbeats meanwhile), and well inside the server's 10 s lock
    // wait however slowly the two clients started on a loaded machine.
    await withDirLock(join(home, "trail"), async () => {
      pending = Promise.all([hookAsync(home, "gemini", input), hookAsync(home, "gemini", input)]);
      const spool = spoolOf(home);
      await until(
        () => readdirSync(spool).filter((name) => name.endsWith(".taken")).length === 2,
        "both calls claimed",
      );
      await new Promise((resolve) => setTimeout(resolve, 6000));
    });
    for (const result of await pending!) expect(result).toEqual({ stdout: expected.stdout, code: 0 });
    expect(events(home)).toHaveLength(count + 2);
    const status = await ask(home, "status");
    expect(status?.pid).toBe(server.pid);
    expect(status!.calls - server.calls).toBe(2);
  });

  it("takes a changed policy.yaml on the very next call", async () => {
    const home = freshHome();
    const server = await started(home);
    const input = JSON.stringify(BUILD["claude-code"]("command", "npm publish"));
    const first = JSON.parse(hook(home, "claude-code", input, "on").stdout || "{}");
    expect(first.hookSpecificOutput?.permissionDecision).not.toBe("deny");
    const policy = join(home, "policy.yaml");
    const text = readFileSync(policy, "utf8");
    expect(text).toContain('      - "sudo *"\n');
    writeFileSync(policy, text.replace('      - "sudo *"\n', '      - "sudo *"\n      - "npm publish*"\n'));
    const inProcess = hook(home, "claude-code", input, "off");
    const resident = hook(home, "claude-code", input, "on");
    expect(resident).toEqual(inProcess);
    expect(JSON.parse(resident.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    expect((await ask(home, "status"))?.pid).toBe(server.pid);
  });

  it("without a server, answers in-process and starts one for the next call", async () => {
    const home = freshHome();
    const input = JSON.stringify(BUILD.cursor("command", "rm -rf /"));
    expect(await ask(home, "status")).toBeNull();
    const first = hook(home, "cursor", input, "on");
    expect(first).toEqual(hook(home, "cursor", input, "off"));
    const status = await until(() => ask(home, "status"), "the server");
    expect(status.calls).toBe(0);
    expect(hook(home, "cursor", input, "on")).toEqual(first);
    expect((await ask(home, "status"))?.calls).toBe(1);
    expect(events(home)).toHaveLength(3);
  });

  it("never sends a call to another build's server, and replaces it", async () => {
    const home = freshHome();
    const old = await started(home);
    // Another build: one comment more in its server, and the bin that carries its digest.
    const other = join(root, "dist-other");
    cpSync(dist, other, { recursive: true });
    writeFileSync(
      join(other, "hook-server.cjs"),
      `${readFileSync(join(other, "hook-server.cjs"), "utf8")}\n// other\n`,
    );
    const digest = residentDigest(other);
    expect(digest).not.toBe(old.digest);
    const bin = readFileSync(join(other, "cli.cjs"), "utf8");
    expect(bin).toContain(old.digest);
    writeFileSync(join(other, "cli.cjs"), bin.replace(old.digest, digest));
    const input = JSON.stringify(BUILD.gemini("command", "rm -rf /"));
    const count = events(home).length;
    const answer = hook(home, "gemini", input, "on", other);
    expect(answer).toEqual(hook(home, "gemini", input, "off"));
    expect(events(home)).toHaveLength(count + 2);
    const fresh = await until(async () => {
      const status = await ask(home, "status");
      return status && status.digest === digest ? status : null;
    }, "the other build's server");
    await until(() => !alive(old.pid), "the old server to exit");
    expect(hook(home, "gemini", input, "on", other)).toEqual(answer);
    expect((await ask(home, "status"))?.calls).toBe(fresh.calls + 1);
  });

  it("answers in-process, recording once, when the server is killed mid-call", async () => {
    const home = freshHome();
    const server = await started(home);
    const input = JSON.stringify(BUILD["claude-code"]("command", "rm -rf /"));
    const expected = hook(home, "claude-code", input, "off");
    const count = events(home).length;
    let pending: Promise<{ stdout: string; code: number | null }> | undefined;
    // The server waits for the trail lock this test holds; it is killed meanwhile.
    await withDirLock(join(home, "trail"), async () => {
      const idle = cpuTicks(server.pid);
      pending = hookAsync(home, "claude-code", input);
      // An idle server runs nothing: once it has, it is judging the call (then waits for the lock).
      await until(() => cpuTicks(server.pid) > idle, "the call to reach the server");
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(server.pid, "SIGKILL");
      await until(() => !alive(server.pid), "the server to die");
    });
    const result = await pending!;
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    expect(events(home)).toHaveLength(count + 1);
    expect(content(events(home).at(-1)!)).toEqual(content(events(home).at(-2)!));
  });

  it("kills a server that stops answering, and records the call once", async () => {
    const home = freshHome();
    const server = await started(home);
    const input = JSON.stringify(BUILD.codex("command", "rm -rf /"));
    const expected = hook(home, "codex", input, "off");
    const count = events(home).length;
    let pending: Promise<{ stdout: string; code: number | null }> | undefined;
    await withDirLock(join(home, "trail"), async () => {
      pending = hookAsync(home, "codex", input);
      // Stopped while it waits for the lock: no heartbeat, the client gives up after SILENCE_MS.
      await new Promise((resolve) => setTimeout(resolve, 500));
      process.kill(server.pid, "SIGSTOP");
      await until(() => !alive(server.pid), "the client to kill the stopped server");
    });
    const result = await pending!;
    expect(result.stdout).toBe(expected.stdout);
    expect(events(home)).toHaveLength(count + 1);
  });

  it("takes back a request a stopped server never claimed: answered in-process, recorded once", async () => {
    const home = freshHome();
    const server = await started(home);
    const input = JSON.stringify(BUILD.windsurf("command", "rm -rf /"));
    const expected = hook(home, "windsurf", input, "off");
    const count = events(home).length;
    const spool = spoolOf(home);
    process.kill(server.pid, "SIGSTOP");
    try {
      const result = await hookAsync(home, "windsurf", input);
      expect(result).toEqual({ stdout: expected.stdout, code: expected.code });
      expect(events(home)).toHaveLength(count + 1);
      expect(readdirSync(spool).filter((name) => name.endsWith(".req"))).toEqual([]);
      // The stopped server was killed (it is this user's, its start time checked): a fresh one follows.
      await until(() => !alive(server.pid), "the stopped server to be killed");
    } finally {
      if (alive(server.pid)) process.kill(server.pid, "SIGKILL");
    }
    const fresh = await until(async () => {
      const status = await ask(home, "status");
      return status && status.pid !== server.pid ? status : null;
    }, "a fresh server");
    expect(hook(home, "windsurf", input, "on")).toEqual(expected);
    expect((await ask(home, "status"))?.calls).toBe(fresh.calls + 1);
  });

  it("never takes a request addressed to another server", async () => {
    const home = freshHome();
    const server = await started(home);
    const calls = spoolOf(home);
    const header = Buffer.from(
      JSON.stringify({
        op: "hook",
        digest: server.digest,
        id: "other-1",
        server: server.pid + 1,
        agent: "kiro",
        home,
      }),
    );
    const lengths = Buffer.alloc(8);
    lengths.writeUInt32BE(header.length, 0);
    writeFileSync(join(calls, "other-1.req"), Buffer.concat([lengths, header]), { mode: 0o600 });
    const input = JSON.stringify(BUILD.kiro("read", "/tmp/z"));
    expect(hook(home, "kiro", input, "on")).toEqual(hook(home, "kiro", input, "off"));
    expect((await ask(home, "status"))?.calls).toBe(server.calls + 1);
    expect(existsSync(join(calls, "other-1.req"))).toBe(true);
    expect(existsSync(join(calls, "other-1.taken"))).toBe(false);
    rmSync(join(calls, "other-1.req"));
  });

  it("keeps a call's payload and environment in memory only, in a spool no one else may enter", async () => {
    const home = freshHome();
    const server = await started(home);
    const spool = spoolOf(home);
    expect(statfsSync(spool).type).toBe(0x01021994); // tmpfs
    expect(statSync(spool).mode & 0o777).toBe(0o700);
    const token = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    const input = JSON.stringify(BUILD["claude-code"]("command", `gh auth login --with-token <<< ${token}`));
    expect(hook(home, "claude-code", input, "on")).toEqual(hook(home, "claude-code", input, "off"));
    expect((await ask(home, "status"))?.calls).toBe(server.calls + 1);
    // Nothing of the call is left in the spool, and no file in the home holds the token.
    expect(readdirSync(spool)).toEqual([]);
    const holding = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return holding(path);
        return readFileSync(path).includes(token) ? [path] : [];
      });
    expect(holding(home)).toEqual([]);
    // A spool others may enter is never written to: the call is answered in-process.
    chmodSync(spool, 0o755);
    try {
      expect(hook(home, "claude-code", input, "on")).toEqual(hook(home, "claude-code", input, "off"));
      expect(readdirSync(spool)).toEqual([]);
    } finally {
      chmodSync(spool, 0o700);
    }
    expect((await ask(home, "status"))?.calls).toBe(server.calls + 1);
  });

  it("starts no server without a memory file system for its spool, and tries again only later", async () => {
    const home = freshHome();
    const notMemory = join(root, "runtime-on-disk");
    mkdirSync(notMemory, { recursive: true, mode: 0o700 });
    const input = JSON.stringify(BUILD.gemini("read", "/tmp/q"));
    const expected = hook(home, "gemini", input, "off");
    const call = (extra: NodeJS.ProcessEnv) => {
      const result = spawnSync(process.execPath, [join(dist, "cli.cjs"), "hook", "gemini"], {
        input,
        encoding: "utf8",
        env: env(home, "on", extra),
        cwd: root,
      });
      return { stdout: result.stdout, stderr: result.stderr, code: result.status };
    };
    const failures = () =>
      existsSync(join(home, "run", "hook-server.log"))
        ? (readFileSync(join(home, "run", "hook-server.log"), "utf8").match(
            /could not serve: no memory file system/g,
          )?.length ?? 0)
        : 0;
    // $XDG_RUNTIME_DIR names the user's runtime directory: on a disk, the server refuses it.
    expect(call({ XDG_RUNTIME_DIR: notMemory })).toEqual(expected);
    await until(() => failures() === 1, "the failed start");
    expect(existsSync(join(home, "run", "server-failed"))).toBe(true);
    expect(existsSync(join(home, "run", "server.json"))).toBe(false);
    // The next calls start no other server (each would be a Node process for nothing).
    for (let i = 0; i < 2; i += 1) expect(call({ XDG_RUNTIME_DIR: notMemory })).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(failures()).toBe(1);
    // Ten minutes later (the marker's time set back), a call tries again; a server that starts
    // removes the marker.
    const old = new Date(Date.now() - 11 * 60 * 1000);
    utimesSync(join(home, "run", "server-failed"), old, old);
    expect(call({ XDG_RUNTIME_DIR: undefined })).toEqual(expected);
    await until(() => ask(home, "status"), "the server");
    expect(existsSync(join(home, "run", "server-failed"))).toBe(false);
    expect(call({ XDG_RUNTIME_DIR: undefined })).toEqual(expected);
    expect(events(home)).toHaveLength(6);
  });

  it("refuses a run directory others may enter, and starts no server there", async () => {
    const home = freshHome();
    mkdirSync(join(home, "run"), { mode: 0o755 });
    chmodSync(join(home, "run"), 0o755);
    const input = JSON.stringify(BUILD.kiro("command", "rm -rf /"));
    expect(hook(home, "kiro", input, "on")).toEqual(hook(home, "kiro", input, "off"));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(join(home, "run", "server.json"))).toBe(false);
    expect(events(home)).toHaveLength(2);
  });

  it("knows the agents' names without their specs: the build writes src/agents' list into the bin", () => {
    const bin = readFileSync(join(dist, "cli.cjs"), "utf8");
    const list = bin.match(/\[\s*"claude-code"[^\]]*\]/)?.[0];
    expect(JSON.parse(list ?? "[]")).toEqual([...AGENTS]);
  });

  it("says whether it runs, and stops when asked (trailseal hook server)", async () => {
    const home = freshHome();
    const cli = (op: string, server: "on" | "off") =>
      spawnSync(process.execPath, [join(dist, "cli.cjs"), "hook", "server", op, "--json"], {
        encoding: "utf8",
        env: env(home, server),
      });
    const none = JSON.parse(cli("status", "off").stdout);
    expect(none).toMatchObject({ running: false, switch: "off" });
    const server = await started(home);
    hook(home, "claude-code", JSON.stringify(BUILD["claude-code"]("read", "/tmp/y")), "on");
    expect(JSON.parse(cli("status", "on").stdout)).toMatchObject({
      running: true,
      switch: "on",
      pid: server.pid,
      calls: 1,
    });
    expect(JSON.parse(cli("stop", "on").stdout)).toMatchObject({ stopped: true, pid: server.pid });
    await until(() => !alive(server.pid), "the server to stop");
    expect(existsSync(join(home, "run", "server.json"))).toBe(false);
  });

  it("keeps a switch per home (hook server on|off), which TRAILSEAL_HOOK_SERVER overrides", async () => {
    const home = freshHome();
    const bare = (extra: NodeJS.ProcessEnv = {}) =>
      env(home, "off", { TRAILSEAL_HOOK_SERVER: undefined, ...extra });
    const input = JSON.stringify(BUILD.copilot("command", "rm -rf /"));
    const cli = (args: string[], extra?: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, [join(dist, "cli.cjs"), "hook", ...args], {
        input: args[0] === "server" ? "" : input,
        encoding: "utf8",
        env: bare(extra),
        cwd: root,
      });
    const expected = hook(home, "copilot", input, "off");
    const on = cli(["server", "on", "--json"]);
    expect(on.status, on.stderr).toBe(0);
    expect(JSON.parse(on.stdout)).toMatchObject({ switch: "on", switchFrom: "home", running: false });
    expect(JSON.parse(readFileSync(join(home, "hook-server.json"), "utf8"))).toEqual({ server: "on" });
    // No environment variable: the home's switch starts a server, which answers the next call.
    expect(cli(["copilot"]).stdout).toBe(expected.stdout);
    const server = await until(() => ask(home, "status"), "the server");
    const answered = cli(["copilot"]);
    expect({ stdout: answered.stdout, stderr: answered.stderr, code: answered.status }).toEqual(expected);
    expect((await ask(home, "status"))?.calls).toBe(server.calls + 1);
    // The environment overrides the home: off here means in-process, the server untouched.
    expect(cli(["copilot"], { TRAILSEAL_HOOK_SERVER: "off" }).stdout).toBe(expected.stdout);
    expect((await ask(home, "status"))?.calls).toBe(server.calls + 1);
    expect(
      JSON.parse(cli(["server", "status", "--json"], { TRAILSEAL_HOOK_SERVER: "off" }).stdout),
    ).toMatchObject({
      switch: "off",
      switchFrom: "environment",
      running: true,
    });
    // Off stops the running server, and no call starts one.
    const off = cli(["server", "off", "--json"]);
    expect(JSON.parse(off.stdout)).toMatchObject({
      switch: "off",
      switchFrom: "home",
      stopped: true,
      pid: server.pid,
    });
    await until(() => !alive(server.pid), "the server to stop");
    expect(cli(["copilot"]).stdout).toBe(expected.stdout);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(join(home, "run", "server.json"))).toBe(false);
    expect(events(home)).toHaveLength(5);
  });

  it("refuses to store a switch without a home, and changes nothing", () => {
    const missing = join(root, "no-such-home");
    const result = spawnSync(
      process.execPath,
      [join(dist, "cli.cjs"), "hook", "server", "on", "--home", missing],
      {
        encoding: "utf8",
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("HOOK_SERVER_SWITCH_FAILED");
    expect(existsSync(missing)).toBe(false);
  });

  it("is on by default: with neither the environment nor the home's switch, a call starts a server", async () => {
    const home = freshHome();
    const input = JSON.stringify(BUILD.cline("command", "rm -rf /"));
    const expected = hook(home, "cline", input, "off");
    const unset = env(home, "off", { TRAILSEAL_HOOK_SERVER: undefined });
    const call = () => {
      const result = spawnSync(process.execPath, [join(dist, "cli.cjs"), "hook", "cline"], {
        input,
        encoding: "utf8",
        env: unset,
        cwd: root,
      });
      return { stdout: result.stdout, stderr: result.stderr, code: result.status };
    };
    expect(call()).toEqual(expected);
    const server = await until(() => ask(home, "status"), "the server");
    expect(call()).toEqual(expected);
    expect((await ask(home, "status"))?.calls).toBe(server.calls + 1);
    const status = spawnSync(
      process.execPath,
      [join(dist, "cli.cjs"), "hook", "server", "status", "--json"],
      {
        encoding: "utf8",
        env: unset,
      },
    );
    expect(JSON.parse(status.stdout)).toMatchObject({ switch: "on", switchFrom: "default", running: true });
    expect(existsSync(join(home, "hook-server.json"))).toBe(false);
    expect(events(home)).toHaveLength(3);
  });

  it("exits when idle and when its home is removed", async () => {
    const idle = freshHome();
    const input = JSON.stringify(BUILD.opencode("read", "/tmp/x"));
    spawnSync(process.execPath, [join(dist, "cli.cjs"), "hook", "opencode"], {
      input,
      env: env(idle, "on", { TRAILSEAL_HOOK_SERVER_IDLE_SECONDS: "1" }),
    });
    const first = await until(() => ask(idle, "status"), "the server");
    await until(() => !alive(first.pid), "the idle server to exit");
    expect(existsSync(join(idle, "run", "server.json"))).toBe(false);

    const removed = freshHome();
    const second = await started(removed);
    rmSync(removed, { recursive: true, force: true });
    await until(() => !alive(second.pid), "the server of a removed home to exit");
  });
});
