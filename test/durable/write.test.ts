import { open, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendAll, readTextIfExists, writeFileAtomic } from "../../src/durable/index.js";
import { tempDir } from "../helpers/cli.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir("trailseal-durable-"));
});
afterEach(async () => cleanup());

describe("writeFileAtomic", () => {
  it("replaces a file and leaves no temporary file behind", async () => {
    const path = join(dir, "state.json");
    await writeFile(path, "old");
    await writeFileAtomic(path, "new", { mode: 0o600 });
    expect(await readFile(path, "utf8")).toBe("new");
    expect(await readdir(dir)).toEqual(["state.json"]);
  });

  it("fails with DURABLE_WRITE_FAILED and removes its temporary file", async () => {
    await expect(writeFileAtomic(join(dir, "missing", "x.json"), "x")).rejects.toMatchObject({
      code: "DURABLE_WRITE_FAILED",
    });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("readTextIfExists", () => {
  it("is null for a missing file", async () => {
    expect(await readTextIfExists(join(dir, "nope"))).toBeNull();
  });
});

describe("appendAll", () => {
  it("writes every byte even when write() reports a short write", async () => {
    const path = join(dir, "log");
    await writeFile(path, "a\n");
    const handle = await open(path, "a");
    const realWrite = handle.write.bind(handle);
    // A file system that takes at most 3 bytes per call, as a full disk or a signal can.
    (handle as unknown as { write: unknown }).write = (bytes: Uint8Array, offset: number, length: number) =>
      realWrite(bytes, offset, Math.min(3, length));
    try {
      await appendAll(handle, Buffer.from("hello world\n"), 2);
    } finally {
      await handle.close();
    }
    expect(await readFile(path, "utf8")).toBe("a\nhello world\n");
  });

  it("truncates back to the known size when a write fails part-way", async () => {
    const path = join(dir, "log");
    await writeFile(path, "a\n");
    const handle = await open(path, "a");
    const realWrite = handle.write.bind(handle);
    let calls = 0;
    (handle as unknown as { write: unknown }).write = (bytes: Uint8Array, offset: number, length: number) => {
      calls += 1;
      if (calls > 1) return Promise.reject(Object.assign(new Error("no space"), { code: "ENOSPC" }));
      return realWrite(bytes, offset, Math.min(4, length));
    };
    try {
      await expect(appendAll(handle, Buffer.from("hello world\n"), 2)).rejects.toMatchObject({
        code: "DURABLE_WRITE_FAILED",
      });
    } finally {
      await handle.close();
    }
    expect(await readFile(path, "utf8")).toBe("a\n");
  });
});
