/**
 * Faults of a replicated witness on PostgreSQL, with real processes (the built CLI) and a real
 * database server under load from many clients that, like the relay, retry a failed request
 * unchanged (on the other replica when one does not answer):
 * - kill -9 one of two replicas: every acknowledged anchor is read back from the other, the log
 *   is one tree with every request once, and the mirror (published by the survivor) audits clean;
 * - PostgreSQL restarted: the replicas answer 503 meanwhile (never another error), no
 *   acknowledged anchor is lost and no index is given twice;
 * - a replica whose clock is an hour fast: the log's timestamps stay the database's, in order.
 */
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { verifyInclusionEvidence } from "../../../src/tlog/index.js";
import { auditLog } from "../../../src/witness/gitlog/index.js";
import { type AnchorRequest, logEntryOf, ROUTES } from "../../../src/witness/protocol/index.js";
import { REPO_ROOT, startCli } from "../../helpers/cli.js";
import { sampleRequest } from "../server/storage-contract.js";
import { type PostgresLog, postgresLogs, serveArgs } from "./fixtures.js";

const pgLogs = postgresLogs("the PostgreSQL witness fault tests");

interface Acked {
  request: AnchorRequest;
  anchorId: string;
  witnessedAt: string;
  by: string;
}

describe.skipIf(!pgLogs.available)("replicated witness faults", () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
    }
    for (const fn of cleanups.splice(0)) await fn();
  });

  async function newLog(): Promise<PostgresLog> {
    const log = await pgLogs.newLog();
    cleanups.push(log.cleanup);
    return log;
  }

  async function startReplica(
    log: PostgresLog,
    env: NodeJS.ProcessEnv = {},
  ): Promise<{ url: string; child: ChildProcess }> {
    const started = startCli(serveArgs(log), { env });
    children.push(started.child);
    return { url: await started.firstLine, child: started.child };
  }

  /**
   * `clients` concurrent clients send `total` distinct requests, each retried unchanged until a
   * 201/200 (on the next replica after a network error or a 503). Returns every receipt and
   * every status or error seen. `during(acked)` runs once after `faultAfter` acknowledgements.
   */
  async function load(
    urls: () => string[],
    total: number,
    options: { clients?: number; faultAfter?: number; during?: () => Promise<void> } = {},
  ) {
    const acked: Acked[] = [];
    const seen = new Map<string, number>();
    const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
    let next = 0;
    let fault: Promise<void> | null = null;
    const client = async (id: number) => {
      let preferred = id;
      while (next < total) {
        const request = sampleRequest(next++);
        for (let attempt = 0; ; attempt++) {
          if (attempt > 2000) throw new Error("a request was never acknowledged");
          const targets = urls();
          const url = targets[preferred % targets.length]!;
          try {
            const response = await fetch(`${url}${ROUTES.anchor}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(request),
            });
            note(String(response.status));
            const body = (await response.json()) as { anchor_id: string; witnessed_at: string };
            if (response.status === 201 || response.status === 200) {
              acked.push({ request, anchorId: body.anchor_id, witnessedAt: body.witnessed_at, by: url });
              break;
            }
          } catch {
            note("network");
          }
          preferred += 1;
          await new Promise((r) => setTimeout(r, 20));
        }
        if (options.during && !fault && acked.length >= (options.faultAfter ?? 0)) fault = options.during();
      }
    };
    await Promise.all(Array.from({ length: options.clients ?? 64 }, (_, id) => client(id)));
    await fault;
    return { acked, seen };
  }

  /** Every acknowledged anchor from `url`, proven under one checkpoint of size `total`. */
  async function checkAll(url: string, acked: Acked[], total: number): Promise<void> {
    const health = (await (await fetch(`${url}${ROUTES.health}`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ backend: "postgres", entries: total });
    const indices = new Set<number>();
    for (const { request, anchorId } of acked) {
      const response = await fetch(`${url}/api/v1/anchors/${anchorId}`);
      expect(response.status).toBe(200);
      const anchor = (await response.json()) as Record<string, unknown>;
      expect(anchor).toMatchObject({ ...request, anchor_id: anchorId, tree_size: total });
      const { logIndex } = verifyInclusionEvidence(
        anchor,
        Buffer.from(logEntryOf(anchor)),
        health.verifier_key as string,
      );
      indices.add(logIndex);
    }
    expect(indices.size).toBe(acked.length);
    if (acked.length === total) expect(Math.max(...indices)).toBe(total - 1);
  }

  async function mirrorCaughtUp(url: string, total: number): Promise<void> {
    for (let i = 0; i < 600; i++) {
      const health = (await (await fetch(`${url}${ROUTES.health}`)).json()) as {
        mirror?: { mirror_size: number | null; leader: boolean };
      };
      if (health.mirror?.leader && health.mirror.mirror_size === total) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the surviving replica never brought the mirror up to date");
  }

  it("kill -9 one of two replicas under load: every acknowledged anchor is on the other, one tree, audit clean", async () => {
    const log = await newLog();
    const replicas = [await startReplica(log), await startReplica(log)];
    let alive = replicas.map((r) => r.url);
    const total = 1500;
    const { acked, seen } = await load(() => alive, total, {
      faultAfter: 400,
      during: async () => {
        replicas[0]!.child.kill("SIGKILL");
        await new Promise((r) => replicas[0]!.child.once("exit", r));
        alive = [replicas[1]!.url];
      },
    });
    expect(replicas[0]!.child.signalCode).toBe("SIGKILL");
    expect(acked).toHaveLength(total);
    expect(acked.filter((a) => a.by === replicas[0]!.url).length).toBeGreaterThan(0);
    expect(new Set(acked.map((a) => a.anchorId)).size).toBe(total);
    expect(seen.get("500")).toBeUndefined();
    await checkAll(replicas[1]!.url, acked, total);
    await mirrorCaughtUp(replicas[1]!.url, total);
    const report = await auditLog(log.mirror);
    expect(report.failure).toBeNull();
    expect(report).toMatchObject({ ok: true, entries: total });
  }, 180_000); // 1,500 anchors, each proven, then the mirror: minutes on a loaded runner, not a hang

  it("PostgreSQL restarted under load: 503 meanwhile, no acknowledged anchor lost, no index twice", async () => {
    const log = await newLog();
    const replicas = [await startReplica(log), await startReplica(log)];
    const total = 1200;
    const server = pgLogs.server();
    const { acked, seen } = await load(() => replicas.map((r) => r.url), total, {
      clients: 32,
      faultAfter: 300,
      during: async () => {
        await server.stop("fast");
        await new Promise((r) => setTimeout(r, 1_500));
        await server.start();
      },
    });
    expect(acked).toHaveLength(total);
    expect(seen.get("503")).toBeGreaterThan(0);
    expect([...seen.keys()].filter((k) => !["200", "201", "503"].includes(k))).toEqual([]);
    await checkAll(replicas[1]!.url, acked, total);
    await checkAll(replicas[0]!.url, acked.slice(0, 50), total);
    // Whichever replica leads after the restart brings the mirror up to date.
    await Promise.any(replicas.map((r) => mirrorCaughtUp(r.url, total)));
    const report = await auditLog(log.mirror);
    expect(report.failure).toBeNull();
  }, 180_000); // as above: 1,200 anchors through a restart, then each proven

  it("a replica whose clock is an hour fast: witnessed_at is the database's clock, in log order", async () => {
    const log = await newLog();
    const skewed = await startReplica(log, {
      NODE_OPTIONS: `--import=${join(REPO_ROOT, "test", "witness", "postgres", "skewed-clock.mjs")}`,
      TRAILSEAL_TEST_CLOCK_SKEW_MS: String(3_600_000),
    });
    const honest = await startReplica(log);
    const before = Date.now();
    const { acked } = await load(() => [skewed.url, honest.url], 400, { clients: 16 });
    const after = Date.now();
    expect(acked.filter((a) => a.by === skewed.url).length).toBeGreaterThan(0);
    for (const { witnessedAt } of acked) {
      const at = Date.parse(witnessedAt);
      expect(at).toBeGreaterThanOrEqual(before - 5_000);
      expect(at).toBeLessThanOrEqual(after + 5_000);
    }
    const byIndex = [...acked].sort(
      (x, y) => Number(x.anchorId.split("_")[1]) - Number(y.anchorId.split("_")[1]),
    );
    const times = byIndex.map((a) => a.witnessedAt);
    expect([...times].sort()).toEqual(times);
  });
});
