// C2SP witnessing benchmarks (docs/performance.md "## C2SP witnessing"), after `npm run build`:
//   node scripts/bench-cosign.mjs   (BENCH_COSIGN_CLIENTS=64, BENCH_COSIGN_STEPS=40 by default)
// 1. add-checkpoint requests/s served by `witness serve --cosign-logs` (file state: every
//    accepted checkpoint replaced atomically and fsync'd before the 200), 64 keep-alive clients,
//    each submitting its own growing log with consistency proofs, as a ratio to a bare node:http
//    server answering 200 to the same requests in the same run.
// 2. The same load against a witness whose key is ML-DSA-44 (fresh state), as a ratio to the
//    Ed25519 witness of the same run; and one cosignature made and one verified, each type.
// 3. One cosigning round (`witness cosign` from a fresh home: the monitoring API read first,
//    then the cosignature, verified; from the second round on the witness already holds the
//    tree and the monitoring answer is enough) against one and against three local witnesses
//    (asked in parallel), as a ratio to one bare HTTP round trip.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  checkCosignatures,
  consistencyProofOf,
  cosignCheckpoint,
  cosignerFromSeed,
  formatCheckpoint,
  formatCosignerVkey,
  leafHash,
  noteSignerFromSeed,
  parseSignatureLines,
  parseWitnessPolicy,
  rootFromLeaves,
  signNote,
  TlogWriter,
  verifierKey,
} from "../dist/tlog/index.js";
import {
  createCheckpointWitness,
  formatAddCheckpoint,
  openFileCosignState,
  startCosignServer,
} from "../dist/witness/cosign/index.js";
import { cosignLog } from "../dist/witness/gitlog/index.js";
import { machine, median, percentile, report } from "./bench-lib.mjs";

const CLIENTS = Number(process.env.BENCH_COSIGN_CLIENTS ?? 64);
const STEPS = Number(process.env.BENCH_COSIGN_STEPS ?? 40);
const ROUNDS = 20;
const root = mkdtempSync(join(tmpdir(), "ts-bench-cosign-"));
const seed = (n) => new Uint8Array(32).fill(n);

// One log per client; step s submits size 4s+4 with the proof from the previous size.
const logs = Array.from({ length: CLIENTS }, (_, c) => {
  const signer = noteSignerFromSeed(`bench.example/log-${c}`, seed(1 + (c % 200)));
  const leaves = Array.from({ length: 4 * STEPS + 4 }, (_, i) => leafHash(Buffer.from(`${c}-${i}`)));
  const subtree = (level, index) =>
    rootFromLeaves(leaves.slice(index * 2 ** level, (index + 1) * 2 ** level));
  const bodies = [];
  let old = 0;
  for (let s = 0; s < STEPS; s += 1) {
    const size = 4 * s + 4;
    const text = formatCheckpoint({
      origin: signer.name,
      size,
      rootHash: rootFromLeaves(leaves.slice(0, size)),
    });
    bodies.push(
      formatAddCheckpoint({
        oldSize: old,
        proof: consistencyProofOf(old, size, subtree),
        checkpoint: signNote(text, signer),
      }),
    );
    old = size;
  }
  return { vkey: verifierKey(signer.name, signer.publicKey), bodies };
});
const policy = parseWitnessPolicy(`${logs.map((l) => `log ${l.vkey}`).join("\n")}\nquorum none\n`);
const cosigner = cosignerFromSeed("bench.example/witness", seed(250));

