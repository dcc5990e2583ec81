/**
 * Redaction measured on material trailseal was not written against: the true- and
 * false-positive examples of gitleaks and detect-secrets (test/vectors/secret-scanners.jsonl)
 * and, as a hold-out, of trufflehog and Nosey Parker (secret-holdout.jsonl); origin notes beside
 * them. Measured on the built CLI's redaction (dist/, `npm run build` first), carried as
 * scanner-vectors.mjs describes. The hold-out is sampled (every 8th example) to keep the suite
 * short; scripts/redaction-vectors.mjs measures both sets whole (docs/export.md records it).
 * The assertions hold the floors of the last recorded run so that a change cannot lower them
 * unnoticed.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";
import { measure, readVectors, report, share } from "./scanner-vectors.mjs";

type Tallies = Awaited<ReturnType<typeof measure>>;
const dist = (path: string) => pathToFileURL(join(REPO_ROOT, "dist", path)).href;

describe("redaction on other scanners' examples", () => {
  let known: Tallies;
  let holdout: Tallies;
  beforeAll(async () => {
    const { redactEventBody } = await import(dist("redact/index.js"));
    const { loadShellParser } = await import(dist("risk/index.js"));
    await loadShellParser();
    known = await measure(readVectors("secret-scanners.jsonl"), redactEventBody);
    holdout = await measure(
      readVectors("secret-holdout.jsonl").filter((_, index) => index % 8 === 0),
      redactEventBody,
    );
    console.log(report("gitleaks + detect-secrets", known));
    console.log(report("trufflehog + Nosey Parker, every 8th", holdout));
  }, 900_000);

  it("gitleaks + detect-secrets: true positives redacted, false positives left alone", () => {
    expect(share(known.tp!)).toBeGreaterThanOrEqual(0.854);
    expect(share(known.fp!)).toBeGreaterThanOrEqual(0.714);
  });

  it("trufflehog + Nosey Parker (hold-out, every 8th): true positives redacted, false positives left alone", () => {
    expect(share(holdout.tp!)).toBeGreaterThanOrEqual(0.9);
    expect(share(holdout.fp!)).toBeGreaterThanOrEqual(0.443);
  });
});
