import { type ChildProcess, execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cp, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTlogProof, parseTlogProof } from "../../../src/tlog/index.js";
import { openGitStorage } from "../../../src/witness/gitlog/index.js";
import { runCli, startCli, tempDir } from "../../helpers/cli.js";
import { serveDirectory } from "../../tlog/serve-dir.js";
import { sampleRequest } from "../server/storage-contract.js";

/**
 * Offline evidence for one seal: a seal published to a git log, the log cosigned by a witness
 * (a real `witness serve --cosign-logs`), the log growing further, then `witness proof` writes a
 * tlog-proof against the cosigned checkpoint and `witness verify --proof` checks it offline.
 */
let work: { dir: string; cleanup: () => Promise<void> };
let home: string;
let log: string;
let logVkey: string;
let witnessVkey: string;
let policy: string;
let server: ChildProcess;

const cli = (...args: string[]) => runCli(["--home", home, ...args]);

async function grow(n: number, from: number) {
  const storage = await openGitStorage(log, { home });
  await Promise.all(Array.from({ length: n }, (_, i) => storage.append(sampleRequest(from + i))));
  await storage.close();
}

beforeAll(async () => {
  work = await tempDir("ts-cosign-proof-");
  home = join(work.dir, "home");
  log = join(work.dir, "log.git");
  const init = await cli("init");
  expect(init.code, init.stderr).toBe(0);
  await runCli(["--home", home, "record"], { input: JSON.stringify({ kind: "command", command: "ls" }) });
  expect((await cli("seal")).code).toBe(0);
  expect((await cli("witness", "init", "--bare", "--origin", "proof.example/log", log)).code).toBe(0);
  await grow(40, 0);
  const published = await cli("witness", "publish", "--witness-url", log, "--quorum", "1");
  expect(published.code, published.stderr).toBe(0);
  await grow(260, 100);
  logVkey = JSON.parse(
    execFileSync("git", ["--git-dir", log, "show", "main:trailseal-log.json"], { encoding: "utf8" }),
  ).verifier_key;

  const keygen = await runCli([
    "witness",
    "keygen",
    "--cosigner",
    "w.example/proof",
    "--out",
    join(work.dir, "w.key"),
  ]);
  witnessVkey = keygen.stdout.trim();
  writeFileSync(join(work.dir, "logs.policy"), `log ${logVkey}\nquorum none\n`);
  const serve = startCli([
    "--home",
    join(work.dir, "w-home"),
    "witness",
    "serve",
    "--port",
    "0",
    "--cosign-logs",
    join(work.dir, "logs.policy"),
    "--cosigner-key",
    join(work.dir, "w.key"),
  ]);
  server = serve.child;
  const url = await serve.firstLine;
  policy = join(work.dir, "witnesses.policy");
  writeFileSync(policy, `log ${logVkey}\nwitness w ${witnessVkey} ${url}\nquorum w\n`);
  const cosigned = await cli("witness", "cosign", log, "--witness-policy", policy);
  expect(cosigned.code, cosigned.stderr).toBe(0);
  await grow(7, 1000); // the head moves past the cosigned checkpoint (301 → 308)
});
afterAll(async () => {
  server?.kill("SIGKILL");
  await work.cleanup();
});

