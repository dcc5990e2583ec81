import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cosignerFromSeed, formatCosignerVkey, parseWitnessPolicy } from "../../../../src/tlog/index.js";
import {
  type CosignFetch,
  createCheckpointWitness,
  memoryCosignState,
} from "../../../../src/witness/cosign/index.js";
import {
  auditGitDir,
  cosignLog,
  findCosignedInHistory,
  initLog,
  openGitStorage,
} from "../../../../src/witness/gitlog/index.js";
import { tempDir } from "../../../helpers/cli.js";
import { monitoringReply, seed } from "../../cosign/fixtures.js";
import { sampleRequest } from "../../server/storage-contract.js";

/**
 * `witness cosign` while the log's writer appends (what `witness serve --store` does): the
 * cosigned checkpoint is committed by compare-and-swap from the commit it was read at, so an
 * append that lands in between is never overwritten — that round's commit is skipped — and the
 * log keeps every entry and still audits. Real git log, real git, one process.
 */
let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let gitdir: string;
let policy: ReturnType<typeof parseWitnessPolicy>;
let witness: ReturnType<typeof createCheckpointWitness>;
let appended = 0;
const cosigner = cosignerFromSeed("w.example/concurrent", seed(60));

async function append(n: number) {
  const storage = await openGitStorage(gitdir, { home });
  const first = appended;
  appended += n;
  await Promise.all(Array.from({ length: n }, (_, i) => storage.append(sampleRequest(first + i))));
  await storage.close();
}

/** The in-process witness; `before` runs after the request left and before the answer. */
function fetchVia(before: () => Promise<void> = async () => {}): CosignFetch {
  return async (url, init) => {
    const monitoring = await monitoringReply(witness, url, init);
    if (monitoring) return monitoring;
    await before();
    const body = await witness.addCheckpoint(Buffer.from(init.body ?? ""));
    return { status: 200, headers: { get: () => "text/plain" }, text: async () => body };
  };
}

const round = (fetch: CosignFetch) =>
  cosignLog({ dir: gitdir, policy, cosignedDir: join(home, "cosigned-checkpoints"), home, fetch });

const head = () =>
  execFileSync("git", ["--git-dir", gitdir, "rev-parse", "main"], { encoding: "utf8" }).trim();

beforeAll(async () => {
  tmp = await tempDir("ts-cosign-concurrent-");
  home = join(tmp.dir, "home");
  ({ gitdir } = await initLog(join(tmp.dir, "log.git"), { home, bare: true, origin: "race.example/log" }));
  await append(5);
  const logVkey = JSON.parse(
    execFileSync("git", ["--git-dir", gitdir, "show", "main:trailseal-log.json"], { encoding: "utf8" }),
  ).verifier_key;
  witness = createCheckpointWitness({
    logs: parseWitnessPolicy(`log ${logVkey}\n`, { requireQuorum: false }).logs,
    cosigner,
    store: memoryCosignState(),
  });
  policy = parseWitnessPolicy(
    `log ${logVkey}\nwitness w ${formatCosignerVkey(cosigner)} https://w.example\nquorum w\n`,
  );
});
afterAll(() => tmp?.cleanup());

describe("witness cosign while the log's writer appends", () => {
  it("an append between reading the checkpoint and committing it wins: the commit is skipped", async () => {
    const result = await round(fetchVia(() => append(3)));
    expect(result).toMatchObject({ size: 5, quorumMet: true });
    expect(result.published).toMatchObject({ status: "skipped", code: "GITLOG_REF_MOVED" });
    expect(
      execFileSync("git", ["--git-dir", gitdir, "log", "-1", "--format=%s", "main"], { encoding: "utf8" }),
    ).toMatch(/^log: add entries/);
    expect(await auditGitDir(gitdir)).toMatchObject({ ok: true, entries: 8 });

    // The next round, with nothing appended meanwhile, cosigns the new tree and commits it.
    const next = await round(fetchVia());
    expect(next).toMatchObject({ size: 8, quorumMet: true, published: { status: "committed" } });
    expect(head()).toBe((next.published as { commit: string }).commit);
    expect(await auditGitDir(gitdir)).toMatchObject({ ok: true, entries: 8 });
  });

  it("rounds racing a stream of appends lose no entry, never fork the log, and end cosigned", async () => {
    const appends = (async () => {
      for (let i = 0; i < 12; i++) await append(2);
    })();
    const rounds = (async () => {
      const published: string[] = [];
      for (let i = 0; i < 6; i++) {
        const result = await round(fetchVia());
        expect(result.quorumMet).toBe(true);
        published.push(result.published?.status ?? "none");
      }
      return published;
    })();
    const [, published] = await Promise.all([appends, rounds]);
    expect(published.every((s) => ["committed", "unchanged", "skipped"].includes(s))).toBe(true);
    expect(await auditGitDir(gitdir)).toMatchObject({ ok: true, entries: 8 + 24 });

    const last = await round(fetchVia());
    expect(last.size).toBe(32);
    expect(["committed", "unchanged"]).toContain(last.published?.status);
    expect(execFileSync("git", ["--git-dir", gitdir, "show", "main:checkpoint"], { encoding: "utf8" })).toBe(
      last.note,
    );
    expect(await auditGitDir(gitdir)).toMatchObject({ ok: true, entries: 32 });
  });

  it("the history search finds the newest cosigned checkpoint however many appends followed it", async () => {
    for (let i = 0; i < 3; i++) await append(1);
    // One candidate read: the cosign commit, not the three appends after it.
    const found = await findCosignedInHistory(gitdir, policy, { limit: 1 });
    expect(found?.result.checkpoint.size).toBe(32);
    expect(found?.result.quorumMet).toBe(true);
    expect(
      execFileSync("git", ["--git-dir", gitdir, "log", "-1", "--format=%s", found!.commit], {
        encoding: "utf8",
      }),
    ).toBe("log: cosigned checkpoint (size 32)\n");
  });
});
