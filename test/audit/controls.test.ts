/**
 * `report --controls`: each control's figure against a trail built for it (a clean one, seal
 * gaps, policy changes recorded and unannounced, a cut), through collectReport on a real home.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import {
  type ComplianceReport,
  collectReport,
  FRAMEWORKS,
  frameworkById,
  renderHtml,
  renderMarkdown,
} from "../../src/report/index.js";
import { policyChangeBody } from "../../src/trail/index.js";
import { at, body, Fixture } from "../report/fixture.js";

const A = `sha256:${"a".repeat(64)}`;
const B = `sha256:${"b".repeat(64)}`;
const C = `sha256:${"c".repeat(64)}`;

function decision(
  digest: string | null,
  verdict: "pass" | "deny" | "ask" = "pass",
  rule: string | null = null,
): EventBody {
  return {
    ...body(verdict === "deny" ? "critical" : "low", [], verdict === "deny" ? "sudo rm -rf /" : "ls"),
    phase: "pre",
    decision: verdict,
    policy: { digest, rule, agent_flow: verdict === "pass" },
  };
}

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.cleanup();
  fixture = undefined;
});

const witnessed = {
  witness: { enabled: true, quorum: 1, endpoints: [{ url: "https://w1.example/api/v1/anchor", name: "w1" }] },
};

async function report(f: Fixture, minutes: number, framework = "soc2"): Promise<ComplianceReport> {
  return collectReport(f.home, { to: at(minutes), now: at(minutes), controls: frameworkById(framework) });
}

const control = (r: ComplianceReport, id: string) => r.controls!.controls.find((c) => c.id === id)!;

/** An action every 5 minutes (its decision, and its outcome unless denied) with a witnessed seal every 15, over an hour. */
async function cleanTrail(f: Fixture): Promise<void> {
  for (let minute = 0; minute < 60; minute += 5) {
    const denied = minute === 20;
    await f.event(minute, decision(A, denied ? "deny" : "pass", denied ? "rules.commands.deny" : null));
    if (!denied) await f.event(minute, { ...body("low", [], "ls"), phase: "post", outcome: { exit: 0 } });
    if (minute % 15 === 10) await f.receipt(await f.seal(minute + 4), "w1", minute + 4);
  }
  await f.receipt(await f.seal(60), "w1", 60);
}

