import { canonicalJson, SHA256_REF, sha256Hex } from "../encoding/index.js";
import { type CanonicalEventLine, scanCanonicalEventLine } from "./canonical-bytes.js";
import { computeEventHash, GENESIS_HASH, RISK_FLAGS, RISK_LEVELS } from "./event.js";

const LEVELS = new Set<unknown>(RISK_LEVELS);
const FLAGS = new Set<unknown>(RISK_FLAGS);

/** The fields an event requires (docs/trail-format.md), checked by hand: this runs once per event on million-event trails. */
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

export type BreakReason =
  | "unparsable"
  | "invalid_shape"
  | "not_canonical"
  | "gap"
  | "broken_link"
  | "hash_mismatch";

export interface ChainBreak {
  seq: number;
  line: number;
  reason: BreakReason;
  message: string;
}

/**
 * Why a line broke the chain, independent of where: a verifier of one range of the trail
 * (a worker) reports the cause, and whoever knows the line's global position builds the break.
 */
export type BreakCause =
  | {
      kind:
        | "not_json"
        | "not_object"
        | "broken_link"
        | "not_canonical"
        | "not_canonical_form"
        | "hash_mismatch";
    }
  | { kind: "not_event"; problem: string }
  | { kind: "gap"; found: number };

/** The break a cause makes at 1-based `line`, where event `seq` was expected. */
export function chainBreak(cause: BreakCause, line: number, seq: number): ChainBreak {
  const at = (reason: BreakReason, message: string): ChainBreak => ({ seq, line, reason, message });
  switch (cause.kind) {
    case "not_json":
      return at("unparsable", `line ${line} is not JSON`);
    case "not_object":
      return at("invalid_shape", `line ${line} is not a JSON object`);
    case "not_event":
      return at("invalid_shape", `line ${line} is not an event: ${cause.problem}`);
    case "gap":
      return at("gap", `expected seq ${seq}, found seq ${cause.found}`);
    case "broken_link":
      return at("broken_link", `prev of seq ${seq} is not the hash of seq ${seq - 1}`);
    case "not_canonical":
      return at("unparsable", `line ${line} cannot be canonicalized`);
    case "not_canonical_form":
      return at("not_canonical", `line ${line} is not the canonical JSON (RFC 8785) of its event`);
    case "hash_mismatch":
      return at("hash_mismatch", `seq ${seq} was modified: its hash does not match its content`);
  }
}

export interface ChainState {
  tip: string;
  count: number;
}

export interface ChainVerifierOptions {
  /** Event counts whose tip to keep (`tips`). */
  tipsAt?: Iterable<number>;
  /**
   * Verify a range that starts mid-trail: the first line's `seq` and `prev` are taken as given
   * (and kept in `first`) instead of checked; whoever stitches ranges checks them.
   */
  floating?: boolean;
  /**
   * Continue a chain already verified up to here (a verified prefix): the first line must be
   * event `count` and link to `tip`.
   */
  start?: ChainState;
}

/**
 * Streaming verifier: feed it the trail's lines in order; it keeps O(1) state and reports the
 * first break. Lines are untrusted: nothing here throws on hostile input.
 */
export class ChainVerifier {
  /**
   * The tip: its 64 hex digits, and the `sha256:…` reference built only when asked for (the
   * fast path compares and stores digits, so a million lines make no million references).
   */
  private tipHex = GENESIS_HASH.slice(7);
  private tipRef: string | null = GENESIS_HASH;
  private count = 0;
  private lineNo = 0;
  private failure: ChainBreak | null = null;
  private failureCause: BreakCause | null = null;
  private floating: boolean;
  /** With `floating`: seq and prev of the first line, once it parsed as an event. */
  first: { seq: number; prev: string } | null = null;
  /** The tip after each of the requested event counts (to check seals against the chain). */
  readonly tips = new Map<number, string>();
  private readonly tipsAt: ReadonlySet<number>;

  constructor(options: ChainVerifierOptions = {}) {
    this.tipsAt = new Set(options.tipsAt ?? []);
    this.floating = options.floating ?? false;
    if (options.start) {
      this.count = options.start.count;
      this.tip = options.start.tip;
    }
  }

  private get tip(): string {
    if (this.tipRef === null) this.tipRef = `sha256:${this.tipHex}`;
    return this.tipRef;
  }

  /** `ref` is a sha256 reference (checked by the caller). */
  private set tip(ref: string) {
    this.tipRef = ref;
    this.tipHex = ref.slice(7);
  }

  /** Scratch space for the hashed bytes of a line (the line without its hash member). */
  private scratch = Buffer.allocUnsafe(4096);
  /** Views of `scratch` by length: lines of a trail come in few lengths, and a view costs an allocation. */
  private views = new Map<number, Buffer>();
  private readonly found: CanonicalEventLine = { seq: 0, prev: 0, hash: 0, hashMember: 0, hashMemberEnd: 0 };

