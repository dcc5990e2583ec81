/**
 * Credentials written in code (a file an agent writes, an edit, a patch, a `python -c` argument)
 * where the assignment scan (detect.ts) reads no `NAME = "X"`: a member or subscript given a
 * secret (`obj['password'] = 'X'`, `obj.pass = 'X'`), a name holding a password word inside it
 * (`char[] passwordToChar = "X".toCharArray()`), a literal compared with a secret's name
 * (`password.equals("X")`), a setter or builder named for a secret (`setPassword("X")`,
 * `.withApiKey("X")`), a constant naming the secret before its value (`props.put(Context.
 * SECURITY_CREDENTIALS, "X")`), the argument of a credential API that is its password by
 * position (`DriverManager.getConnection(url, "u", "X")`, `new NetworkCredential("u", "X")`), and
 * a Go driver's DSN (`"u:X@tcp(host)/db"`). And what code holds under a secret's name that is no
 * credential (`codeStandIn`): a variable read, a bind parameter, a string's end, the name of the
 * slot (docs/decisions/redaction-code.md).
 */
import { chainSpans, charArraySpans, formatSpans, loginPairSpans } from "./code-args.js";
import { CONVERSION, insertedSpans, joinedSpans, literal, positionalSpans } from "./code-calls.js";
import { valueSpans } from "./code-values.js";
import { isSecretName, isSecretValue } from "./names.js";
import type { Span } from "./span.js";

/** A name of code (camelCase, snake_case) as snake_case words, lower-cased. */
const snake = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();

/** `obj['password'] = 'X'`, `obj('APIKEY') = 'X'`, `obj.pass = 'X'` (a member's `pass` or `pwd`). */
const SUBSCRIPT = new RegExp(
  String.raw`(?:\[\s*(["'])([\w.-]+)\1\s*\]|\(\s*(["'])([\w.-]+)\3\s*\)|\.(pass|pwd|Pass|Pwd))\s*=(?![=>])\s*${literal(6)}`,
  "g",
);
/**
 * `NAME = "X"`, `Type NAME = "X"`, `NAME: Type = "X"`, `NAME := "X"` with a quoted value (and a
 * conversion after it): judged here when the name holds a password word inside camelCase
 * (`passwordToChar`, `fieldNameWithPasswordInIt`), which names.ts's separators do not split.
 */
const CAMEL_ASSIGNMENT = new RegExp(
  String.raw`(?<![\w$])([A-Za-z_$][\w$]*)(?:\s*:\s*[\w<>\[\]?]+)?\s*:?=(?![=>])\s*${literal(2)}${CONVERSION}`,
  "g",
);
/** A word after the password's that makes the name about it (`passwordPrefixConst`, `passwordProperty`). */
const ABOUT_WORD =
  /(?:password|passwd|passphrase|secret)_(?:\w+_)?(?:prefix|suffix|name|property|field|label|hint|url|uri|path|file|length|len|size|pattern|regex|format|policy|prompt|input|id|type|param|header|rule|hash|salt|reset|min|max|count|expiry|ttl|selector|element|locator|button|text|message|placeholder|title|column|attr|attribute|env|var|template)(?:_|$)/;
const CAMEL_PASSWORD =
  /[a-z0-9](?:Password|Passwd|Passphrase|Secret)[A-Z0-9]|^(?:password|passwd|passphrase|secret)[A-Z]/;
/** `NAME.equals("X")`, `"X".equals(NAME)` (and their case-insensitive and C# spellings). */
const EQUALS = new RegExp(
  String.raw`(?<![\w$])([A-Za-z_$][\w$.]*)\s*\.\s*(?:equals|Equals|equalsIgnoreCase|contentEquals)\(\s*${literal(2)}\s*\)|${literal(4)}\s*\.\s*(?:equals|Equals|equalsIgnoreCase|contentEquals)\(\s*([A-Za-z_$][\w$.]*)\s*\)`,
  "g",
);
/**
 * `pass` and `pwd` as an object's, a hash's or an array's key given a literal (`auth: { user: …,
 * pass: "X" }` of nodemailer, PHP's `'pass' => 'X'`, `$pwd = 'X'`): bare, names.ts leaves them
 * for the shell's `PWD` and the word; as a key of code's data they are the password. A KDF's input
 * key material (`key_material=b"X"`) likewise.
 */
const SHORT_KEY = new RegExp(
  String.raw`(?:(?<![\w$.-])(["']?)(?:pass|pwd|Pass|PASS|Pwd|PWD)\1\s*(?:=>|:(?!:))|(?<![\w$])\$(?:pass|pwd)\s*=(?![=>])|(?<![\w$])(?:key_material|keyMaterial|ikm)\s*[=:](?!=))\s*${literal(2)}`,
  "g",
);

