/**
 * Redaction measured on credentials written in code (test/vectors/secret-tuning-code5.jsonl,
 * origin note beside it: njsscan's, horusec's, sonar-java's, sonar-dotnet's and Amazon Q's
 * hard-coded-credential tests and samples, client libraries' documented examples, sonar-php's
 * test as a last check), each example carried as code-vectors.mjs carries it — a file written,
 * an edit's new text, a Codex patch, the command line running it — on the built CLI's redaction
 * (dist/, `npm run build` first). Tuning material in batches; the assertions hold the floors of
 * the last recorded run (docs/export.md), per batch.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtRedactor } from "./built.js";
import { CODE_CARRIERS, type CodeVector, measureCode } from "./code-vectors.mjs";
import { readVectors, report, share } from "./scanner-vectors.mjs";

type Tallies = Awaited<ReturnType<typeof measureCode>>;

describe("redaction on credentials in code", () => {
  const tallies: Record<number, Tallies> = {};
  beforeAll(async () => {
    const redactEventBody = await builtRedactor();
    const vectors = readVectors("secret-tuning-code5.jsonl") as CodeVector[];
    for (const batch of [1, 2, 3, 4]) {
      tallies[batch] = await measureCode(
        vectors.filter((vector) => (vector.batch ?? 1) === batch),
        redactEventBody,
      );
      const main = Object.fromEntries(
        Object.entries(tallies[batch]!).filter(([name]) => !name.includes(" · ")),
      );
      console.log(report(`credentials in code, batch ${batch}`, main));
    }
  }, 300_000);

  it("the first batch: true positives redacted, the same on every carrier", () => {
    // The misses left are decided ones: fillers (`xxx`), the slot's own word, `foo`, `anonymous`
    // (docs/decisions/redaction-code.md), and two plain-letter values a call pairs with a name.
    expect(share(tallies[1]!.tp!)).toBeGreaterThanOrEqual(0.78);
    for (const carrier of CODE_CARRIERS)
      expect(tallies[1]![`tp ${carrier}`]!.good).toBe(tallies[1]!.tp!.good / 4);
    for (const family of [
      "object-literal",
      "member-assignment",
      "comparison",
      "api-positional",
      "to-char-array",
    ])
      expect(share(tallies[1]![`tp · ${family}`]!)).toBeGreaterThanOrEqual(
        family === "member-assignment" ? 0.9 : 1,
      );
  });

  it("the first batch: false positives left alone", () => {
    expect(share(tallies[1]!.fp!)).toBeGreaterThanOrEqual(0.95);
    for (const family of ["reference", "declaration", "empty", "anonymous"])
      expect(share(tallies[1]![`fp · ${family}`]!)).toBe(1);
  });

  it("the second batch: true positives redacted, false positives left alone", () => {
    // The misses left are decided ones: the slot's own word, fillers, documentation's EXAMPLE keys.
    expect(share(tallies[2]!.tp!)).toBeGreaterThanOrEqual(0.83);
    expect(share(tallies[2]!.fp!)).toBeGreaterThanOrEqual(0.98);
    for (const family of ["dataflow", "connection-string", "api-positional", "object-literal"])
      expect(share(tallies[2]![`tp · ${family}`]!)).toBe(1);
  });

  it("the third batch: every credential redacted, every other value left", () => {
    expect(share(tallies[3]!.tp!)).toBe(1);
    expect(share(tallies[3]!.fp!)).toBe(1);
  });

  it("the fourth batch, measured once with no rule after it: every credential but Sonar's fillers", () => {
    // Its positives are `xxx` fillers (left by decision) and two literals under camelCase names.
    expect(share(tallies[4]!["tp · camel-name"]!)).toBe(1);
    expect(share(tallies[4]!.fp!)).toBe(1);
  });
});
