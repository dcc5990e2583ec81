// The redaction measure on other scanners' examples (test/redact/scanner-vectors.mjs) run
// against a built dist/: `node scripts/redaction-vectors.mjs [dist dir] [--misses]` prints the
// shares for test/vectors/secret-scanners.jsonl (gitleaks, detect-secrets) and
// secret-holdout.jsonl (trufflehog, Nosey Parker). The built CLI loads the rule set as one
// CommonJS file, so this takes seconds where the same measure on the sources under vitest takes
// minutes; docs/export.md records its figures.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { measure, readVectors, report } from "../test/redact/scanner-vectors.mjs";

const args = process.argv.slice(2);
const dist = resolve(args.find((arg) => !arg.startsWith("--")) ?? resolve(import.meta.dirname, "..", "dist"));
const { redactEventBody } = await import(pathToFileURL(`${dist}/redact/index.js`).href);
const { loadShellParser } = await import(pathToFileURL(`${dist}/risk/index.js`).href);
await loadShellParser();
for (const [title, file] of [
  ["gitleaks + detect-secrets (secret-scanners.jsonl)", "secret-scanners.jsonl"],
  ["trufflehog + Nosey Parker (secret-holdout.jsonl)", "secret-holdout.jsonl"],
]) {
  console.log(report(title, await measure(readVectors(file), redactEventBody), args.includes("--misses")));
}
