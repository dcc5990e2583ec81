import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseActionValue } from "../../src/action-input/index.js";
import { analyze, loadShellParser } from "../../src/risk/index.js";

const CORPUS = resolve(import.meta.dirname, "../vectors/risk-cases.jsonl");

interface Case {
  id: string;
  input: Record<string, unknown>;
  levels: string[];
  flags: string[];
  absent_flags: string[];
  why: string;
}

const cases: Case[] = readFileSync(CORPUS, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Case);

describe("public risk corpus (test/vectors/risk-cases.jsonl)", () => {
  beforeAll(() => loadShellParser());

  it("has cases", () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  for (const c of cases) {
    it(`${c.id}`, async () => {
      const result = await analyze(parseActionValue(c.input));
      const view = { level: result.level, flags: result.flags, reasons: result.reasons };
      expect(c.levels, JSON.stringify(view)).toContain(result.level);
      for (const flag of c.flags) expect(result.flags, JSON.stringify(view)).toContain(flag);
      for (const flag of c.absent_flags) expect(result.flags, JSON.stringify(view)).not.toContain(flag);
    });
  }
});
