// src/risk/command/patterns.ts: a pattern table with literal guards answers exactly as testing
// every pattern does, and refuses a pattern whose leading literal is not required.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { patternTable } from "../../src/risk/command/patterns.js";

// Every lead the rule tables use: anchored word, anchored group, \b word, \b group, an escaped
// dot, an optional suffix after the literal, case folding.
const PATTERNS = [
  /^twine upload\b/,
  /^(docker|podman|nerdctl) (.+ )?(image )?push\b/,
  /^aws (.+ )?iam (attach|put)-user-policy\b/,
  /^(npm|pnpm|yarn) config get \S*(_auth|token|password)/i,
  /\bprisma (migrate reset|db push .*--force-reset)\b/,
  /\b(rails|rake) (.+ )?db:(drop|reset)(:\w+)?\b/,
  /\bmanage\.py (.+ )?(flush|reset_db)\b/,
  /\bsequelize(-cli)? (.+ )?db:drop\b/,
  /^heroku config(:get)?( |$)/,
];

const WORDS = [
  "twine",
  "upload",
  "docker",
  "podman",
  "push",
  "image",
  "aws",
  "iam",
  "attach-user-policy",
  "NPM",
  "npm",
  "Yarn",
  "config",
  "get",
  "_authToken",
  "prisma",
  "migrate",
  "reset",
  "db",
  "push",
  "--force-reset",
  "rails",
  "bin/rails",
  "db:drop",
  "db:reset:all",
  "manage.py",
  "manageXpy",
  "flush",
  "sequelize-cli",
  "heroku",
  "config:get",
  "npx",
  "bundle",
  "exec",
  "x",
  "-",
];

describe("patternTable", () => {
  it("matches exactly when some pattern of the table matches", () => {
    const table = patternTable(PATTERNS);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })), { maxLength: 7 }),
        (words) => {
          const text = words.join(" ");
          expect(table(text)).toBe(PATTERNS.some((pattern) => pattern.test(text)));
        },
      ),
      { numRuns: 5000 },
    );
    expect(table("NPM config get //registry/:_authToken")).toBe(true);
    expect(table("npx prisma migrate reset --force")).toBe(true);
    expect(table("python manage.py flush")).toBe(true);
    expect(table("git status")).toBe(false);
  });

  it.each([
    /(^| )--dry-?run\b/, // no leading anchor
    /^(a|b)? push/, // the group is optional
  ])("refuses a pattern without a required leading literal, on the table's first use: %s", (pattern) => {
    const table = patternTable([pattern]);
    expect(() => table("push --dry-run")).toThrow(/leading literal/);
    expect(() => table("")).toThrow(/leading literal/);
  });

  it("guards on the part of a literal a quantifier leaves required", () => {
    const table = patternTable([/\bfoo* bar/]); // "fo" is required, the second "o" is not
    expect(table("fo bar")).toBe(true);
    expect(table("f bar")).toBe(false);
  });
});