describe("witness proof / witness verify --proof (offline evidence for one seal)", () => {
  it("writes a tlog-proof against the cosigned checkpoint and verifies it offline", async () => {
    const file = join(work.dir, "seal.tlog-proof");
    const made = await cli("witness", "proof", "--seal", "latest", "--log", log, "--output", file);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/is entry 40 of 301 in proof\.example\/log, cosigned by w\.example\/proof/);
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("c2sp.org/tlog-proof@v1\nindex 40\n")).toBe(true);

    const ok = await cli(
      "witness",
      "verify",
      "--proof",
      file,
      "--log-key",
      logVkey,
      "--witness-policy",
      policy,
      "--json",
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      ok: true,
      log_index: 40,
      tree_size: 301,
      quorum_met: true,
    });
  });

  it("fails on a changed proof (exit 1) and below the policy's quorum (exit 3)", async () => {
    const file = join(work.dir, "seal.tlog-proof");
    const proof = parseTlogProof(readFileSync(file));
    const tampered = join(work.dir, "tampered.tlog-proof");
    writeFileSync(tampered, formatTlogProof({ ...proof, proof: [...proof.proof].reverse() }));
    const bad = await cli("witness", "verify", "--proof", tampered, "--log-key", logVkey);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/TLOG_INCLUSION_INVALID|trailseal: error:/);

    const stricter = join(work.dir, "stricter.policy");
    const other = (
      await runCli(["witness", "keygen", "--cosigner", "w2.example", "--out", join(work.dir, "w2.key")])
    ).stdout.trim();
    writeFileSync(
      stricter,
      `witness w ${witnessVkey}\nwitness w2 ${other}\ngroup both all w w2\nquorum both\n`,
    );
    const below = await cli(
      "witness",
      "verify",
      "--proof",
      file,
      "--log-key",
      logVkey,
      "--witness-policy",
      stricter,
    );
    expect(below.code).toBe(3);
    expect(below.stdout).toMatch(/FAIL w2 absent/);
  });

  it("witness verify --tiles --witness-policy requires the published checkpoint cosigned to quorum", async () => {
    // Cosign the current head (308) again: the cosigned checkpoint is committed into the log.
    const cosigned = await cli("witness", "cosign", log, "--witness-policy", policy, "--json");
    expect(JSON.parse(cosigned.stdout).published).toMatchObject({ status: "committed" });
    const checkout = join(work.dir, "checkout");
    execFileSync("git", ["clone", "-q", log, checkout]);
    const served = await serveDirectory(checkout);
    try {
      const base = served.url;
      const ok = await cli(
        "witness",
        "verify",
        "--tiles",
        base,
        "--key",
        logVkey,
        "--witness-policy",
        policy,
      );
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/ok {3}witness w valid/);
      const stricter = join(work.dir, "stricter.policy");
      const below = await cli(
        "witness",
        "verify",
        "--tiles",
        base,
        "--key",
        logVkey,
        "--witness-policy",
        stricter,
      );
      expect(below.code).toBe(3);
      expect(below.stdout).toMatch(/FAIL witness w2 absent/);
    } finally {
      await served.close();
    }
  });

  it("witness verify --witness-policy: the seal's git log entry under a checkpoint cosigned to quorum", async () => {
    // The log grows past its last cosigned checkpoint (308, cosigned by the test above): the head
    // (311) has no cosignatures yet; the checkpoint this home kept (308) has them.
    await grow(3, 2000);
    const ok = await cli("witness", "verify", "--witness-policy", policy);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(
      /ok {3}log proof\.example\/log: entry 40 under a checkpoint of size 308 cosigned to the policy's quorum\nok {3}witness w valid/,
    );
    const json = await cli("witness", "verify", "--witness-policy", policy, "--json");
    expect(JSON.parse(json.stdout).cosigned).toMatchObject({
      quorum_met: true,
      logs: [{ origin: "proof.example/log", index: 40, size: 308, quorum_met: true }],
    });

    const stricter = join(work.dir, "stricter-log.policy");
    writeFileSync(stricter, `log ${logVkey}\n${readFileSync(join(work.dir, "stricter.policy"), "utf8")}`);
    const below = await cli("witness", "verify", "--witness-policy", stricter);
    expect(below.code).toBe(3);
    expect(below.stdout).toMatch(/FAIL witness w2 absent/);
    expect(below.stderr).toMatch(/^trailseal: error: .*\(failed: w2\) \(WITNESS_QUORUM_NOT_MET\)$/m);

    // An auditor's home with the same seals but no kept cosigned checkpoint: the log's own
    // history holds the cosigned checkpoint (committed by `witness cosign`), for verify and proof.
    const other = join(work.dir, "home-no-kept");
    await cp(home, other, { recursive: true });
    await rm(join(other, "cosigned-checkpoints"), { recursive: true, force: true });
    const fromHistory = await runCli(["--home", other, "witness", "verify", "--witness-policy", policy]);
    expect(fromHistory.code, fromHistory.stderr).toBe(0);
    expect(fromHistory.stdout).toMatch(
      /ok {3}log proof\.example\/log: entry 40 under a checkpoint of size 308 cosigned/,
    );
    const proven = await runCli(["--home", other, "witness", "proof", "--seal", "latest", "--log", log]);
    expect(proven.code, proven.stderr).toBe(0);
    expect(proven.stdout).toMatch(/^c2sp\.org\/tlog-proof@v1\nindex 40\n/);
    expect(proven.stdout).toMatch(/\nproof\.example\/log\n308\n/);
    expect(proven.stdout).toMatch(/\n\u2014 w\.example\/proof /);

    // A policy that lists no log of the seal's receipts cannot be met.
    const elsewhere = join(work.dir, "elsewhere.policy");
    writeFileSync(elsewhere, `witness w ${witnessVkey}\nquorum w\n`);
    const none = await cli("witness", "verify", "--witness-policy", elsewhere);
    expect(none.code).toBe(3);
  });

  it("the compliance report lists each seal's proof status (verified, none, invalid once changed)", async () => {
    // Last: a second seal, never proven (`none`). The first seal's proof was kept by `witness proof`.
    await runCli(["--home", home, "record"], { input: JSON.stringify({ kind: "command", command: "pwd" }) });
    expect((await cli("seal")).code).toBe(0);
    const statuses = async (...extra: string[]) => {
      const report = await cli("report", "--json", ...extra);
      expect(report.code, report.stderr).toBe(0);
      return Object.fromEntries(
        JSON.parse(report.stdout).witness_confirmation.seals.map(
          (s: { id: string; proof: { status: string } }) => [s.id, s.proof],
        ),
      );
    };
    expect(await statuses()).toEqual({
      "seal-1": {
        status: "verified",
        origin: "proof.example/log",
        log_index: 40,
        tree_size: 301,
        cosignature_lines: 1,
      },
      "seal-2": { status: "none" },
    });
    const markdown = await cli("report");
    expect(markdown.code, markdown.stderr).toBe(0);
    // The proof table lists the kept proofs only: seal-2 has none, so it has no row there.
    expect(markdown.stdout).toMatch(
      /\| seal-1 \| verified \| entry 40 of 301 in proof\.example\/log \| 1 \(not checked: no --witness-policy\) \|\n/,
    );
    expect(markdown.stdout).not.toMatch(/\| seal-2 \| none \|/);
    // With the policy, the report checks each kept proof's cosignatures against its quorum.
    expect((await statuses("--witness-policy", policy))["seal-1"]).toMatchObject({
      status: "verified",
      quorum_met: true,
      witnesses: [{ name: "w", status: "valid" }],
    });
    const stricter = join(work.dir, "stricter-log.policy");
    expect((await statuses("--witness-policy", stricter))["seal-1"]).toMatchObject({
      quorum_met: false,
      witnesses: [
        { name: "w", status: "valid" },
        { name: "w2", status: "absent" },
      ],
    });
    expect((await cli("report", "--witness-policy", policy)).stdout).toMatch(
      /\| seal-1 \| verified \| entry 40 of 301 in proof\.example\/log \| quorum met: w valid \|/,
    );

    const kept = join(home, "seal-proofs", "seal-1.tlog-proof");
    const original = readFileSync(kept, "utf8");
    try {
      writeFileSync(kept, original.replace("index 40\n", "index 41\n"));
      expect((await statuses())["seal-1"]).toEqual({ status: "invalid", code: "TLOG_INCLUSION_INVALID" });
    } finally {
      writeFileSync(kept, original);
    }
  });
});
