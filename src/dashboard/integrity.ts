import { type ChainBreak, ChainVerifier } from "../chain/index.js";
import { checkSealAgainstChain, type StoredSeal } from "../seal/index.js";

/**
 * Chain integrity computed incrementally: the same streaming verifier `verifyTrail` uses is fed
 * each line as the tail reads it, so a new event costs one hash, never a re-verification.
 * The hash of every verified event is kept (32 bytes each, in one growing buffer) so that any
 * stored seal, old or new, is checked against the chain without re-reading the trail.
 */
export class HashLog {
  private buffer = Buffer.alloc(32 * 1024);
  length = 0;

  push(hash: string): void {
    if ((this.length + 1) * 32 > this.buffer.length) {
      const bigger = Buffer.alloc(this.buffer.length * 2);
      this.buffer.copy(bigger);
      this.buffer = bigger;
    }
    this.buffer.write(hash.slice("sha256:".length), this.length * 32, 32, "hex");
    this.length += 1;
  }

  at(index: number): string | undefined {
    if (index < 0 || index >= this.length) return undefined;
    return `sha256:${this.buffer.toString("hex", index * 32, index * 32 + 32)}`;
  }
}

export interface SealResult {
  id: string;
  ok: boolean;
  code?: string;
  message?: string;
}

export interface IntegrityStatus {
  /** `verifying` until the first pass over the trail is done. */
  state: "verifying" | "ok" | "broken";
  verified_events: number;
  chain_tip: string;
  broken: ChainBreak | null;
  seals_checked: number;
  seals_ok: number;
  /** Seals that do not match the chain (newest last, at most 20). */
  seal_failures: SealResult[];
  /** Whether seal signatures were checked (the seal key is readable here). */
  signatures_checked: boolean;
  /** Last background re-verification of the whole trail from byte 0 (null: not yet run). */
  full_check: { at: string; ok: boolean; message: string | null } | null;
}

export class IncrementalIntegrity {
  private verifier = new ChainVerifier();
  private hashes = new HashLog();
  /** Per seal id: a final result. A seal whose events are not all read yet has none. */
  private results = new Map<string, SealResult>();
  caughtUp = false;
  /** Result of the last full re-verification (see `recheck`). */
  fullCheck: { at: string; ok: boolean; message: string | null } | null = null;

  reset(): void {
    this.verifier = new ChainVerifier();
    this.hashes = new HashLog();
    this.results.clear();
    this.caughtUp = false;
    this.fullCheck = null;
  }

  /**
   * Re-verifies the trail from byte 0 up to the events verified so far, and compares with
   * what was verified incrementally: catches bytes rewritten in place behind the read offset
   * (same size, so the tail does not notice). `lines` is a fresh read of the trail.
   */
  async recheck(lines: AsyncIterable<string>, at: Date): Promise<void> {
    const target = this.hashes.length;
    const hashes = this.hashes;
    const verifier = new ChainVerifier();
    for await (const line of lines) {
      if (verifier.state.count >= target || verifier.push(line)) break;
    }
    if (hashes !== this.hashes) return; // reset meanwhile: the rebuild supersedes this check
    const { count, tip } = verifier.state;
    let message: string | null = null;
    if (verifier.broken && verifier.broken.seq < target) {
      message = `re-verification: ${verifier.broken.message}`;
    } else if (count < target) {
      message = `re-verification found ${count} events where ${target} were verified before`;
    } else if (target > 0 && tip !== hashes.at(target - 1)) {
      message = `re-verification: the first ${target} events were rewritten since they were read`;
    }
    this.fullCheck = { at: at.toISOString(), ok: message === null, message };
  }

  push(line: string): void {
    if (this.verifier.broken) return;
    if (this.verifier.push(line) === null) this.hashes.push(this.verifier.state.tip);
  }

  /** The verified chain as a seal or a witnessed seal is judged against. */
  chainView(): { count: number; tipAt(count: number): string | undefined } {
    const hashes = this.hashes;
    return { count: hashes.length, tipAt: (n) => hashes.at(n - 1) };
  }

  get verifiedEvents(): number {
    return this.verifier.state.count;
  }

  /**
   * Checks the seals not yet judged. Call when the tail is caught up: a seal covering more
   * events than the verified chain then means the trail was cut or is broken before its tip.
   */
  checkSeals(seals: readonly StoredSeal[], key: Buffer | null, keyId: string | null): void {
    const count = this.hashes.length;
    for (const stored of seals) {
      if (this.results.has(stored.id)) continue;
      const { seal } = stored;
      const withKey = key !== null && keyId === seal.key_id ? key : undefined;
      const hashes = this.hashes;
      const check = checkSealAgainstChain(seal, { count, tipAt: (n) => hashes.at(n - 1) }, withKey);
      this.results.set(stored.id, check.ok ? { id: stored.id, ok: true } : { id: stored.id, ...check });
    }
  }

  status(signaturesChecked: boolean): IntegrityStatus {
    const results = [...this.results.values()];
    const failures = results.filter((result) => !result.ok);
    const broken = this.verifier.broken;
    return {
      state: !this.caughtUp
        ? "verifying"
        : broken || failures.length > 0 || this.fullCheck?.ok === false
          ? "broken"
          : "ok",
      verified_events: this.verifier.state.count,
      chain_tip: this.verifier.state.tip,
      broken,
      seals_checked: results.length,
      seals_ok: results.length - failures.length,
      seal_failures: failures.slice(-20),
      signatures_checked: signaturesChecked,
      full_check: this.fullCheck,
    };
  }
}
