import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENTS as NAMES } from "../../src/agents/index.js";
import { AGENTS } from "../../src/hooks/index.js";

const SRC = resolve(import.meta.dirname, "../../src");

describe("the hook's agent list", () => {
  // The CLI's routes must not load the hooks capability just to know the agents: they share
  // src/agents (the specs, which load no package) with it, never a copy.
  it("is one list: the hooks capability's is src/agents'", () => {
    expect(AGENTS).toBe(NAMES);
    expect([...NAMES]).toEqual([...new Set(NAMES)]);
  });

  it("is spelled nowhere else in the CLI", () => {
    const files = readdirSync(join(SRC, "cli"), { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".ts"),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(join(SRC, "cli", file), "utf8");
      expect(text, file).not.toMatch(/\[\s*"claude-code",\s*"cursor"/);
    }
  });
});
