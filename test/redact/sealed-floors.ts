/**
 * The redaction hold-outs' one test shape (sealed.test.ts, sealed-second.test.ts,
 * sealed-third.test.ts, sealed-fourth.test.ts, sealed-fifth.test.ts, sealed-sixth.test.ts): the
 * whole set is measured on the built CLI's redaction (dist/, `npm run build` first) by
 * scripts/redaction-sealed.mjs in a child process, carried and counted as scanner-vectors.mjs
 * describes, and each held share must reach its floor.
 * Only shares are compared: a failure names the figure, never an example.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";

type Tallies = Record<string, { good: number; total: number }>;

/**
 * `floors` in percent, by the script's figure names ("tp", "fp command", "<source> fp", …);
 * `totals` the set's carried true and false positives, so that a set cut short fails.
 */
export function describeSealedFloors(
  title: string,
  set: "first" | "second" | "third" | "fourth" | "fifth" | "sixth",
  totals: { tp: number; fp: number },
  floors: Record<string, number>,
): void {
  describe(title, () => {
    let tallies: Tallies;
    beforeAll(async () => {
      const script = join(REPO_ROOT, "scripts", "redaction-sealed.mjs");
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [script, join(REPO_ROOT, "dist"), "--set", set, "--json"],
        { maxBuffer: 1 << 20 },
      );
      tallies = JSON.parse(stdout);
    }, 120_000);

    it("measures every example of the set", () => {
      expect(tallies.tp?.total).toBe(totals.tp);
      expect(tallies.fp?.total).toBe(totals.fp);
    });

    it.each(Object.entries(floors))("%s holds its floor of %i %%", (name, floor) => {
      const tally = tallies[name];
      expect(tally, name).toBeDefined();
      expect(Math.round((1000 * tally!.good) / tally!.total) / 10).toBeGreaterThanOrEqual(floor);
    });
  });
}
