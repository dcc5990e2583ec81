/**
 * The user's git through simple-git (src/witness/gitlog/system-git.ts), with the system git:
 * failures become GITLOG_GIT_FAILED with simple-git's error as `cause`; the caller's GIT_*
 * variables never redirect our git; config travels in the environment, not in argv; blobs come
 * back as bytes.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { GitError } from "simple-git";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readGitBlob, runGit } from "../../../src/witness/gitlog/system-git.js";
import { tempDir } from "../../helpers/cli.js";

let work: { dir: string; cleanup: () => Promise<void> };
let repo: string;

beforeAll(async () => {
  work = await tempDir();
  repo = join(work.dir, "repo");
  execFileSync("git", ["init", "-q", repo]);
});
afterAll(async () => {
  await work.cleanup();
});

describe("system git", () => {
  it("wraps a failure as GITLOG_GIT_FAILED with simple-git's error as cause and git's output as detail", async () => {
    const failure = await runGit(["rev-parse", "--verify", "refs/heads/none"], { cwd: repo }).catch((e) => e);
    expect(failure).toMatchObject({ code: "GITLOG_GIT_FAILED" });
    expect(failure.cause).toBeInstanceOf(GitError);
    expect(typeof failure.details.stderr).toBe("string");
  });

  it("ignores the caller's GIT_* variables (a stray GIT_DIR cannot redirect a write)", async () => {
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = join(work.dir, "elsewhere.git");
    try {
      const { stdout } = await runGit(["rev-parse", "--absolute-git-dir"], { cwd: repo });
      expect(stdout.trim()).toBe(join(repo, ".git"));
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });

  it("passes config entries through the environment", async () => {
    const { stdout } = await runGit(["config", "--get", "trailseal.probe"], {
      cwd: repo,
      config: { "trailseal.probe": "from-env" },
    });
    expect(stdout.trim()).toBe("from-env");
  });

  it("reads a blob as its exact bytes (not decoded as text)", async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const file = join(work.dir, "binary");
    writeFileSync(file, bytes);
    const id = execFileSync("git", ["-C", repo, "hash-object", "-w", file], { encoding: "utf8" }).trim();
    expect(Buffer.compare(await readGitBlob(id, { cwd: repo }), bytes)).toBe(0);
    await expect(readGitBlob("0".repeat(40), { cwd: repo })).rejects.toMatchObject({
      code: "GITLOG_GIT_FAILED",
    });
  });
});