  /**
   * `push` for the UTF-8 bytes of one line (a view holding just that line, without its newline):
   * what `verifyTrail` feeds, with the same verdicts. A line proven canonical and well-shaped that
   * also links and hashes correctly is checked as bytes, never decoded (canonical-bytes.ts); any
   * other line, broken ones included, is decoded and takes the general path of `push`, which
   * then names the break exactly as it always has.
   */
  pushBytes(line: Buffer): ChainBreak | null {
    if (this.failure) return this.failure;
    const found = this.found;
    if (!scanCanonicalEventLine(line, found) || !this.fastLinks(line, found))
      return this.check(line.toString("utf8"), line);
    const cut = found.hashMemberEnd - found.hashMember;
    const length = line.length - cut;
    if (this.scratch.length < length) {
      this.scratch = Buffer.allocUnsafe(Math.max(length, 2 * this.scratch.length));
      this.views.clear();
    }
    line.copy(this.scratch, 0, 0, found.hashMember);
    line.copy(this.scratch, found.hashMember, found.hashMemberEnd);
    let view = this.views.get(length);
    if (view === undefined) {
      if (this.views.size >= 64) this.views.clear();
      view = this.scratch.subarray(0, length);
      this.views.set(length, view);
    }
    const digest = sha256Hex(view);
    const at = found.hash + 7;
    for (let k = 0; k < 64; k += 1)
      if (line[at + k] !== digest.charCodeAt(k)) return this.check(line.toString("utf8"), line);
    this.lineNo += 1;
    this.tipHex = digest;
    this.tipRef = null;
    this.count += 1;
    if (this.tipsAt.has(this.count)) this.tips.set(this.count, this.tip);
    return null;
  }

  /** seq and prev of a scanned line continue the chain (the first line of a floating range: always). */
  private fastLinks(line: Buffer, found: CanonicalEventLine): boolean {
    if (this.floating && this.lineNo === 0) {
      const prev = line.toString("latin1", found.prev, found.prev + 71);
      if (!SHA256_REF.test(prev)) return false;
      this.takeFirst(found.seq, prev);
      return true;
    }
    if (found.seq !== this.count) return false;
    const tip = this.tipHex;
    const at = found.prev + 7;
    for (let k = 0; k < 64; k += 1) if (line[at + k] !== tip.charCodeAt(k)) return false;
    return true;
  }

  /**
   * Returns the break found at this line, or null. After a break, further lines are ignored.
   * Always the general path; given bytes, canonical form is judged on them (see `check`).
   */
  push(line: string | Buffer): ChainBreak | null {
    return typeof line === "string" ? this.check(line, null) : this.check(line.toString("utf8"), line);
  }

  /**
   * The general path. `bytes`, when given, are the line as stored: canonical form is judged on
   * them, since decoding would turn malformed UTF-8 into U+FFFD that re-encodes "canonically".
   */
  private check(line: string, bytes: Buffer | null): ChainBreak | null {
    if (this.failure) return this.failure;
    this.lineNo += 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return this.fail({ kind: "not_json" });
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return this.fail({ kind: "not_object" });
    }
    const record = parsed as Record<string, unknown>;
    const problem = shapeError(record);
    if (problem) return this.fail({ kind: "not_event", problem });
    const event = record as { seq: number; prev: string; hash: string };
    if (this.floating && this.lineNo === 1) this.takeFirst(event.seq, event.prev);
    if (event.seq !== this.count) return this.fail({ kind: "gap", found: event.seq });
    if (event.prev !== this.tip) return this.fail({ kind: "broken_link" });
    // The line must be byte for byte the JCS form of what it parses to. Comparing bytes (not a
    // parse round trip) also rejects duplicate members: JSON.parse keeps the last, a reader that
    // keeps the first would show another event under the same hash.
    let canonical: string;
    try {
      canonical = canonicalJson(record);
    } catch {
      return this.fail({ kind: "not_canonical" });
    }
    if (bytes ? !bytes.equals(Buffer.from(canonical, "utf8")) : canonical !== line)
      return this.fail({ kind: "not_canonical_form" });
    const actual = computeEventHash(record);
    if (actual !== event.hash) return this.fail({ kind: "hash_mismatch" });
    return this.accept(event.hash);
  }

  /** A floating range starts where its first line says it does. */
  private takeFirst(seq: number, prev: string): void {
    this.first = { seq, prev };
    this.count = seq;
    this.tip = prev;
  }

  private accept(hash: string): null {
    this.tip = hash;
    this.count += 1;
    if (this.tipsAt.has(this.count)) this.tips.set(this.count, hash);
    return null;
  }

  private fail(cause: BreakCause): ChainBreak {
    this.failureCause = cause;
    this.failure = chainBreak(cause, this.lineNo, this.count);
    return this.failure;
  }

  get broken(): ChainBreak | null {
    return this.failure;
  }

  /** Why the chain broke (with `broken.line`, enough to rebuild the break at another position). */
  get brokenCause(): BreakCause | null {
    return this.failureCause;
  }

  /** Lines pushed so far (up to and including a break). */
  get lines(): number {
    return this.lineNo;
  }

  /** Tip and count of the verified prefix. */
  get state(): ChainState {
    return { tip: this.tip, count: this.count };
  }
}
