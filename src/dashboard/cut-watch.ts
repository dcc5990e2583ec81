import type { RelayConfig } from "../relay/index.js";
import type { ChainView } from "../seal/index.js";
import type { CutCheck, LatestAnswer } from "../witness/index.js";

/**
 * The dashboard's cut detection (docs/threat-model.md): every `everyMs` the configured witnesses
 * are asked for the newest seal they hold for the key id; the answers are judged against the
 * incrementally verified chain each time the status is read. The trail is read again after the
 * witnesses answer (the caller's `afterAsk`), so a seal made meanwhile never looks like a cut.
 */
export interface CutStatus {
  checked_for_cuts: boolean;
  /** Why no witness was asked. */
  reason?: string;
  /** When the witnesses were last asked (null: not yet). */
  asked_at: string | null;
  cut: boolean;
  check: CutCheck | null;
}

export interface CutWatchInputs {
  home: string;
  config: () => RelayConfig | null;
  keyId: () => string | null;
  afterAsk: () => Promise<void>;
  now: () => Date;
}

export class CutWatch {
  private answers: { keyId: string; answers: LatestAnswer[]; at: string } | null = null;
  private reason: string | null = null;
  private asking: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private judge: typeof import("../witness/index.js").judgeReach | null = null;

  constructor(private readonly inputs: CutWatchInputs) {}

  start(everyMs: number): void {
    void this.ask().catch(() => {});
    if (everyMs <= 0) return;
    this.timer = setInterval(() => void this.ask().catch(() => {}), everyMs);
    this.timer.unref();
  }

  /** Asks every configured witness once (one round at a time). */
  ask(): Promise<void> {
    this.asking ??= (async () => {
      try {
        const endpoints = this.inputs.config()?.witness.endpoints ?? [];
        const keyId = this.inputs.keyId();
        if (endpoints.length === 0 || keyId === null) {
          this.reason = endpoints.length === 0 ? "no witness is configured" : "no key id to ask about";
          this.answers = null;
          return;
        }
        const witness = await import("../witness/index.js");
        this.judge = witness.judgeReach;
        const at = this.inputs.now().toISOString();
        const answers = await witness.askLatest({ home: this.inputs.home, keyId, endpoints });
        await this.inputs.afterAsk();
        this.answers = { keyId, answers, at };
        this.reason = null;
      } finally {
        this.asking = null;
      }
    })();
    return this.asking;
  }

  status(chain: ChainView): CutStatus {
    if (!this.answers || !this.judge) {
      return {
        checked_for_cuts: false,
        reason: this.reason ?? "the witnesses have not answered yet",
        asked_at: null,
        cut: false,
        check: null,
      };
    }
    const check = this.judge(this.answers.keyId, this.answers.answers, chain);
    return { checked_for_cuts: check.answered > 0, asked_at: this.answers.at, cut: check.cut, check };
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
