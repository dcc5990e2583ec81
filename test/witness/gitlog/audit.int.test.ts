import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readBranchHead, writeBranchHead } from "../../../src/witness/gitlog/branch-head.js";
import { parseCommit } from "../../../src/witness/gitlog/commit.js";
import { auditGitDir, initLog, openGitStorage } from "../../../src/witness/gitlog/index.js";
import { loadLogKey } from "../../../src/witness/gitlog/keys.js";
import { writeSignedCommit } from "../../../src/witness/gitlog/log.js";
import { ObjectStore } from "../../../src/witness/gitlog/objects.js";
import { rawPublicKey } from "../../../src/witness/gitlog/sshsig.js";
import { WorkTree } from "../../../src/witness/gitlog/tree.js";
import { runCli } from "../../helpers/cli.js";
import { sampleRequest } from "../server/storage-contract.js";
import { git } from "./git-check.js";

let tmp: string;
let home: string;
let gitdir: string;
beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), "ts-gitlog-audit-"));
  home = join(tmp, "home");
  gitdir = (await initLog(join(tmp, "log.git"), { home, bare: true, origin: "test.example/audit" })).gitdir;
  const storage = await openGitStorage(gitdir, { home });
  for (let batch = 0; batch < 3; batch++) {
    await Promise.all([0, 1, 2].map((i) => storage.append(sampleRequest(batch * 10 + i))));
  }
  await storage.close();
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Adds a commit on main whose tree is `mutate`d, signed with `signer` (default: the log key). */
async function tamper(mutate: (tree: WorkTree) => Promise<void>, signer?: "stranger"): Promise<string> {
  const store = new ObjectStore(gitdir);
  const head = (await readBranchHead(gitdir))!;
  const tree = await WorkTree.load(store, parseCommit(await store.readTyped(head, "commit")).tree);
  await mutate(tree);
  let key = await loadLogKey(home, rawPublicKeyOfLog());
  if (signer === "stranger") {
    const { privateKey } = generateKeyPairSync("ed25519");
    key = { privateKey, publicKey: rawPublicKey(privateKey) };
  }
  const commit = await writeSignedCommit(store, await tree.write(), head, "tamper\n", new Date(), key);
  await store.flush();
  await writeBranchHead(gitdir, commit);
  return commit;
}

function rawPublicKeyOfLog(): Uint8Array {
  const meta = JSON.parse(git(gitdir, "show", "main:trailseal-log.json"));
  return Buffer.from(meta.public_key.split(" ")[1], "base64").subarray(-32);
}

async function editBundle(tree: WorkTree, edit: (lines: string[]) => string[]): Promise<void> {
  const lines = (await tree.readFile("entries/000.jsonl"))!.toString().trimEnd().split("\n");
  await tree.setFile("entries/000.jsonl", Buffer.from(`${edit(lines).join("\n")}\n`));
}

describe("witness audit", () => {
  it("passes an honest log", async () => {
    const progress: number[] = [];
    const report = await auditGitDir(gitdir, { onProgress: (done) => progress.push(done) });
    expect(report).toMatchObject({ ok: true, entries: 9, failure: null });
    expect(report.checkpoints).toBe(report.commits - 1); // every commit but the first adds entries
    expect(progress).toEqual(Array.from({ length: report.commits }, (_, i) => i + 1));
  });

  it("catches an edited entry, even in a commit signed by the log key", async () => {
    const bad = await tamper((tree) =>
      editBundle(tree, (lines) =>
        lines.map((line, i) =>
          i === 4 ? line.replace(/"chained_events":\d+/, '"chained_events":999') : line,
        ),
      ),
    );
    expect((await auditGitDir(gitdir)).failure).toMatchObject({
      commit: bad,
      code: "GITLOG_AUDIT_ENTRY_CHANGED",
    });
  });

  it("catches a deleted entry", async () => {
    const bad = await tamper((tree) => editBundle(tree, (lines) => lines.slice(0, -1)));
    expect((await auditGitDir(gitdir)).failure).toMatchObject({
      commit: bad,
      code: "GITLOG_AUDIT_ENTRY_REMOVED",
    });
  });

  it("the CLI ends a failed audit with the violation's code, once, and a hint", async () => {
    const bad = await tamper((tree) => editBundle(tree, (lines) => lines.slice(0, -1)));
    const audit = await runCli(["witness", "audit", gitdir, "--home", home]);
    expect(audit.code).toBe(1);
    const errors = audit.stderr.split("\n").filter((line) => line.startsWith("trailseal: error: "));
    expect(errors).toEqual([
      expect.stringMatching(new RegExp(`at commit ${bad}: .*\\(GITLOG_AUDIT_ENTRY_REMOVED\\)$`)),
    ]);
    expect(audit.stderr).toContain(`trailseal: hint: `);
    expect(audit.stderr).toContain(`git show ${bad}`);
  });

  it("catches an appended entry that is not a valid anchor", async () => {
    const bad = await tamper((tree) =>
      editBundle(tree, (lines) => [...lines, '{"anchor_id":"wit_9_0000000000000000"}']),
    );
    expect((await auditGitDir(gitdir)).failure).toMatchObject({
      commit: bad,
      code: "GITLOG_AUDIT_ENTRY_INVALID",
    });
  });

  it("catches an unsigned commit made with stock git", async () => {
    const work = join(tmp, "work");
    execFileSync("git", ["clone", "-q", gitdir, work]);
    execFileSync("git", [
      "-C",
      work,
      "-c",
      "user.name=x",
      "-c",
      "user.email=x@x",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "unsigned",
    ]);
    execFileSync("git", ["-C", work, "push", "-q", "origin", "main"]);
    const bad = git(gitdir, "rev-parse", "main").trim();
    expect((await auditGitDir(gitdir)).failure).toMatchObject({ commit: bad, code: "GITLOG_AUDIT_UNSIGNED" });
  });

  it("catches a commit signed by a key that is not an allowed signer", async () => {
    const bad = await tamper(async () => undefined, "stranger");
    expect((await auditGitDir(gitdir)).failure).toMatchObject({
      commit: bad,
      code: "GITLOG_AUDIT_SIGNATURE_INVALID",
    });
  });

  it("catches a rewritten history: unsigned when rewritten with git, not a descendant when re-signed", async () => {
    const before = git(gitdir, "rev-parse", "main").trim();
    const work = join(tmp, "work");
    execFileSync("git", ["clone", "-q", gitdir, work]);
    // Rewrite history with stock git: drop the last commit's entries and re-commit an edit.
    execFileSync("git", ["-C", work, "reset", "-q", "--hard", "HEAD~1"]);
    execFileSync("git", [
      "-C",
      work,
      "-c",
      "user.name=x",
      "-c",
      "user.email=x@x",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "rewrite",
    ]);
    execFileSync("git", ["-C", work, "push", "-q", "--force", "origin", "main"]);
    const rewritten = git(gitdir, "rev-parse", "main").trim();
    expect((await auditGitDir(gitdir)).failure).toMatchObject({
      commit: rewritten,
      code: "GITLOG_AUDIT_UNSIGNED",
    });
    // Even a rewrite the log key re-signs is caught against a head seen before.
    git(gitdir, "update-ref", "refs/heads/main", `${before}~1`);
    await tamper(async () => undefined);
    const report = await auditGitDir(gitdir, { knownHead: before });
    expect(report.failure).toMatchObject({ code: "GITLOG_AUDIT_NOT_DESCENDANT" });
  });
});
