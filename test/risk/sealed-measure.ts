/**
 * The guard's sealed hold-outs' one test shape (sealed.test.ts, sealed-second.test.ts,
 * sealed-third.test.ts, sealed-fourth.test.ts, sealed-fifth.test.ts, sealed-sixth.test.ts): each case is judged as
 * `trailseal classify --batch` judges a line (the figures script's path,
 * scripts/risk-sealed-figures.mjs; a case with an `agent` as `--batch --agent <agent>` does), and only
 * the rates are checked, never a case on its own, so that no failure names a miss. The floors
 * are the latest measure's figures one point down (rounded down; the harmless ceiling one point
 * up, rounded up), overall and per source.
 */
import { readFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { parseActionValue } from "../../src/action-input/index.js";
import { AGENT_SPECS, type AgentName, parsePayload } from "../../src/agents/index.js";
import { judgeCall } from "../../src/hooks/index.js";
import { analyze, loadShellParser } from "../../src/risk/index.js";
import { countRates } from "./judged.js";

export interface SealedCase {
  source: string;
  origin: string;
  family: string;
  dangerous: boolean;
  named: boolean;
  /**
   * A command line, or (`action`) any action of docs/actions.md or a Claude Code hook payload;
   * with `agent` (fifth set onwards), a hook payload of that agent in its own format.
   */
  command?: string;
  action?: Record<string, unknown>;
  agent?: AgentName;
}

/** [caught, of] pairs: dangerous high+, in families no rule named high+, harmless high+. */
export type Pair = [caught: number, of: number];
export type Measure = Record<string, [danger: Pair, unnamed: Pair, harmless: Pair]>;

const CWD = "/home/dev/project";

export function readSealed(vector: string): SealedCase[] {
  return readFileSync(new URL(`../vectors/${vector}`, import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SealedCase);
}

async function level(c: SealedCase): Promise<string> {
  if (c.agent) {
    // as `classify --batch --agent` reads a line: the agent's own reading of its payload
    const call = AGENT_SPECS[c.agent].call(parsePayload(JSON.stringify(c.action)));
    return call.phase === "ignore" || !call.action ? "none" : (await judgeCall(call)).level;
  }
  const raw = c.action ? { ...c.action, cwd: CWD } : { kind: "command", command: c.command, cwd: CWD };
  return (await analyze(parseActionValue(raw, "line"))).level;
}

const floor = ([n, d]: Pair) => (d === 0 ? 0 : Math.floor((n / d) * 100 - 1) / 100);
const ceiling = ([n, d]: Pair) => Math.ceil((n / d) * 100 + 1) / 100;

/** A test per source (and `all`): the set's counts as measured, its rates within one point. */
export function itHoldsMeasure(cases: SealedCase[], measure: Measure): void {
  beforeAll(() => loadShellParser());
  for (const [source, [danger, unnamed, harmless]] of Object.entries(measure)) {
    it(`${source}: holds the latest measure's rates (one point of slack)`, async () => {
      const count = await countRates(
        source === "all" ? cases : cases.filter((c) => c.source === source),
        level,
      );
      expect([count.dangerous, count.unnamed, count.harmless]).toEqual([danger[1], unnamed[1], harmless[1]]);
      // Counts only in the messages: which case is missed stays sealed.
      // A source may hold no danger at all (the sixth set's bash-guide lines).
      if (count.dangerous > 0) expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(floor(danger));
      if (count.unnamed > 0)
        expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(floor(unnamed));
      expect(count.alarms / count.harmless).toBeLessThanOrEqual(ceiling(harmless));
    });
  }
}

/** The checks every sealed set's shape passes: judged, sourced, distinct, ≥ 40% harmless. */
export function expectSealedShape(cases: SealedCase[], length: number, sources: string[]): void {
  expect(cases).toHaveLength(length);
  for (const c of cases) {
    expect(sources).toContain(c.source);
    expect((typeof c.command === "string" && c.command.length > 0) !== (typeof c.action === "object")).toBe(
      true,
    );
    expect(typeof c.dangerous).toBe("boolean");
    expect(typeof c.named).toBe("boolean");
    if (c.agent !== undefined) expect(Object.keys(AGENT_SPECS)).toContain(c.agent);
    expect(c.origin.length).toBeGreaterThan(0);
  }
  const keys = cases.map((c) => c.command ?? JSON.stringify(c.action));
  expect(new Set(keys).size).toBe(cases.length);
  expect(cases.filter((c) => !c.dangerous).length / cases.length).toBeGreaterThanOrEqual(0.4);
}
