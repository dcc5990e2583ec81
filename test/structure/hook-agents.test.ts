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
  // bin.ts and the routes keep their own copy: the hook's fast path and every CLI start must not
  // load the hooks capability just to know the agents' names. This keeps the copies honest.
  it("is the same in the CLI's fast path, its routes and the hooks capability", () => {
    expect(listAfter("cli/bin.ts", "const HOOK_AGENTS")).toEqual([...AGENTS]);
    expect(listAfter("cli/routes/risk.ts", "const HOOK_AGENTS")).toEqual([...AGENTS]);
  });
});
