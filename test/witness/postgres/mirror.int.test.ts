/**
 * The public mirror of a PostgreSQL log: one replica at a time (the advisory lock's holder)
 * copies committed entries into the git log; the mirror then passes `witness audit`, stock
 * `git verify-commit` and `git fsck`, and its checkpoint is the database's. Replicas racing to
 * publish never fork it, and a new leader on another machine continues the pushed history.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { auditLog } from "../../../src/witness/gitlog/index.js";
import type { PostgresLog as Replica } from "../../../src/witness/postgres/index.js";
import { fsck, git, verifyEveryCommit } from "../gitlog/git-check.js";
import { sampleRequest } from "../server/storage-contract.js";
import { type PostgresLog, postgresLogs } from "./fixtures.js";

const pgLogs = postgresLogs("the PostgreSQL mirror tests");

async function databaseCheckpoint(url: string): Promise<{ size: number; checkpoint: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT size, checkpoint FROM log_state");
    return { size: Number(rows[0].size), checkpoint: rows[0].checkpoint };
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgLogs.available)("the git mirror of a PostgreSQL log", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });
  async function newLog(): Promise<PostgresLog> {
    const log = await pgLogs.newLog();
    cleanups.push(log.cleanup);
    return log;
  }
  async function replica(
    log: PostgresLog,
    options: Parameters<PostgresLog["open"]>[0] = {},
  ): Promise<Replica> {
    const storage = await log.open(options);
    cleanups.push(() => storage.close());
    return storage;
  }
  /** Pokes until one replica leads and the mirror has caught up with the database. */
  async function settled(replicas: Replica[], size: number): Promise<Replica> {
    for (let attempt = 0; attempt < 200; attempt++) {
      await Promise.all(replicas.map((r) => r.mirror!.poke()));
      const leader = replicas.find((r) => r.mirror!.status().leader);
      if (leader && leader.mirror!.status().mirror_size === size) return leader;
    }
    throw new Error(
      `the mirror never reached ${size}: ${JSON.stringify(replicas.map((r) => r.mirror!.status()))}`,
    );
  }

  /** Waits until the leader's background push has sent everything it wrote. */
  async function pushed(leader: Replica): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const push = leader.mirror!.status().push as
        | { lag_entries: number; pushed_head: string | null }
        | undefined;
      if (push?.pushed_head && push.lag_entries === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`never pushed: ${JSON.stringify(leader.mirror!.status())}`);
  }

  it("is written by one replica, audits clean, and ends on the database's checkpoint", async () => {
    const log = await newLog();
    const [a, b] = [await replica(log), await replica(log)];
    await Promise.all(Array.from({ length: 700 }, (_, i) => (i % 2 ? a : b).append(sampleRequest(i))));
    await settled([a, b], 700);
    expect([a, b].filter((r) => r.mirror!.status().leader)).toHaveLength(1);
    const report = await auditLog(log.mirror);
    expect(report.failure).toBeNull();
    expect(report).toMatchObject({ ok: true, entries: 700, origin: "test.example/pg" });
    expect(git(log.mirror, "show", "main:checkpoint")).toBe((await databaseCheckpoint(log.url)).checkpoint);
    verifyEveryCommit(log.mirror);
    fsck(log.mirror);
    // The mirror's entries are the anchors the replicas acknowledged, in the database's order.
    const first = JSON.parse(git(log.mirror, "show", "main:entries/000.jsonl").split("\n")[0]!);
    expect(first).toEqual(await a.get(first.anchor_id));
  });

  it("two replicas racing to publish: never two leaders at once, no fork, every entry once", async () => {
    const log = await newLog();
    const replicas = [
      await replica(log, { mirrorIntervalMs: 1 }),
      await replica(log, { mirrorIntervalMs: 1 }),
    ];
    let both = 0;
    let sent = 0;
    const sampler = setInterval(() => {
      if (replicas.every((r) => r.mirror!.status().leader)) both += 1;
    }, 1);
    try {
      for (let round = 0; round < 6; round++) {
        await Promise.all(
          Array.from({ length: 100 }, () => replicas[sent % 2]!.append(sampleRequest(sent++))),
        );
        // The leader resigns mid-run (its session closed): the other takes over.
        if (round === 2) {
          const leader = await settled(replicas, sent);
          await leader.close();
          replicas.splice(replicas.indexOf(leader), 1, await replica(log, { mirrorIntervalMs: 1 }));
        }
      }
      await settled(replicas, sent);
    } finally {
      clearInterval(sampler);
    }
    expect(both).toBe(0);
    const report = await auditLog(log.mirror);
    expect(report.failure).toBeNull();
    expect(report.entries).toBe(600);
    expect(git(log.mirror, "show", "main:checkpoint")).toBe((await databaseCheckpoint(log.url)).checkpoint);
    fsck(log.mirror);
  });

  it("a new leader on another machine continues the pushed mirror (its own clone, fast-forwarded)", async () => {
    const log = await newLog();
    // The published mirror is the bare log; each replica writes its own clone and pushes there.
    const clones = ["a", "b"].map((name) => {
      const dir = join(log.tmp, `mirror-${name}.git`);
      execFileSync("git", ["clone", "-q", "--bare", log.mirror, dir]);
      return dir;
    });
    const a = await replica(log, { mirror: clones[0]!, push: log.mirror });
    await Promise.all(Array.from({ length: 300 }, (_, i) => a.append(sampleRequest(i))));
    await settled([a], 300);
    await pushed(a);
    await a.close();
    expect(git(log.mirror, "rev-parse", "main")).toBe(git(clones[0]!, "rev-parse", "main"));
    const b = await replica(log, { mirror: clones[1]!, push: log.mirror });
    await Promise.all(Array.from({ length: 50 }, (_, i) => b.append(sampleRequest(1000 + i))));
    await settled([b], 350);
    await pushed(b);
    const report = await auditLog(log.mirror);
    expect(report.failure).toBeNull();
    expect(report.entries).toBe(350);
    // One linear history: b's commits sit on top of a's.
    expect(
      git(log.mirror, "merge-base", "--is-ancestor", git(clones[0]!, "rev-parse", "main").trim(), "main"),
    ).toBe("");
  });
});
