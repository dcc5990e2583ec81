import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../helpers/tree.js";

const ROOT = resolve(import.meta.dirname, "../..");

const markdown = (dir: string) => filesUnder(dir, [".md"]);

const sources = (dir: string) => filesUnder(dir, [".ts", ".js", ".mjs", ".html"]);

describe("words for users", () => {
  // Users do not have the project's brief: README, docs/ and the CLI help (docs/cli.md is generated
  // from it) must not send them to its sections, nor to issue numbers.
  it("README, docs/ and the CLI help cite no SPEC/DESIGN section or issue number", () => {
    const cites = /\b(SPEC|DESIGN)\b|§|\b[Ii]ssues? #?\d/;
    const found: string[] = [];
    for (const file of [join(ROOT, "README.md"), ...markdown(join(ROOT, "docs"))]) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (cites.test(line)) found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  // Source comments and help strings are read by contributors, who do not have it either: they
  // point at the public doc (docs/risk.md, docs/protocol.md) that says the same. RFC sections stay.
  it("src/ cites no SPEC/DESIGN section or issue number", () => {
    const cites = /\b(SPEC|DESIGN)\b\s*(§|\.md)|\b[Ii]ssues? #?\d/;
    const found: string[] = [];
    for (const file of sources(join(ROOT, "src"))) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (cites.test(line)) found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("README does not send users to the directory beside the checkout", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).not.toMatch(/\.\.\/shared/);
  });
});
