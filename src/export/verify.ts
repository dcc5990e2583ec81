/**
 * Re-verifying an exported JSON Lines copy on its own (`trailseal verify --export <file>`):
 * every event's hash recomputed from the event (JCS without `hash`), every `prev` against the
 * record before, `seq` contiguous from the header's `from_seq`, every seal's tip and count
 * against the copy (and its HMAC when the key is at hand), and the end record against what was
 * read. The first problem is reported with its line and seq. Everything in the file is
 * attacker-controlled: it is parsed defensively and nothing here throws on its content.
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { computeEventHash, RISK_LEVELS, type RiskLevel } from "../chain/index.js";
import { isSealSignatureValid, type Seal } from "../seal/index.js";
import { EXPORT_TYPE, EXPORT_VERSION } from "./records.js";

export type ExportProblemReason =
  | "unparsable"
  | "invalid_shape"
  | "header"
  | "gap"
  | "broken_link"
  | "hash_mismatch"
  | "seal_mismatch"
  | "bad_signature"
  | "truncated";

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
    problem: null,
  };
  let expected = 0;
  let prev = "";
  let lineNo = 0;
  let ended = false;
  let riskFilter: string | null = null;
  let minRisk: string | null = null;
  let unsealedSince = 0; // events since the last seal record (not yet covered in this file)
  let claims: { seq: number; seal: unknown }[] = []; // the covering seal each of those names
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
      expected = result.fromSeq;
      prev = record.prev;
      continue;
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
        if ((riskFilter !== null && level !== riskFilter) || (minRisk !== null && !atLeast(level, minRisk))) {
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
        if (key && seal.key_id === key.keyId) {
          if (!isSealSignatureValid(seal, key.key)) {
            return fail(
              "bad_signature",
              `${id} (line ${lineNo}): the seal's HMAC does not verify with key ${key.keyId}`,
            );
          }
          result.signaturesChecked += 1;
        }
        result.seals += 1;
        // The first seal after an event is the one that covers it: each record must name it.
        const wrong = claims.find((claim) => claim.seal !== id);
        if (wrong) {
          return fail(
            "seal_mismatch",
            `seq ${wrong.seq}: its record names ${JSON.stringify(wrong.seal)} as the covering seal, but ${id} (line ${lineNo}) is`,
            wrong.seq,
          );
        }
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
  result.ok = true;
  return result;
}
