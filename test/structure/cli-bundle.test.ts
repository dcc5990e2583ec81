/**
 * What the ordinary commands (dist/cli.js and its chunks) parse at start-up: every command that
 * validates with zod loads its chunk, so what the build leaves out of it is pinned here
 * (docs/decisions/cli-start-up.md; measured by scripts/bench-cli-start.mjs). Reads the build.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const DIST = resolve(import.meta.dirname, "../../dist");

describe("the command line's bundle", () => {
  const chunks = readdirSync(join(DIST, "chunks")).filter((name) => name.endsWith(".js"));
  const sources = chunks.flatMap((name) =>
    [
      ...readFileSync(join(DIST, "chunks", name), "utf8").matchAll(
        /^\/\/ (?:\S*\/)?(node_modules\/zod\/\S+)/gm,
      ),
    ].map((match) => match[1] ?? ""),
  );

  it("holds zod (the build is the one this test reads)", () => {
    expect(sources).toContain("node_modules/zod/v4/classic/schemas.js");
  });

  it("holds zod's English messages and none of its other locales", () => {
    const locales = sources.filter((source) => source.startsWith("node_modules/zod/v4/locales/"));
    expect([...new Set(locales)]).toEqual(["node_modules/zod/v4/locales/en.js"]);
  });
});
