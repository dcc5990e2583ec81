// src/policy/command-glob.ts: skipping patterns whose literal prefix no candidate starts with
// gives exactly the answer of trying every pattern.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commandGlobProblem, commandGlobRegex, firstCommandMatch } from "../../src/policy/command-glob.js";

// Globs as a policy can hold them: loading refuses one that does not compile (`[a-*]`).
const glob = fc
  .string({ unit: fc.constantFrom(..."ab -/.*?[]!^\\"), maxLength: 8 })
  .filter((pattern) => commandGlobProblem(pattern) === null);
const command = fc.string({ unit: fc.constantFrom(..."ab -/.*?[]\\\n"), maxLength: 10 });

describe("firstCommandMatch", () => {
  it("answers as trying every pattern in order does", () => {
    fc.assert(
      fc.property(
        fc.array(glob, { maxLength: 4 }),
        fc.array(command, { maxLength: 3 }),
        (patterns, candidates) => {
          const everyPattern =
            patterns.find((pattern) =>
              candidates.some((candidate) => commandGlobRegex(pattern).test(candidate)),
            ) ?? null;
          expect(firstCommandMatch(patterns, candidates)).toBe(everyPattern);
        },
      ),
      { numRuns: 5000 },
    );
    expect(firstCommandMatch(["git push --force*", "sudo *"], ["git status", "sudo rm x"])).toBe("sudo *");
    expect(firstCommandMatch(["sudo *"], ["git status"])).toBeNull();
  });
});
