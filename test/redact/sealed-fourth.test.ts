/**
 * Redaction on the fourth sealed hold-out: the true- and false-positive examples of 2ms, bearer,
 * rusty-hog, automated-security-helper and git-hound (test/vectors/secret-sealed-fourth.jsonl;
 * origin note and first-run figures beside it), a set kept out of sight of the work that tunes the
 * redactor, so that it measures that work honestly at the end. The whole set is measured on the
 * built CLI's redaction (dist/, `npm run build` first) by scripts/redaction-sealed.mjs (`--set
 * fourth`) in a child process, carried and counted as scanner-vectors.mjs describes.
 *
 * The floors are the latest measure's figures (in the origin note) rounded down to a whole percent,
 * less one point, so that a change cannot lower them unnoticed. The shares overall, per carrier and
 * of 2ms are held; the other four sources hold fewer than 25 examples each, too few for a share of
 * their own to mean much, and count in the overall shares only. The test prints nothing and names
 * no example.
 */
import { describeSealedFloors } from "./sealed-floors.js";

/** Floors in percent: the latest measure (2026-11-28 at 15:25 UTC, main at 0e27452; the first run, at d76ee0f, and the measure at c6f92b4 were the same) rounded down, less one point. */
const FLOORS: Record<string, number> = {
  tp: 97,
  fp: 75,
  "tp command": 97,
  "tp env": 98,
  "tp file": 97,
  "tp mcp": 97,
  "fp command": 75,
  "fp file": 75,
  "fp mcp": 75,
  "2ms tp": 97,
  "2ms fp": 46,
};

describeSealedFloors(
  "redaction on the fourth sealed hold-out (2ms, bearer, rusty-hog, automated-security-helper, git-hound)",
  "fourth",
  { tp: 1664, fp: 180 },
  FLOORS,
);
