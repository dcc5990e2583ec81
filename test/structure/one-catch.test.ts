import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../helpers/tree.js";

const COMMANDS = resolve(import.meta.dirname, "../../src/cli/commands");

describe("commands only parse, call and print", () => {
  // An error is said one way, by the CLI's one catch (src/cli/report-error.ts), with its code and
  // the exit code of its registry entry. A command that finds several problems prints them as
  // findings and throws one coded error; it never writes an error or hint line of its own.
  it("no file under src/cli/commands writes `trailseal: error` or `trailseal: hint` itself", () => {
    const found: string[] = [];
    for (const file of filesUnder(COMMANDS, [".ts"])) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (/trailseal: (error|hint)/.test(line)) found.push(`${relative(COMMANDS, file)}:${index + 1}`);
        });
    }
    expect(found).toEqual([]);
  });
});
