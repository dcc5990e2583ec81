/**
 * The PostgreSQL witness log against a real server: the shared AnchorStorage contract, then
 * what only a database log does — replicas sharing one tree, idempotency across replicas, the
 * C2SP files every replica serves, the database's clock, versioned migrations, and refusing a
 * database that holds another log.
 */
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  auditTiles,
  httpReader,
  leafHash,
  readCheckpoint,
  verifyInclusionEvidence,
} from "../../../src/tlog/index.js";
import { migrateDatabase, openPostgresLog, SCHEMA_VERSION } from "../../../src/witness/postgres/index.js";
import { logEntryOf, ROUTES } from "../../../src/witness/protocol/index.js";
import { startWitnessServer } from "../../../src/witness/server/index.js";
import { runStorageContract, sampleRequest } from "../server/storage-contract.js";
import { type PostgresLog, postgresLogs } from "./fixtures.js";

const pgLogs = postgresLogs("the PostgreSQL witness log tests");

runStorageContract(
  "postgres",
  async () => {
    const log = await pgLogs.newLog();
    return { storage: await log.open(), reopen: () => log.open(), cleanup: log.cleanup };
  },
  { skip: !pgLogs.available },
);

describe.skipIf(!pgLogs.available)("PostgreSQL log", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });
  async function newLog(): Promise<PostgresLog> {
    const log = await pgLogs.newLog();
    cleanups.push(log.cleanup);
    return log;
  }
  async function open(log: PostgresLog) {
    const storage = await log.open();
    cleanups.push(() => storage.close());
    return storage;
  }
  async function verifierKeyOf(log: PostgresLog): Promise<string> {
    const storage = await open(log);
    return (await storage.health()).verifier_key as string;
  }

  it("two replicas on one database append into one tree: no gap, no duplicate, every proof verifies on both", async () => {
    const log = await newLog();
    const [a, b] = [await open(log), await open(log)];
    const key = await verifierKeyOf(log);
    const requests = Array.from({ length: 600 }, (_, i) => sampleRequest(i));
    // Interleaved: both replicas sequence batches against each other.
    const results = await Promise.all(requests.map((request, i) => (i % 2 ? a : b).append(request)));
    const indices = results.map((r) => Number(/^wit_(\d+)_/.exec(r.anchor.anchor_id)![1]));
    expect(new Set(indices).size).toBe(600);
    expect(Math.max(...indices)).toBe(599);
    expect(await a.count()).toBe(600);
    expect(await b.count()).toBe(600);
    // A replay on the other replica is the same anchor.
    const again = await b.append({ ...requests[1]! });
    expect(again).toEqual({ anchor: results[1]!.anchor, created: false });
    // Each replica proves any entry (whoever wrote it) under the same newest checkpoint.
    for (const storage of [a, b]) {
      for (const i of [0, 255, 256, 599]) {
        const anchor = (await storage.get(results[i]!.anchor.anchor_id))!;
        expect(anchor).toEqual(results[i]!.anchor);
        const evidence = (await storage.inclusionEvidence!(anchor, { consistencyFrom: 300 }))!;
        expect(evidence.tree_size).toBe(600);
        const verified = verifyInclusionEvidence(evidence, Buffer.from(logEntryOf(anchor)), key);
        expect(verified.logIndex).toBe(indices[i]);
        expect(evidence.consistency_proof).toBeInstanceOf(Array);
      }
    }
    // witnessed_at never goes back in log order (the database's clock, not the replicas').
    const ordered = [...results].sort((x, y) => indices[results.indexOf(x)]! - indices[results.indexOf(y)]!);
    const times = ordered.map((r) => r.anchor.witnessed_at);
    expect([...times].sort()).toEqual(times);
  });

  it("serves the log's checkpoint, tiles and bundles over HTTP from every replica, the same bytes", async () => {
    const log = await newLog();
    const key = await verifierKeyOf(log);
    const [a, b] = [await open(log), await open(log)];
    await Promise.all(Array.from({ length: 300 }, (_, i) => (i < 150 ? a : b).append(sampleRequest(i))));
    const servers = [await startWitnessServer({ storage: a }), await startWitnessServer({ storage: b })];
    cleanups.push(async () => {
      for (const server of servers) await new Promise((r) => server.server.close(r));
    });
    const files: string[][] = [];
    for (const server of servers) {
      const { read } = httpReader(`${server.url}${ROUTES.log}`);
      const { checkpoint } = await readCheckpoint(read, key);
      expect(checkpoint.size).toBe(300);
      const seen: Uint8Array[] = [];
      const audit = await auditTiles(read, checkpoint, (entry) => seen.push(leafHash(entry)));
      expect(seen).toHaveLength(300);
      expect(audit).toBeTruthy();
      const got: string[] = [];
      for (const path of [
        "checkpoint",
        "tile/0/000",
        "tile/0/001.p/44",
        "tile/1/000.p/1",
        "tile/entries/001.p/44",
      ]) {
        const response = await fetch(`${server.url}${ROUTES.log}/${path}`);
        expect(response.status, path).toBe(200);
        got.push(Buffer.from(await response.arrayBuffer()).toString("base64"));
      }
      expect(response404(await fetch(`${server.url}${ROUTES.log}/tile/0/002`))).toBe(404);
      expect(response404(await fetch(`${server.url}${ROUTES.log}/tile/0/01`))).toBe(404);
      files.push(got);
    }
    expect(files[0]).toEqual(files[1]);
  });

  it("runs versioned migrations once, and refuses a database migrated by a newer trailseal", async () => {
    const log = await newLog();
    expect(await migrateDatabase(log.url)).toEqual([1, 2, 3]);
    expect(await migrateDatabase(log.url)).toEqual([]);
    const storage = await log.open();
    await storage.append(sampleRequest(1));
    await storage.close();
    const client = new pg.Client({ connectionString: log.url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT version FROM trailseal_migrations ORDER BY version");
      expect(rows.map((row) => row.version)).toEqual([1, 2, 3]);
      expect(SCHEMA_VERSION).toBe(3);
      await client.query("INSERT INTO trailseal_migrations (version, name) VALUES (99, 'future')");
    } finally {
      await client.end();
    }
    await expect(log.open()).rejects.toMatchObject({ code: "WITNESS_STORAGE_SCHEMA" });
  });

  it("refuses a database that holds another log", async () => {
    const first = await newLog();
    const other = await newLog();
    const storage = await first.open();
    await storage.close();
    await expect(
      openPostgresLog(first.url, { home: other.home, mirror: other.mirror }),
    ).rejects.toMatchObject({ code: "WITNESS_STORAGE_MISMATCH" });
  });

  it("answers 503 while the database is unreachable, and nothing is half-written", async () => {
    const log = await newLog();
    const storage = await open(log);
    await storage.append(sampleRequest(1));
    const server = await startWitnessServer({ storage });
    cleanups.push(() => new Promise((r) => server.server.close(r)));
    await pgLogs.server().stop("fast");
    try {
      const response = await fetch(`${server.url}${ROUTES.anchor}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sampleRequest(2)),
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect((await fetch(`${server.url}${ROUTES.health}`)).status).toBe(503);
    } finally {
      await pgLogs.server().start();
    }
    const retried = await storage.append(sampleRequest(2));
    expect(retried.created).toBe(true);
    expect(await storage.count()).toBe(2);
    expect(retried.anchor.anchor_id).toMatch(/^wit_1_/);
  });
});

function response404(response: Response): number {
  return response.status;
}
