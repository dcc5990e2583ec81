import { type ChildProcess, execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWitnessPolicy, verifyCosignedCheckpoint } from "../../../src/tlog/index.js";
import { auditGitDir, initLog, openGitStorage } from "../../../src/witness/gitlog/index.js";
import { runCli, startCli, tempDir } from "../../helpers/cli.js";
import { sampleRequest } from "../server/storage-contract.js";

/**
 * Two trailseal installations, A and B, each with its own git log and its own cosigner key,
 * witnessing each other's log over C2SP tlog-witness: the cosign client of one against the
 * `witness serve --cosign-logs` of the other, all real processes.
 */
let work: { dir: string; cleanup: () => Promise<void> };
const servers: ChildProcess[] = [];
interface Install {
  home: string;
  log: string;
  logVkey: string;
  witnessVkey: string;
  url: string;
  added: number;
}
const A = {} as Install;
const B = {} as Install;

async function makeLog(install: Install, name: string) {
  install.home = join(work.dir, `home-${name}`);
  install.log = (
    await initLog(join(work.dir, `log-${name}.git`), {
      home: install.home,
      bare: true,
      origin: `${name}.example/log`,
    })
  ).gitdir;
  install.added = 0;
  await addEntries(install, 5);
  const meta = JSON.parse(
    execFileSync("git", ["--git-dir", install.log, "show", "main:trailseal-log.json"], { encoding: "utf8" }),
  );
  install.logVkey = meta.verifier_key;
  const keygen = await runCli([
    "witness",
    "keygen",
    "--cosigner",
    `witness.${name}.example`,
    "--out",
    join(work.dir, `${name}.key`),
  ]);
  expect(keygen.code).toBe(0);
  install.witnessVkey = keygen.stdout.trim();
}

async function addEntries(install: Install, n: number) {
  const storage = await openGitStorage(install.log, { home: install.home });
  // Concurrent appends share commits (group commit), which keeps the test fast.
  const first = install.added;
  install.added += n;
  const offset = install === A ? 0 : 1000;
  await Promise.all(Array.from({ length: n }, (_, i) => storage.append(sampleRequest(first + i + offset))));
  await storage.close();
}

function serveWitness(install: Install, name: string, peer: Install): Promise<string> {
  const policy = join(work.dir, `${name}-witnessed.policy`);
  writeFileSync(policy, `log ${peer.logVkey}\nquorum none\n`);
  const serve = startCli([
    "--home",
    install.home,
    "witness",
    "serve",
    "--port",
    "0",
    "--cosign-logs",
    policy,
    "--cosigner-key",
    join(work.dir, `${name}.key`),
  ]);
  servers.push(serve.child);
  return serve.firstLine;
}

beforeAll(async () => {
  work = await tempDir("ts-cosign-bb-");
  await makeLog(A, "a");
  await makeLog(B, "b");
  A.url = await serveWitness(A, "a", B);
  B.url = await serveWitness(B, "b", A);
});
afterAll(async () => {
  for (const child of servers) child.kill("SIGKILL");
  await work.cleanup();
});

function policyFor(log: Install, lines: string[]): string {
  const path = join(work.dir, `policy-${Math.random().toString(36).slice(2)}`);
  writeFileSync(path, `log ${log.logVkey}\n${lines.join("\n")}\n`);
  return path;
}

const cosign = (install: Install, policy: string, ...extra: string[]) =>
  runCli([
    "--home",
    install.home,
    "witness",
    "cosign",
    install.log,
    "--witness-policy",
    policy,
    "--json",
    ...extra,
  ]);

