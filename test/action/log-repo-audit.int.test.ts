/**
 * The log repository's audit script (log-repo-template/.github/audit.sh, what its workflow
 * runs) on a real log: a bare repository plays GitHub, each run audits a fresh full clone (what
 * actions/checkout with fetch-depth 0 gives), with the event variables the workflow passes.
 * The log is first appended to honestly (the script passes), then rewritten by a force-push of
 * an otherwise valid, signed history (the script fails, while a plain audit still passes).
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
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

/** A workflow expression as written in YAML: `${{ name }}`. */
const expression = (name: string) => `\${{ ${name} }}`;

const workflow = parse(readFileSync(join(TEMPLATE, ".github", "workflows", "audit.yml"), "utf8"));
interface WorkflowStep {
  name?: string;
  run?: string;
  "working-directory"?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const steps = workflow.jobs.audit.steps as WorkflowStep[];
const auditStep = steps.find((step) => step.run?.includes(".github/audit.sh"))!;
const cachePath = steps.find((step) => step.uses?.startsWith("actions/cache/restore@"))!.with!.path!;
const sourceStep = steps.find((step) => step.with?.repository !== undefined)!;
const pinStep = steps.find((step) => step.run?.includes("TRAILSEAL_SOURCE_COMMIT"))!;

interface Event {
  name: "push" | "schedule" | "pull_request" | "workflow_dispatch";
  forced?: boolean;
  before?: string;
}

/**
 * One workflow run: a fresh full clone of the remote (actions/checkout, fetch-depth 0), the cache
 * restored into it, the audit step's `run:` with the workflow's and the step's env (expressions
 * filled from the event), then the cache saved when the step passed. `tamper` changes the
 * checkout first, as a pushed commit would.
 */
function audit(
  event: Event,
  tamper?: (checkout: string) => void,
): Promise<{ code: number | null; out: string }> {
  clones += 1;
  const checkout = join(root, `checkout-${clones}`);
  git(["clone", "-q", remote, checkout]);
  tamper?.(checkout);
  const cached = join(root, "cache", "head");
  if (existsSync(cached)) {
    mkdirSync(dirname(join(checkout, cachePath)), { recursive: true });
    copyFileSync(cached, join(checkout, cachePath));
  }
  const context: Record<string, string> = {
    "github.event_name": event.name,
    "github.event.forced": event.forced === undefined ? "" : String(event.forced),
    "github.event.before": event.before ?? "",
  };
  // What the workflow's "trailseal's source" checkout and build leave: this checkout, built.
  symlinkSync(REPO_ROOT, join(checkout, sourceStep.with!.path!));
  const env: NodeJS.ProcessEnv = {
    PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
    HOME: root,
    ...workflow.env,
  };
  for (const [key, raw] of Object.entries(auditStep.env ?? {})) {
    env[key] = raw.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, name: string) => {
      if (!(name in context)) throw new Error(`unsupported expression ${name}`);
      return context[name]!;
    });
  }
  return new Promise((resolve) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", auditStep.run!], {
      cwd: checkout,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("close", (code) => {
      // actions/cache/save runs after a passing step, except on pull requests.
      if (code === 0 && event.name !== "pull_request" && existsSync(join(checkout, cachePath))) {
        mkdirSync(dirname(cached), { recursive: true });
        copyFileSync(join(checkout, cachePath), cached);
      }
      resolve({ code, out });
    });
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
    const created = await audit({ name: "push", forced: false, before: "0".repeat(40) });
    expect(created.code, created.out).toBe(0);
    expect(created.out).toMatch(/^::warning title=trailseal log audit::no previously audited head/m);
    expect(readFileSync(join(root, "checkout-1", ".github", "audit.sh"), "utf8")).toBe(
      readFileSync(join(TEMPLATE, ".github", "audit.sh"), "utf8"),
    );
    for (const command of ["npm test", "git push"]) {
      const before = remoteHead();
      await append(remote, command);
      const run = await audit({ name: "push", forced: false, before });
      expect(run.code, run.out).toBe(0);
      expect(run.out).toContain(`audited ${remoteHead()}`);
    }
    expect(readFileSync(join(root, "cache", "head"), "utf8").trim()).toBe(remoteHead());
    const nightly = await audit({ name: "schedule" });
    expect(nightly.code, nightly.out).toBe(0);
    expect(nightly.out).not.toContain("::warning");
    // A pushed commit that swaps the script for one that passes everything is refused by the pin.
    const swapped = await audit({ name: "schedule" }, (checkout) =>
      writeFileSync(join(checkout, ".github", "audit.sh"), "echo audited\n"),
    );
    expect(swapped.code).toBe(1);
    expect(swapped.out).toMatch(/^::error title=trailseal log audit::\.github\/audit\.sh is not the script/m);
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

    const forced = await audit({ name: "push", forced: true, before: lastSeen! });
    expect(forced.code).toBe(1);
    expect(forced.out).toMatch(/^::error title=trailseal log audit::this push was forced/m);

    // The same push without the forced flag: the previous head is not an ancestor.
    const notAncestor = await audit({ name: "push", forced: false, before: lastSeen! });
    expect(notAncestor.code).toBe(1);
    expect(notAncestor.out).toContain(`previously seen head ${lastSeen} is not in this history`);

    // The nightly run: the cached head, kept outside the repository, is gone from the history.
    const nightly = await audit({ name: "schedule" });
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

describe("which trailseal the audit runs: never one fetched by name", () => {
  /** A directory of programs: `npx` (and `npm`) leave a mark if anything runs them. */
  function bin(withTrailseal: boolean): { dir: string; mark: string } {
    const dir = join(root, `bin-${withTrailseal}`);
    const mark = join(dir, "fetched");
    mkdirSync(dir, { recursive: true });
    const programs: Record<string, string> = {
      npx: `#!/bin/sh\necho "$@" >>"${mark}"\nexit 0\n`,
      npm: `#!/bin/sh\necho "$@" >>"${mark}"\nexit 0\n`,
    };
    if (withTrailseal) programs.trailseal = `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`;
    for (const [name, text] of Object.entries(programs)) {
      writeFileSync(join(dir, name), text);
      chmodSync(join(dir, name), 0o755);
    }
    return { dir, mark };
  }

  function runScript(dir: string, env: NodeJS.ProcessEnv) {
    clones += 1;
    const checkout = join(root, `checkout-${clones}`);
    git(["clone", "-q", remote, checkout]);
    return new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn("bash", [".github/audit.sh"], {
        cwd: checkout,
        env: { HOME: root, EVENT_NAME: "workflow_dispatch", ...env, PATH: `${dir}:/usr/bin:/bin` },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("close", (code) => resolve({ code, out }));
    });
  }

  it("runs the trailseal on PATH when TRAILSEAL is not set", async () => {
    const { dir, mark } = bin(true);
    const run = await runScript(dir, {});
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/^audited [0-9a-f]{40}$/m);
    expect(existsSync(mark)).toBe(false);
  });

  it("without TRAILSEAL or a trailseal on PATH, fails saying so and fetches nothing", async () => {
    const { dir, mark } = bin(false);
    // Even with the old pin variable set, nothing is fetched by name.
    const run = await runScript(dir, { TRAILSEAL_VERSION: "0.1.0" });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/^::error title=trailseal log audit::no trailseal to run/m);
    expect(existsSync(mark)).toBe(false);
  });
});

