import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../helpers/tree.js";

const ROOT = resolve(import.meta.dirname, "../..");

const files = (dir: string) => filesUnder(dir, [".ts", ".mts", ".mjs", ".js"], ["node_modules"]);

describe("the repository is self-contained", () => {
  // A clone has nothing beside it: tests and source must not reach out of the checkout for data
  // (test data lives in test/vectors/; CI runs outside checkers from scripts/ci/ when present).
  it("no test or source file resolves a path into the directory beside the checkout", () => {
    const reach = /(resolve|join)\([^)]*["'`]\.\.\/shared\b|["'`](\.\.\/)+shared\/(corpus|conformance)/;
    const found = [...files(join(ROOT, "src")), ...files(join(ROOT, "test"))]
      .filter((file) => reach.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file));
    expect(found).toEqual([]);
  });
});
