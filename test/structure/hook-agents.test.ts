import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENTS } from "../../src/hooks/index.js";

const SRC = resolve(import.meta.dirname, "../../src");

/** The quoted names in the first `[ … ]` or `new Set([ … ])` after `marker` in a source file. */
function listAfter(file: string, marker: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  const start = text.indexOf(marker);
  expect(start, `${marker} in ${file}`).toBeGreaterThanOrEqual(0);
  const open = text.indexOf("[", start);
  const list = text.slice(open, text.indexOf("]", open));
  return [...list.matchAll(/"([a-z-]+)"/g)].map((match) => match[1]!);
}

describe("the hook's agent list", () => {
  // bin.ts keeps its own copy: the hook's fast path must not load the hooks capability to decide
  // whether it is on the fast path. This keeps the copy honest.
  it("is the same in the CLI's fast path and in the hooks capability", () => {
    expect(listAfter("cli/bin.ts", "const HOOK_AGENTS")).toEqual([...AGENTS]);
  });
});
