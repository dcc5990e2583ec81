/**
 * The line readers of TOML and YAML settings (src/risk/planted-text.ts) read untrusted text on
 * the hook's path: whatever they are given, they return (never throw) and keep their bound, and
 * they read the shapes the planted-settings families need.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tomlEntries, yamlKeys } from "../../src/risk/planted-text.js";

const PIECES = [
  "[",
  "]",
  "[[",
  '"',
  "'",
  '"""',
  "'''",
  "=",
  ".",
  "{",
  "}",
  ",",
  ":",
  "- ",
  "  ",
  "\n",
  ">",
  "|",
  "#",
  "\\",
  "a",
  "run",
  "entry",
];

describe("the settings readers", () => {
  it("return within their bound whatever the text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string()), { maxLength: 400 }),
        (parts) => {
          const text = parts.join("");
          expect(tomlEntries(text).length).toBeLessThanOrEqual(256);
          expect(yamlKeys(text).length).toBeLessThanOrEqual(256);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("read TOML tables, dotted and quoted keys, arrays, inline tables and multi-line strings", () => {
    const text = [
      "[target.'cfg(unix)']",
      'runner = ["bash", "-c", "x"]',
      "[env]",
      '_.source = "./a.sh"',
      '[tool.poe.tasks]\nfmt = { shell = "ruff format ." }',
      '[tasks.x]\nrun = """\necho hi\n"""',
    ].join("\n");
    expect(tomlEntries(text)).toEqual([
      { section: "target.cfg(unix)", key: "runner", value: ["bash", "-c", "x"] },
      { section: "env", key: "_.source", value: "./a.sh" },
      { section: "tool.poe.tasks", key: "fmt", value: { shell: "ruff format ." } },
      { section: "tasks.x", key: "run", value: "echo hi\n" },
    ]);
  });

  it("read YAML keys with their indent, folded scalars and block sequences", () => {
    const keys = yamlKeys(
      "hooks:\n  - id: x\n    entry: >\n      sh -c\n      'x'\n    args:\n      - -c\n      - y\n",
    );
    expect(keys.map(({ key, indent, item, value }) => ({ key, indent, item, value }))).toEqual([
      { key: "hooks", indent: 0, item: false, value: "" },
      { key: "id", indent: 4, item: true, value: "x" },
      { key: "entry", indent: 4, item: false, value: "sh -c 'x'" },
      { key: "args", indent: 4, item: false, value: ["-c", "y"] },
    ]);
  });
});