describe("log-repo-template/.github/workflows/audit.yml", () => {
  const bashStep = (step: WorkflowStep, env: NodeJS.ProcessEnv) =>
    spawn("bash", ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", step.run!], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
  const exitOf = (child: ReturnType<typeof spawn>) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("close", (code) => resolve({ code, out }));
    });

  it("builds trailseal from its source at a pinned commit, and runs that build", async () => {
    expect(JSON.stringify(workflow)).not.toMatch(/npx|trailseal@/);
    expect(sourceStep.uses).toMatch(/^actions\/checkout@[0-9a-f]{40}$/);
    expect(sourceStep.with).toMatchObject({
      repository: expression("env.TRAILSEAL_SOURCE_REPOSITORY"),
      ref: expression("env.TRAILSEAL_SOURCE_COMMIT"),
      "persist-credentials": false,
    });
    const build = steps.find((step) => step["working-directory"] === sourceStep.with!.path)!;
    expect(build.run).toContain("npm ci");
    expect(workflow.env.npm_config_ignore_scripts).toBe("true");
    expect(auditStep.env!.TRAILSEAL).toBe(`node ${sourceStep.with!.path}/dist/cli.js`);
    // The pin is checked first: unset (the template's default) or not a full commit id fails.
    expect(steps.indexOf(pinStep)).toBe(0);
    const unset = await exitOf(bashStep(pinStep, { ...workflow.env }));
    expect(unset.code).toBe(1);
    expect(unset.out).toContain("::error title=trailseal log audit::set TRAILSEAL_SOURCE_REPOSITORY");
    const branch = await exitOf(
      bashStep(pinStep, { TRAILSEAL_SOURCE_REPOSITORY: "acme/trailseal", TRAILSEAL_SOURCE_COMMIT: "main" }),
    );
    expect(branch.code).toBe(1);
    const pinned = await exitOf(
      bashStep(pinStep, {
        TRAILSEAL_SOURCE_REPOSITORY: "acme/trailseal",
        TRAILSEAL_SOURCE_COMMIT: "a".repeat(40),
      }),
    );
    expect(pinned.code).toBe(0);
  });

  it("runs the script with the push's forced flag, previous head and the cached head", () => {
    expect(auditStep.env).toMatchObject({
      FORCED: expression("github.event.forced"),
      BEFORE: expression("github.event.before"),
      KNOWN_HEAD_FILE: cachePath,
    });
    const save = steps.find((step) => step.uses?.startsWith("actions/cache/save@"));
    expect(save?.with?.path).toBe(cachePath);
  });

  it("pins the script by its SHA-256", () => {
    const script = readFileSync(join(TEMPLATE, ".github", "audit.sh"));
    expect(workflow.env.AUDIT_SCRIPT_SHA256).toBe(createHash("sha256").update(script).digest("hex"));
  });
});
