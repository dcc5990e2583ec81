// The sealed redaction measure: `node scripts/redaction-sealed.mjs [dist dir] [--json]` prints
// the shares for test/vectors/secret-sealed.jsonl (kingfisher, whispers, secretlint; origin note
// beside it), carried and counted as test/redact/scanner-vectors.mjs does, on a built dist/
// (`npm run build` first); `--json` prints the tallies as one JSON object instead
// (test/redact/sealed.test.ts reads them). It prints figures only, never which examples miss:
// the set measures work tuned without seeing it, and naming misses would let it be tuned on.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { measure, readVectors, report } from "../test/redact/scanner-vectors.mjs";

const args = process.argv.slice(2);
const dist = resolve(args.find((arg) => !arg.startsWith("--")) ?? resolve(import.meta.dirname, "..", "dist"));
const { redactEventBody } = await import(pathToFileURL(`${dist}/redact/index.js`).href);
const { loadShellParser } = await import(pathToFileURL(`${dist}/risk/index.js`).href);
await loadShellParser();
const tallies = await measure(readVectors("secret-sealed.jsonl"), redactEventBody);
if (args.includes("--json")) {
  const counts = Object.fromEntries(
    Object.entries(tallies).map(([name, { good, total }]) => [name, { good, total }]),
  );
  console.log(JSON.stringify(counts));
} else {
  console.log(report("kingfisher + whispers + secretlint (secret-sealed.jsonl, sealed)", tallies));
}
// The secretlint profiler inside the rule set observes a performance mark per rule run and
// measures between them after the fact; thousands of redactions leave minutes of that work
// queued once the measure is done. Nothing more is needed from this process.
process.exit(0);
