/** Test helper: stock git verification of every commit of a log (the guarantee of DESIGN §7). */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function git(gitdir: string, ...args: string[]): string {
  return execFileSync("git", ["--git-dir", gitdir, ...args], { encoding: "utf8" });
}

/** Runs `git verify-commit` with the log's own allowed_signers on every commit of main; returns the count. */
export function verifyEveryCommit(gitdir: string): number {
  const dir = mkdtempSync(join(tmpdir(), "ts-signers-"));
  try {
    const signers = join(dir, "allowed_signers");
    writeFileSync(signers, git(gitdir, "show", "main:allowed_signers"));
    const commits = git(gitdir, "rev-list", "main").trim().split("\n");
    for (const commit of commits) {
      execFileSync(
        "git",
        ["--git-dir", gitdir, "-c", `gpg.ssh.allowedSignersFile=${signers}`, "verify-commit", commit],
        {
          stdio: "pipe",
        },
      );
    }
    return commits.length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function fsck(gitdir: string): void {
  execFileSync("git", ["--git-dir", gitdir, "fsck", "--strict", "--no-dangling"], { stdio: "pipe" });
}
