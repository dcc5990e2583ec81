import { SHA256_REF } from "../encoding/index.js";
import { computeEventHash, GENESIS_HASH, hashCanonicalEventLine, RISK_FLAGS, RISK_LEVELS } from "./event.js";

const LEVELS = new Set<unknown>(RISK_LEVELS);
const FLAGS = new Set<unknown>(RISK_FLAGS);

/** The fields DESIGN §4 requires, checked by hand: this runs once per event on million-event trails. */
function shapeError(event: Record<string, unknown>): string | null {
  if (!Number.isSafeInteger(event.seq) || (event.seq as number) < 0)
    return "seq is not a non-negative integer";
  if (typeof event.ts !== "string") return "ts is not a string";
  if (typeof event.prev !== "string" || !SHA256_REF.test(event.prev)) return "prev is not a sha256 reference";
  if (typeof event.hash !== "string" || !SHA256_REF.test(event.hash)) return "hash is not a sha256 reference";
  const risk = event.risk as { level?: unknown; flags?: unknown } | null;
  if (typeof risk !== "object" || risk === null || !LEVELS.has(risk.level))
    return "risk.level is not a risk level";
  if (!Array.isArray(risk.flags) || !risk.flags.every((flag) => FLAGS.has(flag)))
    return "risk.flags is not a list of flags";
  return null;
}

export type BreakReason = "unparsable" | "invalid_shape" | "gap" | "broken_link" | "hash_mismatch";

export interface ChainBreak {
  seq: number;
  line: number;
  reason: BreakReason;
  message: string;
}

export interface ChainState {
  tip: string;
  count: number;
}

/**
 * Streaming verifier: feed it the trail's lines in order; it keeps O(1) state and reports the
 * first break. Lines are untrusted: nothing here throws on hostile input.
 */
export class ChainVerifier {
  private tip = GENESIS_HASH;
  private count = 0;
  private lineNo = 0;
  private failure: ChainBreak | null = null;
  /** The tip after each of the requested event counts (to check seals against the chain). */
  readonly tips = new Map<number, string>();
  private readonly tipsAt: ReadonlySet<number>;

  constructor(options: { tipsAt?: Iterable<number> } = {}) {
    this.tipsAt = new Set(options.tipsAt ?? []);
  }

  /** Returns the break found at this line, or null. After a break, further lines are ignored. */
  push(line: string): ChainBreak | null {
    if (this.failure) return this.failure;
    this.lineNo += 1;
    const expectedSeq = this.count;
    const fail = (reason: BreakReason, message: string, seq = expectedSeq) => {
      this.failure = { seq, line: this.lineNo, reason, message };
      return this.failure;
    };
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return fail("unparsable", `line ${this.lineNo} is not JSON`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return fail("invalid_shape", `line ${this.lineNo} is not a JSON object`);
    }
    const record = parsed as Record<string, unknown>;
    const problem = shapeError(record);
    if (problem) return fail("invalid_shape", `line ${this.lineNo} is not an event: ${problem}`);
    const event = record as { seq: number; prev: string; hash: string };
    if (event.seq !== expectedSeq) {
      return fail("gap", `expected seq ${expectedSeq}, found seq ${event.seq}`);
    }
    if (event.prev !== this.tip) {
      return fail("broken_link", `prev of seq ${expectedSeq} is not the hash of seq ${expectedSeq - 1}`);
    }
    let actual: string;
    try {
      actual = hashCanonicalEventLine(line, record) ?? computeEventHash(record);
    } catch {
      return fail("unparsable", `line ${this.lineNo} cannot be canonicalized`);
    }
    if (actual !== event.hash)
      return fail("hash_mismatch", `seq ${expectedSeq} was modified: its hash does not match its content`);
    this.tip = event.hash;
    this.count += 1;
    if (this.tipsAt.has(this.count)) this.tips.set(this.count, event.hash);
    return null;
  }

  get broken(): ChainBreak | null {
    return this.failure;
  }

  /** Tip and count of the verified prefix. */
  get state(): ChainState {
    return { tip: this.tip, count: this.count };
  }
}
