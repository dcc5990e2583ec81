import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { deriveKeyId } from "../../src/home/index.js";
import { collectReport, renderHtml, renderMarkdown } from "../../src/report/index.js";
import { at, body, Fixture, iso } from "./fixture.js";

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.cleanup();
  fixture = undefined;
});

describe("seal coverage", () => {
  it("computes covered time, lists the gaps, and the share of events sealed", async () => {
    fixture = await Fixture.create();
    await fixture.event(0);
    await fixture.event(10);
    await fixture.seal(15);
    await fixture.seal(30);
    await fixture.event(50);
    await fixture.seal(60);
    const report = await collectReport(fixture.home, { to: at(60), now: at(60) });
    expect(report.period).toEqual({ from: iso(0), to: iso(60), duration_ms: 60 * 60_000 });
    expect(report.seal_coverage.percent).toBe(75);
    expect(report.seal_coverage.gaps).toEqual([
      { from: iso(30), to: iso(45), duration_ms: 15 * 60_000, not_yet_due_ms: 0 },
    ]);
    expect(report.seal_coverage.events_in_period).toBe(3);
    expect(report.seal_coverage.events_covered).toBe(3);
    expect(report.seal_coverage.events_covered_percent).toBe(100);
    expect(report.chain_integrity.ok).toBe(true);
    expect(report.chain_integrity.unsealed_tail.events).toBe(0);
  });

  it("reports the unsealed tail and the events it leaves uncovered", async () => {
    fixture = await Fixture.create();
    for (const minute of [0, 1, 2, 3]) await fixture.event(minute);
    await fixture.seal(5, 2);
    const report = await collectReport(fixture.home, { to: at(10), now: at(10) });
    expect(report.seal_coverage.events_covered).toBe(2);
    expect(report.seal_coverage.events_covered_percent).toBe(50);
    expect(report.chain_integrity.unsealed_tail).toEqual({
      events: 2,
      from_seq: 2,
      first_ts: iso(2),
      last_ts: iso(3),
    });
    // Seal at minute 5 covers [0, 5]; minutes 5..10 are uncovered but less than one interval old.
    expect(report.seal_coverage.percent).toBe(50);
    expect(report.seal_coverage.gaps).toEqual([
      { from: iso(5), to: iso(10), duration_ms: 5 * 60_000, not_yet_due_ms: 5 * 60_000 },
    ]);
  });

  it("the headline says all events sealed even when the cadence has gaps; cadence is defined, never red", async () => {
    // The reported case: every event sealed, but seals made less often than the interval
    // configured now. The old headline said "38% coverage" over a mostly red bar.
    fixture = await Fixture.create({
      auto_seal: { enabled: true, interval_minutes: 5, seal_when_idle: true, max_unsealed_seconds: 1 },
    });
    await fixture.event(0);
    await fixture.event(1);
    await fixture.seal(30);
    const report = await collectReport(fixture.home, { to: at(30), now: at(30) });
    expect(report.headline).toEqual({
      events_total: 2,
      events_sealed: 2,
      events_witnessed: 0,
      largest_unwitnessed_window_ms: expect.any(Number),
      chain_intact: true,
      cuts_detected: null,
    });
    expect(report.seal_coverage.percent).toBeLessThan(50);
    const md = renderMarkdown(report);
    const verdicts = md.slice(0, md.indexOf("\n## "));
    expect(verdicts).toMatch(/\| Events sealed \| .* 2 \/ 2 /);
    expect(verdicts).toMatch(/\| Chain \| .* intact /);
    expect(verdicts).toMatch(/\| Cuts \| .* not checked /);
    expect(verdicts).toContain("| Events witnessed |");
    expect(verdicts).toContain("| Largest unwitnessed window |");
    expect(verdicts).not.toMatch(/coverage/i);
    expect(md).toMatch(/Seal cadence: \d+(\.\d+)?% of the period .* the one configured now \(5m/);
    const html = renderHtml(report);
    const timeline = html.slice(
      html.indexOf('aria-label="seal cadence'),
      html.indexOf("</svg>", html.indexOf('aria-label="seal cadence')),
    );
    expect(timeline).not.toMatch(/#dc2626|#b91c1c/i);
    expect(timeline).toContain("#b45309");
    expect(html).not.toContain("break-all");
    // No proofs were checked or kept: no offline-proof table.
    expect(html).not.toContain("Offline proofs");
  });

  it("explains the witnessed figure when seals were published by hand with the relay's publishing off", async () => {
    fixture = await Fixture.create();
    await fixture.event(0);
    const stored = await fixture.seal(1);
    await fixture.receipt(stored, "w1", 2);
    const report = await collectReport(fixture.home, { to: at(3), now: at(3) });
    expect(report.headline.events_witnessed).toBe(1);
    const md = renderMarkdown(report);
    const row = md.split("\n").find((line) => line.startsWith("| Events witnessed |"));
    expect(row).toMatch(
      /1 \/ 1 of the trail's events are covered by a seal that met the witness quorum \(1\)/,
    );
    expect(row).toContain("the relay does not publish (witness.enabled is false in relay-config.json)");
  });

  it("uses the interval from relay-config.json", async () => {
    fixture = await Fixture.create({
      auto_seal: { enabled: true, interval_minutes: 5, seal_when_idle: true, max_unsealed_seconds: 1 },
    });
    await fixture.event(0);
    await fixture.seal(20);
    const report = await collectReport(fixture.home, { to: at(20), now: at(20) });
    expect(report.config.interval_ms).toBe(5 * 60_000);
    expect(report.seal_coverage.percent).toBe(25);
  });

  it("does not count a seal with a forged signature", async () => {
    fixture = await Fixture.create();
    await fixture.event(0);
    await fixture.seal(10);
    const forger = { keyId: fixture.key.keyId, key: Buffer.alloc(32, 7) };
    await fixture.seal(20, undefined, forger);
    const report = await collectReport(fixture.home, { to: at(20), now: at(20) });
    expect(report.seal_coverage.seals_valid).toBe(1);
    expect(report.seal_coverage.invalid_seals.map((s) => [s.id, s.code])).toEqual([
      ["seal-2", "SEAL_SIGNATURE_INVALID"],
    ]);
    expect(report.seal_coverage.percent).toBe(50);
    expect(report.chain_integrity.ok).toBe(false);
    expect(report.chain_integrity.signatures_checked).toBe(true);
  });

  it("judges seals of another key by their tip only", async () => {
    fixture = await Fixture.create();
    await fixture.event(0);
    const other = { keyId: deriveKeyId("1".repeat(64)), key: Buffer.alloc(32, 1) };
    await fixture.seal(10, undefined, other);
    const report = await collectReport(fixture.home, { to: at(10), now: at(10) });
    expect(report.seal_coverage.seals_valid).toBe(1);
    expect(report.chain_integrity.ok).toBe(true);
  });
});

describe("chain integrity", () => {
  it("finds a tampered event: first broken seq, later seals no longer count", async () => {
    fixture = await Fixture.create();
    for (const minute of [0, 5, 10, 20]) await fixture.event(minute);
    await fixture.seal(6, 2);
    await fixture.seal(15, 3);
    await fixture.seal(25, 4);
    const segment = join(fixture.trail, "events-000000.jsonl");
    const lines = (await readFile(segment, "utf8")).split("\n");
    lines[2] = lines[2]!.replace('"npm test"', '"npm run lint"');
    await writeFile(segment, lines.join("\n"));
    const report = await collectReport(fixture.home, { to: at(25), now: at(25) });
    expect(report.chain_integrity.ok).toBe(false);
    expect(report.chain_integrity.first_broken_seq).toBe(2);
    expect(report.chain_integrity.broken?.reason).toBe("hash_mismatch");
    expect(report.chain_integrity.seals_matching).toBe(1);
    expect(report.seal_coverage.invalid_seals.map((s) => s.code)).toEqual([
      "SEAL_TRAIL_TRUNCATED",
      "SEAL_TRAIL_TRUNCATED",
    ]);
    // Only the seal at minute 6 counts: it covers [0, 6] of 25 minutes, and events 0 and 1.
    expect(report.seal_coverage.percent).toBe(24);
    expect(report.seal_coverage.events_covered).toBe(2);
    expect(report.chain_integrity.unsealed_tail).toMatchObject({ events: 2, from_seq: 2 });
  });

  it("detects a consistently rewritten trail through the seals", async () => {
    fixture = await Fixture.create();
    await fixture.event(0);
    await fixture.event(1);
    await fixture.seal(2, 1);
    await fixture.seal(3, 2);
    // Rewrite the whole trail with different content but a valid chain.
    const segment = join(fixture.trail, "events-000000.jsonl");
    await writeFile(segment, "");
    await fixture.event(0);
    await fixture.event(1, body("none", [], "ls"));
    const report = await collectReport(fixture.home, { to: at(3), now: at(3) });
    expect(report.chain_integrity.ok).toBe(false);
    expect(report.chain_integrity.broken?.reason).toBe("SEAL_TIP_MISMATCH");
    expect(report.chain_integrity.first_broken_seq).toBe(1);
    expect(report.chain_integrity.seals_matching).toBe(1);
  });
});

describe("witness confirmation", () => {
  it("counts distinct witnesses per seal against the quorum, within the period", async () => {
    fixture = await Fixture.create({
      witness: {
        enabled: true,
        quorum: 2,
        endpoints: ["a", "b", "c"].map((n) => ({ name: n, url: `https://${n}.example/api/v1/anchor` })),
      },
    });
    await fixture.event(0);
    const s1 = await fixture.seal(5);
    const s2 = await fixture.seal(10);
    const s3 = await fixture.seal(15);
    const outside = await fixture.seal(40);
    await fixture.receipt(s1, "a", 5);
    await fixture.receipt(s1, "b", 5);
    await fixture.receipt(s2, "a", 10);
    await fixture.receipt(s3, "c", 15);
    await fixture.receipt(s3, "c", 16);
    await fixture.receipt(outside, "a", 40);
    await fixture.receipt(outside, "b", 40);
    const report = await collectReport(fixture.home, { to: at(20), now: at(20) });
    const witness = report.witness_confirmation;
    expect(witness.seals_total).toBe(3);
    expect(witness.seals_meeting_quorum).toBe(1);
    expect(witness.quorum).toBe(2);
    expect(witness.verified_live).toBe(false);
    expect(witness.seals.map((s) => [s.id, s.confirmations, s.met])).toEqual([
      ["seal-1", 2, true],
      ["seal-2", 1, false],
      ["seal-3", 1, false],
    ]);
  });

  it("takes confirmations from the live check with --verify-witnesses", async () => {
    fixture = await Fixture.create();
    await fixture.event(0);
    const s1 = await fixture.seal(5);
    await fixture.seal(10);
    await fixture.receipt(s1, "a", 5);
    const report = await collectReport(fixture.home, {
      to: at(10),
      now: at(10),
      verifyLive: async (stored) => {
        if (stored.id === "seal-2") throw new Error("witness unreachable");
        return { confirmations: 0, met: false, witnesses: [] };
      },
    });
    expect(report.witness_confirmation.verified_live).toBe(true);
    expect(report.witness_confirmation.seals_meeting_quorum).toBe(0);
    expect(report.witness_confirmation.seals[1]!.live_error).toBe("witness unreachable");
  });
});

describe("risk summary and renderers", () => {
  it("summarises the period's risk and renders Markdown and self-contained HTML", async () => {
    fixture = await Fixture.create();
    await fixture.event(
      0,
      body("critical", ["privilege_escalation"], "sudo rm -rf / <img src=x onerror=alert(1)>"),
    );
    await fixture.event(1, body("high", ["force_push"], "git push --force | tee `x`"));
    await fixture.event(2, body("none"));
    await fixture.event(100, body("medium"));
    await fixture.seal(3);
    const report = await collectReport(fixture.home, { from: at(0), to: at(5), now: at(5) });
    expect(report.risk.total).toBe(3);
    expect(report.risk.by_level).toEqual({ none: 1, low: 0, medium: 0, high: 1, critical: 1 });
    expect(report.risk.high_risk.map((e) => e.seq)).toEqual([0, 1]);

    const md = renderMarkdown(report);
    expect(md).toContain("| Chain |");
    expect(md).toContain("| Events sealed |");
    expect(md).toContain("git push --force \\| tee \\`x\\`");
    expect(md).not.toMatch(/[^\\]<img/);

    const html = renderHtml(report);
    expect(html).toContain("<svg");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
    expect(html).not.toMatch(/<script|<link|https?:\/\/|url\(/i);
    expect(html).toContain("default-src 'none'");
  });

  it("refuses a period that ends before it starts", async () => {
    fixture = await Fixture.create();
    await fixture.event(0);
    await expect(collectReport(fixture.home, { from: at(10), to: at(5) })).rejects.toMatchObject({
      code: "REPORT_PERIOD_INVALID",
    });
  });
});
