// The sealed redaction measures: `node scripts/redaction-sealed.mjs [dist dir]
// [--set second|third|fourth|fifth|sixth] [--json]` prints the shares for one sealed hold-out,
// carried and counted as test/redact/scanner-vectors.mjs does, on a built dist/ (`npm run build`
// first). The first set (the default) is test/vectors/secret-sealed.jsonl (kingfisher, whispers,
// secretlint); `--set second` is test/vectors/secret-sealed-second.jsonl (semgrep-rules, trivy,
// talisman, ggshield, git-secrets, SecretScanner); `--set third` is
// test/vectors/secret-sealed-third.jsonl (kics, earlybird, checkov, security-utilities); `--set
// fourth` is test/vectors/secret-sealed-fourth.jsonl (2ms, bearer, rusty-hog,
// automated-security-helper, git-hound); `--set fifth` is test/vectors/secret-sealed-fifth.jsonl
// (bandit, gosec, find-sec-bugs, codeql); `--set sixth` is test/vectors/secret-sealed-sixth.jsonl
// (credsweeper, sonar-python, sonarjs, deepsecrets, tartufo, jsluice); each has its origin note
// beside it. `--json` prints the tallies as one JSON object instead (test/redact/sealed*.test.ts
// read them). It prints figures only, never which examples miss: the sets measure work tuned
// without seeing them, and naming misses would let them be tuned on.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { measure, readVectors, report } from "../test/redact/scanner-vectors.mjs";

const SETS = {
  first: {
    file: "secret-sealed.jsonl",
    title: "kingfisher + whispers + secretlint (secret-sealed.jsonl, sealed)",
  },
  second: {
    file: "secret-sealed-second.jsonl",
    title:
      "semgrep-rules + trivy + talisman + ggshield + git-secrets + SecretScanner (secret-sealed-second.jsonl, sealed)",
  },
  third: {
    file: "secret-sealed-third.jsonl",
    title: "kics + earlybird + checkov + security-utilities (secret-sealed-third.jsonl, sealed)",
  },
  fourth: {
    file: "secret-sealed-fourth.jsonl",
    title:
      "2ms + bearer + rusty-hog + automated-security-helper + git-hound (secret-sealed-fourth.jsonl, sealed)",
  },
  fifth: {
    file: "secret-sealed-fifth.jsonl",
    title: "bandit + gosec + find-sec-bugs + codeql (secret-sealed-fifth.jsonl, sealed)",
  },
  sixth: {
    file: "secret-sealed-sixth.jsonl",
    title:
      "credsweeper + sonar-python + sonarjs + deepsecrets + tartufo + jsluice (secret-sealed-sixth.jsonl, sealed)",
  },
};

const args = process.argv.slice(2);
const setIndex = args.indexOf("--set");
const setName = setIndex >= 0 ? args[setIndex + 1] : "first";
const set = SETS[setName];
if (!set) {
  console.error(`unknown set ${JSON.stringify(setName)}: ${Object.keys(SETS).join(", ")}`);
  process.exit(2);
}
const positional = args.filter((arg, index) => !arg.startsWith("--") && index !== setIndex + 1);
const dist = resolve(positional[0] ?? resolve(import.meta.dirname, "..", "dist"));
const { redactEventBody } = await import(pathToFileURL(`${dist}/redact/index.js`).href);
const { loadShellParser } = await import(pathToFileURL(`${dist}/risk/index.js`).href);
await loadShellParser();
const tallies = await measure(readVectors(set.file), redactEventBody);
if (args.includes("--json")) {
  const counts = Object.fromEntries(
    Object.entries(tallies).map(([name, { good, total }]) => [name, { good, total }]),
  );
  console.log(JSON.stringify(counts));
} else {
  console.log(report(set.title, tallies));
}
// The secretlint profiler inside the rule set observes a performance mark per rule run and
// measures between them after the fact; thousands of redactions leave minutes of that work
// queued once the measure is done. Nothing more is needed from this process.
process.exit(0);
