/**
 * Cuts the witnesses can prove, with real processes: `witness serve` on each backend (file
 * store, git log) and a git log published to directly. The attacker deletes the newest seal,
 * its receipts and the events after the previous seal; `verify`, `witness verify` and `report`
 * must then fail with WITNESS_CUT_DETECTED, naming the witness, the seal and the missing events.
 * So must a new home started under the old key id. A witness without the latest-anchor
 * extension is reported as unable to answer, never as a clean answer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { openFileStorage, startWitnessServer } from "../../src/witness/server/index.js";
import { CLI, REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function work(prefix: string): Promise<string> {
  const { dir, cleanup } = await tempDir(prefix);
  closers.push(cleanup);
  return dir;
}

/** `witness serve --store` as a real process; resolves with its URL. */
async function serve(home: string, store: string): Promise<string> {
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, "--home", home, "witness", "serve", "--port", "0", "--store", store],
    { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  closers.push(async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  });
  return new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", () => reject(new Error(`witness serve exited: ${stderr}`)));
  });
}

const CHROMIUM = process.env.TRAILSEAL_CHROMIUM ?? "/usr/bin/chromium";

/** `trailseal dashboard` as a real process; resolves with its URL. */
async function dashboard(home: string): Promise<string> {
  const child = spawn(process.execPath, [CLI, "dashboard", "--home", home, "--port", "0", "--json"], {
    cwd: REPO_ROOT,
    env: { ...process.env, TRAILSEAL_HOME: undefined, TRAILSEAL_DASHBOARD_TOKEN: undefined },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  closers.push(async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  });
  let stdout = "";
  return new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (stdout.trimEnd().endsWith("}")) resolve((JSON.parse(stdout) as { url: string }).url);
    });
    child.once("close", () => reject(new Error(`dashboard exited: ${stdout}`)));
  });
}

interface Completeness {
  checked_for_cuts: boolean;
  cut: boolean;
  check: { witnesses: { status: string; missing?: number }[] } | null;
}

