import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function markdown(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdown(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|js|mjs|html)$/.test(entry.name) ? [path] : [];
  });
}

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

  it("README does not send users to ../shared", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).not.toContain("../shared");
  });
});
