// src/durable/fs.ts: the hook path's file calls on node:fs callbacks answer as fs/promises does,
// and the same once a one-shot process switches them to synchronous system calls.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import * as promises from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appendAll, fileCalls } from "../../src/durable/index.js";

const root = mkdtempSync(join(tmpdir(), "trailseal-durable-fs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function roundTrip(dir: string) {
  const path = join(dir, "a");
  const fd = await fileCalls.open(path, "a", 0o600);
  await fd.writeFile("hello ");
  await appendAll(fd, Buffer.from("world\n"), (await fd.stat()).size);
  expect((await fd.stat()).size).toBe(12);
  await fd.truncate(5);
  await fd.sync();
  await fd.close();
  expect(readFileSync(path, "utf8")).toBe("hello");
  expect(statSync(path).mode & 0o777).toBe(0o600);
  const reader = await fileCalls.open(path, "r");
  const buffer = Buffer.alloc(8);
  expect(await reader.read(buffer, 0, 8, 1)).toEqual({ bytesRead: 4 });
  expect(buffer.subarray(0, 4).toString()).toBe("ello");
  await reader.close();
}

async function errorCodes(dir: string) {
  const missing = join(dir, "missing", "x");
  const codes = async (call: () => Promise<unknown>) =>
    call().then(
      () => "ok",
      (e) => e.code,
    );
  expect(await codes(() => fileCalls.open(missing, "r"))).toBe(
    await codes(() => promises.open(missing, "r")),
  );
  expect(await codes(() => fileCalls.readFile(missing, "utf8"))).toBe("ENOENT");
  expect(await codes(() => fileCalls.stat(missing))).toBe("ENOENT");
  expect(await codes(() => fileCalls.readdir(missing))).toBe("ENOENT");
  await fileCalls.mkdir(join(dir, "d", "e"), { recursive: true, mode: 0o700 });
  expect(await fileCalls.readdir(join(dir, "d"))).toEqual(["e"]);
  const path = join(dir, "b");
  await (await fileCalls.open(path, "wx", 0o644)).close();
  expect(await codes(() => fileCalls.open(path, "wx", 0o644))).toBe("EEXIST");
  await fileCalls.rename(path, `${path}2`);
  await fileCalls.chmod(`${path}2`, 0o600);
  expect(statSync(`${path}2`).mode & 0o777).toBe(0o600);
  await fileCalls.unlink(`${path}2`);
  expect(await codes(() => fileCalls.unlink(`${path}2`))).toBe("ENOENT");
}

// In this order: the switch to synchronous calls lasts for the rest of the process.
describe("fileCalls", () => {
  for (const mode of ["callbacks", "synchronous"]) {
    it(`${mode}: writes, reads, truncates and stats through an Fd as a FileHandle does`, async () => {
      if (mode === "synchronous") fileCalls.useSynchronousCalls();
      await roundTrip(mkdirSync(join(root, `${mode}-1`), { recursive: true })!);
    });

    it(`${mode}: fails with the same error codes as fs/promises`, async () => {
      await errorCodes(mkdirSync(join(root, `${mode}-2`), { recursive: true })!);
    });
  }

  it("synchronous: the system call is made before the promise is returned", () => {
    const path = join(root, "now");
    const made = fileCalls.mkdir(path, { recursive: true });
    expect(existsSync(path)).toBe(true);
    return made;
  });
});
