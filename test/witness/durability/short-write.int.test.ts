// Both witness backends under a file size limit (`ulimit -f`, no privileges needed): a write
// that can only be done in part must not be acknowledged, must leave the store as it was (whole
// lines; no temporary git objects), and every anchor answered 201 must be there after a restart.
// The faults and what the user sees are in docs/decisions/durability-faults-witness.md.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../../src/witness/protocol/index.js";
import { CLI, REPO_ROOT, runCli, tempDir } from "../../helpers/cli.js";
import { fsck } from "../gitlog/git-check.js";
import { sampleRequest } from "../server/storage-contract.js";

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-witness-short-"));
});
afterAll(() => cleanup());

interface Served {
  url: string;
  stop(): Promise<void>;
}

/** `witness serve` as a real process, under `ulimit -f <blocks>` (KiB) when given. */
async function serve(store: string, home: string, blocks?: number): Promise<Served> {
  const args = [CLI, "witness", "serve", "--port", "0", "--store", store, "--rate-limit", "0"];
  const command = `${blocks === undefined ? "" : `ulimit -f ${blocks}; `}exec ${[process.execPath, ...args]
    .map((arg) => `'${arg}'`)
    .join(" ")}`;
  const child: ChildProcess = spawn("bash", ["-c", command], {
    cwd: REPO_ROOT,
    env: { ...process.env, TRAILSEAL_HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", () => reject(new Error(`witness serve exited: ${stderr.join("")}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

async function post(url: string, i: number): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${ROUTES.anchor}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(sampleRequest(i)),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Posts distinct anchors until the limit bites; returns the ids answered 201 and the failure statuses. */
async function fillUp(url: string, max: number): Promise<{ acknowledged: string[]; failures: number[] }> {
  const acknowledged: string[] = [];
  const failures: number[] = [];
  for (let i = 0; i < max && failures.length < 4; i++) {
    const result = await post(url, 1000 + i);
    if (result.status === 201) acknowledged.push(String(result.body.anchor_id));
    else failures.push(result.status);
  }
  return { acknowledged, failures };
}

async function expectAllThere(url: string, acknowledged: string[]) {
  for (const id of acknowledged) {
    const response = await fetch(`${url}/api/v1/anchors/${id}`);
    expect(response.status, id).toBe(200);
  }
  const health = (await (await fetch(`${url}${ROUTES.health}`)).json()) as { anchors: number };
  expect(health.anchors).toBe(acknowledged.length);
  // and the store still takes new anchors
  expect((await post(url, 99_999)).status).toBe(201);
}

async function tempObjects(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const fanout of await readdir(join(dir, "objects"))) {
    if (!/^[0-9a-f]{2}$/.test(fanout)) continue;
    for (const name of await readdir(join(dir, "objects", fanout)))
      if (name.includes(".tmp-")) found.push(name);
  }
  return found;
}

describe("witness backends under a file size limit (ulimit -f)", () => {
  it("file backend: a short write is a 503, the log keeps whole lines, every 201 survives a restart", async () => {
    const home = join(root, "file-home");
    const store = join(root, "file-store");
    const limited = await serve(store, home, 8);
    const { acknowledged, failures } = await fillUp(limited.url, 200);
    await limited.stop();
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(failures.length).toBeGreaterThan(0);
    expect(new Set(failures)).toEqual(new Set([503]));
    const text = await readFile(join(store, "anchors.jsonl"), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(text.split("\n").length - 1).toBe(acknowledged.length);

    const again = await serve(store, home);
    try {
      await expectAllThere(again.url, acknowledged);
    } finally {
      await again.stop();
    }
  });

  it("git backend: failed commits are 503s, leave no temporary objects, git fsck passes, every 201 survives", async () => {
    const home = join(root, "git-home");
    const store = join(root, "log.git");
    const init = await runCli(["witness", "init", "--bare", "--origin", "test.example/short", store], {
      env: { TRAILSEAL_HOME: home },
    });
    expect(init.code, init.stderr).toBe(0);
    // A loose object larger than 12 KiB cannot be written: the entries file and full tiles
    // outgrow it after some dozens of entries, and every later commit fails.
    const limited = await serve(store, home, 12);
    const { acknowledged, failures } = await fillUp(limited.url, 400);
    await limited.stop();
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(new Set(failures)).toEqual(new Set([503]));
    expect(await tempObjects(store)).toEqual([]);
    expect(existsSync(join(store, "refs", "heads", "main.lock"))).toBe(false);
    fsck(store);

    const again = await serve(store, home);
    try {
      await expectAllThere(again.url, acknowledged);
    } finally {
      await again.stop();
    }
    const audit = await runCli(["witness", "audit", "--json", store], { env: { TRAILSEAL_HOME: home } });
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);
  });
});
