// Categories of the scanners' examples, judged on the example alone (never on what trailseal's
// redaction did with it), so that a category can be set apart from a measure and the figure
// reported both ways (docs/decisions/redaction-categories.md). For a true positive the bytes the
// scanner reports are judged; for a false positive, the candidate values of its text (the runs
// of token characters, and the values given to a name by `=` or `:`). First match wins.
//
//   placeholder        x-runs, `…EXAMPLE…`, `fake`, `your_…`, `<…>`, sequences (`abcd1234`, `1a2b3c`)
//   reference          `$VAR`, `${…}`, `#{…}`, `%VAR%`, `{{ … }}`
//   code identifier    a camelCase or snake_case name made of words (`KeySize.Key128Bit`)
//   url or host        a URL, a host name, a bucket path
//   near-valid token   a run of 16+ token characters that reads as random (letters and digits,
//                      3.3+ bits a character, no word structure), hex of 32+ or a UUID excepted
//   hex or uuid        hex of 32+ characters or a UUID
//   literal            a word-like value (`open_sesame`, `super$ecret`, `123`)
//   other

const PLACEHOLDER =
  /x{5,}|X{5,}|\*{4,}|0{8,}|EXAMPLE|example(?!\.com|\.org)|fake|dummy|sample|invalid|placeholder|your[_-]?(?:api|key|token|secret|pass)|changeme|<[A-Za-z_ -]+>|&lt;|not[_-]?(?:a[_-]?)?(?:real|secret|valid|password)|notapassword|real_(?:key|secret)|(.)\1{7,}/i;
const SEQUENCES = [
  "abcdefgh",
  "bcdefghi",
  "ijklmnop",
  "mnopqrst",
  "qrstuvwx",
  "12345678",
  "23456789",
  "1a2b3c4d",
  "a1b2c3d4",
  "1234abcd",
  "abcd1234",
  "0123456789",
];
const REFERENCE = /\$\{|\$\(|#\{|^\$[A-Za-z_]|%[A-Za-z_]+%|\{\{/;

function bits(text) {
  const counts = new Map();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let out = 0;
  for (const count of counts.values()) out -= (count / text.length) * Math.log2(count / text.length);
  return out;
}

/** A name made of words: most of its letters in segments of 3+ letters holding a vowel, or acronyms. */
export function wordish(run) {
  const segments = run.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g) ?? [];
  let letters = 0;
  let words = 0;
  let digitSegments = 0;
  for (const segment of segments) {
    if (/^[0-9]+$/.test(segment)) {
      digitSegments += 1;
      continue;
    }
    letters += segment.length;
    if ((segment.length >= 3 && /[aeiouy]/i.test(segment)) || /^[A-Z]{2,5}$/.test(segment))
      words += segment.length;
  }
  return letters > 0 && words / letters >= 0.8 && digitSegments <= 2;
}

const HEX = /^(?:[0-9a-f]{32,}|[0-9A-F]{32,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function placeholder(value) {
  return PLACEHOLDER.test(value) || SEQUENCES.some((s) => value.toLowerCase().includes(s));
}

function randomRun(run) {
  if (run.length < 16 || HEX.test(run) || placeholder(run)) return false;
  if (!/[0-9]/.test(run) || !/[A-Za-z]/.test(run))
    return /[a-z]/.test(run) && /[A-Z]/.test(run) && run.length >= 30 && bits(run) >= 4 && !wordish(run);
  return bits(run) >= 3.3 && !wordish(run);
}

function candidates(text) {
  return (
    text
      .match(/[A-Za-z0-9_+/=~.-]{8,}/g)
      ?.flatMap((run) => run.split(/[/.=~]+/))
      .filter((run) => run.length >= 8) ?? []
  );
}

function judge(value, whole) {
  const runs = candidates(value);
  if (runs.some(randomRun)) return "near-valid token";
  if (placeholder(value)) return "placeholder";
  if (REFERENCE.test(value)) return "reference";
  if (runs.some((run) => HEX.test(run)) || HEX.test(value)) return "hex or uuid";
  if (/^[a-z][a-z0-9+.-]*:\/\/|^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/\S*)?$/i.test(value.trim()))
    return "url or host";
  if (whole && /^[A-Za-z_][\w.]*$/.test(value) && wordish(value)) return "code identifier";
  if (whole) return value.length <= 64 && !/\s/.test(value.trim()) ? "literal" : "other";
  return null;
}

/** The category of one example (a line of test/vectors/secret-*.jsonl). */
export function categorize(vector) {
  const secrets = vector.secrets ?? (vector.secret ? [vector.secret] : []);
  if (vector.kind === "tp" && secrets.length > 0) return judge(secrets[0], true);
  const text = vector.text ?? secrets[0] ?? "";
  // The values a name is given (`name = 'X'`, `key: X`, `"name": "X"`), then the text's runs.
  const values = [...text.matchAll(/[=:][ \t]*(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"',;]+))/g)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
  const order = [
    "near-valid token",
    "placeholder",
    "reference",
    "hex or uuid",
    "url or host",
    "code identifier",
    "literal",
    "other",
  ];
  const found = new Set(values.map((value) => judge(value, true)));
  const own = judge(text.trim(), false);
  if (own) found.add(own);
  // A text with a random run anywhere is a near-valid token even when a name's value is something else.
  if (candidates(text).some(randomRun)) found.add("near-valid token");
  // The strongest sign wins: a random run (itself no placeholder) anywhere in the text.
  for (const category of order) if (found.has(category)) return category;
  return /^[A-Za-z_][\w.]*$/.test(text.trim()) && wordish(text.trim()) ? "code identifier" : "other";
}
