import type { RiskFlag, RiskLevel } from "../chain/index.js";

const RANK: Record<RiskLevel, number> = { none: 0, low: 1, medium: 2, high: 3, critical: 4 };

export function riskRank(level: RiskLevel): number {
  return RANK[level];
}

export function maxLevel(a: RiskLevel, b: RiskLevel): RiskLevel {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * Accumulates the signals found in one action: the level is the highest signal, flags are
 * the union, reasons keep the order in which signals were found (no duplicates).
 */
export class Score {
  level: RiskLevel = "none";
  readonly flags = new Set<RiskFlag>();
  readonly reasons: string[] = [];
  /** The highest level each reason was raised with (what raised the level: `leading`). */
  private readonly levels = new Map<string, RiskLevel>();

  raise(level: RiskLevel, reason: string, ...flags: RiskFlag[]): this {
    this.level = maxLevel(this.level, level);
    for (const flag of flags) this.flags.add(flag);
    if (!reason) return this;
    const before = this.levels.get(reason);
    if (before === undefined) this.reasons.push(reason);
    this.levels.set(reason, before === undefined ? level : maxLevel(before, level));
    return this;
  }

  /** The reasons raised at the final level, in order: what the level stands on. */
  leading(): string[] {
    return this.reasons.filter((reason) => this.levels.get(reason) === this.level);
  }

  flag(flag: RiskFlag): this {
    this.flags.add(flag);
    return this;
  }

  merge(other: Score): this {
    this.level = maxLevel(this.level, other.level);
    for (const flag of other.flags) this.flags.add(flag);
    for (const reason of other.reasons) this.raise(other.levels.get(reason) ?? "none", reason);
    return this;
  }
}
