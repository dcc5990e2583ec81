// Builds test/vectors/secret-patterns.jsonl (origin note beside it): concrete examples generated
// from the regular expressions of three public regex lists, each judged before it is kept.
//
//   node scripts/secret-pattern-examples.mjs <secrets-patterns-db checkout> <RegHex checkout> \
//        <secret-regex-list checkout> > test/vectors/secret-patterns.jsonl
//
// Each checkout is a git directory (bare or not); the files are read at HEAD with `git show`, and
// the commits are printed on stderr for the origin note. Generation is deterministic (a seeded
// generator), so the same commits give the same file.
//
// How a pattern becomes an example (the judging rules are the origin note's):
// - the pattern is translated to a JavaScript expression (`(?i)` as the `i` flag, `(?-i)` and
//   `\Z` dropped, POSIX classes spelled out); one that will not compile is left out;
// - randexp generates a string from it, with what `.` or a negated class stands for limited to
//   the separators a person types between a name and its value (space, `=`, `:`, quotes, `_`,
//   `-`), and `.{0,N}` gaps shortened to at most 4 characters (a subset of what the pattern
//   matches); the string must match the original expression;
// - the secret is the longest capture group (the whole match when there is none); a pattern
//   whose secret does not change between two generations (a name only: `heroku_api_key`,
//   `aws_access=`), or is shorter than 12 characters, holds no credential and is left out;
// - patterns whose name says they find no credential (hosts, URLs without a password, ARNs,
//   IPs, e-mail addresses, identifiers, hashes, base32/base64 in general, a key's armour line
//   alone) are left out, with their count.
import { execFileSync } from "node:child_process";
import RandExp from "randexp";
import { parse } from "yaml";

const [db, reghex, regexList] = process.argv.slice(2);
if (!db || !reghex || !regexList) {
  console.error("usage: secret-pattern-examples.mjs <secrets-patterns-db> <RegHex> <secret-regex-list>");
  process.exit(2);
}
const show = (repo, path) => execFileSync("git", ["-C", repo, "show", `HEAD:${path}`], { encoding: "utf8" });
const head = (repo) => execFileSync("git", ["-C", repo, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
const files = (repo) =>
  execFileSync("git", ["-C", repo, "ls-tree", "-r", "--name-only", "HEAD"], { encoding: "utf8" })
    .trim()
    .split("\n");

// A small seeded generator (mulberry32): the file is the same on every run.
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The pattern as a JavaScript expression, or null. */
function translate(source) {
  let flags = "";
  let text = source.trim();
  if (/^\(\?i\)/.test(text)) {
    flags = "i";
    text = text.slice(4);
  }
  if (text.includes("(?i)")) flags = "i";
  text = text
    .replaceAll("(?i)", "")
    .replaceAll("(?-i)", "")
    .replaceAll("(?s)", "")
    .replace(/\\[Zz]/g, "$")
    .replace(/\\A/g, "^")
    .replace(/\(\?P</g, "(?<")
    .replaceAll("[[:alnum:]]", "[A-Za-z0-9]")
    .replaceAll("[:alnum:]", "A-Za-z0-9")
    .replaceAll("[:alpha:]", "A-Za-z")
    .replaceAll("[:digit:]", "0-9")
    .replaceAll("\\x60", "`");
  try {
    return new RegExp(text, flags);
  } catch {
    return null;
  }
}

// Names of patterns that find something other than a credential.
const NOT_A_CREDENTIAL =
  /\b(?:ids?|url|uri|urls|hosts?|hostname|domain|endpoint|arn|bucket|region|e-?mail|mailto|ipv?[46]?|gateway|elb|ec2|elasticcache|rds|cloudfront|md5|sha1|base32|base64|javascript|variables?|subdomain|username|user|account|app ?id|client ?id|project|tenant|org(?:anization)?|phone|location|firebase url|url parameter|public)\b/i;
// The armour line of a key alone (`-----BEGIN RSA PRIVATE KEY-----`): no key in it.
const ARMOUR_ONLY = /^-----BEGIN [A-Z ]+-----$/;

const SEPARATORS = `[ =:"'_-]`;

/**
 * The source with what `.` stands for made concrete: a repeated `.` (`.{0,40}`, `.*`, `.+`: the
 * gap between a vendor word and its key) as at most 4 separators, a single `.` as a dot (what
 * `hooks.slack.com` means). Outside character classes only; a subset of what the pattern matches.
 */
function concreteDots(source) {
  let out = "";
  let inClass = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (char === "\\") {
      out += char + (source[index + 1] ?? "");
      index += 1;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      out += char;
      continue;
    }
    if (char === "[") {
      inClass = true;
      out += char;
      if (source[index + 1] === "]") {
        out += "]";
        index += 1;
      }
      continue;
    }
    if (char !== ".") {
      out += char;
      continue;
    }
    const quantifier = /^(?:\{\d*,?\d*\}|[*+?])\??/.exec(source.slice(index + 1));
    if (quantifier) {
      out += `${SEPARATORS}{0,4}`;
      index += quantifier[0].length;
    } else out += "\\.";
  }
  return out;
}

function generator(regex, random) {
  // A lookbehind that must precede (`(?<=://)`) is generated as text; one that must not, dropped.
  const source = concreteDots(regex.source)
    .replaceAll("(?<=", "(?:")
    .replace(/\(\?<!(?:[^()\\]|\\.)*\)/g, "");
  const gen = new RandExp(new RegExp(source, regex.flags));
  gen.max = 8;
  gen.randInt = (a, b) => a + Math.floor(random() * (1 + b - a));
  return gen;
}

/** One example of the pattern, or the reason it has none. */
function example(regex, random) {
  let gen;
  try {
    gen = generator(regex, random);
  } catch {
    return { reason: "cannot be generated" };
  }
  const take = () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const text = gen.gen();
      if (!/^[\x20-\x7e]+$/.test(text)) continue;
      const match = new RegExp(regex.source, regex.flags.replace("g", "")).exec(text);
      if (!match) continue;
      const groups = match.slice(1).filter((group) => group !== undefined);
      const secret = groups.length > 0 ? groups.reduce((a, b) => (b.length > a.length ? b : a)) : match[0];
      return { text, secret: secret.trim() };
    }
    return null;
  };
  const first = take();
  const second = take();
  if (!first || !second) return { reason: "cannot be generated" };
  if (first.secret === second.secret) return { reason: "holds no value (a name only)" };
  if (first.secret.length < 12) return { reason: "value shorter than 12 characters" };
  if (ARMOUR_ONLY.test(first.text)) return { reason: "a key's armour line alone" };
  // What the value is when the name does not say: digits only (an account or client number),
  // a host name, an e-mail address.
  if (/^[0-9]+$/.test(first.secret)) return { reason: "value of digits only (an identifier)" };
  if (/^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[a-z]{2,}$/.test(first.secret) && /[.]/.test(first.secret))
    return { reason: "value is a host name" };
  if (/^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(first.secret)) return { reason: "value is an e-mail address" };
  // A URL without a password, a storage path, an ARN, a name of letters and `_`: no credential.
  if (
    /https?:\/\/[^@\s]*$|amazonaws\.com|^arn:|^[a-z_]+$/i.test(first.secret) &&
    !/[?&][a-z_]*(?:token|key|sig)=/i.test(first.secret)
  )
    return { reason: "value is a URL, a storage path, an ARN or a name" };
  // A key block with no key inside (fewer than 40 characters of body).
  if (
    /PRIVATE KEY/.test(first.secret) &&
    first.secret.replace(/-----[^-]*-----|[-\s]|BEGIN|END|PRIVATE|KEY|RSA|EC|DSA|OPENSSH/g, "").length < 40
  )
    return { reason: "a key's armour with no key inside" };
  // Drawn from an any-character class (`\S`, `[^…]`): a quarter or more of it punctuation that no
  // token alphabet holds, which no real value of the vendor's looks like.
  const odd = first.secret.replace(/[A-Za-z0-9_+/=.~-]/g, "").length;
  if (odd / first.secret.length >= 0.25) return { reason: "drawn from an any-character class" };
  return first;
}

