/**
 * The witness core without HTTP (src/witness/server/core.ts): anchor, get and health return
 * typed results — a value, or a protocol error code — over a real file store. The Express app
 * only maps these to statuses (app.int.test.ts checks the statuses end to end).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROTOCOL } from "../../../src/witness/protocol/index.js";
import { type AnchorStorage, createWitnessCore, openFileStorage } from "../../../src/witness/server/index.js";
import { tempDir } from "../../helpers/cli.js";
import { sampleRequest } from "./storage-contract.js";

let work: { dir: string; cleanup: () => Promise<void> };
let storage: AnchorStorage;

beforeEach(async () => {
  work = await tempDir();
  storage = await openFileStorage(work.dir);
});
afterEach(async () => {
  await storage.close();
  await work.cleanup();
});

/** A store whose every operation fails, as a full or unreadable disk would. */
const broken: AnchorStorage = {
  append: async () => {
    throw new Error("EIO");
  },
  get: async () => {
    throw new Error("EIO");
  },
  latestForKey: async () => {
    throw new Error("EIO");
  },
  count: async () => {
    throw new Error("EIO");
  },
  health: async () => {
    throw new Error("EIO");
  },
  close: async () => {},
};

describe("witness core", () => {
  it("anchors a request: the receipt, its id, created true; the same request again is created false", async () => {
    const core = createWitnessCore(storage);
    const request = sampleRequest(3);
    const first = await core.anchor(request);
    expect(first).toMatchObject({ ok: true, created: true });
    if (!first.ok) throw new Error("unreachable");
    expect(first.receipt.anchor_id).toBe(first.anchorId);
    expect(first.receipt).not.toHaveProperty("tip_hash");
    expect(await core.anchor({ ...request })).toMatchObject({
      ok: true,
      created: false,
      anchorId: first.anchorId,
    });
    expect(await core.get(first.anchorId, [])).toMatchObject({ ok: true, anchor: { ...request } });
  });

  it("refuses what the protocol refuses, with its code", async () => {
    const core = createWitnessCore(storage);
    expect(await core.anchor({ ...sampleRequest(1), protocol: "other/v9" })).toMatchObject({
      ok: false,
      code: "WITNESS_WRONG_PROTOCOL",
    });
    const invalid = await core.anchor({ ...sampleRequest(1), tip_hash: "md5:00" });
    expect(invalid).toMatchObject({ ok: false, code: "WITNESS_INVALID_REQUEST" });
    expect(await core.anchor([])).toMatchObject({ ok: false, code: "WITNESS_INVALID_REQUEST" });
    expect(await core.get("not-an-id", [])).toMatchObject({ ok: false, code: "WITNESS_INVALID_ANCHOR_ID" });
    expect(await core.get("wit_unknown", [])).toMatchObject({ ok: false, code: "WITNESS_ANCHOR_NOT_FOUND" });
    expect(await storage.count()).toBe(0);
  });

  it("storage trouble is WITNESS_STORAGE_UNAVAILABLE (with a retry delay for anchor and get)", async () => {
    const core = createWitnessCore(broken);
    expect(await core.anchor(sampleRequest(1))).toMatchObject({
      ok: false,
      code: "WITNESS_STORAGE_UNAVAILABLE",
      retryAfter: 5,
    });
    expect(await core.get("wit_abc", [])).toMatchObject({
      ok: false,
      code: "WITNESS_STORAGE_UNAVAILABLE",
      retryAfter: 5,
    });
    expect(await core.health()).toMatchObject({ ok: false, code: "WITNESS_STORAGE_UNAVAILABLE" });
  });

  it("health: the store's fields, the protocol and the anchor count", async () => {
    const core = createWitnessCore(storage);
    await core.anchor(sampleRequest(1));
    expect(await core.health()).toMatchObject({
      ok: true,
      health: {
        status: "ok",
        protocol: PROTOCOL,
        anchors: 1,
        backend: "file",
        entries: 1,
        commits_since_start: 1,
        anchors_since_start: 1,
      },
    });
  });
});
