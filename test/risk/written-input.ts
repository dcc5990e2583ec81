/**
 * A file tool's input in each agent's spelling of new text (Write, Edit, MultiEdit, Codex's
 * apply_patch envelope and argv, Cline's SEARCH/REPLACE blocks, a unified diff), as an action:
 * shared by the tests of what a write plants.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../src/action/index.js";
import { analyze, loadShellParser, riskRank } from "../../src/risk/index.js";

export type Tool = "Write" | "Edit" | "MultiEdit" | "apply_patch" | "argv_patch" | "replace_in_file" | "diff";
export type Row = [
  tool: Tool,
  path: string,
  text: string,
  least: string,
  most: string,
  reason?: RegExp,
  cwd?: string,
];

const plus = (text: string) =>
  text
    .split("\n")
    .map((line) => `+${line}`)
    .join("\n");

export function inputOf(tool: Tool, path: string, text: string): Record<string, unknown> {
  switch (tool) {
    case "Write":
      return { file_path: path, content: text };
    case "Edit":
      return { file_path: path, old_string: "x", new_string: text };
    case "MultiEdit":
      return {
        file_path: path,
        edits: [
          { old_string: "a", new_string: "b" },
          { old_string: "x", new_string: text },
        ],
      };
    case "apply_patch":
      return { input: `*** Begin Patch\n*** Update File: ${path}\n@@\n-x\n${plus(text)}\n*** End Patch` };
    case "argv_patch": // Codex's argv form; the patch's other file must not count as this one's text
      return {
        command: [
          "apply_patch",
          `*** Begin Patch\n*** Add File: other.txt\n+rm -rf ~\n*** Update File: ${path}\n@@\n${plus(text)}\n*** End Patch`,
        ],
      };
    case "replace_in_file": // Cline's SEARCH/REPLACE blocks
      return { path, diff: `<<<<<<< SEARCH\nx\n=======\n${text}\n>>>>>>> REPLACE\n` };
    case "diff":
      return { path, diff: `--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-x\n${plus(text)}\n` };
  }
}

export function write(tool: Tool, path: string, text: string, cwd = "/home/dev/project"): Action {
  const input = inputOf(tool, path, text);
  return {
    target: { kind: "file", op: tool === "Write" ? "write" : "edit", path },
    tool,
    agent: "test",
    session: null,
    cwd,
    input,
  };
}

/** A describe per family, a test per row: the write's level between its least and most, and its reason. */
export function describeWritten(rows: Record<string, Row[]>): void {
  beforeAll(async () => {
    await loadShellParser();
  });
  for (const [family, cases] of Object.entries(rows)) {
    describe(family, () => {
      for (const [tool, path, text, least, most, reason, cwd] of cases) {
        it(`${tool} ${path}: ${text.slice(0, 60).replaceAll("\n", "⏎")}`, async () => {
          const result = await analyze(write(tool, path, text, cwd));
          const shown = `${result.level}: ${result.reasons.join("; ")}`;
          expect(riskRank(result.level), shown).toBeGreaterThanOrEqual(riskRank(least as never));
          expect(riskRank(result.level), shown).toBeLessThanOrEqual(riskRank(most as never));
          if (reason) expect(result.reasons.join("; "), shown).toMatch(reason);
          // one reason per planted key: the key's and its command's together, never the key's twice
          const planted = result.reasons.filter((line) => line.startsWith("sets "));
          for (const line of planted)
            expect(
              planted.filter((other) => other !== line && other.startsWith(line)),
              shown,
            ).toEqual([]);
        });
      }
    });
  }
}