describe("two installations witness each other (C2SP tlog-witness, real processes)", () => {
  it("A's log is cosigned by B's witness, grows, is cosigned again from B's size, and reruns are idempotent", async () => {
    const policy = policyFor(A, [`witness B ${B.witnessVkey} ${B.url}`, "quorum B"]);
    const first = await cosign(A, policy);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const result = JSON.parse(first.stdout);
    expect(result).toMatchObject({ origin: "a.example/log", size: 5, quorum_met: true });
    expect(result.outcomes).toEqual([expect.objectContaining({ witness: "B", status: "cosigned" })]);
    const stored = readFileSync(result.path, "utf8");
    const verified = verifyCosignedCheckpoint(stored, parseWitnessPolicy(readFileSync(policy)));
    expect(verified.quorumMet).toBe(true);

    // The home holds the log key: the cosigned checkpoint is committed into the log itself,
    // and the log still audits (same tree, signed commit; readers ignore the cosignature).
    expect(result.published).toMatchObject({ status: "committed" });
    const published = execFileSync("git", ["--git-dir", A.log, "show", "main:checkpoint"], {
      encoding: "utf8",
    });
    expect(published).toBe(stored);
    expect(published).toMatch(/\n\u2014 witness\.b\.example /);
    expect((await auditGitDir(A.log)).ok).toBe(true);

    const again = JSON.parse((await cosign(A, policy)).stdout);
    expect(again.already_cosigned).toBe(true);
    expect(again.published).toEqual({ status: "unchanged" });

    await addEntries(A, 300);
    const grown = await cosign(A, policy);
    expect(grown.code).toBe(0);
    expect(JSON.parse(grown.stdout)).toMatchObject({ size: 305, quorum_met: true });
    // A fresh home knows nothing of B's size: it learns it from a 409 and still succeeds.
    const fresh = await runCli([
      "--home",
      join(work.dir, "fresh"),
      "witness",
      "cosign",
      A.log,
      "--witness-policy",
      policy,
      "--json",
    ]);
    expect(JSON.parse(fresh.stdout).outcomes[0].status).toBe("cosigned");
    // That home cannot sign for the log: nothing is committed (unless the witness's new
    // cosignature is byte-identical, same second, to the one already in the log).
    const { published: freshPublished } = JSON.parse(fresh.stdout);
    if (freshPublished.status !== "unchanged")
      expect(freshPublished).toMatchObject({ status: "skipped", code: "GITLOG_KEY_NOT_FOUND" });
    expect(await auditGitDir(A.log)).toMatchObject({ ok: true, entries: 305 });
    const audited = await runCli(["witness", "audit", A.log, "--witness-policy", policy]);
    expect(audited.code, audited.stderr).toBe(0);
    expect(audited.stdout).toMatch(/ok {3}witness B valid/);
    // The monitoring API of B's witness (tlog-witness) shows the very tree audited.
    expect(audited.stdout).toMatch(/ok {3}witness B monitoring: same \(size 305\)/);
    // tlog-policy lets a policy name no log when the log is known from context: the log audited.
    const logless = join(work.dir, "logless.policy");
    writeFileSync(logless, `witness B ${B.witnessVkey} ${B.url}\nquorum B\n`);
    const byContext = await runCli(["witness", "audit", A.log, "--witness-policy", logless]);
    expect(byContext.code, byContext.stderr).toBe(0);
    expect(byContext.stdout).toMatch(/ok {3}witness B valid/);
    // The log grows: its head has no cosignatures until the next round, and the audit reports
    // the newest cosigned checkpoint of the history it just proved the head extends.
    await addEntries(A, 2);
    const between = await runCli(["witness", "audit", A.log, "--witness-policy", policy]);
    expect(between.code, between.stderr).toBe(0);
    expect(between.stdout).toMatch(/ok {3}witnessed up to size 305 of 307 \(checkpoint of [0-9a-f]{12};/);
    expect(between.stdout).toMatch(/ok {3}witness B valid/);
    expect(between.stdout).toMatch(/ok {3}witness B monitoring: consistent \(size 305\)/);
    const stricter = policyFor(A, [
      `witness B ${B.witnessVkey}`,
      `witness A ${A.witnessVkey}`,
      "group both all A B",
      "quorum both",
    ]);
    const below = await runCli(["witness", "audit", A.log, "--witness-policy", stricter]);
    expect(below.code).toBe(3);
    expect(below.stdout).toMatch(/FAIL witness A absent/);
    // By URL: the log is cloned (the user's git, through simple-git), deepened to find the
    // newest cosigned checkpoint behind the head.
    const byUrl = await runCli(["witness", "audit", `file://${A.log}`, "--witness-policy", policy]);
    expect(byUrl.code, byUrl.stderr).toBe(0);
    expect(byUrl.stdout).toMatch(/ok {3}witnessed up to size 305 of 307 /);
    expect(byUrl.stdout).toMatch(/ok {3}witness B valid/);
  });

  it("B's log is cosigned by A's witness (the other direction)", async () => {
    const policy = policyFor(B, [`witness A ${A.witnessVkey} ${A.url}`, "quorum A"]);
    const result = await cosign(B, policy);
    expect(result.code).toBe(0);
  });

  it("below quorum: exit 3 with each witness's outcome (one down, one with the wrong key)", async () => {
    const policy = policyFor(A, [
      `witness B ${B.witnessVkey} ${B.url}`,
      `witness down ${A.witnessVkey} http://127.0.0.1:9`,
      "group both all B down",
      "quorum both",
    ]);
    const result = await cosign(A, policy);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^trailseal: error: /m);
    const outcomes = JSON.parse(result.stdout).outcomes;
    expect(outcomes.map((o: { witness: string; status: string }) => [o.witness, o.status])).toEqual([
      ["B", "cosigned"],
      ["down", "unreachable"],
    ]);
    const wrongKey = policyFor(A, [`witness B ${A.witnessVkey} ${B.url}`, "quorum B"]);
    const bad = await cosign(A, wrongKey);
    expect(bad.code).toBe(3);
    expect(JSON.parse(bad.stdout).outcomes[0].status).toBe("bad-cosignature");
  });

  it("a log the policy does not list is a usage error (exit 2)", async () => {
    const policy = policyFor(B, [`witness B ${B.witnessVkey} ${B.url}`, "quorum B"]);
    const result = await runCli(["--home", A.home, "witness", "cosign", A.log, "--witness-policy", policy]);
    expect(result.code).toBe(2);
    // Durations: ms, s, m, h; zero and anything past Node's timer range are usage errors.
    const own = policyFor(A, [`witness B ${B.witnessVkey} ${B.url}`, "quorum B"]);
    for (const [timeout, code] of [
      ["0", 2],
      ["30000h", 2],
      ["1m", 0],
    ] as const)
      expect((await cosign(A, own, "--timeout", timeout)).code, timeout).toBe(code);
  });

  it("witness serve --store <log> --witness-policy cosigns new checkpoints on a cadence while serving anchors", async () => {
    const policy = policyFor(B, [`witness A ${A.witnessVkey} ${A.url}`, "quorum A"]);
    const serve = startCli([
      "--home",
      B.home,
      "witness",
      "serve",
      "--port",
      "0",
      "--store",
      B.log,
      "--witness-policy",
      policy,
      "--cosign-interval",
      "200ms",
    ]);
    const { child } = serve;
    servers.push(child);
    const url = await serve.firstLine;
    const anchor = sampleRequest(5000);
    const posted = await fetch(`${url}/api/v1/anchor`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(anchor),
    });
    expect(posted.status).toBeLessThan(300);
    // Wait (bounded) for the round that sees size 6.
    for (let i = 0; i < 100 && !/cosign b\.example\/log size 6: quorum met/.test(serve.stderr()); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(serve.stderr()).toMatch(/cosign b\.example\/log size 6: quorum met \(A cosigned\)/);
    // What the operator declares to the witness network: origin, vkey and the cadence's rate.
    expect(serve.stderr()).toContain(
      `trailseal: witness network: origin b.example/log, vkey ${B.logVkey}, qpd 432000 (at most one add-checkpoint per witness every 200ms`,
    );
    // The round committed the cosigned checkpoint under the running server: its next append
    // re-reads the moved branch and lands on top.
    const next = await fetch(`${url}/api/v1/anchor`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(sampleRequest(5001)),
    });
    expect(next.status).toBeLessThan(300);
    expect(
      execFileSync("git", ["--git-dir", B.log, "log", "--format=%s", "-3", "main"], { encoding: "utf8" }),
    ).toMatch(/^log: add entries 6\.\.6 \(size 7\)\nlog: cosigned checkpoint \(size 6\)\n/);
    child.kill("SIGTERM");
  });

  it("with --push, a committed cosigned checkpoint reaches the mirror remote too", async () => {
    const remote = join(work.dir, "mirror.git");
    execFileSync("git", ["init", "-q", "--bare", remote]);
    const policy = policyFor(B, [`witness A ${A.witnessVkey} ${A.url}`, "quorum A"]);
    const serve = startCli([
      "--home",
      B.home,
      "witness",
      "serve",
      "--port",
      "0",
      "--store",
      B.log,
      "--push",
      remote,
      "--witness-policy",
      policy,
      "--cosign-interval",
      "200ms",
    ]);
    const { child } = serve;
    servers.push(child);
    const url = await serve.firstLine;
    const posted = await fetch(`${url}/api/v1/anchor`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(sampleRequest(5002)),
    });
    expect(posted.status).toBeLessThan(300);
    const subject = () => {
      try {
        return execFileSync("git", ["--git-dir", remote, "log", "-1", "--format=%s", "main"], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        });
      } catch {
        return "";
      }
    };
    // Bounded wait for the round after the append, then for its push.
    for (let i = 0; i < 150 && !subject().startsWith("log: cosigned checkpoint (size 8)"); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(subject(), serve.stderr()).toBe("log: cosigned checkpoint (size 8)\n");
    const pushed = execFileSync("git", ["--git-dir", remote, "show", "main:checkpoint"], {
      encoding: "utf8",
    });
    expect(pushed).toMatch(/\n\u2014 witness\.a\.example /);
    child.kill("SIGTERM");
  });
});
