/**
 * The log repository's audit script (log-repo-template/.github/audit.sh, what its workflow
 * runs) on a real log: a bare repository plays GitHub, each run audits a fresh full clone (what
 * actions/checkout with fetch-depth 0 gives), with the event variables the workflow passes.
 * The log is first appended to honestly (the script passes), then rewritten by a force-push of
 * an otherwise valid, signed history (the script fails, while a plain audit still passes).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CLI, REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";

const TEMPLATE = join(REPO_ROOT, "log-repo-template");
const git = (args: string[], cwd?: string) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

let root: string;
let cleanup: () => Promise<void>;
let remote: string;
let operator: string;
let clones = 0;

/** Records one action in the operator's home, seals it and publishes the seal to `gitdir`. */
async function append(gitdir: string, command: string): Promise<void> {
  expect(
    (await runCli(["--home", operator, "record"], { input: JSON.stringify({ kind: "command", command }) }))
      .code,
  ).toBe(0);
  expect((await runCli(["--home", operator, "seal"])).code).toBe(0);
  const published = await runCli([
    "--home",
    operator,
    "witness",
    "publish",
    "--witness-url",
    gitdir,
    "--quorum",
    "1",
  ]);
  expect(published.code, published.stderr).toBe(0);
}

/** One workflow run: a fresh clone of the remote, then the script with the event's variables. */
function audit(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  clones += 1;
  const checkout = join(root, `checkout-${clones}`);
  git(["clone", "-q", remote, checkout]);
  return new Promise((resolve) => {
    // The script the log carries (written by `witness init`), run as the workflow runs it.
    const child = spawn("bash", [".github/audit.sh"], {
      cwd: checkout,
      env: {
        PATH: process.env.PATH,
        HOME: root,
        TRAILSEAL: `${process.execPath} ${CLI}`,
        KNOWN_HEAD_FILE: join(root, "cache", "head"),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("close", (code) => resolve({ code, out }));
  });
}

const remoteHead = () => git(["--git-dir", remote, "rev-parse", "refs/heads/main"]);

beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-log-audit-"));
  operator = join(root, "operator");
  remote = join(root, "github", "log.git");
  const made = await runCli([
    "--home",
    operator,
    "witness",
    "init",
    "--bare",
    "--origin",
    "test.local/log",
    remote,
  ]);
  expect(made.code, made.stderr).toBe(0);
  expect((await runCli(["--home", operator, "init"])).code).toBe(0);
});

afterAll(async () => {
  await cleanup?.();
});

describe("log-repo-template/.github/audit.sh", () => {
  let seen: string[] = [];

  it("passes while the log is honestly appended to, and remembers the audited head", async () => {
    const first = remoteHead();
    // The log's first push creates the branch (no previous head) and nothing is cached yet.
    const created = await audit({ EVENT_NAME: "push", FORCED: "false", BEFORE: "0".repeat(40) });
    expect(created.code, created.out).toBe(0);
    expect(created.out).toMatch(/^::warning title=trailseal log audit::no previously audited head/m);
    expect(readFileSync(join(root, "checkout-1", ".github", "audit.sh"), "utf8")).toBe(
      readFileSync(join(TEMPLATE, ".github", "audit.sh"), "utf8"),
    );
    for (const command of ["npm test", "git push"]) {
      const before = remoteHead();
      await append(remote, command);
      const run = await audit({ EVENT_NAME: "push", FORCED: "false", BEFORE: before });
      expect(run.code, run.out).toBe(0);
      expect(run.out).toContain(`audited ${remoteHead()}`);
    }
    expect(readFileSync(join(root, "cache", "head"), "utf8").trim()).toBe(remoteHead());
    const nightly = await audit({ EVENT_NAME: "schedule" });
    expect(nightly.code, nightly.out).toBe(0);
    expect(nightly.out).not.toContain("::warning");
    seen = [first, remoteHead()];
  });

  it("fails after a force-push of a rewritten (but signed and valid) history", async () => {
    const [first, lastSeen] = seen;
    // The rewrite: back to the first commit, a different anchor on top, force-pushed.
    const work = join(root, "rewrite.git");
    git(["clone", "-q", "--bare", remote, work]);
    git(["--git-dir", work, "update-ref", "refs/heads/main", first!]);
    await append(work, "rm -rf evidence");
    git(["--git-dir", work, "push", "-q", "--force", remote, "main"]);
    expect(remoteHead()).not.toBe(lastSeen);

    // A plain audit of the rewritten log passes: it only sees the history it is handed.
    const plain = await runCli(["witness", "audit", remote, "--json"]);
    expect(JSON.parse(plain.stdout), plain.stderr).toMatchObject({ ok: true });

    const forced = await audit({ EVENT_NAME: "push", FORCED: "true", BEFORE: lastSeen! });
    expect(forced.code).toBe(1);
    expect(forced.out).toMatch(/^::error title=trailseal log audit::this push was forced/m);

    // The same push without the forced flag: the previous head is not an ancestor.
    const notAncestor = await audit({ EVENT_NAME: "push", FORCED: "false", BEFORE: lastSeen! });
    expect(notAncestor.code).toBe(1);
    expect(notAncestor.out).toContain(`previously seen head ${lastSeen} is not in this history`);

    // The nightly run: the cached head, kept outside the repository, is gone from the history.
    const nightly = await audit({ EVENT_NAME: "schedule" });
    expect(nightly.code).toBe(1);
    expect(nightly.out).toContain(`previously seen head ${lastSeen}`);
    // A failed run does not move the remembered head.
    expect(readFileSync(join(root, "cache", "head"), "utf8").trim()).toBe(lastSeen);
  });

  it("trailseal's own --known-head check fails the rewrite too (the object can be present)", async () => {
    // A clone that still has the old commit (fetched before the rewrite) passes git's object
    // check only to fail ancestry; trailseal's audit reports GITLOG_AUDIT_NOT_DESCENDANT.
    const result = await runCli(["witness", "audit", remote, "--known-head", seen[1]!, "--json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).failure).toMatchObject({ code: "GITLOG_AUDIT_NOT_DESCENDANT" });
  });
});

/** A workflow expression as written in YAML: `${{ name }}`. */
const expression = (name: string) => `\${{ ${name} }}`;

describe("log-repo-template/.github/workflows/audit.yml", () => {
  const workflow = parse(readFileSync(join(TEMPLATE, ".github", "workflows", "audit.yml"), "utf8"));

  it("pins the trailseal version this package is", () => {
    const version = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).version;
    expect(workflow.env.TRAILSEAL_VERSION).toBe(version);
    expect(readFileSync(join(TEMPLATE, "README.md"), "utf8")).toContain(`TRAILSEAL_VERSION=${version} `);
  });

  it("runs the script with the push's forced flag, previous head and the cached head", () => {
    const steps = workflow.jobs.audit.steps as {
      run?: string;
      env?: Record<string, string>;
      uses?: string;
    }[];
    const step = steps.find((s) => s.run?.includes(".github/audit.sh"));
    expect(step?.env).toMatchObject({
      FORCED: expression("github.event.forced"),
      BEFORE: expression("github.event.before"),
      KNOWN_HEAD_FILE: expect.any(String),
    });
    expect(steps.some((s) => s.uses?.startsWith("actions/cache/restore@"))).toBe(true);
    expect(steps.some((s) => s.uses?.startsWith("actions/cache/save@"))).toBe(true);
    expect(existsSync(join(TEMPLATE, ".github", "audit.sh"))).toBe(true);
  });
});