describe("report --controls", () => {
  it("a clean, witnessed trail: figures without findings, evidence pointers, no claim of compliance", async () => {
    fixture = await Fixture.create({
      ...witnessed,
      auto_seal: { enabled: true, interval_minutes: 15, seal_when_idle: true, max_unsealed_seconds: 60 },
    });
    await cleanTrail(fixture);
    const r = await report(fixture, 60);
    expect(r.controls!.framework).toBe("soc2");
    const cc72 = control(r, "CC7.2");
    expect(cc72.finding).toBe(false);
    expect(cc72.figure).toContain("chain intact from seq 0: 23 events");
    expect(cc72.figure).toContain("100% of the period sealed (0 gap(s)");
    expect(cc72.figure).toContain("5/5 seals met quorum 1 (witnesses: w1)");
    expect(cc72.figure).toContain("12 action(s); 1 high or critical; outcomes: 11 ran, 0 failed, 1 denied");
    expect(cc72.evidence).toEqual(
      expect.arrayContaining(["chain_integrity", "seal_coverage", "witness_confirmation"]),
    );
    expect(r.policy).toMatchObject({
      decisions: 12,
      decisions_with_version: 12,
      agent_flow: 11,
      denied_total: 1,
    });
    expect(r.policy.denied[0]).toMatchObject({ seq: 8, rule: "rules.commands.deny", level: "critical" });
    expect(r.policy.versions).toEqual([
      {
        digest: A,
        first_seq: 0,
        first_ts: at(0).toISOString(),
        last_ts: at(55).toISOString(),
        decisions: 12,
      },
    ]);
    const text = `${renderMarkdown(r)}${renderHtml(r)}`;
    expect(text).toContain("Controls: SOC 2");
    expect(text).toContain("it does not state that any control is met");
    expect(text).not.toMatch(/\bis compliant\b|\bcomplies with\b/i);
  });

  it("every framework maps every control to a source and, where it is evidence, to figures", async () => {
    fixture = await Fixture.create();
    await fixture.event(0, decision(A));
    for (const framework of FRAMEWORKS) {
      const r = await report(fixture, 10, framework.id);
      expect(r.controls!.controls.length).toBe(framework.controls.length);
      for (const c of r.controls!.controls) {
        expect(c.source.length).toBeGreaterThan(5);
        if (c.status !== "not-evidence") expect(c.evidence.length).toBeGreaterThan(0);
      }
    }
    const eu = await report(fixture, 10, "eu-ai-act");
    expect(eu.controls!.controls.map((c) => c.id)).toEqual([
      "Art. 12(1)",
      "Art. 12(2)",
      "Art. 19(1)",
      "Art. 26(6)",
    ]);
    expect(control(eu, "Art. 19(1)").figure).toContain(
      `retention met for a minimum age of 6 months (default): every record since the trail began (${at(0).toISOString()}) is kept; the trail is younger than 6 months`,
    );
    expect(control(eu, "Art. 19(1)").finding).toBe(false);
  });

  it("seal gaps and an unwitnessed trail are findings of the monitoring and protection controls", async () => {
    fixture = await Fixture.create({
      ...witnessed,
      auto_seal: { enabled: true, interval_minutes: 15, seal_when_idle: true, max_unsealed_seconds: 60 },
    });
    await fixture.event(0, decision(A));
    await fixture.seal(10); // no receipt: not witnessed
    await fixture.event(40, decision(A));
    await fixture.seal(60);
    const r = await report(fixture, 60, "nist-800-53");
    const au9 = control(r, "AU-9");
    expect(au9.finding).toBe(true);
    expect(au9.figure).toMatch(/% of the period sealed \(1 gap\(s\)/);
    expect(au9.figure).toContain("0/2 seals met quorum 1");
  });

  it("policy versions: a recorded change and an unannounced one", async () => {
    fixture = await Fixture.create();
    await fixture.event(0, decision(A));
    await fixture.event(1, policyChangeBody(A, B, "/home/p/policy.yaml"));
    await fixture.event(2, decision(B, "ask", "ask"));
    await fixture.event(3, decision(C)); // the digest changed with no policy_change event
    await fixture.event(4, decision(null, "deny"));
    const r = await report(fixture, 10, "owasp-aisvs");
    expect(r.policy.versions.map((v) => v.digest)).toEqual([A, B, C]);
    expect(r.policy.changes).toEqual([
      { seq: 1, ts: at(1).toISOString(), from: A, to: B, path: "/home/p/policy.yaml", recorded: true },
      { seq: 3, ts: at(3).toISOString(), from: B, to: C, path: null, recorded: false },
    ]);
    const c943 = control(r, "C9.4.3");
    expect(c943.finding).toBe(true);
    expect(c943.figure).toContain(
      "3 policy version(s) in force, 2 change(s) (1 without its policy_change event); 3/4 decisions name their version",
    );
    expect(r.policy.asked_total).toBe(1);
  });

  it("a cut (events deleted after a seal) is a finding of chain integrity", async () => {
    fixture = await Fixture.create();
    for (const minute of [0, 1, 2]) await fixture.event(minute, decision(A));
    await fixture.seal(3);
    const segment = join(fixture.trail, "events-000000.jsonl");
    const lines = (await readFile(segment, "utf8")).trimEnd().split("\n");
    await writeFile(segment, `${lines.slice(0, 2).join("\n")}\n`);
    const r = await report(fixture, 10, "nist-800-53");
    expect(control(r, "AU-9").finding).toBe(true);
    expect(control(r, "AU-9").figure).toContain("chain BROKEN at seq");
    // Deleting records is a retention finding like any cut.
    expect(r.retention).toMatchObject({ met: false });
    const eu = await report(fixture, 10, "eu-ai-act");
    expect(control(eu, "Art. 19(1)").finding).toBe(true);
    expect(control(eu, "Art. 19(1)").figure).toContain("retention NOT met");
  });

  it("retention: a configured minimum age, and a trail older than it", async () => {
    fixture = await Fixture.create();
    await writeFile(
      join(fixture.home, "relay-config.json"),
      JSON.stringify({ retention: { min_age: "1 year" } }),
    );
    await fixture.event(0, decision(A));
    const young = await report(fixture, 60 * 24 * 30, "eu-ai-act");
    expect(young.retention).toMatchObject({
      min_age: "1 year",
      configured: true,
      covers_window: false,
      met: true,
    });
    const old = await report(fixture, 60 * 24 * 400, "eu-ai-act");
    expect(old.retention).toMatchObject({
      covers_window: true,
      met: true,
      required_from: "2026-04-05T00:00:00.000Z",
    });
    expect(control(old, "Art. 26(6)").figure).toContain("which covers the 1 year before the period's end");
  });
});