/** The dashboard's completeness once the witnesses have answered. */
async function dashboardCompleteness(url: string): Promise<Completeness> {
  for (;;) {
    const summary = (await (await fetch(`${url}api/summary?period=all`)).json()) as {
      trust: { completeness: Completeness };
    };
    if (summary.trust.completeness.check) return summary.trust.completeness;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cli = (home: string, ...args: string[]) => runCli(["--home", home, ...args]);

async function record(home: string, n: number): Promise<void> {
  const input = Array.from({ length: n }, (_, i) => JSON.stringify({ kind: "command", command: `echo ${i}` }))
    .join("\n")
    .concat("\n");
  const result = await runCli(["--home", home, "record"], { input });
  expect(result.code, result.stderr).toBe(0);
}

async function sealAndPublish(home: string): Promise<void> {
  const sealed = await cli(home, "seal");
  expect(sealed.code, sealed.stderr).toBe(0);
  const published = await cli(home, "witness", "publish");
  expect(published.code, published.stderr).toBe(0);
}

async function configureWitness(home: string, url: string): Promise<void> {
  const path = join(home, "relay-config.json");
  const config = JSON.parse(await readFile(path, "utf8"));
  config.witness = { enabled: true, quorum: 1, endpoints: [{ url, name: "w1" }] };
  await writeFile(path, JSON.stringify(config, null, 2));
}

/** The attack: the newest seal and its receipts removed, the trail cut back to the seal before. */
async function cutBackToPreviousSeal(
  home: string,
): Promise<{ removedSeal: string; keptEvents: number; removedLine: Record<string, unknown> }> {
  const sealsPath = join(home, "seals", "seals.jsonl");
  const lines = (await readFile(sealsPath, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const seals = lines.filter((line) => line.type === "seal");
  const newest = seals.at(-1);
  const previous = seals.at(-2);
  const kept = lines.filter((line) => line.id !== newest.id && line.seal_id !== newest.id);
  await writeFile(sealsPath, kept.map((line) => `${JSON.stringify(line)}\n`).join(""));
  const trail = join(home, "trail");
  const [segment] = (await readdir(trail)).filter((name) => name.endsWith(".jsonl"));
  const events = (await readFile(join(trail, segment!), "utf8")).split("\n").filter(Boolean);
  await writeFile(
    join(trail, segment!),
    events
      .slice(0, previous.event_count)
      .map((line) => `${line}\n`)
      .join(""),
  );
  return { removedSeal: newest.id, keptEvents: previous.event_count, removedLine: newest };
}

type Backend = "file store" | "git log served" | "git log direct";

async function setUp(backend: Backend): Promise<{ home: string; url: string; dir: string }> {
  const dir = await work("ts-cut-");
  const home = join(dir, "home");
  expect((await cli(home, "init")).code).toBe(0);
  let url: string;
  if (backend === "file store") {
    url = await serve(join(dir, "w-home"), join(dir, "store"));
  } else {
    const log = join(dir, "log.git");
    const init = await cli(home, "witness", "init", "--bare", "--origin", "cut.example/log", log);
    expect(init.code, init.stderr).toBe(0);
    url = backend === "git log served" ? await serve(home, log) : log;
  }
  await configureWitness(home, url);
  return { home, url, dir };
}

describe.each<Backend>(["file store", "git log served", "git log direct"])(
  "a cut against a %s",
  (backend) => {
    it("passes before the cut and fails every verification after it, naming witness, seal and loss", async () => {
      const { home, dir } = await setUp(backend);
      await record(home, 3);
      await sealAndPublish(home);
      await record(home, 2);
      await sealAndPublish(home);

      const clean = await cli(home, "verify", "--json");
      expect(clean.code, clean.stderr).toBe(0);
      const cleanJson = JSON.parse(clean.stdout);
      expect(cleanJson.witnesses.checked_for_cuts).toBe(true);
      expect(cleanJson.witnesses.witnesses[0]).toMatchObject({
        name: "w1",
        status: "reached",
        chained_events: 5,
      });

      const { keptEvents, removedLine } = await cutBackToPreviousSeal(home);
      expect(keptEvents).toBe(3);

      const verify = await cli(home, "verify");
      expect(verify.code).toBe(1);
      expect(verify.stderr).toContain("WITNESS_CUT_DETECTED");
      expect(verify.stderr).toContain("witness w1");
      expect(verify.stderr).toMatch(/2 witnessed event\(s\) are missing/);
      const json = JSON.parse((await cli(home, "verify", "--json")).stdout);
      expect(json.ok).toBe(false);
      expect(json.error.code).toBe("WITNESS_CUT_DETECTED");
      expect(json.witnesses.witnesses[0]).toMatchObject({ status: "cut", missing: 2, chained_events: 5 });
      expect(json.witnesses.witnesses[0].anchor_id).toMatch(/^wit_/);

      const report = await cli(home, "report", "--format", "md");
      expect(report.code).toBe(1);
      expect(report.stderr).toContain("WITNESS_CUT_DETECTED");
      const headline = report.stdout.split("\n").find((line) => line.startsWith("| Cuts |"));
      expect(headline).toContain("CUT");
      expect(headline).toContain("2 witnessed event(s) are missing");
      const reportJson = JSON.parse((await cli(home, "report", "--json")).stdout);
      expect(reportJson.completeness).toMatchObject({ cut: true, checked_for_cuts: true });

      if (backend === "file store") {
        const url = await dashboard(home);
        const completeness = await dashboardCompleteness(url);
        expect(completeness).toMatchObject({ checked_for_cuts: true, cut: true });
        expect(completeness.check?.witnesses[0]).toMatchObject({ status: "cut", missing: 2 });
        // The bound for the period: the 3 events left are covered by the witnessed seal-1.
        const bound = (
          (await (await fetch(`${url}api/summary?period=all`)).json()) as {
            unwitnessed: { events_now: number; witnessed_events: number; witnesses_asked: string[] };
          }
        ).unwitnessed;
        expect(bound).toMatchObject({ events_now: 0, witnessed_events: 3, witnesses_asked: ["w1"] });
        if (existsSync(CHROMIUM)) {
          const browser = await chromium.launch({
            executablePath: CHROMIUM,
            args: ["--headless", "--no-sandbox"],
          });
          try {
            const page = await browser.newPage();
            await page.goto(url);
            const alert = page.locator("#cut-alert[role=alert]");
            await alert.waitFor({ state: "visible" });
            expect(await alert.textContent()).toContain("2 witnessed event(s) are missing");
          } finally {
            await browser.close();
          }
        }
      }

      const witnessVerify = await cli(home, "witness", "verify");
      expect(witnessVerify.code).toBe(1);
      expect(witnessVerify.stderr).toContain("WITNESS_CUT_DETECTED");

      // Sealing the cut trail again and publishing it is refused, so the cut stays visible.
      await record(home, 4);
      expect((await cli(home, "seal")).code).toBe(0);
      const republish = await cli(home, "witness", "publish");
      expect(republish.code).toBe(1);
      expect(republish.stderr).toMatch(/not published: witness w1 holds wit_\S+ over 5 events/);
      expect((await cli(home, "verify")).code).toBe(1);

      // Putting the deleted seal's line back (it is a genuine seal) does not get past the guard:
      // it reads the trail, not the seal store.
      const sealsPath = join(home, "seals", "seals.jsonl");
      await writeFile(sealsPath, (await readFile(sealsPath, "utf8")) + `${JSON.stringify(removedLine)}\n`);
      await record(home, 1);
      expect((await cli(home, "seal")).code).toBe(0);
      const restored = await cli(home, "witness", "publish");
      expect(restored.code).toBe(1);
      expect(restored.stderr).toContain("WITNESS_CUT_DETECTED");

      // A new home under the old key id: the witnesses still hold the old home's newest seal.
      const fresh = join(dir, "fresh");
      expect((await cli(fresh, "init")).code).toBe(0);
      const [oldKey] = (await readdir(join(home, "keys"))).filter((name) => name.endsWith(".key"));
      for (const name of await readdir(join(fresh, "keys"))) await rm(join(fresh, "keys", name));
      await copyFile(join(home, "keys", oldKey!), join(fresh, "keys", oldKey!));
      await copyFile(join(home, "relay-config.json"), join(fresh, "relay-config.json"));
      await record(fresh, 7);
      // Its seals are refused by the witnesses' guard: publishing past the old newest seal
      // would hide the takeover from every later verification.
      expect((await cli(fresh, "seal")).code).toBe(0);
      const takeover = await cli(fresh, "witness", "publish");
      expect(takeover.code).toBe(1);
      expect(takeover.stderr).toContain("WITNESS_CUT_DETECTED");
      const restarted = await cli(fresh, "verify", "--json");
      expect(restarted.code).toBe(1);
      expect(JSON.parse(restarted.stdout).witnesses.witnesses[0]).toMatchObject({
        status: "rewritten",
        chained_events: 5,
      });
    });
  },
);

describe("the latest-anchor route of witness serve", () => {
  it("answers 200 with the newest anchor, 404 WITNESS_ANCHOR_NOT_FOUND for none, 400 and 405 otherwise", async () => {
    const dir = await work("ts-cut-route-");
    const url = await serve(join(dir, "w-home"), join(dir, "store"));
    const anchor = (n: number) => ({
      protocol: "trailseal-witness-v1",
      tip_hash: `sha256:${String(n).repeat(64).slice(0, 64)}`,
      chained_events: n,
      seal_signature: `hmac-sha256:${"a".repeat(64)}`,
      key_id: "route key",
      requested_at: "2026-01-01T00:00:00.000Z",
    });
    for (const n of [1, 2]) {
      const posted = await fetch(`${url}/api/v1/anchor`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(anchor(n)),
      });
      expect(posted.status).toBe(201);
    }
    const latest = await fetch(`${url}/api/v1/anchors?key_id=route%20key&latest=true`);
    expect(latest.status).toBe(200);
    const body = (await latest.json()) as { anchor_id: string };
    expect(body).toMatchObject({ ...anchor(2), anchor_id: expect.stringMatching(/^wit_/) });
    expect(await (await fetch(`${url}/api/v1/anchors/${body.anchor_id}`)).json()).toEqual(body);
    const none = await fetch(`${url}/api/v1/anchors?key_id=other&latest=true`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe("WITNESS_ANCHOR_NOT_FOUND");
    for (const query of [
      "key_id=route%20key",
      "latest=true",
      "key_id=a&key_id=b&latest=true",
      "key_id=%0A&latest=true",
    ]) {
      const bad = await fetch(`${url}/api/v1/anchors?${query}`);
      expect(bad.status, query).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("WITNESS_INVALID_REQUEST");
    }
    const post = await fetch(`${url}/api/v1/anchors?key_id=x&latest=true`, { method: "POST" });
    expect(post.status).toBe(405);
  });

  it("is under the server's rate limit like every request, and public with a token configured", async () => {
    const dir = await work("ts-cut-rate-");
    const server = await startWitnessServer({
      storage: await openFileStorage(join(dir, "store")),
      tokens: ["a-token-of-sufficient-length"],
      limits: { rateBurst: 2, ratePerSecond: 0.001 },
    });
    closers.push(() => server.close());
    const ask = () => fetch(`${server.url}/api/v1/anchors?key_id=k&latest=true`);
    expect((await ask()).status).toBe(404); // public: no token needed to ask
    expect((await ask()).status).toBe(404);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("WITNESS_RATE_LIMITED");
  });
});

describe("witnesses that cannot answer", () => {
  it("says a witness without the extension cannot answer, and that no witness means no cut check", async () => {
    const dir = await work("ts-cut-old-");
    const home = join(dir, "home");
    expect((await cli(home, "init")).code).toBe(0);
    await record(home, 2);

    const none = await cli(home, "verify");
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain("has not checked for cuts");
    // It says where witnesses come from.
    expect(none.stdout).toContain("relay-config.json's witness.endpoints, or pass --witness-url");

    // An older witness: every unknown route is a bare 404.
    const old = createServer((_req, res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "WITNESS_ROUTE_NOT_FOUND", message: "no such route" } }));
    });
    await new Promise<void>((resolve) => old.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => old.close(() => resolve())));
    const url = `http://127.0.0.1:${(old.address() as AddressInfo).port}`;
    const result = await cli(home, "verify", "--json", "--witness-url", url);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.witnesses.checked_for_cuts).toBe(false);
    expect(json.witnesses.witnesses[0]).toMatchObject({
      status: "cannot-answer",
      error: { code: "WITNESS_LATEST_UNSUPPORTED" },
    });
    const text = await cli(home, "verify", "--witness-url", url);
    expect(text.stderr).toContain("cannot answer");
    expect(text.stdout).toContain("has not checked for cuts");
  });
});
