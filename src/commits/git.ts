/**
 * Reading commits through the user's own git (a child process, never a reimplementation): what
 * a commit is (id, tree, parents, author, committer), the branch HEAD is on, and HEAD's reflog,
 * which says what moved HEAD (a commit, an amend, a cherry-pick, a rebase's pick).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { TrailsealError } from "../errors/index.js";

export interface GitPerson {
  name: string;
  email: string;
  /** ISO 8601 with the person's offset, as git prints it (`%aI`). */
  date: string;
}

export interface CommitInfo {
  /** 40 (SHA-1) or 64 (SHA-256) lowercase hex. */
  id: string;
  tree: string;
  parents: string[];
  author: GitPerson;
  committer: GitPerson;
}

const OBJECT_ID = /^([0-9a-f]{40}|[0-9a-f]{64})$/;

export function isObjectId(value: unknown): value is string {
  return typeof value === "string" && OBJECT_ID.test(value);
}

/** Runs git in `cwd`; stdout, or a COMMITS_GIT_FAILED error naming the command. */
export function runGit(cwd: string, args: string[], input?: string): string {
  const result = spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    input,
    maxBuffer: 64 * 2 ** 20,
    // A hook runs with git's own GIT_DIR/GIT_INDEX_FILE: kept, so it reads the same repository.
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
  });
  if (result.status !== 0) {
    throw new TrailsealError(
      "COMMITS_GIT_FAILED",
      `git ${args.slice(0, 2).join(" ")} failed in ${cwd}: ${(result.stderr || String(result.error ?? "")).trim().slice(0, 300)}`,
    );
  }
  return result.stdout;
}

/** The commit `rev` names (the caller passes an id or a revision it trusts). */
export function readCommit(cwd: string, rev: string): CommitInfo {
  const format = ["%H", "%T", "%P", "%an", "%ae", "%aI", "%cn", "%ce", "%cI"].join("%x00");
  const fields = runGit(cwd, ["show", "-s", `--format=${format}`, `${rev}^{commit}`, "--"])
    .replace(/\n$/, "")
    .split("\0");
  const [id, tree, parents, an, ae, ad, cn, ce, cd] = fields as [string, ...string[]];
  if (fields.length !== 9 || !isObjectId(id) || !isObjectId(tree))
    throw new TrailsealError("COMMITS_GIT_FAILED", `git show ${rev} printed no commit`);
  return {
    id,
    tree: tree!,
    parents: parents ? parents.split(" ") : [],
    author: { name: an!, email: ae!, date: ad! },
    committer: { name: cn!, email: ce!, date: cd! },
  };
}

/**
 * The branch HEAD is on (`main`); during a rebase (HEAD detached) the branch being rebased;
 * null when HEAD is detached otherwise.
 */
export function readBranch(cwd: string): string | null {
  const result = spawnSync("git", ["symbolic-ref", "-q", "--short", "HEAD"], { cwd, encoding: "utf8" });
  const branch = result.status === 0 ? result.stdout.trim() : "";
  if (branch !== "") return branch;
  for (const state of ["rebase-merge/head-name", "rebase-apply/head-name"]) {
    const path = spawnSync("git", ["rev-parse", "--git-path", state], { cwd, encoding: "utf8" });
    try {
      const name = readFileSync(resolve(cwd, path.stdout.trim()), "utf8").trim();
      if (name.startsWith("refs/heads/")) return name.slice("refs/heads/".length);
    } catch {
      // not this kind of rebase
    }
  }
  return null;
}

export interface ReflogEntry {
  id: string;
  /** POSIX seconds when HEAD moved. */
  time: number;
  /** The reflog subject: `commit: …`, `commit (amend): …`, `cherry-pick: …`, `rebase (pick): …`. */
  subject: string;
}

/** The newest `limit` entries of HEAD's reflog, newest first ([] when there is none). */
export function readHeadReflog(cwd: string, limit: number): ReflogEntry[] {
  const result = spawnSync(
    "git",
    ["log", "-g", `-n${limit}`, "--date=unix", "--format=%H%x00%gd%x00%gs", "HEAD", "--"],
    { cwd, encoding: "utf8" },
  );
  if (result.status !== 0) return [];
  const entries: ReflogEntry[] = [];
  for (const line of result.stdout.split("\n")) {
    const [id, selector, subject] = line.split("\0");
    const time = Number(/@\{(\d+)\}$/.exec(selector ?? "")?.[1]);
    if (isObjectId(id) && Number.isSafeInteger(time)) entries.push({ id, time, subject: subject ?? "" });
  }
  return entries;
}