/** `setPassword("X")`, `.withApiKey("X")`, `.password("X")`, `set_secret('X')`. */
const SETTER = new RegExp(
  String.raw`(\.?)(set|with|Set|With)?_?([A-Za-z][A-Za-z_]*)\s*\(\s*${literal(4)}${CONVERSION}\s*\)`,
  "g",
);
const SETTER_NAME =
  /^(?:(?:db|database|admin|root|user|api|access|secret|client|private|auth|master|app|consumer|bot|session|signing|encryption|key_?store|trust_?store|store|key|proxy|smtp|mail|ftp|ldap|bind)_)?(?:password|passwd|passphrase|pass|pwd|secret|token|api_?key|credentials?)$|^(?:access|secret|private|client|api|signing|encryption|master|session|app|consumer)_key$/;
/** `put(Context.SECURITY_CREDENTIALS, "X")`: a constant's name, then the literal. */
const CONSTANT_PAIR = new RegExp(
  String.raw`\(\s*((?:[A-Za-z_][\w]*\.)*[A-Z][A-Z0-9_]*)\s*,\s*${literal(2)}${CONVERSION}\s*[,)]`,
  "g",
);
/** A Go SQL driver's DSN: `user:password@tcp(host:3306)/db`, `@unix(…)`. */
const GO_DSN = /(?<![\w:/.-])[\w.-]*:([^@\s"'`:/]+)@(?:tcp|unix|udp|tcp6)\(/g;

/** The literal's place: its group `group` in `match`, which ends the match or its literal part. */
function literalSpan(match: RegExpMatchArray, quoteGroup: number, spans: Span[]): void {
  const value = match[quoteGroup + 1]!;
  if (!isSecretValue(value)) return;
  // The literal's opening quote: the last one before the value that the match holds.
  const quote = match[quoteGroup]!;
  const opened = match[0].indexOf(`${quote}${value}${quote}`);
  if (opened < 0) return;
  const start = match.index! + opened + 1;
  spans.push({ start, end: start + value.length, kind: "assignment" });
}

/** The spans of credentials in code; `lower`: the text lower-cased ("" without the prefilter). */
export function codeSpans(text: string, lower: string, prefilter: boolean, spans: Span[]): void {
  const call = !prefilter || text.includes("(");
  if (!prefilter || text.includes("=")) {
    // Each scan below runs only where its words can be (a subscript's bracket, a short key's
    // word, a camelCase password's word): most texts hold none.
    if (/[[(]|\.p(?:ass|wd)/i.test(text))
      for (const match of text.matchAll(SUBSCRIPT)) {
        const name = match[2] ?? match[4] ?? match[5]!;
        if (match[5] === undefined && !isSecretName(name) && !/^(?:pass|pwd)$/i.test(name)) continue;
        if (!codeStandIn(match[7]!)) literalSpan(match, 6, spans);
      }
    if (/pass|pwd|ikm|key_?material/i.test(text))
      for (const match of text.matchAll(SHORT_KEY)) if (!codeStandIn(match[3]!)) literalSpan(match, 2, spans);
    if (/passw|passp|secret/i.test(text))
      for (const match of text.matchAll(CAMEL_ASSIGNMENT)) {
        const name = match[1]!;
        if (isSecretName(name) || !CAMEL_PASSWORD.test(name) || !isSecretName(snake(name))) continue;
        if (ABOUT_WORD.test(snake(name))) continue;
        if (!codeStandIn(match[3]!)) literalSpan(match, 2, spans);
      }
  }
  // Typed, converted and byte-array values (code-values.ts) have `=` or `:`.
  if (!prefilter || text.includes("=") || text.includes(":")) valueSpans(text, spans, codeStandIn);
  // Every join has `=` (code-calls.ts); so has every char array and chain (code-args.ts).
  if (!prefilter || text.includes("=")) {
    joinedSpans(text, spans);
    charArraySpans(text, spans);
    chainSpans(text, spans, codeStandIn);
  }
  if (call && (!prefilter || lower.includes("equals"))) {
    for (const match of text.matchAll(EQUALS)) {
      const name = match[1] ?? match[6]!;
      if (!isSecretName(name.replace(/^.*\./, ""))) continue;
      const quoteGroup = match[1] !== undefined ? 2 : 4;
      if (!codeStandIn(match[quoteGroup + 1]!)) literalSpan(match, quoteGroup, spans);
    }
  }
  if (call) {
    // A setter's name ends in a secret's word right before its `(`: without one, none runs.
    if (/(?:pass(?:word|wd|phrase)?|pwd|secret|token|key|credentials?)_?\s*\(/i.test(text))
      for (const match of text.matchAll(SETTER)) {
        // A bare `password("X")` is a builder's only as a member (`.password("X")`).
        if (match[2] === undefined && match[1] !== ".") continue;
        const name = snake(match[3]!);
        if (!SETTER_NAME.test(name) || codeStandIn(match[5]!)) continue;
        literalSpan(match, 4, spans);
      }
    for (const match of text.matchAll(CONSTANT_PAIR)) {
      const name = match[1]!.replace(/^.*\./, "");
      if (!isSecretName(name) || codeStandIn(match[3]!)) continue;
      literalSpan(match, 2, spans);
    }
    positionalSpans(text, spans);
    insertedSpans(text, spans);
    // Values by their place among others (code-args.ts): each scan has its own word guard.
    loginPairSpans(text, spans, codeStandIn);
    formatSpans(text, spans, codeStandIn);
    if (/@(?:tcp6?|unix|udp)\(/.test(text)) {
      for (const match of text.matchAll(GO_DSN)) {
        if (!isSecretValue(match[1]!)) continue;
        const start = match.index! + match[0].indexOf(`:${match[1]}@`) + 1;
        spans.push({ start, end: start + match[1]!.length, kind: "url-credentials" });
      }
    }
  }
}

// The value names the slot rather than filling it: a configuration key ending in a secret's word
// (`custom.password`, `javax.net.ssl.trustStorePassword`), a field's camelCase name ending in it
// (`trustStorePassword`), a route (`/users/resetUserPassword`), a selector (`[id='password']`,
// `input[name=password]`).
const SLOT_SHAPES = [
  /^[a-z][\w-]*(?:\.[A-Za-z][\w-]*)+$/,
  // Three words or more, not a phrase about one's own (`myPassword`, `superSecretPassword`).
  /^(?!(?:my|your|our|the|some|super|secret|strong|default|good|new)[A-Z])[a-z]+(?:[A-Z][a-z]+){2,}$/,
  /^\/[\w.-]+(?:\/[\w.-]+)+\/?$/,
  /^[\w-]*\[[\w-]+(?:[~|^$*]?=[^\]]*)?\]$|^#[\w-]+$/,
];

/**
 * A value under a secret's name that code holds as no credential: `anonymous` (the password
 * of an anonymous login, RFC 1635), a bind parameter (`:param`, `?`, unquoted), a string's end taken for
 * a value (`"password='" + pwd + "'"`), a value that names the slot.
 */
export function codeStandIn(value: string, bare = false): boolean {
  if (/^anonymous$/i.test(value)) return true;
  // Unquoted, inside a query's text (`"…&password=:param"`); a quoted `":hunter2"` is a value.
  if (bare && /^:[A-Za-z_]\w*$|^\?+$/.test(value)) return true;
  if (/^["'`]\s*(?:\+|\.|&|\.\.)\s*[\w$(]/.test(value)) return true;
  // A description of the value's kind (`'long string'`, `'very long string'`).
  if (/^(?:(?:very|ultra|long|short|some|any|a|an|random|empty)\s+)+(?:string|value|text)$/i.test(value))
    return true;
  // A connection string's prefix (`"Password = "`): the value is joined after it.
  if (/\s[=:]\s*$|[=:]\s+$/.test(value)) return true;
  // Ending in a password's word: a dotted or camelCase value ending in `secret` or `token` is as
  // often a passphrase (`blue.sky.secret`) as a key's name.
  const lastWord = /(?:password|passwd|pwd)['"\]]*$/i;
  return lastWord.test(value) && SLOT_SHAPES.some((shape) => shape.test(value));
}

/**
 * A bare value that is code's variable: an identifier given with a declaration's keyword
 * (`const password = saass`, `String pw = other`) or in a statement ended by `;` with blanks
 * around `=` (`PASSWORD = ACX;`): a shell's assignment has no blanks, a file of settings no `;`.
 */
export function codeVariable(text: string, nameStart: number, valueEnd: number, value: string): boolean {
  const operator = /^[\w.-]*["']?\s*(=>|={2,3}|!==?|:?=|:)/.exec(text.slice(nameStart, valueEnd))?.[1] ?? "";
  // PHP's variable in an array (`'clientSecret' => $clientSecret,`) or a statement.
  if (/^\$[A-Za-z_]\w*$/.test(value) && (operator === "=>" || text[valueEnd] === ";")) return true;
  // A bare value closing the call or the condition it is in (`connect(password=password)`,
  // `if (password === confirmPassword)`): the same name passed on, or a camelCase variable.
  const closed = /^([A-Za-z_$][\w$]*)[)\]}]+$/.exec(value)?.[1];
  if (closed) {
    const name = /^[\w.-]+/.exec(text.slice(nameStart))?.[0] ?? "";
    if (
      closed.toLowerCase() === name.toLowerCase().replace(/^.*\./, "") ||
      /^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(closed)
    )
      return true;
  }
  if (!/^[A-Za-z_$][\w$]*$/.test(value)) return false;
  const lineStart = text.lastIndexOf("\n", nameStart - 1) + 1;
  const before = text.slice(lineStart, nameStart);
  if (
    /(?:^|[\s('"`;{+-])(?:const|let|var|val|final|static|readonly|private|public|protected|String|string|char\[\]|auto|my|local|def|dim|Dim)\s+(?:[\w<>[\]]+\s+)?$/.test(
      before,
    )
  )
    return true;
  // A constant's or a camelCase variable's shape: a lower-case word could be a password left
  // unquoted (`$password = goodspec;`).
  return (
    text[valueEnd] === ";" && /\s(?::?=)\s/.test(text.slice(nameStart, valueEnd)) && /[A-Z_$]/.test(value)
  );
}
