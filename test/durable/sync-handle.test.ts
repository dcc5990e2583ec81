/**
 * syncHandle skips an fsync only where Node's permission model forbids it
 * (docs/decisions/fsync-permission-model.md): outside that model every failure still fails.
 */
import { describe, expect, it } from "vitest";
import { syncHandle } from "../../src/durable/index.js";

const refusing = (code: string, message: string) => ({
  sync: () => Promise.reject(Object.assign(new Error(message), { code })),
});

describe("syncHandle", () => {
  it("syncs through the handle", async () => {
    let synced = 0;
    await syncHandle({ sync: async () => void synced++ });
    expect(synced).toBe(1);
  });

  it("fails on an I/O error", async () => {
    await expect(syncHandle(refusing("EIO", "i/o error"))).rejects.toMatchObject({ code: "EIO" });
  });

  it("fails on Node's refusal when this process does not run under the permission model", async () => {
    expect("permission" in process).toBe(false);
    await expect(
      syncHandle(refusing("ERR_ACCESS_DENIED", "fsync API is disabled when Permission Model is enabled.")),
    ).rejects.toMatchObject({ code: "ERR_ACCESS_DENIED" });
  });
});
