/**
 * The GitHub Action (action.yml) run as a runner runs a composite action (./runner.ts), with
 * the action's own build (`trailseal-version: source`). The witnesses are real:
 * `trailseal witness serve` (a process) and a git transparency log served over smart HTTP by
 * stock `git http-backend`, both on 127.0.0.1. `uses:` steps (upload-artifact) are not run;
 * the test checks what they would upload.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, runCli, tempDir } from "../helpers/cli.js";
import { type GitHttpServer, startGitHttpServer } from "../helpers/git-http-server.js";
import { deadUrl } from "../witness/client/fixtures.js";
import { checkoutAction, debug, runAction } from "./runner.js";

/** Where the runner checked the action out (checkoutAction). */
let actionPath = "";
const TOKEN = "action-test-token-0123456789";
const SEAL_KEY = "a1".repeat(32);

describe("the GitHub Action against a real witness server and a real git log", () => {
  let root: string;
  let cleanup: () => Promise<void>;
  let witnessUrl: string;
  let witness: ChildProcess;
  let gitServer: GitHttpServer;
  let logDir: string;
  let logKey: string;
  let actionsFile: string;

  beforeAll(async () => {
    ({ dir: root, cleanup } = await tempDir("trailseal-action-"));
    // The action's checkout with a built CLI (`trailseal-version: source` then builds nothing).
    actionPath = await checkoutAction(join(root, "action"));
    // The witness server, with a bearer token for POST.
    witness = spawn(
      process.execPath,
      [CLI, "witness", "serve", "--port", "0", "--store", join(root, "anchors"), "--token", TOKEN],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    witnessUrl = await new Promise<string>((resolve, reject) => {
      createInterface({ input: witness.stdout! }).once("line", resolve);
      witness.once("exit", (code) => reject(new Error(`witness serve exited ${code}`)));
    });
    // The git log, created in an operator's home; the job gets its key as a secret.
    const operator = join(root, "operator");
    logDir = join(root, "srv", "log.git");
    await mkdir(join(root, "srv"));
    const made = await runCli([
      "--home",
      operator,
      "witness",
      "init",
      "--bare",
      "--origin",
      "test.local/log",
      logDir,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const [keyFile] = readdirSync(join(operator, "log-keys"));
    logKey = readFileSync(join(operator, "log-keys", keyFile!), "utf8");
    // Like a public GitHub repository: anyone reads, pushing needs the token.
    gitServer = await startGitHttpServer(join(root, "srv"), { token: TOKEN });
    actionsFile = join(root, "actions.jsonl");
    writeFileSync(
      actionsFile,
      [
        { kind: "command", command: "npm test" },
        { kind: "command", command: "curl -fsSL https://x.example/i.sh | bash" },
      ]
        .map((a) => JSON.stringify(a))
        .join("\n"),
    );
  });

  afterAll(async () => {
    if (witness && witness.exitCode === null) witness.kill("SIGTERM");
    await gitServer?.close();
    await cleanup?.();
  });

  const runnerTemp = async (name: string) => {
    const dir = join(root, name);
    await mkdir(dir);
    return dir;
  };

  it("records, seals, publishes to both (quorum 2), verifies, and reports", async () => {
    const temp = await runnerTemp("runner-ok");
    const run = await runAction(
      actionPath,
      {
        "seal-key": SEAL_KEY,
        "key-id": "ci-test",
        actions: actionsFile,
        "witness-urls": `${witnessUrl}\ngit+${gitServer.url}/log.git`,
        "witness-token": TOKEN,
        "log-key": logKey,
        quorum: "2",
        "trailseal-version": "source",
      },
      temp,
    );
    expect(run.code, debug(run)).toBe(0);
    expect(run.stdout).not.toContain("::error");
    expect(run.outputs).toMatchObject({
      "chain-tip": expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      "event-count": "2",
      "seal-id": "seal-1",
      "quorum-met": "true",
    });
    const anchors = run.outputs["anchor-ids"]!.split(",");
    expect(anchors).toHaveLength(2);
    expect(anchors.some((id) => /^wit_0_[0-9a-f]{16}$/.test(id))).toBe(true);
    // Secrets are masked before anything else is printed, and never printed in clear otherwise.
    expect(run.stdout.split("\n")[0]).toBe(`::add-mask::${SEAL_KEY}`);
    expect(run.stdout.split(`::add-mask::${SEAL_KEY}`).join("")).not.toContain(SEAL_KEY);
    expect(run.stderr).not.toContain(SEAL_KEY);
    expect(run.summary).toContain("| quorum met | true (2 required) |");
    expect(run.summary).toContain(run.outputs["chain-tip"]);
    expect(run.summary).toContain("# trailseal compliance report");
    // What upload-artifact gets: the HTML report and the seal with its two receipts.
    expect(run.uploads).toEqual([{ name: "trailseal", path: run.outputs["artifact-dir"] }]);
    const artifact = run.outputs["artifact-dir"]!;
    expect(readFileSync(join(artifact, "report.html"), "utf8")).toMatch(/^<!doctype html>/i);
    const evidence = readFileSync(join(artifact, "seal-1.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(evidence.map((r) => r.type)).toEqual(["seal", "receipt", "receipt"]);
    expect(evidence[0]).toMatchObject({ chain_tip: run.outputs["chain-tip"], key_id: "ci-test" });
    // An offline inclusion proof for the git log's anchor, where the CLI has `witness proof`.
    const hasProof = /^\s+proof\b/m.test((await runCli(["witness", "--help"])).stdout);
    const proofs = readdirSync(artifact).filter((name) => name.endsWith(".tlog-proof"));
    expect(proofs).toEqual(hasProof ? ["seal-1.witness-2.tlog-proof"] : []);
    expect(run.stdout).not.toContain("::warning title=trailseal proof");
    if (hasProof) {
      expect(readFileSync(join(artifact, proofs[0]!), "utf8")).toMatch(/^c2sp\.org\/tlog-proof@v1\n/);
    }
    // The home keeps neither the witness token nor the log key (a cached home is readable by
    // other workflows): relay-config.json and log-keys/ are as before the step.
    const home = join(temp, "trailseal");
    const leaks: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else {
          const text = readFileSync(path, "latin1");
          if (text.includes(TOKEN) || text.includes(logKey.split("\n")[1]!)) leaks.push(path);
        }
      }
    };
    walk(home);
    expect(leaks).toEqual([]);
    expect(readdirSync(join(home, "log-keys"))).toEqual([]);
    // The log took the anchor as a signed commit and still audits.
    const audit = await runCli(["witness", "audit", logDir, "--json"]);
    expect(JSON.parse(audit.stdout), audit.stderr).toMatchObject({ ok: true, entries: 1 });
  });

  it("fails a kept home whose trail was cut between runs (a poisoned cache) with WITNESS_CUT_DETECTED", async () => {
    const home = join(root, "cut-home");
    const once = async (name: string) =>
      runAction(
        actionPath,
        {
          "seal-key": SEAL_KEY,
          home,
          actions: actionsFile,
          "witness-urls": witnessUrl,
          "witness-token": TOKEN,
          "trailseal-version": "source",
        },
        await runnerTemp(name),
      );
    const first = await once("runner-cut-1");
    expect(first.code, debug(first)).toBe(0);
    // The cache comes back without the first run's events and seals, under the same key id.
    const trail = join(home, "trail");
    for (const name of readdirSync(trail)) writeFileSync(join(trail, name), "");
    writeFileSync(join(home, "seals", "seals.jsonl"), "");
    const second = await once("runner-cut-2");
    expect(second.code).not.toBe(0);
    expect(second.stdout).toContain("WITNESS_CUT_DETECTED");
  });

  it("continues the trail of a home kept between runs (as restored from a cache)", async () => {
    const home = join(root, "kept-home");
    const once = async (name: string) =>
      runAction(
        actionPath,
        {
          "seal-key": SEAL_KEY,
          home,
          actions: actionsFile,
          "witness-urls": witnessUrl,
          "witness-token": TOKEN,
          "trailseal-version": "source",
        },
        await runnerTemp(name),
      );
    const first = await once("runner-kept-1");
    expect(first.code, debug(first)).toBe(0);
    const second = await once("runner-kept-2");
    expect(second.code, debug(second)).toBe(0);
    expect(second.outputs).toMatchObject({ "seal-id": "seal-2", "event-count": "4", "quorum-met": "true" });
    expect(second.outputs["chain-tip"]).not.toBe(first.outputs["chain-tip"]);
    // The CLI that ran is named in the log: here the action's own build.
    expect(second.stdout).toContain(`(${join(actionPath, "dist", "cli.js")})`);
    const verified = await runCli(["--home", home, "verify", "--json"], {
      env: { TRAILSEAL_SEAL_KEY: SEAL_KEY },
    });
    expect(JSON.parse(verified.stdout), verified.stderr).toMatchObject({ ok: true, event_count: 4 });
  });

  it("fails the step with exit 3 and an ::error:: annotation when the quorum is not met", async () => {
    const temp = await runnerTemp("runner-quorum");
    const run = await runAction(
      actionPath,
      {
        "seal-key": SEAL_KEY,
        actions: actionsFile,
        // One witness answers, the other is down.
        "witness-urls": `${witnessUrl},${await deadUrl()}`,
        "witness-token": TOKEN,
        quorum: "2",
        "report-format": "md",
        "trailseal-version": "source",
      },
      temp,
    );
    expect(run.code, debug(run)).toBe(3);
    expect(run.stdout).toMatch(/^::error title=trailseal publish::witness quorum not met: 1 of 2 /m);
    expect(run.outputs).toMatchObject({ "seal-id": "seal-1", "quorum-met": "false", "event-count": "2" });
    expect(run.outputs["anchor-ids"]).toMatch(/^wit_/);
    // The summary and the artifact are still there to look at.
    expect(run.summary).toContain("| quorum met | false (2 required) |");
    expect(run.uploads).toHaveLength(1);
    expect(existsSync(join(run.outputs["artifact-dir"]!, "report.md"))).toBe(true);
  });

  it("stops before sealing when a line of the actions file is invalid (exit 2, ACTION_INVALID)", async () => {
    const temp = await runnerTemp("runner-actions");
    const bad = join(temp, "bad.jsonl");
    writeFileSync(bad, '{"kind":"command","command":"ls"}\n{"kind":"teleport"}\n');
    const run = await runAction(
      actionPath,
      { "seal-key": SEAL_KEY, actions: bad, "witness-urls": witnessUrl, "trailseal-version": "source" },
      temp,
    );
    expect(run.code, debug(run)).toBe(2);
    expect(run.stdout).toMatch(
      /^::error title=trailseal record::trailseal record failed \(exit 2\): .*\(ACTION_INVALID\)/m,
    );
    // Nothing was sealed or published; the summary says so and the artifact is still uploaded.
    expect(run.outputs).toMatchObject({
      "seal-id": "",
      "chain-tip": "",
      "quorum-met": "false",
      "anchor-ids": "",
    });
    expect(run.summary).toContain("| seal | — |");
    expect(run.uploads).toHaveLength(1);
    expect(existsSync(join(run.outputs["artifact-dir"]!, "publish.json"))).toBe(false);
  });

  it("without witnesses seals, warns that nothing witnessed it, and reports quorum-met false", async () => {
    const temp = await runnerTemp("runner-alone");
    const run = await runAction(
      actionPath,
      { "seal-key": SEAL_KEY, actions: actionsFile, "trailseal-version": "source", "artifact-name": "" },
      temp,
    );
    expect(run.code, debug(run)).toBe(0);
    expect(run.stdout).toMatch(/^::warning title=trailseal::no witness-urls/m);
    expect(run.outputs).toMatchObject({ "seal-id": "seal-1", "event-count": "2", "quorum-met": "false" });
    expect(run.uploads).toEqual([]);
  });

  it("publishes to and verifies a private git log (reads need the token too), never printing it", async () => {
    // Like a private GitHub repository: every request, clones included, needs the token.
    const privateServer = await startGitHttpServer(join(root, "srv"), { token: TOKEN, privateReads: true });
    try {
      const temp = await runnerTemp("runner-private");
      const run = await runAction(
        actionPath,
        {
          "seal-key": SEAL_KEY,
          actions: actionsFile,
          "witness-urls": `git+${privateServer.url}/log.git`,
          "witness-token": TOKEN,
          "log-key": logKey,
          "trailseal-version": "source",
        },
        temp,
      );
      expect(run.code, debug(run)).toBe(0);
      expect(run.outputs).toMatchObject({ "seal-id": "seal-1", "quorum-met": "true" });
      expect(run.stdout.split(`::add-mask::${TOKEN}`).join("")).not.toContain(TOKEN);
      expect(run.stderr).not.toContain(TOKEN);
      expect(run.summary).not.toContain(TOKEN);
      // The log was read over HTTP (publish's and verify's clones), each time with the token.
      expect(privateServer.requests.some((r) => r.path.includes("git-upload-pack"))).toBe(true);
      // The inclusion proof's clone (system git) carried it too.
      if (/^\s+proof\b/m.test((await runCli(["witness", "--help"])).stdout)) {
        const artifact = run.outputs["artifact-dir"]!;
        expect(readdirSync(artifact).filter((name) => name.endsWith(".tlog-proof"))).toHaveLength(1);
        expect(run.stdout).not.toContain("::warning title=trailseal proof");
      }
    } finally {
      await privateServer.close();
    }
  });

  it("maps a bad seal key to exit 2 with the error code in the annotation", async () => {
    const temp = await runnerTemp("runner-key");
    const run = await runAction(actionPath, { "seal-key": "not-hex", "trailseal-version": "source" }, temp);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(
      /^::error title=trailseal seal::trailseal seal failed \(exit 2\): .*\(SEAL_KEY_INVALID\)/m,
    );
  });
});
