import { type ChainBreak, ChainVerifier, GENESIS_HASH } from "../chain/index.js";
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
}

export class IncrementalIntegrity {
  private verifier = new ChainVerifier();
  private hashes = new HashLog();
  /** Per seal id: a final result. A seal whose events are not all read yet has none. */
  private results = new Map<string, SealResult>();
  caughtUp = false;

  reset(): void {
    this.verifier = new ChainVerifier();
    this.hashes = new HashLog();
    this.results.clear();
    this.caughtUp = false;
  }

  push(line: string): void {
    if (this.verifier.broken) return;
    if (this.verifier.push(line) === null) this.hashes.push(this.verifier.state.tip);
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
      // checkSealAgainstChain reads `.length` and the one index the seal names: a sparse
      // array avoids materialising every hash as a string.
      const view: string[] = [];
      view.length = count;
      if (seal.event_count >= 1 && seal.event_count <= count)
        view[seal.event_count - 1] = this.hashes.at(seal.event_count - 1)!;
      const withKey = key !== null && keyId === seal.key_id ? key : undefined;
      const check =
        seal.event_count === 0 && seal.chain_tip === GENESIS_HASH
          ? checkSealAgainstChain(seal, [], withKey)
          : checkSealAgainstChain(seal, view, withKey);
      this.results.set(stored.id, check.ok ? { id: stored.id, ok: true } : { id: stored.id, ...check });
    }
  }

  status(signaturesChecked: boolean): IntegrityStatus {
    const results = [...this.results.values()];
    const failures = results.filter((result) => !result.ok);
    const broken = this.verifier.broken;
    return {
      state: !this.caughtUp ? "verifying" : broken || failures.length > 0 ? "broken" : "ok",
      verified_events: this.verifier.state.count,
      chain_tip: this.verifier.state.tip,
      broken,
      seals_checked: results.length,
      seals_ok: results.length - failures.length,
      seal_failures: failures.slice(-20),
      signatures_checked: signaturesChecked,
    };
  }
}
