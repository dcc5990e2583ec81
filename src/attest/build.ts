/**
 * `trailseal attest`: for each commit, the in-toto Statement of how it came to be, from the
 * trail, the seals and their witnesses' offline proofs, signed into a DSSE envelope.
 */
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { TrailEvent } from "../chain/index.js";
import { readCommit } from "../commits/index.js";
import { TrailsealError } from "../errors/index.js";
import { homePaths } from "../home/index.js";
import { readSeals, type StoredSeal } from "../seal/index.js";
import { readEvents, trailDir } from "../trail/index.js";
import { type DsseEnvelope, IN_TOTO_PAYLOAD_TYPE, signEnvelope } from "./dsse.js";
import type { AttestKey } from "./key.js";
import {
  type AttestedSeal,
  type CommitStatement,
  PREDICATE_TYPE,
  STATEMENT_TYPE,
  summarizeRange,
} from "./predicate.js";
import { chainProblem, indexCommits, rangeStart } from "./range.js";

export interface AttestOptions {
  home: string;
  /** The repository the commits are in (read for a commit first seen in a rewrite). */
  repo: string;
  key: AttestKey;
  version: string;
  now?: () => Date;
}

export type AttestOutcome =
  | { id: string; ok: true; envelope: DsseEnvelope; statement: CommitStatement }
  | { id: string; ok: false; code: string; message: string };

async function policyDigest(home: string): Promise<string | null> {
  try {
    return `sha256:${createHash("sha256")
      .update(await readFile(homePaths(home).policy))
      .digest("hex")}`;
  } catch {
    return null;
  }
}

/**
 * The seal an attestation carries: the first seal covering the commit's event that witnesses
 * received (fewest events to carry), else the first covering one.
 */
function chooseSeal(seals: StoredSeal[], commitSeq: number): StoredSeal | null {
  const covering = seals
    .filter((s) => s.seal.event_count > commitSeq)
    .sort((a, b) => a.seal.event_count - b.seal.event_count);
  return covering.find((s) => s.receipts.length > 0) ?? covering[0] ?? null;
}

/**
 * The seal's offline proofs: each kept by `witness proof` in the home, else made now (and kept)
 * from every git log on this machine that holds one of its receipts.
 */
async function sealProofs(home: string, stored: StoredSeal): Promise<AttestedSeal["tlog_proofs"]> {
  const { loadLogCosigning } = await import("../witness/index.js");
  const cosign = await loadLogCosigning();
  const dir = homePaths(home).sealProofs;
  const kept = cosign.keptProofPaths(dir, stored.id);
  if (existsSync(kept.proof) && existsSync(kept.key)) {
    return [
      { log_key: (await readFile(kept.key, "utf8")).trim(), proof: await readFile(kept.proof, "utf8") },
    ];
  }
  const proofs: AttestedSeal["tlog_proofs"] = [];
  for (const receipt of stored.receipts) {
    const url = receipt.witness.url;
    if (!existsSync(url) || !statSync(url).isDirectory()) continue;
    try {
      const published = await cosign.readPublishedLogKey((await cosign.readLogSnapshot(url)).read);
      if (!published?.verifierKey) continue;
      const proof = await cosign.buildSealProof({
        stored,
        logDir: url,
        cosignedDir: homePaths(home).cosignedCheckpoints,
        logKey: published.verifierKey,
      });
      await cosign.keepSealProof(dir, stored.id, proof.text, published.verifierKey);
      proofs.push({ log_key: published.verifierKey, proof: proof.text });
    } catch {
      // not a trailseal git log, or the seal is not in it yet: this receipt has no proof
    }
  }
  return proofs;
}

/** Attestations for `ids` (commit ids, oldest first); commits the trail does not know are reported, not attested. */
export async function attestCommits(ids: string[], options: AttestOptions): Promise<AttestOutcome[]> {
  const events: TrailEvent[] = [];
  for await (const event of readEvents(trailDir(options.home))) events.push(event);
  const index = indexCommits(events);
  const seals = await readSeals(homePaths(options.home).seals);
  const digest = await policyDigest(options.home);
  const now = (options.now ?? (() => new Date()))().toISOString();
  const outcomes: AttestOutcome[] = [];
  for (const id of ids) {
    const commitSeq = index.first.get(id);
    if (commitSeq === undefined) {
      outcomes.push({
        id,
        ok: false,
        code: "ATTEST_COMMIT_NOT_IN_TRAIL",
        message: "no event of the trail names this commit",
      });
      continue;
    }
    const stored = chooseSeal(seals, commitSeq);
    if (stored === null) {
      outcomes.push({
        id,
        ok: false,
        code: "ATTEST_NOT_SEALED",
        message: `no seal covers the commit's event (seq ${commitSeq}): run trailseal seal (and witness publish)`,
      });
      continue;
    }
    const firstSeq = rangeStart(index, commitSeq);
    const carried = events.slice(firstSeq, stored.seal.event_count);
    const prevTip = carried[0]?.prev ?? "";
    const problem =
      carried.length !== stored.seal.event_count - firstSeq
        ? "the trail holds fewer events than the seal covers"
        : chainProblem(carried, firstSeq, prevTip);
    if (problem !== null || carried.at(-1)?.hash !== stored.seal.chain_tip) {
      throw new TrailsealError(
        "ATTEST_TRAIL_INVALID",
        `the trail does not verify against ${stored.id}: ${problem ?? "its tip is not the sealed tip"}`,
        { hint: "run trailseal verify" },
      );
    }
    const range = carried.slice(0, commitSeq - firstSeq + 1);
    const commitEvent = events[commitSeq]!;
    const action = commitEvent.action as Record<string, unknown>;
    const commit =
      action.kind === "commit"
        ? {
            ...(action.commit as Record<string, unknown>),
            operation: action.operation,
            observed_by: action.observed_by,
          }
        : {
            ...readCommit(options.repo, id),
            branch: null,
            operation: action.operation,
            observed_by: action.observed_by,
            rewritten_from: rewrittenFrom(commitEvent, id),
          };
    const statement: CommitStatement = {
      _type: STATEMENT_TYPE,
      subject: [{ name: id, digest: { gitCommit: id } }],
      predicateType: PREDICATE_TYPE,
      predicate: {
        commit: commit as CommitStatement["predicate"]["commit"],
        made_by: { agent: commitEvent.agent, session: commitEvent.session ?? index.session.get(id) ?? null },
        ...summarizeRange(range),
        trail: {
          first_seq: firstSeq,
          last_seq: commitSeq,
          prev_tip: prevTip,
          tip: commitEvent.hash,
          events: carried,
        },
        policy: { digest },
        seals: [
          {
            id: stored.id,
            ...stored.seal,
            receipts: stored.receipts,
            tlog_proofs: await sealProofs(options.home, stored),
          },
        ],
        attested_at: now,
        generator: { name: "trailseal", version: options.version },
      },
    };
    const payload = Buffer.from(JSON.stringify(statement), "utf8");
    outcomes.push({
      id,
      ok: true,
      statement,
      envelope: signEnvelope(payload, IN_TOTO_PAYLOAD_TYPE, options.key),
    });
  }
  return outcomes;
}

function rewrittenFrom(event: TrailEvent, id: string): string | null {
  const pairs = (event.action as { rewritten?: { from: string; to: string }[] }).rewritten ?? [];
  return pairs.find((pair) => pair.to === id)?.from ?? null;
}
