// Attestation benchmark: `attestCommits` over a trail with a commit every 100 events and a seal
// right after each commit, and `verifyAttestation` of every attestation it wrote, against a plain
// `verifyTrail` pass over the same trail in the same run (the floor: attesting reads and checks
// every event once; verifying one attestation re-hashes only the events it carries).
// Usage: npm run build && node scripts/bench-attest.mjs   (BENCH_ATTEST_EVENTS=20000 by default)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { attestCommits, loadAttestKey, verifyAttestation } from "../dist/attest/index.js";
import { chainEvent, serializeEvent } from "../dist/chain/index.js";
import { commitEventBody } from "../dist/commits/index.js";
import { homePaths, initHome, loadSealKey } from "../dist/home/index.js";
import { createSeal } from "../dist/seal/index.js";
import { trailDir, verifyTrail } from "../dist/trail/index.js";
import { machine, median, report, syntheticEventBody } from "./bench-lib.mjs";

const N = Number(process.env.BENCH_ATTEST_EVENTS ?? 20_000);
const EVERY = 100;
const ROUNDS = 3;
const home = mkdtempSync(join(tmpdir(), "trailseal-bench-attest-"));
const ms = (v) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;

try {
  await initHome(home);
  const sealKey = await loadSealKey(home, {});
  const key = await loadAttestKey(home, { env: {}, create: true });
  const ts = new Date().toISOString();
  const person = { name: "Bench", email: "bench@example.com", date: "2026-01-01T00:00:00+00:00" };
  let tip = `sha256:${"0".repeat(64)}`;
  const lines = [];
  const seals = [];
  const ids = [];
  for (let seq = 0; seq < N; seq += 1) {
    let body = syntheticEventBody(seq);
    if (seq % EVERY === EVERY - 1) {
      const id = seq.toString(16).padStart(40, "0");
      ids.push(id);
      body = commitEventBody({
        commit: { id, tree: "f".repeat(40), parents: [], author: person, committer: person },
        branch: "main",
        operation: "commit",
        observedBy: "git-hook",
        agent: "claude-code",
        session: "bench",
        cwd: "/work",
      });
    }
    const event = chainEvent(body, seq, tip, ts);
    lines.push(serializeEvent(event));
    tip = event.hash;
    // A seal one event after each commit: every attestation carries its range and one event more.
    if (seq % EVERY === 0 && seq > 0) {
      const seal = createSeal(sealKey, tip, seq + 1, ts);
      seals.push(JSON.stringify({ type: "seal", id: `seal-${seals.length + 1}`, ...seal }));
    }
  }
  seals.push(
    JSON.stringify({ type: "seal", id: `seal-${seals.length + 1}`, ...createSeal(sealKey, tip, N, ts) }),
  );
  mkdirSync(trailDir(home), { recursive: true });
  writeFileSync(join(trailDir(home), "events-000000.jsonl"), `${lines.join("\n")}\n`);
  writeFileSync(join(homePaths(home).seals, "seals.jsonl"), `${seals.join("\n")}\n`);

  const floor = [];
  const attest = [];
  const verify = [];
  let outcomes = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let t = performance.now();
    await verifyTrail(trailDir(home));
    floor.push(performance.now() - t);
    t = performance.now();
    outcomes = await attestCommits(ids, { home, repo: home, key, version: "bench" });
    attest.push(performance.now() - t);
    t = performance.now();
    for (const o of outcomes)
      await verifyAttestation(JSON.stringify(o.envelope), o.id, { keys: [key.publicKey] });
    verify.push(performance.now() - t);
  }
  if (outcomes.some((o) => !o.ok)) throw new Error("an attestation was not written");
  const bytes = outcomes.reduce((n, o) => n + JSON.stringify(o.envelope).length, 0) / outcomes.length;
  const [f, a, v] = [median(floor), median(attest), median(verify)];
  report(`attest (${N} events, ${ids.length} commits, a seal after each)`, machine(), [
    ["verifyTrail, whole trail (floor)", ms(f), "1.00x"],
    [`attestCommits, all ${ids.length} commits`, ms(a), `${(a / f).toFixed(2)}x the floor`],
    [`verifyAttestation, all ${ids.length}`, ms(v), `${(v / ids.length).toFixed(2)} ms per commit`],
    ["envelope size", `${(bytes / 1024).toFixed(1)} KiB`, `${EVERY + 1} events carried`],
  ]);
} finally {
  rmSync(home, { recursive: true, force: true });
}
