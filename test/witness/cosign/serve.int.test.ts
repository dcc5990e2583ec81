import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkCosignatures,
  formatCheckpoint,
  parseCosignerVkey,
  parseSignatureLines,
  signNote,
  splitCosignedNote,
  verifyNote,
} from "../../../src/tlog/index.js";
import { formatAddCheckpoint } from "../../../src/witness/cosign/index.js";
import { runCli, startCli, tempDir } from "../../helpers/cli.js";
import { sampleRequest } from "../server/storage-contract.js";
import { ToyLog } from "./fixtures.js";

const ORIGIN = "peer.example/log";
const OTHER = "peer.example/fresh";
let work: { dir: string; cleanup: () => Promise<void> };
let vkey: string;
const log = ToyLog.create(ORIGIN, 4).grow(64);

beforeAll(async () => {
  work = await tempDir("ts-cosign-serve-");
  const keygen = await runCli([
    "witness",
    "keygen",
    "--cosigner",
    "w.example/w1",
    "--out",
    join(work.dir, "cosigner.key"),
  ]);
  expect(keygen.code).toBe(0);
  vkey = keygen.stdout.trim();
  writeFileSync(
    join(work.dir, "logs.policy"),
    `# logs we witness\nlog ${log.vkey}\nlog ${ToyLog.create(OTHER, 6).vkey}\nquorum none\n`,
  );
});
afterAll(() => work.cleanup());

/** Starts `witness serve --cosign-logs` as a real process; resolves with its URL. */
async function serve(...extra: string[]): Promise<{ child: ChildProcess; url: string }> {
  const started = startCli([
    "--home",
    join(work.dir, "home"),
    "witness",
    "serve",
    "--port",
    "0",
    "--cosign-logs",
    join(work.dir, "logs.policy"),
    "--cosigner-key",
    join(work.dir, "cosigner.key"),
    ...extra,
  ]);
  return { child: started.child, url: await started.firstLine };
}

