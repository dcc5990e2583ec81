// The redaction measure on other scanners' examples (test/redact/scanner-vectors.mjs) run
// against a built dist/: `node scripts/redaction-vectors.mjs [dist dir] [--misses]
// [--categories] [--set NAME]` prints the shares for test/vectors/secret-scanners.jsonl
// (gitleaks, detect-secrets), secret-holdout.jsonl (trufflehog, Nosey Parker) and
// secret-tuning.jsonl (ripsecrets), secret-patterns.jsonl (examples generated from three
// regex lists), secret-everyday.jsonl (everyday non-secrets, by family) and
// secret-tuning-fp3.jsonl (sonar-text's examples, configuration templates), secret-tuning-fp4.jsonl
// (templates, documentation's example credentials, identifiers), secret-tuning-fp5.jsonl (public
// keys, digests, scanners' negatives), secret-tuning-tp5.jsonl (keys beside a vendor's name, id
// and secret pairs, URLs' and headers' tokens), secret-tuning-fp6.jsonl (public browser keys, KSUIDs, chains'
// ids and hashes, beside their secret siblings); with --categories,
// by the category of each example (test/redact/vector-categories.mjs) and carrier, and the
// false positives both as defined and without the near-valid tokens
// (docs/decisions/redaction-categories.md). The built CLI loads the rule set as one CommonJS
// file, so this takes seconds to minutes where the same measure under vitest takes longer;
// docs/export.md records its figures.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { measure, readVectors, report } from "../test/redact/scanner-vectors.mjs";
import { categorize } from "../test/redact/vector-categories.mjs";

const args = process.argv.slice(2);
const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const positional = args.filter((arg, index) => !arg.startsWith("--") && args[index - 1] !== "--set");
const dist = resolve(positional[0] ?? resolve(import.meta.dirname, "..", "dist"));
const { redactEventBody } = await import(pathToFileURL(`${dist}/redact/index.js`).href);
const { loadShellParser } = await import(pathToFileURL(`${dist}/risk/index.js`).href);
await loadShellParser();
const categories = args.includes("--categories");
const sets = [
  ["gitleaks + detect-secrets (secret-scanners.jsonl)", "secret-scanners.jsonl"],
  ["trufflehog + Nosey Parker (secret-holdout.jsonl)", "secret-holdout.jsonl"],
  ["ripsecrets (secret-tuning.jsonl, tuning material)", "secret-tuning.jsonl"],
  ["regex lists' generated examples (secret-patterns.jsonl, tuning material)", "secret-patterns.jsonl"],
  ["everyday non-secrets (secret-everyday.jsonl, tuning material)", "secret-everyday.jsonl"],
  ["sonar-text and config templates (secret-tuning-fp3.jsonl, tuning material)", "secret-tuning-fp3.jsonl"],
  ["vendor contexts (secret-tuning-tp3.jsonl, tuning material)", "secret-tuning-tp3.jsonl"],
  ["templates, docs and ids (secret-tuning-fp4.jsonl, tuning material)", "secret-tuning-fp4.jsonl"],
  [
    "public keys, digests and scanners' negatives (secret-tuning-fp5.jsonl, tuning material)",
    "secret-tuning-fp5.jsonl",
  ],
  [
    "vendor names, id and secret pairs, URLs (secret-tuning-tp5.jsonl, tuning material)",
    "secret-tuning-tp5.jsonl",
  ],
  [
    "keyhacks, other scanners' rules, analysers' code tests (secret-tuning-tp6.jsonl, tuning material)",
    "secret-tuning-tp6.jsonl",
  ],
  [
    "browser keys, chain ids and their secret siblings (secret-tuning-fp6.jsonl, tuning material)",
    "secret-tuning-fp6.jsonl",
  ],
].filter(
  ([, file]) =>
    (value("--set") ?? file) === file && existsSync(join(import.meta.dirname, "../test/vectors", file)),
);
const percent = (good, total) => `${good}/${total} = ${((100 * good) / total).toFixed(1)}%`;
for (const [title, file] of sets) {
  const vectors = readVectors(file).map((vector) =>
    // The everyday set's examples carry their family, which stands for the category.
    categories ? { ...vector, category: vector.family ?? categorize(vector) } : vector,
  );
  const tallies = await measure(vectors, redactEventBody);
  const main = Object.fromEntries(Object.entries(tallies).filter(([name]) => !name.includes(" · ")));
  console.log(report(title, main, args.includes("--misses")));
  if (!categories) continue;
  const split = Object.entries(tallies)
    .filter(([name]) => name.includes(" · "))
    .sort(([a], [b]) => a.localeCompare(b));
  for (const [name, tally] of split) console.log(`  ${name.padEnd(44)} ${percent(tally.good, tally.total)}`);
  if (args.includes("--misses")) {
    for (const [name, tally] of split)
      if (name.split(" · ").length === 3 && name.endsWith("file"))
        for (const miss of tally.misses) console.log(`${name}: ${miss}`);
  }
  // Both ways (docs/decisions/redaction-categories.md): as defined, and without the category
  // that is in truth the other kind (near-valid tokens among the negatives, placeholders among
  // the positives), with its count.
  for (const [kind, excluded] of [
    ["tp", "placeholder"],
    ["fp", "near-valid token"],
  ]) {
    const cat = tallies[`${kind} · ${excluded}`] ?? { good: 0, total: 0 };
    const all = tallies[kind];
    if (!all) continue; // a set of one kind only
    console.log(
      `  ${kind} as defined ${percent(all.good, all.total)}; without the ${cat.total} ${excluded} ${percent(all.good - cat.good, all.total - cat.total)}`,
    );
  }
}
// The shell parser may keep a handle open; the measure is done.
process.exit(0);