function post(agent, url, body) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function load(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const latencies = [];
  let failures = 0;
  const start = performance.now();
  await Promise.all(
    logs.map(async (log) => {
      for (const body of log.bodies) {
        const t = performance.now();
        const status = await post(agent, url, body);
        latencies.push(performance.now() - t);
        if (status !== 200) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return {
    rate: latencies.length / seconds,
    p50: median(latencies),
    p99: percentile(latencies, 99),
    failures,
  };
}

const bare = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("— bench ok\n"));
});
await new Promise((r) => bare.listen(0, "127.0.0.1", r));
const bareUrl = `http://127.0.0.1:${bare.address().port}/add-checkpoint`;

try {
  const witness = createCheckpointWitness({
    logs: policy.logs,
    cosigner,
    store: openFileCosignState(join(root, "state")),
  });
  const server = await startCosignServer({ witness });
  const baseline = await load(bareUrl);
  const served = await load(`${server.url}/add-checkpoint`);
  if (served.failures > 0) throw new Error(`${served.failures} add-checkpoint requests were refused`);
  const pqServer = await startCosignServer({
    witness: createCheckpointWitness({
      logs: policy.logs,
      cosigner: cosignerFromSeed("bench.example/pq-witness", seed(249), "ml-dsa-44"),
      store: openFileCosignState(join(root, "pq-state")),
    }),
  });
  const pqServed = await load(`${pqServer.url}/add-checkpoint`);
  await pqServer.close();
  if (pqServed.failures > 0)
    throw new Error(`${pqServed.failures} ML-DSA add-checkpoint requests were refused`);
  // One cosignature made and one verified, each type (median of 200 after 20 to warm up).
  const opText = formatCheckpoint({
    origin: "bench.example/ops",
    size: 1000,
    rootHash: leafHash(Buffer.from("x")),
  });
  const ops = {};
  for (const algorithm of ["ed25519", "ml-dsa-44"]) {
    const key = cosignerFromSeed("bench.example/op", seed(248), algorithm);
    const make = [];
    const check = [];
    for (let i = 0; i < 220; i += 1) {
      let t = performance.now();
      const line = cosignCheckpoint(opText, key, 1_700_000_000 + i);
      if (i >= 20) make.push(performance.now() - t);
      t = performance.now();
      const [result] = checkCosignatures(opText, parseSignatureLines(line), [key]);
      if (i >= 20) check.push(performance.now() - t);
      if (result.status !== "valid") throw new Error(`${algorithm} cosignature did not verify`);
    }
    ops[algorithm] = { make: median(make), check: median(check) };
  }

  // A cosigning round: a 1000-entry tiled log on disk, a fresh home each round (so it asks).
  const logDir = join(root, "log");
  const signer = noteSignerFromSeed("bench.example/own", seed(251));
  const writer = await TlogWriter.open(async () => null, { origin: signer.name });
  const changes = writer.append(
    Array.from({ length: 1000 }, (_, i) => Buffer.from(`{"n":${i}}`)),
    signer,
  );
  for (const [path, bytes] of changes) {
    mkdirSync(dirname(join(logDir, path)), { recursive: true });
    writeFileSync(join(logDir, path), bytes);
  }
  const ownLog = `log ${verifierKey(signer.name, signer.publicKey)}\n`;
  // Three witnesses, each with its own key and durable state.
  const ownServers = [];
  const witnessLines = [];
  for (let w = 0; w < 3; w += 1) {
    const key = cosignerFromSeed(`bench.example/witness-${w}`, seed(240 + w));
    const ownWitness = createCheckpointWitness({
      logs: parseWitnessPolicy(`${ownLog}quorum none\n`).logs,
      cosigner: key,
      store: openFileCosignState(join(root, `own-state-${w}`)),
    });
    const ownServer = await startCosignServer({ witness: ownWitness });
    ownServers.push(ownServer);
    witnessLines.push(`witness w${w} ${formatCosignerVkey(key)} ${ownServer.url}`);
  }
  const policyOf = (n) =>
    parseWitnessPolicy(
      `${ownLog}${witnessLines.slice(0, n).join("\n")}\ngroup all-${n} all ${Array.from({ length: n }, (_, w) => `w${w}`).join(" ")}\nquorum all-${n}\n`,
    );
  const roundsOf = { 1: [], 3: [] };
  const trips = [];
  const agent = new Agent({ keepAlive: true });
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const n of [1, 3]) {
      const t = performance.now();
      // A fresh home each round: the witness is asked through its monitoring API every time.
      const result = await cosignLog({
        dir: logDir,
        policy: policyOf(n),
        cosignedDir: join(root, `home-${n}-${r}`),
      });
      roundsOf[n].push(performance.now() - t);
      if (!result.quorumMet) throw new Error("the cosigning round did not meet its quorum");
    }
    const t = performance.now();
    await post(agent, bareUrl, "old 0\n\nx\n");
    trips.push(performance.now() - t);
  }
  agent.destroy();
  for (const ownServer of ownServers) await ownServer.close();
  await server.close();

  const f = (v) => v.toFixed(v < 10 ? 2 : 0);
  report("C2SP witnessing", machine(), [
    [`bare node:http 200, ${CLIENTS} keep-alive clients`, `${f(baseline.rate)} req/s`, "1.00 (baseline)"],
    [
      `add-checkpoint (durable, ${CLIENTS} logs × ${STEPS} checkpoints)`,
      `${f(served.rate)} req/s, p50 ${f(served.p50)} ms, p99 ${f(served.p99)} ms`,
      `${(served.rate / baseline.rate).toFixed(3)} of bare`,
    ],
    [
      `add-checkpoint with an ML-DSA-44 witness key (same load)`,
      `${f(pqServed.rate)} req/s, p50 ${f(pqServed.p50)} ms, p99 ${f(pqServed.p99)} ms`,
      `${(pqServed.rate / served.rate).toFixed(2)} of the Ed25519 witness`,
    ],
    [
      "one cosignature made / verified, Ed25519 (median of 200)",
      `${ops.ed25519.make.toFixed(3)} / ${ops.ed25519.check.toFixed(3)} ms`,
      "1.00 (baseline)",
    ],
    [
      "one cosignature made / verified, ML-DSA-44 (median of 200)",
      `${ops["ml-dsa-44"].make.toFixed(3)} / ${ops["ml-dsa-44"].check.toFixed(3)} ms`,
      `${(ops["ml-dsa-44"].make / ops.ed25519.make).toFixed(1)}× / ${(ops["ml-dsa-44"].check / ops.ed25519.check).toFixed(1)}×`,
    ],
    ["one bare HTTP round trip (median)", `${f(median(trips))} ms`, "1.00 (baseline)"],
    [
      "one cosigning round, 1 witness (monitoring GET, then 200 or nothing; cosignature verified; median)",
      `${f(median(roundsOf[1]))} ms`,
      `${(median(roundsOf[1]) / median(trips)).toFixed(1)}× a round trip`,
    ],
    [
      "one cosigning round, 3 witnesses in parallel (median)",
      `${f(median(roundsOf[3]))} ms (${f(median(roundsOf[3]) / 3)} ms per witness)`,
      `${(median(roundsOf[3]) / median(trips)).toFixed(1)}× a round trip`,
    ],
  ]);
} finally {
  bare.close();
  rmSync(root, { recursive: true, force: true });
}