const out = [];
const left = new Map();
const leave = (source, reason) => {
  const key = `${source}: ${reason}`;
  left.set(key, (left.get(key) ?? 0) + 1);
};
let seed = 1;
function add(source, path, name, pattern) {
  const random = seeded(seed++);
  if (NOT_A_CREDENTIAL.test(name.replace(/[_-]/g, " "))) return leave(source, "not a credential by its name");
  const regex = translate(pattern);
  if (!regex) return leave(source, "not a JavaScript expression");
  const result = example(regex, random);
  if (result.reason) return leave(source, result.reason);
  out.push({ source, path, rule: name, kind: "tp", text: result.text, secret: result.secret });
}

// secrets-patterns-db: the consolidated rule file.
for (const { pattern } of parse(show(db, "db/rules-stable.yml")).patterns)
  add("secrets-patterns-db", "db/rules-stable.yml", pattern.name, pattern.regex);
// RegHex: one gf file a pattern.
for (const path of files(reghex).filter((file) => /^\.gf\/.*\.json$/.test(file))) {
  // Its grep flags (`-i` on every file) are left aside: the pattern is taken as written.
  const { pattern, patterns: many } = JSON.parse(show(reghex, path));
  const patterns = many ?? [pattern];
  for (const [index, one] of patterns.entries())
    add("RegHex", path, `${path.slice(4, -5)}${patterns.length > 1 ? ` ${index + 1}` : ""}`, one);
}
// secret-regex-list: `"Name": "regex",` lines of the README's block, as Python string literals
// (`\\` is one backslash, `\"` a quote; an unknown escape such as `\.` stays as written).
for (const line of show(regexList, "README.md").split("\n")) {
  const match = /^\s*"([^"]+)"\s*:\s*("(?:[^"\\]|\\.)*")\s*,?\s*$/.exec(line);
  if (match)
    add("secret-regex-list", "README.md", match[1], match[2].slice(1, -1).replace(/\\([\\"])/g, "$1"));
}

// Kept once per text.
const seen = new Set();
for (const vector of out) {
  if (seen.has(vector.text)) continue;
  seen.add(vector.text);
  console.log(JSON.stringify(vector));
}
console.error(
  `secrets-patterns-db ${head(db)}\nRegHex ${head(reghex)}\nsecret-regex-list ${head(regexList)}`,
);
console.error(`kept ${seen.size}`);
for (const [reason, count] of [...left].sort()) console.error(`left out: ${reason}: ${count}`);
