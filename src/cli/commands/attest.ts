import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import packageJson from "../../../package.json" with { type: "json" };
import {
  type AttestationStore,
  attestCommits,
  type CompletenessJudgement,
  FETCHED_NOTES_REF,
  fetchNotes,
  judgeCompleteness,
  listCommits,
  loadAttestKey,
  NOTES_REF,
  parsePublicKey,
  publicKeyPem,
  pushNotes,
  readAttestation,
  type VerifiedAttestation,
  verifyAttestation,
  writeAttestation,
} from "../../attest/index.js";
import { readCommit } from "../../commits/index.js";
import { configError, isTrailsealError, TrailsealError } from "../../errors/index.js";
import { loadSealKey } from "../../home/index.js";
import { escapeControl } from "../../terminal/index.js";
import { parseWitnessPolicy } from "../../tlog/index.js";
import type { LatestAnswer } from "../../witness/index.js";
import { type CliIO, note, printJson, println } from "../io.js";

export interface AttestCommandOptions {
  home: string;
  repo?: string;
  dir?: string;
  push?: string;
  json?: boolean;
}

function storeOf(options: { repo: string; dir?: string }, ref = NOTES_REF): AttestationStore {
  return options.dir
    ? { kind: "dir", dir: resolve(options.dir) }
    : { kind: "notes", repo: options.repo, ref };
}

/**
 * `trailseal attest <range>`: an attestation for each commit of the range the trail saw made,
 * into git notes (refs/notes/trailseal) or `--dir`; `--push <remote>` pushes the notes.
 * Commits the trail never saw, or that no seal covers yet, are listed, not attested (exit 1).
 */
export async function runAttest(range: string, options: AttestCommandOptions, io: CliIO): Promise<number> {
  const repo = resolve(options.repo ?? process.cwd());
  const ids = listCommits(repo, range);
  const key = await loadAttestKey(options.home, { env: io.env, create: true });
  const outcomes = await attestCommits(ids, { home: options.home, repo, key, version: packageJson.version });
  const store = storeOf({ repo, ...(options.dir ? { dir: options.dir } : {}) });
  for (const outcome of outcomes)
    if (outcome.ok) await writeAttestation(store, outcome.id, JSON.stringify(outcome.envelope));
  const written = outcomes.filter((o) => o.ok).length;
  if (options.push && store.kind === "notes" && written > 0) pushNotes(repo, options.push);
  if (options.json) {
    printJson(io, {
      key_id: key.keyId,
      store: store.kind === "dir" ? store.dir : NOTES_REF,
      commits: outcomes.map((o) =>
        o.ok
          ? {
              id: o.id,
              attested: true,
              first_seq: o.statement.predicate.trail.first_seq,
              last_seq: o.statement.predicate.trail.last_seq,
            }
          : { id: o.id, attested: false, code: o.code, message: o.message },
      ),
    });
  } else {
    for (const o of outcomes) {
      if (o.ok) {
        const p = o.statement.predicate;
        println(
          io,
          `attested ${o.id.slice(0, 12)}  ${p.commit.operation} by ${escapeControl(p.made_by.agent)}: events ${p.trail.first_seq}..${p.trail.last_seq}, ${p.seals[0]!.id}${p.seals[0]!.tlog_proofs.length > 0 ? " with tlog-proof" : p.seals[0]!.receipts.length > 0 ? " (receipts, no tlog-proof)" : " (not witnessed)"}`,
        );
      } else println(io, `skipped  ${o.id.slice(0, 12)}  ${o.code}: ${o.message}`);
    }
    note(
      io,
      `${written} of ${outcomes.length} commit(s) attested into ${store.kind === "dir" ? store.dir : NOTES_REF} (key ${key.keyId})`,
    );
  }
  const skipped = outcomes.find((o) => !o.ok);
  return skipped ? 1 : 0;
}

/** `trailseal attest key`: the attestation public key (PEM), made when the home has none. */
export async function runAttestKey(options: { home: string; json?: boolean }, io: CliIO): Promise<number> {
  const key = await loadAttestKey(options.home, { env: io.env, create: true });
  const pem = publicKeyPem(key.publicKey);
  if (options.json) printJson(io, { key_id: key.keyId, public_key: pem });
  else io.stdout.write(pem);
  return 0;
}

export interface AttestVerifyOptions {
  home: string;
  repo?: string;
  dir?: string;
  fetch?: string;
  key?: string[];
  logKey?: string[];
  witnessPolicy?: string;
  requireAttestation?: boolean;
  requireWitness?: boolean;
  /** Witnesses to ask for the newest seal of each attested seal's key id (the completeness rule). */
  askWitness?: string[];
  json?: boolean;
}

type CommitResult =
  | ({ id: string; status: "verified" } & VerifiedAttestation)
  | { id: string; status: "unattested" }
  | { id: string; status: "failed"; code: string; message: string };

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(resolve(path), "utf8");
  } catch (cause) {
    throw configError("ATTEST_KEY_INVALID", `cannot read the ${what} ${path}`, { cause });
  }
}

/**
 * `trailseal attest verify <range>`: every commit of the range, verified (docs/attestation.md),
 * failed (with the error code naming why), or unattested (never counted as verified).
 * Exit 0 when nothing failed (unattested commits too, unless --require-attestation), else 1.
 */
