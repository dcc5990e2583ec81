/**
 * Redaction measured on material trailseal was not written against: the true- and
 * false-positive examples of gitleaks and detect-secrets (test/vectors/secret-scanners.jsonl)
 * and, as a hold-out, of trufflehog and Nosey Parker (secret-holdout.jsonl), and ripsecrets' test
 * inputs (secret-tuning.jsonl, tuning material); origin notes beside
 * them. Measured on the built CLI's redaction (dist/, `npm run build` first), carried as
 * scanner-vectors.mjs describes. The hold-out is sampled (every 8th example) to keep the suite
 * short; scripts/redaction-vectors.mjs measures both sets whole (docs/export.md records it).
 * The assertions hold the floors of the last recorded run so that a change cannot lower them
 * unnoticed, both as the scanners define them and without the category that is in truth the
 * other kind (near-valid tokens among the negatives, placeholders among the positives;
 * vector-categories.mjs, docs/decisions/redaction-categories.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtRedactor, mainTallies, type Tallies } from "./built.js";
import { measure, readVectors, report, share } from "./scanner-vectors.mjs";
import { categorize } from "./vector-categories.mjs";

const categorized = (name: string) =>
  readVectors(name).map((vector) => ({ ...vector, category: categorize(vector) }));

/** The share of `kind` without the examples of `category` (their count is in the tally's name). */
function without(tallies: Tallies, kind: "tp" | "fp", category: string): number {
  const all = tallies[kind]!;
  const set = tallies[`${kind} · ${category}`] ?? { good: 0, total: 0 };
  return (all.good - set.good) / (all.total - set.total);
}

describe("redaction on other scanners' examples", () => {
  let known: Tallies;
  let holdout: Tallies;
  let tuning: Tallies;
  beforeAll(async () => {
    const redactEventBody = await builtRedactor();
    known = await measure(categorized("secret-scanners.jsonl"), redactEventBody);
    holdout = await measure(
      categorized("secret-holdout.jsonl").filter((_, index) => index % 8 === 0),
      redactEventBody,
    );
    tuning = await measure(categorized("secret-tuning.jsonl"), redactEventBody);
    console.log(report("gitleaks + detect-secrets", mainTallies(known)));
    console.log(report("trufflehog + Nosey Parker, every 8th", mainTallies(holdout)));
    console.log(report("ripsecrets", mainTallies(tuning)));
    for (const [name, tallies] of [
      ["known", known],
      ["hold-out", holdout],
    ] as const)
      console.log(
        `${name}: tp without placeholders ${without(tallies, "tp", "placeholder").toFixed(3)}, fp without near-valid tokens ${without(tallies, "fp", "near-valid token").toFixed(3)}`,
      );
  }, 900_000);

  it("gitleaks + detect-secrets: true positives redacted, false positives left alone", () => {
    expect(share(known.tp!)).toBeGreaterThanOrEqual(0.871);
    // As defined the floor went down (0.714 → 0.712) when random keys of one case with digits
    // became tokens by look, and (0.712 → 0.709) with the vendor prefix families and a
    // generated-looking value under any key (docs/decisions/redaction-shapes.md): the examples
    // that cost are near-valid tokens, credentials by docs/decisions/redaction-categories.md;
    // without them the share holds its own floor.
    // 0.712 → 0.735 with the stand-in rules (docs/decisions/redaction-stand-ins.md).
    expect(share(known.fp!)).toBeGreaterThanOrEqual(0.735);
    expect(without(known, "tp", "placeholder")).toBeGreaterThanOrEqual(0.92);
    expect(without(known, "fp", "near-valid token")).toBeGreaterThanOrEqual(0.866);
  });

  it("trufflehog + Nosey Parker (hold-out, every 8th): true positives redacted, false positives left alone", () => {
    expect(share(holdout.tp!)).toBeGreaterThanOrEqual(0.925);
    // As above (0.443 → 0.367 → 0.327): the near-valid tokens, redacted on purpose, are set
    // apart below (the everyday rules then brought it to 0.345). Without them the floor went down
    // too (0.687 → 0.666, then 0.729 with the everyday rules): vendor keys of hex one
    // or two characters off their length beside the vendor's name (`lemlist = '<31 hex>'`), which
    // the categories count as hex, not near-valid, and which are redacted as credentials
    // (docs/decisions/redaction-shapes.md). 0.345 → 0.336 and 0.729 → 0.697 when the member-read
    // rule was tightened: `token := "hvb.shorttoken"` (a truncated Vault token that the first
    // version took for a member read) is redacted again (docs/decisions/redaction-everyday.md).
    // Then 0.336 → 0.317 when short random tokens (16–19 characters, both cases and digits)
    // became tokens by look: near-valid tokens only, the floor without them unchanged.
    // Then 0.317 → 0.257 and 0.697 → 0.614 with the vendor contexts
    // (docs/decisions/redaction-vendor-context.md): trufflehog's "invalid pattern" keys (a `?`
    // inside, a character off their length) beside the vendor's name or after `token - '…'`,
    // which the categories file under other, literal or hex rather than near-valid; redacted as
    // credentials, the safe error.
    expect(share(holdout.fp!)).toBeGreaterThanOrEqual(0.257);
    expect(without(holdout, "tp", "placeholder")).toBeGreaterThanOrEqual(0.954);
    expect(without(holdout, "fp", "near-valid token")).toBeGreaterThanOrEqual(0.614);
  });

  it("ripsecrets (tuning material): true positives redacted, false positives left alone", () => {
    expect(share(tuning.tp!)).toBeGreaterThanOrEqual(0.877);
    expect(share(tuning.fp!)).toBeGreaterThanOrEqual(0.75);
    expect(without(tuning, "tp", "placeholder")).toBeGreaterThanOrEqual(1);
    expect(without(tuning, "fp", "near-valid token")).toBeGreaterThanOrEqual(0.9);
  });
});
