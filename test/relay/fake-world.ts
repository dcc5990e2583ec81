import { GENESIS_HASH } from "../../src/chain/index.js";
import type {
  PublishFn,
  RelayCore,
  RelayDeps,
  RelayRuntimeState,
  WitnessEndpoint,
} from "../../src/relay/index.js";
import type { StoredSeal } from "../../src/seal/index.js";

/** A fake clock and timer queue: `advance` fires due timers in time order and lets the core settle. */
export class FakeTime {
  now = Date.parse("2026-01-01T00:00:00.000Z");
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 1;
  core: RelayCore | null = null;

  readonly clock = { now: () => this.now };
  readonly timers_ = {
    setTimeout: (callback: () => void, ms: number) => {
      const id = this.nextId++;
      this.timers.push({ at: this.now + ms, callback, id });
      return id;
    },
    clearTimeout: (handle: unknown) => {
      this.timers = this.timers.filter((t) => t.id !== handle);
    },
  };

  pendingTimers(): number {
    return this.timers.length;
  }

  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      await this.core?.idle();
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.now = Math.max(this.now, next.at);
      next.callback();
      await this.core?.idle();
    }
    this.now = end;
  }
}

export interface PublishCall {
  seal_id: string;
  at: number;
  endpoints: string[];
  quorum: number;
}

/** Witnesses that are up or down by name; records every publish call. */
export class FakeWitnesses {
  up = new Map<string, boolean>();
  calls: PublishCall[] = [];
  constructor(
    readonly endpoints: WitnessEndpoint[],
    private readonly time: FakeTime,
  ) {
    for (const e of endpoints) this.up.set(e.name, true);
  }

  readonly publish: PublishFn = async ({ stored, endpoints, quorum }) => {
    this.calls.push({
      seal_id: stored.id,
      at: this.time.now,
      endpoints: endpoints.map((e) => e.name),
      quorum,
    });
    const outcomes = endpoints.map((e) =>
      this.up.get(e.name)
        ? { name: e.name, url: e.url, ok: true }
        : { name: e.name, url: e.url, ok: false, error: { code: "WITNESS_UNREACHABLE", message: "down" } },
    );
    const confirmations = outcomes.filter((o) => o.ok).length;
    return { seal_id: stored.id, quorum, confirmations, met: confirmations >= quorum, outcomes };
  };
}

export function endpoints(...names: string[]): WitnessEndpoint[] {
  return names.map((name) => ({ name, url: `http://127.0.0.1:1/${name}/api/v1/anchor` }));
}

/** A fake trail + seal store: `events` is the count; sealing makes a seal of the current count. */
export class FakeStore {
  events = 0;
  seals: StoredSeal[] = [];
  saved: RelayRuntimeState[] = [];
  logs: string[] = [];

  constructor(private readonly time: FakeTime) {}

  tip(): string {
    return this.events === 0 ? GENESIS_HASH : `sha256:${this.events.toString(16).padStart(64, "0")}`;
  }

  deps(publish: PublishFn): RelayDeps {
    return {
      clock: this.time.clock,
      timers: this.time.timers_,
      seal: async () => {
        const stored: StoredSeal = {
          id: `seal-${this.seals.length + 1}`,
          seal: {
            chain_tip: this.tip(),
            event_count: this.events,
            timestamp: new Date(this.time.now).toISOString(),
            signature: `hmac-sha256:${"a".repeat(64)}`,
            key_id: "ts-test",
          },
          receipts: [],
        };
        this.seals.push(stored);
        return stored;
      },
      readTip: async () => ({ tip: this.tip(), count: this.events }),
      publish,
      saveState: async (state) => {
        this.saved.push(state);
      },
      log: (level, message) => {
        this.logs.push(`${level} ${message}`);
      },
    };
  }
}
