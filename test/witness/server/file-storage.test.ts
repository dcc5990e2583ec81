import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ANCHORS_FILE, openFileStorage } from "../../../src/witness/server/index.js";
import { tempDir } from "../../helpers/cli.js";
import { runStorageContract, sampleRequest } from "./storage-contract.js";

runStorageContract("file", async () => {
  const { dir, cleanup } = await tempDir("trailseal-witness-");
  return { storage: await openFileStorage(dir), reopen: () => openFileStorage(dir), cleanup };
});

describe("file storage specifics", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir("trailseal-witness-"));
  });
  afterEach(() => cleanup());

  it("keeps one canonical JSON line per anchor, in log order, with log_index", async () => {
    const storage = await openFileStorage(dir);
    const a = await storage.append(sampleRequest(1));
    const b = await storage.append(sampleRequest(2));
    await storage.close();
    const lines = (await readFile(join(dir, ANCHORS_FILE), "utf8")).trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line).anchor_id)).toEqual([a.anchor.anchor_id, b.anchor.anchor_id]);
    expect(lines.map((line) => JSON.parse(line).log_index)).toEqual([0, 1]);
  });

  it("cuts a torn last line on open and keeps every acknowledged anchor", async () => {
    let storage = await openFileStorage(dir);
    const a = await storage.append(sampleRequest(1));
    await storage.close();
    await appendFile(join(dir, ANCHORS_FILE), '{"anchor_id":"wit_torn","chai');
    storage = await openFileStorage(dir);
    expect(await storage.count()).toBe(1);
    expect(await storage.get(a.anchor.anchor_id)).toEqual(a.anchor);
    const b = await storage.append(sampleRequest(2));
    expect(b.anchor.log_index).toBe(1);
    await storage.close();
    const text = await readFile(join(dir, ANCHORS_FILE), "utf8");
    expect(
      text
        .split("\n")
        .filter(Boolean)
        .every((line) => JSON.parse(line)),
    ).toBeTruthy();
  });

  it("refuses a corrupt line in the middle, and a second writer on the same directory", async () => {
    const storage = await openFileStorage(dir);
    await expect(openFileStorage(dir)).rejects.toMatchObject({ code: "WITNESS_STORAGE_LOCKED" });
    await storage.append(sampleRequest(1));
    await storage.close();
    const text = await readFile(join(dir, ANCHORS_FILE), "utf8");
    await writeFile(join(dir, ANCHORS_FILE), `{"anchor_id":"wit_x"}\n${text}`);
    await expect(openFileStorage(dir)).rejects.toMatchObject({ code: "WITNESS_STORAGE_CORRUPT" });
  });
});
