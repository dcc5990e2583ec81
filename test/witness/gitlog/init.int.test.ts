import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initLog } from "../../../src/witness/gitlog/index.js";
import { fsck, git, verifyEveryCommit } from "./git-check.js";

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), "ts-gitlog-init-"));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe("witness init", () => {
  it("creates a bare log whose first commit verifies with stock git", async () => {
    const home = join(tmp, "home");
    const result = await initLog(join(tmp, "log.git"), { home, bare: true, origin: "example.com/log" });
    expect(verifyEveryCommit(result.gitdir)).toBe(1);
    fsck(result.gitdir);
    const files = git(result.gitdir, "ls-tree", "-r", "--name-only", "main").trim().split("\n");
    expect(files).toEqual(
      expect.arrayContaining([
        "README.md",
        "trailseal-log.json",
        "allowed_signers",
        ".github/workflows/audit.yml",
      ]),
    );
    const meta = JSON.parse(git(result.gitdir, "show", "main:trailseal-log.json"));
    expect(meta).toMatchObject({ format: "trailseal-log", version: 1, origin: "example.com/log" });
    expect(meta.public_key).toBe(result.publicKey);
    // The private key is in the home, 0600, and nowhere in the repository.
    expect((await stat(result.keyPath)).mode & 0o777).toBe(0o600);
    const pem = await readFile(result.keyPath, "utf8");
    const everything = execFileSync("git", ["--git-dir", result.gitdir, "log", "-p", "--all"], {
      encoding: "utf8",
    });
    expect(everything).not.toContain(pem.split("\n")[1]);
  });

  it("creates a non-bare log with a clean working tree", async () => {
    const result = await initLog(join(tmp, "log"), { home: join(tmp, "home") });
    expect(verifyEveryCommit(result.gitdir)).toBe(1);
    const status = execFileSync("git", ["-C", result.dir, "status", "--porcelain"], { encoding: "utf8" });
    expect(status).toBe("");
  });

  it("refuses a non-empty directory and a bad origin", async () => {
    const home = join(tmp, "home");
    await initLog(join(tmp, "a"), { home, bare: true });
    await expect(initLog(join(tmp, "a"), { home, bare: true })).rejects.toMatchObject({
      code: "GITLOG_INIT_EXISTS",
    });
    await expect(initLog(join(tmp, "b"), { home, origin: "has space" })).rejects.toMatchObject({
      code: "GITLOG_ORIGIN_INVALID",
    });
  });
});
