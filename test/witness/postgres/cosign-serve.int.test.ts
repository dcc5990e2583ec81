/**
 * Two replicas of a C2SP witness (`witness serve --cosign-logs … --cosign-state postgres://…`,
 * real processes) share one memory of what they cosigned: a checkpoint one replica cosigned is
 * the other's starting point, and neither cosigns a tree on top of an old size the other moved
 * past (tlog-witness's rollback rule holds across replicas, not only within one).
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatAddCheckpoint } from "../../../src/witness/cosign/index.js";
import { runCli, startCli, tempDir } from "../../helpers/cli.js";
import { ToyLog } from "../cosign/fixtures.js";
import { postgresLogs } from "./fixtures.js";

const pgLogs = postgresLogs("the PostgreSQL witness state with `witness serve`");
const log = ToyLog.create("peer.example/shared", 4).grow(64);
let work: { dir: string; cleanup: () => Promise<void> };
const children: ChildProcess[] = [];

beforeAll(async () => {
  work = await tempDir("ts-pg-cosign-serve-");
  const keygen = await runCli([
    "witness",
    "keygen",
    "--cosigner",
    "w.example/w1",
    "--out",
    join(work.dir, "cosigner.key"),
  ]);
  expect(keygen.code).toBe(0);
  writeFileSync(join(work.dir, "logs.policy"), `log ${log.vkey}\nquorum none\n`);
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
});
afterAll(() => work?.cleanup());

async function replica(state: string, name: string): Promise<string> {
  const started = startCli([
    "--home",
    join(work.dir, `home-${name}`),
    "witness",
    "serve",
    "--port",
    "0",
    "--cosign-logs",
    join(work.dir, "logs.policy"),
    "--cosigner-key",
    join(work.dir, "cosigner.key"),
    "--cosign-state",
    state,
  ]);
  children.push(started.child);
  return started.firstLine;
}

async function post(url: string, oldSize: number, size: number): Promise<number> {
  const res = await fetch(`${url}/add-checkpoint`, {
    method: "POST",
    body: formatAddCheckpoint({ oldSize, proof: log.proof(oldSize, size), checkpoint: log.checkpoint(size) }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe.skipIf(!pgLogs.available)("witness state shared by replicas in PostgreSQL", () => {
  it("a size one replica cosigned is where the other continues from", async () => {
    const state = await pgLogs.server().createDatabase();
    const [a, b] = await Promise.all([replica(state, "a"), replica(state, "b")]);
    expect(await post(a, 0, 10)).toBe(200);
    // B never saw size 10 itself, but the shared state has it: from 0 again is a stale view.
    expect(await post(b, 0, 10)).toBe(409);
    expect(await post(b, 10, 20)).toBe(200);
    expect(await post(a, 10, 30)).toBe(409);
    expect(await post(a, 20, 30)).toBe(200);
  });

  it("with a directory each, the same requests are all accepted (the state is not shared)", async () => {
    const [a, b] = await Promise.all([
      replica(join(work.dir, "state-a"), "c"),
      replica(join(work.dir, "state-b"), "d"),
    ]);
    expect(await post(a, 0, 10)).toBe(200);
    expect(await post(b, 0, 10)).toBe(200);
  });
});
