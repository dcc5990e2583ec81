import { chainedEventSchema, computeEventHash, GENESIS_HASH } from "./event.js";

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
  /** The hash of every event, when the caller asks to keep them (to check seals against the chain). */
  readonly hashes: string[] | null;

  constructor(options: { keepHashes?: boolean } = {}) {
    this.hashes = options.keepHashes ? [] : null;
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
    const shape = chainedEventSchema.safeParse(parsed);
    if (!shape.success)
      return fail("invalid_shape", `line ${this.lineNo} is not an event: ${shape.error.issues[0]?.message}`);
    const event = shape.data;
    if (event.seq !== expectedSeq) {
      return fail("gap", `expected seq ${expectedSeq}, found seq ${event.seq}`);
    }
    if (event.prev !== this.tip) {
      return fail("broken_link", `prev of seq ${expectedSeq} is not the hash of seq ${expectedSeq - 1}`);
    }
    let actual: string;
    try {
      actual = computeEventHash(parsed as Record<string, unknown>);
    } catch {
      return fail("unparsable", `line ${this.lineNo} cannot be canonicalized`);
    }
    if (actual !== event.hash)
      return fail("hash_mismatch", `seq ${expectedSeq} was modified: its hash does not match its content`);
    this.tip = event.hash;
    this.count += 1;
    this.hashes?.push(event.hash);
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
