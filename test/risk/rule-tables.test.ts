// src/risk/rule-tables.ts: every program has one owner. Two tables claiming a name made the
// later one win silently (`bun publish` was judged as a script run, medium, not a release).
import { beforeAll, describe, expect, it } from "vitest";
import { classify, loadShellParser } from "../../src/risk/index.js";
import { RULE_TABLES } from "../../src/risk/rule-tables.js";
import { action } from "./case-table.js";

describe("rule tables", () => {
  beforeAll(() => loadShellParser());
  it("no program is claimed by two tables", () => {
    const owners = new Map<string, string[]>();
    for (const [table, rules] of Object.entries(RULE_TABLES))
      for (const program of Object.keys(rules)) owners.set(program, [...(owners.get(program) ?? []), table]);
    const claimedTwice = [...owners]
      .filter(([, tables]) => tables.length > 1)
      .map(([p, t]) => `${p}: ${t.join(", ")}`);
    expect(claimedTwice).toEqual([]);
  });

  it("bun publish is a release like npm publish; bun script.ts and bun -e still run code", async () => {
    const level = async (command: string) => (await classify(action(command))).level;
    expect(await level("bun publish")).toBe(await level("npm publish"));
    expect(await level("bun publish")).toBe("high");
    expect(await level("bun install")).toBe("medium");
    expect(await level("bun test")).toBe("low");
    expect(await level("bun run build")).toBe("medium");
    expect(await level(`bun -e "require('fs').rmSync(require('os').homedir(), {recursive: true})"`)).toMatch(
      /high|critical/,
    );
    expect(await level("bun scripts/build.ts")).toBe("medium");
  });
});
