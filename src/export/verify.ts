/**
 * Re-verifying an exported JSON Lines copy on its own (`trailseal verify --export <file>`):
 * every event's hash recomputed from the event (JCS without `hash`), every `prev` against the
 * record before, `seq` contiguous from the header's `from_seq`, every seal's tip and count
 * against the copy (and its HMAC when the key is at hand), and the end record against what was
 * read. The first problem is reported with its line and seq. Everything in the file is
 * attacker-controlled: it is parsed defensively and nothing here throws on its content.
 *
 * The copy is bound to the seals (docs/export.md): a seal whose key is not the verifier's proves
 * nothing (anyone can re-hash events and sign with a key of their own), so it is a problem unless
 * the caller allows unverified seals; a copy that starts at seq N > 0 must open with a seal of
 * exactly N events (its from_seq and prev are otherwise bound to nothing); an omitted stub must
 * carry its event's level under the key's MAC, and a level the filter keeps is a hidden event;
 * a seal record may appear once.
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { computeEventHash, GENESIS_HASH, RISK_LEVELS, type RiskLevel } from "../chain/index.js";
import { isSealSignatureValid, type Seal } from "../seal/index.js";
import { EXPORT_TYPE, EXPORT_VERSION, isOmittedMacValid } from "./records.js";

export type ExportProblemReason =
  | "unparsable"
  | "invalid_shape"
  | "header"
  | "gap"
  | "broken_link"
  | "hash_mismatch"
  | "seal_mismatch"
  | "bad_signature"
  | "truncated"
  | "unverified_seal"
  | "unverified_stub"
  | "stub_in_filter"
  | "duplicate_seal"
  | "start_unbound";

export interface ExportVerifyOptions {
  /** Accept seals and stubs not made with the verifier's key (counted, not proven). */
  allowUnverifiedSeals?: boolean;
  /** Accept a copy that starts at seq N > 0 without a seal of exactly N events. */
  allowUnboundStart?: boolean;
}

export interface ExportVerification {
  ok: boolean;
  fromSeq: number | null;
  nextSeq: number | null;
  tip: string | null;
  events: number;
  omitted: number;
  seals: number;
  signaturesChecked: number;
  /** Events followed, in this file, by a seal that covers them. */
  sealedEvents: number;
  /** Whether the copy starts at the trail's first event (seq 0, genesis prev). */
  complete: boolean;
  /** The seal binding a late start (from_seq and prev), null when the copy starts at 0 or nothing binds it. */
  startSeal: string | null;
  /** Seals and stubs accepted without being proven by the verifier's key (only when allowed). */
  unverifiedSeals: number;
  unverifiedStubs: number;
  problem: { line: number; seq: number | null; reason: ExportProblemReason; message: string } | null;
}

const HASH = /^sha256:[0-9a-f]{64}$/;

