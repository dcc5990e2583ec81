import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EventBody, RiskFlag, RiskLevel } from "../../src/chain/index.js";
import { homePaths, initHome, loadSealKey, type SealKey } from "../../src/home/index.js";
import type { RelayConfig } from "../../src/relay/index.js";
import { appendReceipts, appendSeal, createSeal, type StoredSeal } from "../../src/seal/index.js";
import { appendEvents, trailDir, verifyTrail } from "../../src/trail/index.js";

export const T0 = Date.parse("2026-03-01T00:00:00.000Z");
export const MIN = 60_000;
export const at = (minutes: number) => new Date(T0 + minutes * MIN);
export const iso = (minutes: number) => at(minutes).toISOString();

export function body(level: RiskLevel = "low", flags: RiskFlag[] = [], command = "npm test"): EventBody {
  return {
    risk: { level, flags },
    agent: "claude-code",
    session: "s1",
    cwd: "/repo",
    phase: "record",
    action: { kind: "command", tool: "Bash", command },
    decision: "logged",
    reasons: [],
  };
}

/** A temporary home with a seal key, events at chosen minutes and seals at chosen minutes. */
export class Fixture {
  private constructor(
    readonly home: string,
    readonly key: SealKey,
  ) {}

  static async create(config?: Partial<RelayConfig>): Promise<Fixture> {
    const home = await mkdtemp(join(tmpdir(), "trailseal-report-"));
    await initHome(home);
    if (config) {
      const full = {
        auto_seal: { enabled: true, interval_minutes: 15, seal_when_idle: true, ...config.auto_seal },
        witness: { enabled: false, quorum: 1, endpoints: [], ...config.witness },
      };
      await writeFile(homePaths(home).relayConfig, JSON.stringify(full));
    }
    return new Fixture(home, await loadSealKey(home, {}));
  }

  get trail(): string {
    return trailDir(this.home);
  }

  async event(minute: number, b: EventBody = body()): Promise<void> {
    await appendEvents(this.trail, [b], { now: () => at(minute) });
  }

  /** Seals the first `count` events (default: all) with timestamp `minute`. */
  async seal(minute: number, count?: number, key: SealKey = this.key): Promise<StoredSeal> {
    const whole = await verifyTrail(this.trail);
    const n = count ?? whole.eventCount;
    const { tips } = await verifyTrail(this.trail, { tipsAt: [n] });
    const tip = n === 0 ? `sha256:${"0".repeat(64)}` : tips.get(n)!;
    return appendSeal(homePaths(this.home).seals, createSeal(key, tip, n, iso(minute)));
  }

  async receipt(stored: StoredSeal, witness: string, minute: number): Promise<void> {
    await appendReceipts(homePaths(this.home).seals, [
      {
        seal_id: stored.id,
        witness: { name: witness, url: `https://${witness}.example/api/v1/anchor` },
        receipt: { anchor_id: `wit_${witness}_${stored.id}`, witnessed_at: iso(minute) },
        recorded_at: iso(minute),
      },
    ]);
  }

  async cleanup(): Promise<void> {
    await rm(this.home, { recursive: true, force: true });
  }
}
