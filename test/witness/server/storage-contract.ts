/**
 * The AnchorStorage contract (src/witness/protocol/contracts.ts), run against every backend:
 * the JSONL file backend here, the git transparency log in test/witness/gitlog, the PostgreSQL
 * log in test/witness/postgres.
 *
 * Usage: runStorageContract("file", async () => ({ storage, reopen, cleanup })).
 * `reopen()` opens a new storage over the same place; the suite closes the old one first.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { AnchorRequest, AnchorStorage } from "../../../src/witness/protocol/index.js";
import { ANCHOR_ID, PROTOCOL } from "../../../src/witness/protocol/index.js";

export interface StorageFixture {
  storage: AnchorStorage;
  reopen(): Promise<AnchorStorage>;
  cleanup(): Promise<void>;
}

export function sampleRequest(n = 0): AnchorRequest {
  return {
    protocol: PROTOCOL,
    tip_hash: `sha256:${randomBytes(32).toString("hex")}`,
    chained_events: n,
    seal_signature: `hmac-sha256:${randomBytes(32).toString("hex")}`,
    key_id: "contract-key",
    requested_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n % 1000)).toISOString(),
  };
}

/** The request fields of a stored anchor (a replay of it). */
function sampleRequestLike(anchor: AnchorRequest): AnchorRequest {
  const { protocol, tip_hash, chained_events, seal_signature, key_id, requested_at } = anchor;
  return { protocol, tip_hash, chained_events, seal_signature, key_id, requested_at };
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function runStorageContract(
  name: string,
  makeStorage: () => Promise<StorageFixture>,
  options: { concurrency?: number; skip?: boolean } = {},
): void {
  const concurrency = options.concurrency ?? 40;
  describe.skipIf(options.skip === true)(`AnchorStorage contract: ${name}`, () => {
    let fixture: StorageFixture | null = null;
    const open = async () => {
      fixture = await makeStorage();
      return fixture;
    };
    afterEach(async () => {
      if (fixture) {
        await fixture.storage.close().catch(() => undefined);
        await fixture.cleanup();
        fixture = null;
      }
    });

    it("stores a request and returns it unchanged with anchor_id and witnessed_at", async () => {
      const { storage } = await open();
      expect(await storage.count()).toBe(0);
      const request = sampleRequest(7);
      const { anchor, created } = await storage.append(request);
      expect(created).toBe(true);
      expect(anchor).toMatchObject(request);
      expect(anchor.anchor_id).toMatch(ANCHOR_ID);
      expect(anchor.witnessed_at).toMatch(ISO_MS);
      expect(await storage.get(anchor.anchor_id)).toEqual(anchor);
      expect(await storage.count()).toBe(1);
      expect(await storage.get("wit_unknown")).toBeNull();
      expect(typeof (await storage.health())).toBe("object");
    });

    it("answers the newest durable anchor of a key id, across a replay and a reopen", async () => {
      const fx = await open();
      expect(await fx.storage.latestForKey("contract-key")).toBeNull();
      const first = await fx.storage.append(sampleRequest(3));
      const other = await fx.storage.append({ ...sampleRequest(9), key_id: "other-key" });
      const second = await fx.storage.append(sampleRequest(5));
      expect(await fx.storage.latestForKey("contract-key")).toEqual(second.anchor);
      expect(await fx.storage.latestForKey("other-key")).toEqual(other.anchor);
      // A replay of an older request is not newer: it adds nothing.
      await fx.storage.append(sampleRequestLike(first.anchor));
      expect((await fx.storage.latestForKey("contract-key"))?.anchor_id).toBe(second.anchor.anchor_id);
      expect(await fx.storage.latestForKey("contract-key ")).toBeNull();
      expect(await fx.storage.latestForKey("unknown-key")).toBeNull();
      await fx.storage.close();
      fx.storage = await fx.reopen();
      expect(await fx.storage.latestForKey("contract-key")).toEqual(
        await fx.storage.get(second.anchor.anchor_id),
      );
    });

    it("is idempotent: the same request returns the original and adds nothing", async () => {
      const { storage } = await open();
      const request = sampleRequest(1);
      const first = await storage.append(request);
      const again = await storage.append({ ...request });
      expect(again.created).toBe(false);
      expect(again.anchor).toEqual(first.anchor);
      const other = await storage.append({ ...request, requested_at: "2026-01-01T00:00:01.000Z" });
      expect(other.created).toBe(true);
      expect(other.anchor.anchor_id).not.toBe(first.anchor.anchor_id);
      expect(await storage.count()).toBe(2);
    });

    it("handles concurrent appends: distinct ids, and one anchor for identical racing requests", async () => {
      const { storage } = await open();
      const requests = Array.from({ length: concurrency }, (_, i) => sampleRequest(i));
      const results = await Promise.all(requests.map((request) => storage.append(request)));
      expect(results.every((result) => result.created)).toBe(true);
      expect(new Set(results.map((result) => result.anchor.anchor_id)).size).toBe(concurrency);
      const same = sampleRequest(999);
      const racing = await Promise.all(Array.from({ length: 8 }, () => storage.append({ ...same })));
      expect(racing.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(racing.map((result) => result.anchor.anchor_id)).size).toBe(1);
      expect(await storage.count()).toBe(concurrency + 1);
      for (const result of results) expect(await storage.get(result.anchor.anchor_id)).toEqual(result.anchor);
    });

    it("reports the same health fields on every backend (one group-commit queue counts them)", async () => {
      const { storage } = await open();
      const results = await Promise.all(
        Array.from({ length: concurrency }, (_, i) => storage.append(sampleRequest(i))),
      );
      const health = await storage.health();
      expect(health).toMatchObject({ entries: concurrency, anchors_since_start: concurrency });
      expect(["file", "git", "postgres"]).toContain(health.backend);
      // Appends that arrive together share a commit.
      expect(health.commits_since_start).toBeGreaterThanOrEqual(1);
      expect(health.commits_since_start).toBeLessThan(results.length);
    });

    it("survives close and reopen: every acknowledged anchor, and idempotency, persist", async () => {
      const current = await open();
      const acknowledged = await Promise.all([1, 2, 3].map((n) => current.storage.append(sampleRequest(n))));
      await current.storage.close();
      const reopened = await current.reopen();
      current.storage = reopened;
      expect(await reopened.count()).toBe(3);
      for (const { anchor } of acknowledged) expect(await reopened.get(anchor.anchor_id)).toEqual(anchor);
      const replay = await reopened.append(
        Object.fromEntries(
          Object.entries(acknowledged[0]!.anchor).filter(([k]) =>
            ["protocol", "tip_hash", "chained_events", "seal_signature", "key_id", "requested_at"].includes(
              k,
            ),
          ),
        ) as AnchorRequest,
      );
      expect(replay.created).toBe(false);
      expect(replay.anchor.anchor_id).toBe(acknowledged[0]!.anchor.anchor_id);
      expect(await reopened.count()).toBe(3);
    });

    it("rejects appends after close", async () => {
      const { storage } = await open();
      await storage.close();
      await expect(storage.append(sampleRequest(1))).rejects.toMatchObject({
        code: "WITNESS_STORAGE_UNAVAILABLE",
      });
    });
  });
}