function atLeast(level: unknown, min: string): boolean {
  const rank = RISK_LEVELS.indexOf(level as RiskLevel);
  return rank >= 0 && rank >= RISK_LEVELS.indexOf(min as RiskLevel);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export async function verifyExportFile(
  path: string,
  key?: { keyId: string; key: Buffer },
  options: ExportVerifyOptions = {},
): Promise<ExportVerification> {
  const result: ExportVerification = {
    ok: false,
    fromSeq: null,
    nextSeq: null,
    tip: null,
    events: 0,
    omitted: 0,
    seals: 0,
    signaturesChecked: 0,
    sealedEvents: 0,
    complete: false,
    startSeal: null,
    unverifiedSeals: 0,
    unverifiedStubs: 0,
    problem: null,
  };
  const seenSeals = new Set<string>(); // ids and signatures of the seal records read
  let started = false; // an event or stub was read
  let expected = 0;
  let prev = "";
  let lineNo = 0;
  let ended = false;
  let riskFilter: string | null = null;
  let minRisk: string | null = null;
  let unsealedSince = 0; // events since the last seal record (not yet covered in this file)
  let claims: { seq: number; seal: unknown }[] = []; // the covering seal each of those names
  const filterKeeps = (level: unknown) =>
    (riskFilter === null || level === riskFilter) && (minRisk === null || atLeast(level, minRisk));
  const fail = (reason: ExportProblemReason, message: string, seq: number | null = null) => {
    result.problem = { line: lineNo, seq, reason, message };
    return result;
  };

  const lines = createInterface({
    input: createReadStream(path, "utf8"),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const text of lines) {
    lineNo += 1;
    if (text === "") continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      return fail("unparsable", `line ${lineNo} is not JSON`);
    }
    if (!isObject(record)) return fail("invalid_shape", `line ${lineNo} is not a record`);
    if (ended) return fail("invalid_shape", `line ${lineNo} follows the end record`);
    if (lineNo === 1 || result.fromSeq === null) {
      if (
        record.type !== EXPORT_TYPE ||
        record.version !== EXPORT_VERSION ||
        !Number.isSafeInteger(record.from_seq) ||
        typeof record.prev !== "string" ||
        !HASH.test(record.prev)
      ) {
        return fail("header", `line ${lineNo} is not a trailseal export header (version ${EXPORT_VERSION})`);
      }
      const filter = isObject(record.filter) ? record.filter : {};
      riskFilter = typeof filter.risk === "string" ? filter.risk : null;
      minRisk = typeof filter.min_risk === "string" ? filter.min_risk : null;
      result.fromSeq = record.from_seq as number;
      if (result.fromSeq === 0 && record.prev !== GENESIS_HASH) {
        return fail("header", `line ${lineNo}: a copy from seq 0 must start at the genesis hash`);
      }
      expected = result.fromSeq;
      prev = record.prev;
      continue;
    }
    // The first event or stub of a late copy: its start must be bound by a seal read before it.
    if ((record.type === "event" || record.type === "omitted") && !started) {
      started = true;
      if (result.fromSeq > 0 && result.startSeal === null && !options.allowUnboundStart) {
        return fail(
          "start_unbound",
          `the copy starts at seq ${result.fromSeq} but no seal of exactly ${result.fromSeq} events binds its start: events before it may have been dropped`,
          result.fromSeq,
        );
      }
    }
    switch (record.type) {
      case "event": {
        const event = record.event;
        if (!isObject(event) || !Number.isSafeInteger(event.seq) || typeof event.hash !== "string") {
          return fail("invalid_shape", `line ${lineNo}: the event record has no seq or hash`);
        }
        const seq = event.seq as number;
        if (seq !== expected) {
          return fail(
            "gap",
            `line ${lineNo}: expected the record of seq ${expected}, found seq ${seq} (a record was deleted, inserted or reordered)`,
            expected,
          );
        }
        if (event.prev !== prev) {
          return fail(
            "broken_link",
            `seq ${seq} (line ${lineNo}): prev is not the hash of seq ${seq - 1}`,
            seq,
          );
        }
        let hash: string;
        try {
          hash = computeEventHash(event);
        } catch {
          return fail("invalid_shape", `seq ${seq} (line ${lineNo}) cannot be canonicalized`, seq);
        }
        if (hash !== event.hash) {
          return fail(
            "hash_mismatch",
            `seq ${seq} (line ${lineNo}): the event does not match its hash (it was edited)`,
            seq,
          );
        }
        const level = isObject(event.risk) ? event.risk.level : undefined;
        if (!filterKeeps(level)) {
          return fail(
            "invalid_shape",
            `seq ${seq} (line ${lineNo}): risk ${String(level)} is outside the export's filter`,
            seq,
          );
        }
        result.events += 1;
        unsealedSince += 1;
        claims.push({ seq, seal: record.seal });
        prev = event.hash;
        expected = seq + 1;
        break;
      }
      case "omitted": {
        if (!Number.isSafeInteger(record.seq) || typeof record.hash !== "string" || !HASH.test(record.hash)) {
          return fail("invalid_shape", `line ${lineNo}: the omitted record has no seq or hash`);
        }
        if (record.seq !== expected) {
          return fail(
            "gap",
            `line ${lineNo}: expected the record of seq ${expected}, found seq ${record.seq} (a record was deleted, inserted or reordered)`,
            expected,
          );
        }
        if (riskFilter === null && minRisk === null) {
          return fail(
            "gap",
            `line ${lineNo}: seq ${expected} is omitted, but the export has no filter that omits events (a record was hidden)`,
            expected,
          );
        }
        // The stub says which level its event had, under the key's MAC: a stub where the filter
        // keeps the event is a hidden record, and one without a MAC we can check proves nothing.
        const level = record.level;
        if (typeof level !== "string" || !RISK_LEVELS.includes(level as RiskLevel) || filterKeeps(level)) {
          return fail(
            "stub_in_filter",
            `line ${lineNo}: seq ${expected} is omitted, but its level ${JSON.stringify(level)} is not one the export's filter leaves out (a record was hidden)`,
            expected,
          );
        }
        if (key && record.key_id === key.keyId && typeof record.mac === "string") {
          if (!isOmittedMacValid(key.key, expected, record.hash, level, record.mac)) {
            return fail(
              "bad_signature",
              `line ${lineNo}: the stub of seq ${expected} does not verify with key ${key.keyId}`,
              expected,
            );
          }
        } else if (options.allowUnverifiedSeals) {
          result.unverifiedStubs += 1;
        } else {
          return fail(
            "unverified_stub",
            `line ${lineNo}: the stub of seq ${expected} is ${typeof record.mac === "string" ? `MACed with key ${JSON.stringify(record.key_id)}, not the verifier's` : "not MACed"}${key ? "" : " (no seal key here)"}: nothing shows the filter left that event out`,
            expected,
          );
        }
        result.omitted += 1;
        prev = record.hash;
        expected += 1;
        break;
      }
      case "seal": {
        const seal = record.seal as Seal | undefined;
        if (
          !isObject(seal) ||
          typeof seal.chain_tip !== "string" ||
          !Number.isSafeInteger(seal.event_count)
        ) {
          return fail("invalid_shape", `line ${lineNo}: the seal record has no chain_tip or event_count`);
        }
        const id = String(record.id);
        const signature = String(seal.signature);
        if (seenSeals.has(`id:${id}`) || seenSeals.has(`sig:${signature}`)) {
          return fail("duplicate_seal", `${id} (line ${lineNo}) appears twice in the copy`);
        }
        seenSeals.add(`id:${id}`);
        seenSeals.add(`sig:${signature}`);
        if (seal.event_count !== expected) {
          return fail(
            "gap",
            `${id} (line ${lineNo}) seals ${seal.event_count} events but the copy has ${expected} before it (records were deleted or inserted)`,
            Math.min(expected, seal.event_count),
          );
        }
        if (seal.chain_tip !== prev) {
          return fail(
            "seal_mismatch",
            `${id} (line ${lineNo}) seals ${seal.event_count} events with tip ${seal.chain_tip}, but the copy has ${expected} events with tip ${prev} here`,
            expected - 1,
          );
        }
        // The first seal after an event is the one that covers it: each record must name it.
        const wrong = claims.find((claim) => claim.seal !== id);
        if (wrong) {
          return fail(
            "seal_mismatch",
            `seq ${wrong.seq}: its record names ${JSON.stringify(wrong.seal)} as the covering seal, but ${id} (line ${lineNo}) is`,
            wrong.seq,
          );
        }
        if (key && seal.key_id === key.keyId) {
          if (!isSealSignatureValid(seal, key.key)) {
            return fail(
              "bad_signature",
              `${id} (line ${lineNo}): the seal's HMAC does not verify with key ${key.keyId}`,
            );
          }
          result.signaturesChecked += 1;
        } else if (options.allowUnverifiedSeals) {
          result.unverifiedSeals += 1;
        } else {
          return fail(
            "unverified_seal",
            `${id} (line ${lineNo}) is signed with key ${JSON.stringify(seal.key_id)}, ${key ? `not the verifier's ${key.keyId}` : "and there is no seal key here"}: it proves nothing about the events it covers`,
          );
        }
        result.seals += 1;
        if (!started && seal.event_count === result.fromSeq && result.fromSeq! > 0) result.startSeal ??= id;
        claims = [];
        result.sealedEvents += unsealedSince;
        unsealedSince = 0;
        break;
      }
      case "end": {
        if (
          record.next_seq !== expected ||
          record.tip !== prev ||
          record.events !== result.events ||
          record.omitted !== result.omitted
        ) {
          return fail(
            "truncated",
            `line ${lineNo}: the end record names ${String(record.next_seq)} as next seq and ${String(record.events)} events, the copy has ${expected} and ${result.events} (records were deleted or added)`,
          );
        }
        ended = true;
        break;
      }
      default:
        return fail("invalid_shape", `line ${lineNo}: unknown record type ${JSON.stringify(record.type)}`);
    }
  }
  if (result.fromSeq === null) return fail("header", "the file is empty");
  if (!ended)
    return fail(
      "truncated",
      `the copy ends at line ${lineNo} without its end record (records were cut off)`,
      expected,
    );
  result.nextSeq = expected;
  result.tip = prev;
  result.complete = result.fromSeq === 0;
  result.ok = true;
  return result;
}
