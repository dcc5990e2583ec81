/**
 * Redaction on the second sealed hold-out: the true- and false-positive examples of semgrep-rules,
 * trivy, talisman, ggshield, git-secrets and SecretScanner (test/vectors/secret-sealed-second.jsonl;
 * origin note and first-run figures beside it), a set kept out of sight of the work that tunes the
 * redactor, so that it measures that work honestly at the end. The whole set is measured on the
 * built CLI's redaction (dist/, `npm run build` first) by scripts/redaction-sealed.mjs
 * (`--set second`) in a child process, carried and counted as scanner-vectors.mjs describes.
 *
 * The floors are the first run's figures (in the origin note) rounded down to a whole percent,
 * less one point, so that a change cannot lower them unnoticed. Only the shares overall, per
 * carrier and of the sources with 50 or more examples are held: a source of a handful of examples
 * failing its floor would all but name the example. The test prints nothing and names no example.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";

type Tallies = Record<string, { good: number; total: number }>;

/** Floors in percent: the first run (recorded in the origin note) rounded down, less one point. */
const FLOORS: Record<string, number> = {
  tp: 90,
  fp: 72,
  "tp command": 88,
  "tp env": 99,
  "tp file": 88,
  "tp mcp": 88,
  "fp command": 71,
  "fp file": 72,
  "fp mcp": 72,
  "semgrep-rules tp": 96,
  "semgrep-rules fp": 65,
  "trivy tp": 95,
  "trivy fp": 63,
  "talisman tp": 50,
  "talisman fp": 92,
};

describe("redaction on the second sealed hold-out (semgrep-rules, trivy, talisman and three more)", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    const script = join(REPO_ROOT, "scripts", "redaction-sealed.mjs");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [script, join(REPO_ROOT, "dist"), "--set", "second", "--json"],
      { maxBuffer: 1 << 20 },
    );
    tallies = JSON.parse(stdout);
  }, 120_000);

  it("measures every example of the set", () => {
    expect(tallies.tp?.total).toBe(1271);
    expect(tallies.fp?.total).toBe(777);
  });

  it.each(Object.entries(FLOORS))("%s holds its floor of %i %%", (name, floor) => {
    const tally = tallies[name];
    expect(tally, name).toBeDefined();
    // Only the share is compared: a failure names the figure, never an example.
    expect(Math.round((1000 * tally!.good) / tally!.total) / 10).toBeGreaterThanOrEqual(floor);
  });
});
