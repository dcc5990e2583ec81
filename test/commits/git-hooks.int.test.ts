/**
 * Commits in the trail, with real git and the built CLI: `trailseal hook install git` (chaining
 * a hook that was there), commits, an amend, a cherry-pick and a rebase recorded as what they
 * are; and the agent hook's post call for a shell command that ran `git commit`.
 */
import { spawnSync } from "node:child_process";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, runCli, tempDir } from "../helpers/cli.js";
import { initialisedHome } from "../helpers/init-home.js";
import { type RecordedEvent, readTrailEvents } from "../hooks/agents/harness.js";

let root: string;
let repo: string;
let home: string;
let bin: string;
let cleanup: () => Promise<void>;

function git(args: string[], env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync("git", args, {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, ...env },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

async function commitFile(name: string, message: string, env: NodeJS.ProcessEnv = {}) {
  await writeFile(join(repo, name), `${name} ${message}\n`);
  git(["add", name]);
  git(["commit", "-q", "-m", message], env);
  return git(["rev-parse", "HEAD"]);
}

const commits = (events: RecordedEvent[]) => events.filter((e) => e.action.kind === "commit");

beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-commits-"));
  repo = join(root, "repo");
  home = join(root, "home");
  bin = join(root, "bin");
  await mkdir(bin);
  await writeFile(join(bin, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  await chmod(join(bin, "trailseal"), 0o755);
  await initialisedHome(home);
  spawnSync("git", ["init", "-q", "-b", "main", repo]);
  git(["config", "user.name", "Ada Lovelace"]);
  git(["config", "user.email", "ada@example.com"]);
});
afterEach(() => cleanup());

describe("trailseal hook install git", () => {
  it("keeps an existing post-commit hook, runs it first, and records every commit as what it is", async () => {
    await writeFile(
      join(repo, ".git", "hooks", "post-commit"),
      `#!/bin/sh\necho "earlier hook $(git rev-parse HEAD)" >> "${join(root, "earlier.log")}"\n`,
    );
    await chmod(join(repo, ".git", "hooks", "post-commit"), 0o755);
    const install = await runCli(["hook", "install", "git", "--home", home, "--json"], { cwd: repo });
    expect(install.code).toBe(0);
    expect(JSON.parse(install.stdout)).toMatchObject({
      added: ["post-commit", "post-rewrite", "post-merge"],
      chained: ["post-commit"],
    });
    // Idempotent: a second install changes nothing and chains nothing again.
    const again = await runCli(["hook", "install", "git", "--home", home, "--json"], { cwd: repo });
    expect(JSON.parse(again.stdout)).toMatchObject({ added: [], updated: [], chained: [] });

    const first = await commitFile("a", "first", { CLAUDECODE: "1" });
    const second = await commitFile("b", "second");
    git(["commit", "-q", "--amend", "-m", "second, amended"]);
    const amended = git(["rev-parse", "HEAD"]);
    git(["checkout", "-q", "-b", "side", first]);
    const side = await commitFile("c", "on side");
    git(["checkout", "-q", "main"]);
    git(["cherry-pick", side]);
    const picked = git(["rev-parse", "HEAD"]);
    git(["checkout", "-q", "side"]);
    await commitFile("d", "more on side");
    git(["checkout", "-q", "main"]);
    git(["rebase", "-q", "side"]);
    const rebased = git(["rev-parse", "HEAD"]);

    const earlier = (await readFile(join(root, "earlier.log"), "utf8")).trim().split("\n");
    expect(earlier[0]).toBe(`earlier hook ${first}`);
    const events = await readTrailEvents(home);
    const seen = commits(events).map((e) => [e.action.operation, e.action.commit.id, e.action.commit.branch]);
    expect(seen.slice(0, 5)).toEqual([
      ["commit", first, "main"],
      ["commit", second, "main"],
      ["amend", amended, "main"],
      ["commit", side, "side"],
      ["cherry-pick", picked, "main"],
    ]);
    expect(seen.at(-1)).toEqual(["rebase", rebased, "main"]);
    const rewrites = events.filter((e) => e.action.kind === "rewrite");
    expect(rewrites[0]!.action).toMatchObject({
      operation: "amend",
      rewritten: [{ from: second, to: amended }],
    });
    expect(rewrites.at(-1)!.action).toMatchObject({ operation: "rebase" });
    expect(rewrites.at(-1)!.action.rewritten.map((p: { to: string }) => p.to)).toContain(rebased);
    const one = commits(events)[0]!;
    expect(one).toMatchObject({ agent: "claude-code", session: null, phase: "record", decision: "logged" });
    expect(one.action.commit).toMatchObject({
      author: { name: "Ada Lovelace", email: "ada@example.com" },
      committer: { name: "Ada Lovelace" },
      parents: [],
      tree: git(["rev-parse", `${first}^{tree}`]),
    });
    expect(commits(events)[1]!.agent).toBe("git");
    expect((await runCli(["verify", "--home", home])).code).toBe(0);
  });

  it("records a merge commit made by git merge and git pull (post-merge), chaining an existing hook", async () => {
    await writeFile(
      join(repo, ".git", "hooks", "post-merge"),
      `#!/bin/sh\necho "earlier post-merge $1" >> "${join(root, "earlier.log")}"\nexit 3\n`,
    );
    await chmod(join(repo, ".git", "hooks", "post-merge"), 0o755);
    const install = await runCli(["hook", "install", "git", "--home", home, "--json"], { cwd: repo });
    expect(JSON.parse(install.stdout)).toMatchObject({ chained: ["post-merge"] });
    const base = await commitFile("a", "base");
    git(["checkout", "-q", "-b", "side"]);
    await commitFile("b", "on side");
    git(["checkout", "-q", "main"]);
    await commitFile("c", "on main");
    // A hook's status is git's business after the merge: git merge still succeeds.
    git(["merge", "-q", "--no-edit", "side"]);
    const merged = git(["rev-parse", "HEAD"]);
    // A fast-forward and a squash make no commit: nothing is recorded for them.
    git(["checkout", "-q", "-b", "ff", base]);
    git(["merge", "-q", "--ff-only", "main"]);
    git(["checkout", "-q", "-b", "squash", base]);
    git(["merge", "-q", "--squash", "side"]);
    git(["reset", "-q", "--hard", base]);
    // git pull from a clone that moved on: a merge commit made by pull.
    const upstream = join(root, "upstream");
    spawnSync("git", ["clone", "-q", "-b", "main", repo, upstream]);
    git(["checkout", "-q", "main"]);
    await commitFile("d", "local");
    await writeFile(join(upstream, "e"), "e\n");
    for (const args of [
      ["add", "e"],
      ["-c", "user.name=Bo", "-c", "user.email=bo@example.com", "commit", "-q", "-m", "upstream"],
    ])
      spawnSync("git", args, { cwd: upstream });
    git(["pull", "-q", "--no-rebase", "--no-edit", upstream, "main"]);
    const pulled = git(["rev-parse", "HEAD"]);

    const earlier = (await readFile(join(root, "earlier.log"), "utf8")).trim().split("\n");
    expect(earlier).toEqual([
      "earlier post-merge 0",
      "earlier post-merge 0",
      "earlier post-merge 1",
      "earlier post-merge 0",
    ]);
    const merges = commits(await readTrailEvents(home)).filter((e) => e.action.operation === "merge");
    expect(
      merges.map((e) => [e.action.commit.id, e.action.commit.branch, e.action.commit.parents.length]),
    ).toEqual([
      [merged, "main", 2],
      [pulled, "main", 2],
    ]);
    expect(merges[0]).toMatchObject({
      phase: "record",
      decision: "logged",
      action: { observed_by: "git-hook" },
    });
    expect((await runCli(["verify", "--home", home])).code).toBe(0);
  });

  it("refuses, changing nothing, when a hook replaced ours after it had chained one", async () => {
    const hooks = join(repo, ".git", "hooks");
    await writeFile(join(hooks, "post-commit"), "#!/bin/sh\ntrue\n");
    await chmod(join(hooks, "post-commit"), 0o755);
    expect((await runCli(["hook", "install", "git", "--home", home], { cwd: repo })).code).toBe(0);
    await writeFile(join(hooks, "post-commit"), "#!/bin/sh\necho another\n");
    const refused = await runCli(["hook", "install", "git", "--home", home], { cwd: repo });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("COMMITS_HOOK_CONFLICT");
    expect(await readFile(join(hooks, "post-commit"), "utf8")).toBe("#!/bin/sh\necho another\n");
  });

  it("a commit hook that cannot record never fails the commit, and says so", async () => {
    // The home is a file: nothing can be recorded there.
    await writeFile(join(root, "not-a-home"), "");
    expect(
      (await runCli(["hook", "install", "git", "--home", join(root, "not-a-home")], { cwd: repo })).code,
    ).toBe(0);
    await writeFile(join(repo, "a"), "a\n");
    git(["add", "a"]);
    const commit = spawnSync("git", ["commit", "-q", "-m", "first"], {
      cwd: repo,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(commit.status).toBe(0);
    expect(commit.stderr).toContain("trailseal: warning: the post-commit hook could not record in the trail");
    expect(git(["rev-list", "--count", "HEAD"])).toBe("1");
  });
});

describe("the agent hook sees a shell command that ran git commit", () => {
  it("records the new commit with the agent's session, after the call's own event", async () => {
    await writeFile(join(repo, "a"), "a\n");
    git(["add", "a"]);
    const command = "git commit -q -m 'from the agent'";
    git(["commit", "-q", "-m", "from the agent"]);
    const id = git(["rev-parse", "HEAD"]);
    const payload = {
      hook_event_name: "PostToolUse",
      session_id: "sess-42",
      cwd: repo,
      tool_name: "Bash",
      tool_input: { command, description: "commit" },
      tool_response: { stdout: "", stderr: "", interrupted: false },
    };
    const run = await runCli(["hook", "claude-code", "--home", home], { input: JSON.stringify(payload) });
    expect(run.code).toBe(0);
    const events = await readTrailEvents(home);
    expect(events.map((e) => [e.phase, e.action.kind])).toEqual([
      ["post", "command"],
      ["record", "commit"],
    ]);
    expect(events[1]).toMatchObject({
      agent: "claude-code",
      session: "sess-42",
      action: { operation: "commit", observed_by: "tool", commit: { id, branch: "main" } },
    });
    // A command that does not run git records no commit, whatever HEAD is.
    await runCli(["hook", "claude-code", "--home", home], {
      input: JSON.stringify({ ...payload, tool_input: { command: "ls" } }),
    });
    expect(commits(await readTrailEvents(home))).toHaveLength(1);
  });
});
