import { describe, expect, it } from "vitest";
import { type DashboardEvent, toDashboardEvent } from "../../src/dashboard/dashboard-event.js";
import { periodStart, RiskBuckets } from "../../src/dashboard/risk-buckets.js";

const NOW = new Date("2026-11-20T15:30:00.000Z");

function ev(
  seq: number,
  ts: string,
  level: DashboardEvent["level"],
  flags: DashboardEvent["flags"] = [],
  phase: DashboardEvent["phase"] = "pre",
): DashboardEvent {
  return {
    seq,
    ts,
    level,
    flags,
    decision: phase === "post" ? "logged" : "allow",
    phase,
    agent: "a",
    session: null,
    action: "x",
    reasons: [],
  };
}

describe("actions, not events", () => {
  it("counts a call once, by its decision event; its outcome event adds no action", () => {
    const buckets = new RiskBuckets();
    buckets.add(ev(0, "2026-11-20T10:00:00.000Z", "critical", ["pipe_to_shell"]));
    buckets.add(ev(1, "2026-11-20T10:00:01.000Z", "critical", ["pipe_to_shell"], "post"));
    buckets.add(ev(2, "2026-11-20T10:00:02.000Z", "low", [], "record"));
    const figures = buckets.figures("all", NOW);
    expect(figures.total).toBe(2);
    expect(figures.counts.critical).toBe(1);
    expect(figures.flags.pipe_to_shell).toBe(1);
    expect(figures.agents).toEqual([{ agent: "a", count: 2 }]);
    expect(figures.high_risk.map((e) => [e.seq, e.decision])).toEqual([[0, "allow"]]);
    expect(buckets.total).toBe(3); // events read from the trail
  });
});

describe("the trail's own events", () => {
  it("a policy_change line is phase trail and counts as an event, never as an action", () => {
    const line = JSON.stringify({
      seq: 1,
      ts: "2026-11-20T10:00:01.000Z",
      risk: { level: "none", flags: [] },
      agent: "trailseal",
      session: null,
      phase: "record",
      action: { kind: "policy_change", tool: "trailseal", path: "/h/policy.yaml", from: "a", to: "b" },
      decision: "logged",
      reasons: [],
    });
    const change = toDashboardEvent(line)!;
    expect(change.phase).toBe("trail");
    const buckets = new RiskBuckets();
    buckets.add(ev(0, "2026-11-20T10:00:00.000Z", "low"));
    buckets.add(change);
    const figures = buckets.figures("all", NOW);
    expect(figures.total).toBe(1);
    expect(figures.agents).toEqual([{ agent: "a", count: 1 }]);
    expect(buckets.total).toBe(2);
  });
});

describe("periods", () => {
  it("are UTC calendar days, today included", () => {
    expect(periodStart("today", NOW, null)?.toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(periodStart("7d", NOW, null)?.toISOString()).toBe("2026-11-14T00:00:00.000Z");
    expect(periodStart("30d", NOW, null)?.toISOString()).toBe("2026-10-22T00:00:00.000Z");
    expect(periodStart("all", NOW, null)).toBeNull();
  });
});

describe("RiskBuckets", () => {
  const buckets = new RiskBuckets();
  buckets.add(ev(0, "2026-01-05T10:00:00.000Z", "critical", ["privilege_escalation"]));
  buckets.add(ev(1, "2026-11-15T10:00:00.000Z", "high", ["force_push"]));
  buckets.add(ev(2, "2026-11-20T01:00:00.000Z", "low"));
  buckets.add(ev(3, "2026-11-20T15:10:00.000Z", "critical", ["pipe_to_shell", "network_request"]));
  buckets.add(ev(4, "not a date", "medium"));

  it("counts each period", () => {
    expect(buckets.figures("today", NOW).counts).toEqual({
      none: 0,
      low: 1,
      medium: 0,
      high: 0,
      critical: 1,
    });
    expect(buckets.figures("7d", NOW).counts).toEqual({ none: 0, low: 1, medium: 0, high: 1, critical: 1 });
    expect(buckets.figures("all", NOW).total).toBe(5);
    expect(buckets.figures("all", NOW).counts.medium).toBe(1);
  });

  it("breaks flags down and lists high-risk events newest first", () => {
    const week = buckets.figures("7d", NOW);
    expect(week.flags.force_push).toBe(1);
    expect(week.flags.pipe_to_shell).toBe(1);
    expect(week.flags.privilege_escalation).toBe(0);
    expect(week.high_risk.map((e) => e.seq)).toEqual([3, 1]);
  });

  it("builds a stacked timeline whose points add up to the counts", () => {
    const today = buckets.figures("today", NOW);
    expect(today.timeline.step_hours).toBe(1);
    expect(today.timeline.points).toHaveLength(16);
    expect(today.timeline.points[15]?.counts.critical).toBe(1);
    for (const period of ["today", "7d", "30d"] as const) {
      const figures = buckets.figures(period, NOW);
      expect(figures.timeline.points.length).toBeLessThanOrEqual(60);
      const sum = figures.timeline.points.reduce(
        (n, p) => n + Object.values(p.counts).reduce((a, b) => a + b, 0),
        0,
      );
      expect(sum).toBe(figures.total);
    }
  });
});

describe("toDashboardEvent", () => {
  it("keeps markup as text and bounds sizes", () => {
    const line = JSON.stringify({
      seq: 7,
      ts: "2026-11-20T00:00:00.000Z",
      risk: { level: "high", flags: ["force_push", "<img src=x>", "force_push"] },
      agent: "x".repeat(10_000),
      session: 42,
      decision: "allow",
      action: { kind: "command", command: "<script>alert(1)</script>" },
      reasons: ["a", 3],
    });
    const event = toDashboardEvent(line)!;
    expect(event.action).toBe("<script>alert(1)</script>");
    expect(event.flags).toEqual(["force_push"]);
    expect(event.agent.length).toBeLessThanOrEqual(100);
    expect(event.session).toBe("42");
    expect(event.reasons).toEqual(["a", "3"]);
  });

  it("rejects lines that are not events", () => {
    expect(toDashboardEvent("{")).toBeNull();
    expect(toDashboardEvent("null")).toBeNull();
    expect(toDashboardEvent(JSON.stringify({ seq: 1, ts: "t", risk: { level: "extreme" } }))).toBeNull();
  });
});
