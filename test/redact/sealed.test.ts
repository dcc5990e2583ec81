/**
 * Redaction on a sealed hold-out: the true- and false-positive examples of kingfisher, whispers
 * and secretlint (test/vectors/secret-sealed.jsonl; origin note and first-run figures beside it),
 * a set kept out of sight of the work that tunes the redactor, so that it measures that work
 * honestly at the end. The whole set is measured on the built CLI's redaction (dist/,
 * `npm run build` first) by scripts/redaction-sealed.mjs in a child process, carried and counted
 * as scanner-vectors.mjs describes: a few seconds, where the same thousands of redactions in
 * this process would leave the rule set's profiler minutes of queued work before the file ends.
 *
 * The floors are the first-run figures rounded down to a whole percent, less one point, so that
 * a change cannot lower them unnoticed. The test prints nothing and names no example; the
 * figures are read once, at the end, with `node scripts/redaction-sealed.mjs`.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";

type Tallies = Record<string, { good: number; total: number }>;

/** Floors in percent: the first run (recorded in the origin note) rounded down, less one point. */
const FLOORS: Record<string, number> = {
  tp: 69,
  fp: 82,
  "tp command": 60,
  "tp env": 96,
  "tp file": 60,
  "tp mcp": 60,
  "fp command": 82,
  "fp file": 82,
  "fp mcp": 82,
  "kingfisher tp": 67,
  "kingfisher fp": 82,
  "whispers tp": 73,
  "whispers fp": 88,
  "secretlint tp": 79,
  "secretlint fp": 69,
};

describe("redaction on the sealed hold-out (kingfisher, whispers, secretlint)", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    const script = join(REPO_ROOT, "scripts", "redaction-sealed.mjs");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [script, join(REPO_ROOT, "dist"), "--json"],
      {
        maxBuffer: 1 << 20,
      },
    );
    tallies = JSON.parse(stdout);
  }, 120_000);

  it("measures every example of the set", () => {
    expect(tallies.tp?.total).toBe(5634);
    expect(tallies.fp?.total).toBe(1269);
  });

  it.each(Object.entries(FLOORS))("%s holds its floor of %i %%", (name, floor) => {
    const tally = tallies[name];
    expect(tally, name).toBeDefined();
    // Only the share is compared: a failure names the figure, never an example.
    expect(Math.round((1000 * tally!.good) / tally!.total) / 10).toBeGreaterThanOrEqual(floor);
  });
});
