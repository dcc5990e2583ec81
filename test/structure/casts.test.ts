import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

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
});