export async function runAttestVerify(
  range: string,
  options: AttestVerifyOptions,
  io: CliIO,
): Promise<number> {
  const repo = resolve(options.repo ?? process.cwd());
  const keys =
    options.key && options.key.length > 0
      ? await Promise.all(options.key.map(async (path) => parsePublicKey(await readText(path, "key"), path)))
      : [(await loadAttestKey(options.home, { env: io.env })).publicKey];
  const witnessPolicy = options.witnessPolicy
    ? parseWitnessPolicy(await readText(options.witnessPolicy, "witness policy"))
    : undefined;
  const logKeys = [...(options.logKey ?? []), ...(witnessPolicy?.logs.map((log) => log.vkey) ?? [])];
  let sealKey: { keyId: string; key: Buffer } | undefined;
  try {
    sealKey = await loadSealKey(options.home, io.env);
  } catch {
    sealKey = undefined; // a reviewer's machine holds no seal key: the HMAC is left to the witnesses
  }
  if (options.fetch && !options.dir) fetchNotes(repo, options.fetch);
  const store = storeOf(
    { repo, ...(options.dir ? { dir: options.dir } : {}) },
    options.fetch ? FETCHED_NOTES_REF : NOTES_REF,
  );
  const results: CommitResult[] = [];
  const cache = new Map<string, Promise<LatestAnswer[]>>();
  for (const id of listCommits(repo, range)) {
    const text = await readAttestation(store, id);
    if (text === null) {
      results.push({ id, status: "unattested" });
      continue;
    }
    try {
      const verified = await verifyAttestation(text, id, {
        keys,
        logKeys,
        ...(witnessPolicy ? { witnessPolicy } : {}),
        ...(options.requireWitness ? { requireWitness: true } : {}),
        ...(sealKey ? { sealKey } : {}),
        tree: readCommit(repo, id).tree,
      });
      const asked = options.askWitness?.length
        ? await askWitnesses(options.home, options.askWitness, verified, cache)
        : undefined;
      if (asked?.problem) throw new TrailsealError("ATTEST_WITNESS_CUT", asked.problem);
      results.push({ id, status: "verified", ...verified, ...(asked ? { completeness: asked.asked } : {}) });
    } catch (error) {
      if (!isTrailsealError(error)) throw error;
      results.push({ id, status: "failed", code: error.code, message: error.message });
    }
  }
  const failed = results.filter((r) => r.status === "failed");
  const unattested = results.filter((r) => r.status === "unattested");
  if (options.json) {
    printJson(io, {
      ok: failed.length === 0 && (!options.requireAttestation || unattested.length === 0),
      verified: results.length - failed.length - unattested.length,
      failed: failed.length,
      unattested: unattested.length,
      commits: results,
    });
  } else {
    for (const r of results) println(io, describeResult(r));
  }
  const first = failed[0];
  if (first?.status === "failed")
    throw new TrailsealError(
      first.code as ConstructorParameters<typeof TrailsealError>[0],
      `${failed.length} of ${results.length} attestation(s) failed; first: ${first.id.slice(0, 12)}: ${first.message}`,
    );
  if (options.requireAttestation && unattested.length > 0)
    throw new TrailsealError(
      "ATTEST_MISSING",
      `${unattested.length} of ${results.length} commit(s) have no attestation: ${unattested.map((r) => r.id.slice(0, 12)).join(", ")}`,
    );
  return 0;
}

/**
 * The witnesses the verifier named, asked once per key id for their newest seal of it, and their
 * answers judged against the attested seal. Only URLs the verifier gave are contacted, never one
 * an attestation names.
 */
async function askWitnesses(
  home: string,
  urls: string[],
  verified: VerifiedAttestation,
  cache: Map<string, Promise<LatestAnswer[]>>,
): Promise<CompletenessJudgement> {
  const keyId = verified.seal.key_id;
  let answers = cache.get(keyId);
  if (!answers) {
    const { askLatest } = await import("../../witness/index.js");
    answers = askLatest({ home, keyId, endpoints: urls.map((url) => ({ url, name: url })) });
    cache.set(keyId, answers);
  }
  return judgeCompleteness(
    { event_count: verified.seal.event_count, chain_tip: verified.seal.chain_tip },
    await answers,
  );
}

function describeResult(r: CommitResult): string {
  const id = r.id.slice(0, 12);
  if (r.status === "unattested") return `none  ${id}  unattested`;
  if (r.status === "failed") return `FAIL  ${id}  ${r.code}: ${escapeControl(r.message)}`;
  const who = `${r.made_by.agent}${r.made_by.session ? ` (session ${r.made_by.session})` : ""}`;
  const witnessed =
    r.witnessed.length > 0
      ? `witnessed in ${r.witnessed.map((w) => `${w.origin} (entry ${w.index} of ${w.size}${w.pinned ? "" : ", key not pinned"})`).join(", ")}`
      : "not witnessed";
  const asked = "completeness" in r && Array.isArray(r.completeness) ? r.completeness : null;
  const reach = asked
    ? `; ${asked.filter((w: { status: string }) => w.status !== "cannot-answer").length} of ${asked.length} witness(es) asked hold it`
    : "";
  return escapeControl(
    `ok    ${id}  ${r.operation} by ${who}: ${r.counts.actions} actions, ${r.denied.length} denied, ${r.high_risk.length} high/critical; ${r.seal.id} ${witnessed}${reach}`,
  );
}
