/**
 * The project's own case table, beyond the public corpus: generalisation (wrappers, nesting,
 * URL forms, other tools) and false-positive traps (text that only mentions danger).
 * The rows live in case-table.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { analyze, loadShellParser } from "../../src/risk/index.js";
import { action, ROWS } from "./case-table.js";

describe("risk case table", () => {
  beforeAll(() => loadShellParser());
  for (const [input, levels, flags = "", absent = ""] of ROWS) {
    const name = typeof input === "string" ? input : JSON.stringify(input);
    it(name.replace(/\n/g, "\\n"), async () => {
      const result = await analyze(action(input));
      const view = JSON.stringify({ level: result.level, flags: result.flags, reasons: result.reasons });
      expect(levels.split(" "), view).toContain(result.level);
      for (const flag of flags.split(" ").filter(Boolean)) expect(result.flags, view).toContain(flag);
      for (const flag of absent.split(" ").filter(Boolean)) expect(result.flags, view).not.toContain(flag);
    });
  }

  it("never answers none for input the parser cannot read", async () => {
    for (const text of ["if then fi", "echo $(", "(((", "ls |", "'"]) {
      const result = await analyze(action(text));
      expect(["high", "critical"]).toContain(result.level);
    }
  });
});
