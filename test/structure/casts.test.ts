import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../helpers/tree.js";

const SRC = resolve(import.meta.dirname, "../../src");

const sources = (dir: string) => filesUnder(dir, [".ts"]);

describe("types say what flows", () => {
  // `as never` silences the checker wholesale, and an `fs: unknown` parameter threaded through
  // calls that never use it hides which world a core really touches: neither comes back.
  it("src/ has no `as never` cast and no `fs: unknown` parameter", () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (/\bas never\b|\bfs\??:\s*unknown\b/.test(line))
            found.push(`${relative(SRC, file)}:${index + 1}`);
        });
    }
    expect(found).toEqual([]);
  });

  // One way to ask an error for its code: hasCode/codeOf of src/errors, not a cast per site.
  it("src/ asks errors for their code through hasCode/codeOf, not a cast", () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      if (relative(SRC, file) === "errors/index.ts") continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (/as NodeJS\.ErrnoException\)\??\.code|as \{ code\?: (string|unknown) \}\)\??\.code/.test(line))
            found.push(`${relative(SRC, file)}:${index + 1}`);
        });
    }
    expect(found).toEqual([]);
  });
});