async function post(url: string, oldSize: number, size: number, proof = log.proof(oldSize, size)) {
  const res = await fetch(`${url}/add-checkpoint`, {
    method: "POST",
    body: formatAddCheckpoint({ oldSize, proof, checkpoint: log.checkpoint(size) }),
  });
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe("witness keygen + witness serve --cosign-logs (real processes)", () => {
  it("keygen writes a 0600 key and prints a type-0x04 verifier key", () => {
    expect(statSync(join(work.dir, "cosigner.key")).mode & 0o777).toBe(0o600);
    expect(parseCosignerVkey(vkey).name).toBe("w.example/w1");
  });

  it("keygen refuses to overwrite a key (exit 2)", async () => {
    const again = await runCli([
      "witness",
      "keygen",
      "--cosigner",
      "w.example/w1",
      "--out",
      join(work.dir, "cosigner.key"),
    ]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^trailseal: error: /m);
  });

  it("serves add-checkpoint per tlog-witness, and its state survives kill -9", async () => {
    let { child, url } = await serve();
    try {
      const first = await post(url, 0, 5);
      expect(first.status).toBe(200);
      const [check] = checkCosignatures(log.text(5), parseSignatureLines(first.body), [
        parseCosignerVkey(vkey),
      ]);
      expect(check!.status).toBe("valid");

      const stale = await post(url, 0, 9);
      expect(stale).toEqual({ status: 409, type: "text/x.tlog.size", body: "5\n" });
      expect((await post(url, 6, 5, [])).status).toBe(400);
      expect((await post(url, 5, 9, log.proof(4, 9))).status).toBe(422);
      const unknown = await fetch(`${url}/add-checkpoint`, {
        method: "POST",
        body: formatAddCheckpoint({
          oldSize: 0,
          proof: [],
          checkpoint: ToyLog.create("x.example/l", 5).grow(1).checkpoint(),
        }),
      });
      expect(unknown.status).toBe(404);
      // The log's origin signed by another key: 403. The same size with another root: 422
      // (tlog-witness since C2SP commit 95978ca; a 409 would tell the client to retry from a size).
      const impostor = ToyLog.create(ORIGIN, 99).grow(9);
      const forged = await fetch(`${url}/add-checkpoint`, {
        method: "POST",
        body: formatAddCheckpoint({ oldSize: 5, proof: log.proof(5, 9), checkpoint: impostor.checkpoint(9) }),
      });
      expect(forged.status).toBe(403);
      const fork = ToyLog.create(ORIGIN, 4, "fork").grow(5);
      const sameSize = await fetch(`${url}/add-checkpoint`, {
        method: "POST",
        body: formatAddCheckpoint({ oldSize: 5, proof: [], checkpoint: fork.checkpoint(5) }),
      });
      expect({
        status: sameSize.status,
        type: sameSize.headers.get("content-type"),
        body: await sameSize.text(),
      }).toMatchObject({ status: 422, type: "text/plain; charset=utf-8" });
      // A size-0 checkpoint of a log never cosigned must carry the empty tree's root.
      const fresh = ToyLog.create(OTHER, 6);
      const zero = signNote(
        formatCheckpoint({ origin: OTHER, size: 0, rootHash: new Uint8Array(32).fill(1) }),
        fresh.signer,
      );
      const emptyRoot = await fetch(`${url}/add-checkpoint`, {
        method: "POST",
        body: formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: zero }),
      });
      expect(emptyRoot.status).toBe(422);

      // Many concurrent requests, then kill -9 while some are in flight: every size answered
      // 200 must still be there (or exceeded) after the restart.
      const acked: number[] = [];
      const inflight = [];
      for (let size = 6; size <= 40; size++) {
        inflight.push(
          post(url, size - 1, size)
            .then((r) => r.status === 200 && acked.push(size))
            .catch(() => undefined),
        );
      }
      await Promise.race([Promise.all(inflight), new Promise((r) => setTimeout(r, 150))]);
      await kill9(child);
      await Promise.all(inflight);
      ({ child, url } = await serve());
      const probe = await post(url, 0, 64);
      expect(probe.status).toBe(409);
      const size = Number(probe.body.trim());
      expect(size).toBeGreaterThanOrEqual(Math.max(5, ...acked));
      const next = await post(url, size, 64);
      expect(next.status).toBe(200);
    } finally {
      await kill9(child);
    }
  });

  it("with --store, the same port serves the anchor witness beside add-checkpoint", async () => {
    const { child, url } = await serve(
      "--store",
      join(work.dir, "anchors"),
      "--cosign-state",
      join(work.dir, "state-with-store"),
    );
    try {
      const anchored = await fetch(`${url}/api/v1/anchor`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sampleRequest(1)),
      });
      expect(anchored.status).toBe(201);
      expect((await post(url, 0, 7)).status).toBe(200);
    } finally {
      await kill9(child);
    }
  });

  it("two processes sharing one state never cosign two trees of the same size (cross-process compare-and-swap)", async () => {
    // Ten logs; for each, one process is asked to cosign a tree of size 5 and the other another
    // tree of size 5, both from old 0, at the same time. Exactly one may win each race.
    const logs = Array.from({ length: 10 }, (_, i) => ToyLog.create(`race.example/log-${i}`, 50 + i).grow(5));
    const forks = logs.map((l) => new ToyLog(l.signer, "fork").grow(5));
    const policy = join(work.dir, "race.policy");
    writeFileSync(policy, `${logs.map((l) => `log ${l.vkey}`).join("\n")}\n`);
    const shared = ["--cosign-logs", policy, "--cosign-state", join(work.dir, "race-state")];
    const one = await serve(...shared);
    const two = await serve(...shared);
    try {
      const ask = (url: string, l: ToyLog) =>
        fetch(`${url}/add-checkpoint`, {
          method: "POST",
          body: formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: l.checkpoint(5) }),
        }).then((r) => r.status);
      const results = await Promise.all(
        logs.map((l, i) => Promise.all([ask(one.url, l), ask(two.url, forks[i]!)])),
      );
      for (const statuses of results) expect(statuses.sort()).toEqual([200, 409]);
    } finally {
      await kill9(one.child);
      await kill9(two.child);
    }
  });

  it("cosigns with an ML-DSA-44 key beside the Ed25519 one, and serves the monitoring API", async () => {
    const pq = await runCli([
      "witness",
      "keygen",
      "--cosigner",
      "w.example/pq",
      "--algorithm",
      "ml-dsa-44",
      "--out",
      join(work.dir, "pq.key"),
    ]);
    expect(pq.code).toBe(0);
    const pqKey = parseCosignerVkey(pq.stdout.trim());
    expect(pqKey.algorithm).toBe("ml-dsa-44");
    expect(statSync(join(work.dir, "pq.key")).mode & 0o777).toBe(0o600);
    const bad = await runCli([
      "witness",
      "keygen",
      "--cosigner",
      "w.example/x",
      "--algorithm",
      "rsa",
      "--out",
      join(work.dir, "x.key"),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/COSIGN_ALGORITHM_INVALID/);

    const { child, url } = await serve(
      "--cosigner-key",
      join(work.dir, "pq.key"),
      "--cosign-state",
      join(work.dir, "state-pq"),
    );
    let killed = false;
    try {
      const monitoring = (origin: string) =>
        `${url}/${createHash("sha256").update(origin).digest("hex")}/checkpoint`;
      // Never cosigned: 404, as for a log the witness does not know.
      expect((await fetch(monitoring(ORIGIN))).status).toBe(404);
      expect((await fetch(monitoring("unknown.example/log"))).status).toBe(404);

      const answer = await post(url, 0, 9);
      expect(answer.status).toBe(200);
      const lines = parseSignatureLines(answer.body);
      expect(lines.map((l) => l.name)).toEqual(["w.example/w1", "w.example/pq"]);
      const checks = checkCosignatures(log.text(9), lines, [parseCosignerVkey(vkey), pqKey]);
      expect(checks.map((c) => c.status)).toEqual(["valid", "valid"]);

      // The monitoring API: the checkpoint with the log's signature and both cosignatures,
      // exactly the lines add-checkpoint returned.
      const res = await fetch(monitoring(ORIGIN));
      expect(res.status).toBe(200);
      const note = await res.text();
      expect(note).toBe(`${log.text(9)}\n${log.checkpoint(9).slice(log.text(9).length + 1)}${answer.body}`);
      expect(verifyNote(note, log.vkey).text).toBe(log.text(9));
      expect(
        checkCosignatures(log.text(9), splitCosignedNote(note).signatures, [
          parseCosignerVkey(vkey),
          pqKey,
        ]).map((c) => c.status),
      ).toEqual(["valid", "valid"]);
      // The origin hash is lowercase hex only; other methods are refused.
      expect((await fetch(monitoring(ORIGIN).replace(/[0-9a-f]{64}/, (h) => h.toUpperCase()))).status).toBe(
        404,
      );
      expect((await fetch(`${url}/${encodeURIComponent(ORIGIN)}/checkpoint`)).status).toBe(404);
      expect((await fetch(monitoring(ORIGIN), { method: "POST", body: "x" })).status).toBe(405);

      // The state (and so the monitoring answer) survives a restart.
      await kill9(child);
      killed = true;
      const again = await serve(
        "--cosigner-key",
        join(work.dir, "pq.key"),
        "--cosign-state",
        join(work.dir, "state-pq"),
      );
      try {
        expect(await (await fetch(monitoring(ORIGIN).replace(url, again.url))).text()).toBe(note);
      } finally {
        await kill9(again.child);
      }
    } finally {
      if (!killed) await kill9(child);
    }
  });
});
