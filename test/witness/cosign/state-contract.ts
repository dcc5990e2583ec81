/**
 * The contract every witness state backend passes (files, memory; a database joins by calling
 * this with its own `open`): read, compare-and-swap, and the read-decide-swap loop on top.
 * `open` gives a fresh, empty store; `reopen`, when the backend is durable, a second handle on the
 * same state (another process, a restart).
 */
import { describe, expect, it } from "vitest";
import {
  type CosignStateStore,
  updateCosignState,
  type WitnessedCheckpoint,
} from "../../../src/witness/cosign/index.js";

export interface StateBackend {
  open(): Promise<{ store: CosignStateStore; reopen?: () => Promise<CosignStateStore> }>;
}

const record = (origin: string, size: number): WitnessedCheckpoint => ({
  origin,
  size,
  root: Buffer.alloc(32, size).toString("base64"),
  note: `${origin}\n${size}\n${Buffer.alloc(32, size).toString("base64")}\n\n— signer sig${size}\n`,
});

export function cosignStateContract(name: string, backend: StateBackend): void {
  describe(`witness state contract: ${name}`, () => {
    it("has no record for an origin never stored", async () => {
      const { store } = await backend.open();
      expect(await store.read("example.com/log")).toBeNull();
    });

    it("stores from none, and reads back exactly what was stored", async () => {
      const { store } = await backend.open();
      expect(await store.compareAndSwap("example.com/log", null, record("example.com/log", 3))).toBe(true);
      expect(await store.read("example.com/log")).toEqual(record("example.com/log", 3));
    });

    it("refuses a swap from a stale record or from none, and changes nothing", async () => {
      const { store } = await backend.open();
      const origin = "example.com/log";
      await store.compareAndSwap(origin, null, record(origin, 3));
      await store.compareAndSwap(origin, record(origin, 3), record(origin, 5));
      expect(await store.compareAndSwap(origin, record(origin, 3), record(origin, 9))).toBe(false);
      expect(await store.compareAndSwap(origin, null, record(origin, 9))).toBe(false);
      // Same size, another note: not the stored record either.
      expect(
        await store.compareAndSwap(origin, { ...record(origin, 5), note: "other" }, record(origin, 9)),
      ).toBe(false);
      expect(await store.read(origin)).toEqual(record(origin, 5));
    });

    it("keeps origins apart", async () => {
      const { store } = await backend.open();
      await store.compareAndSwap("a.example/log", null, record("a.example/log", 1));
      expect(await store.read("b.example/log")).toBeNull();
      expect(await store.compareAndSwap("b.example/log", null, record("b.example/log", 2))).toBe(true);
      expect((await store.read("a.example/log"))?.size).toBe(1);
    });

    it("lets exactly one of concurrent swaps from the same record win", async () => {
      const { store } = await backend.open();
      const origin = "example.com/log";
      await store.compareAndSwap(origin, null, record(origin, 1));
      const won = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.compareAndSwap(origin, record(origin, 1), record(origin, 2 + i)),
        ),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
      expect((await store.read(origin))?.size).toBe(2 + won.indexOf(true));
    });

    it("loses no update under concurrent read-decide-swap loops", async () => {
      const { store, reopen } = await backend.open();
      const origin = "example.com/log";
      const other = reopen ? await reopen() : store;
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          updateCosignState(i % 2 === 0 ? store : other, origin, (current) => ({
            next: record(origin, (current?.size ?? 0) + 1),
            result: undefined,
          })),
        ),
      );
      expect((await store.read(origin))?.size).toBe(12);
    });

    it("passes a refusal through and keeps the record", async () => {
      const { store } = await backend.open();
      const origin = "example.com/log";
      await store.compareAndSwap(origin, null, record(origin, 4));
      await expect(
        updateCosignState(store, origin, () => {
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      expect(await updateCosignState(store, origin, (current) => ({ result: current?.size }))).toBe(4);
      expect(await store.read(origin)).toEqual(record(origin, 4));
    });

    it("is durable across handles when the backend is", async () => {
      const { store, reopen } = await backend.open();
      if (!reopen) return;
      await store.compareAndSwap("example.com/log", null, record("example.com/log", 7));
      expect(await (await reopen()).read("example.com/log")).toEqual(record("example.com/log", 7));
    });
  });
}
