import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { lexSimpleCommand, loadShellParser } from "../../src/risk/index.js";
import { parseWithTreeSitter } from "../../src/risk/shell-parser.js";

function shape(script: ReturnType<typeof parseWithTreeSitter>) {
  return script.commands.map((command) => ({
    words: command.words.map((word) => word.value),
    assignments: command.assignments,
    position: command.position,
    length: command.pipelineLength,
  }));
}

describe("the exact tokenizer agrees with tree-sitter on its subset", () => {
  beforeAll(() => loadShellParser());

  const word = fc.stringMatching(/^[A-Za-z0-9_./,:@%+=-]{1,8}$/);
  const command = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(" "));
  const line = fc
    .array(fc.tuple(command, fc.constantFrom(" | ", " && ", " || ", "; ", "|", "&&")), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) =>
      parts.map(([text, op], index) => (index === parts.length - 1 ? text : text + op)).join(""),
    );

  it("same simple commands, words and pipelines", () => {
    fc.assert(
      fc.property(line, (text) => {
        const lite = lexSimpleCommand(text);
        if (lite === null) return; // outside the subset: the parser decides
        const full = parseWithTreeSitter(text);
        expect(full.error).toBe(false);
        expect(shape(lite)).toEqual(shape(full));
      }),
      { numRuns: 2000 },
    );
  });

  it("declines what it does not cover", () => {
    for (const text of [
      "echo 'x'",
      "ls > f",
      "a & b",
      "ls |",
      "if true; then ls; fi",
      "A=1",
      "echo $HOME",
      "rm ~",
    ]) {
      expect(lexSimpleCommand(text)).toBeNull();
    }
  });
});
