import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { memoryCosignState, openFileCosignState } from "../../../src/witness/cosign/index.js";
import { cosignStateContract } from "./state-contract.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "trailseal-cosign-state-"));
  dirs.push(dir);
  return dir;
};

cosignStateContract("memory", { open: async () => ({ store: memoryCosignState() }) });

cosignStateContract("files", {
  open: async () => {
    const dir = join(tempDir(), "state");
    return { store: openFileCosignState(dir), reopen: async () => openFileCosignState(dir) };
  },
});

describe("file witness state", () => {
  // Treating an unreadable record as "none" would let a log roll the witness back.
  it("refuses a record it cannot read, never taking it for none", async () => {
    const dir = tempDir();
    const store = openFileCosignState(dir);
    await store.compareAndSwap("example.com/log", null, {
      origin: "example.com/log",
      size: 1,
      root: "AA==",
      note: "n",
    });
    const [file] = (await readdir(dir)).filter((name) => name.endsWith(".json"));
    writeFileSync(join(dir, file!), "{not json");
    await expect(store.read("example.com/log")).rejects.toMatchObject({ code: "COSIGN_STATE_UNAVAILABLE" });
    await expect(
      store.compareAndSwap("example.com/log", null, {
        origin: "example.com/log",
        size: 2,
        root: "AA==",
        note: "m",
      }),
    ).rejects.toMatchObject({ code: "COSIGN_STATE_UNAVAILABLE" });
  });
});
