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
import { isSecretName, isSecretValue } from "./names.js";
import type { Span } from "./span.js";

/** A string literal (with Python's and C#'s prefixes) and what code calls on it to pass it. */
const literal = (group: number) => `(?:[@bru]|b?r)?(["'])((?:\\\\.|(?!\\${group})[^\\n\\\\])*)\\${group}`;
const CONVERSION = String.raw`(?:\s*\.\s*(?:toCharArray|getBytes|toByteArray|encode|as_bytes|to_string|toString|to_owned|into|ToCharArray)\(\s*\))?`;

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
const CAMEL_PASSWORD =
  /[a-z0-9](?:Password|Passwd|Passphrase|Secret)[A-Z0-9]|^(?:password|passwd|passphrase|secret)[A-Z]/;
/** `NAME.equals("X")`, `"X".equals(NAME)` (and their case-insensitive and C# spellings). */
const EQUALS = new RegExp(
  String.raw`(?<![\w$])([A-Za-z_$][\w$.]*)\s*\.\s*(?:equals|Equals|equalsIgnoreCase|contentEquals)\(\s*${literal(2)}\s*\)|${literal(4)}\s*\.\s*(?:equals|Equals|equalsIgnoreCase|contentEquals)\(\s*([A-Za-z_$][\w$.]*)\s*\)`,
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

/**
 * Calls whose argument at a position is a password (0-based), whatever the names around it:
 * JDBC's, java.net's and HttpClient's, Spring Security's and the AWS SDKs' credential classes,
 * .NET's NetworkCredential, PHP's connect functions and PDO, LDAP binds, Python's basic-auth
 * classes, Go's SetBasicAuth, a mail or FTP client's `login(user, password)`.
 */
const POSITIONAL: readonly [RegExp, number][] = [
  [/\bDriverManager\s*\.\s*getConnection\s*\($/, 2],
  [
    /\b(?:PasswordAuthentication|UsernamePasswordCredentials|UsernamePasswordAuthenticationToken|NetworkCredential|BasicAWSCredentials|BasicSessionCredentials|HTTPBasicAuth|HTTPDigestAuth|HttpBasicAuth|BasicAuthenticationHeaderValue)\s*\($/,
    1,
  ],
  [/\b(?:AwsBasicCredentials|AwsSessionCredentials)\s*\.\s*create\s*\($/, 1],
  [/\b(?:mysqli_connect|mysql_connect|mysql_pconnect|mysqli|ldap_bind|ldap_sasl_bind|PDO)\s*\($/, 2],
  [
    /\b(?:oci_connect|oci_pconnect|SetBasicAuth|setBasicAuth|basicAuth|withBasicAuth|basic_auth|set_auth_credentials)\s*\($/,
    1,
  ],
  [/\.\s*(?:login|Login|auth_plain|auth_login|bind_s|simple_bind_s|simple_bind)\s*\($/, 1],
];

const POSITIONAL_WORDS =
  /DriverManager|Credential|Authentication|Auth|auth|PDO|mysql|ldap_|oci_|login|Login|bind/;

/** The arguments of the call whose `(` ends before `from`: each one's text and offset. */
function argumentsAt(text: string, from: number): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let depth = 0;
  let start = from;
  const limit = Math.min(text.length, from + 1000);
  for (let index = from; index < limit; index += 1) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") {
      const close = text.indexOf(char, index + 1);
      if (close < 0) return out;
      // A backslash escapes the quote inside the literal.
      let end = close;
      while (end >= 0 && text[end - 1] === "\\") end = text.indexOf(char, end + 1);
      if (end < 0) return out;
      index = end;
    } else if ("([{".includes(char)) depth += 1;
    else if (")]}".includes(char)) {
      if (depth === 0) {
        out.push({ text: text.slice(start, index), at: start });
        return out;
      }
      depth -= 1;
    } else if (char === "," && depth === 0) {
      out.push({ text: text.slice(start, index), at: start });
      start = index + 1;
    }
  }
  return out;
}

const ARGUMENT_LITERAL = new RegExp(String.raw`^\s*${literal(1)}${CONVERSION}\s*$`);

function positionalSpans(text: string, spans: Span[]): void {
  if (!POSITIONAL_WORDS.test(text)) return;
  for (const match of text.matchAll(/[\w$.]\s*\(/g)) {
    const upTo = text.slice(Math.max(0, match.index! - 60), match.index! + match[0].length);
    const rule = POSITIONAL.find(([call]) => call.test(upTo));
    if (!rule) continue;
    const argument = argumentsAt(text, match.index! + match[0].length)[rule[1]];
    const found = argument && ARGUMENT_LITERAL.exec(argument.text);
    if (!found || !isSecretValue(found[2]!)) continue;
    const start = argument.at + argument.text.indexOf(found[1]!) + 1;
    spans.push({ start, end: start + found[2]!.length, kind: "assignment" });
  }
}

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
    for (const match of text.matchAll(SUBSCRIPT)) {
      const name = match[2] ?? match[4] ?? match[5]!;
      if (match[5] === undefined && !isSecretName(name) && !/^(?:pass|pwd)$/i.test(name)) continue;
      if (!codeStandIn(match[7]!)) literalSpan(match, 6, spans);
    }
    for (const match of text.matchAll(CAMEL_ASSIGNMENT)) {
      const name = match[1]!;
      if (isSecretName(name) || !CAMEL_PASSWORD.test(name) || !isSecretName(snake(name))) continue;
      if (!codeStandIn(match[3]!)) literalSpan(match, 2, spans);
    }
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
    if (!prefilter || text.includes("@")) {
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
  /^[a-z]+(?:[A-Z][a-z]+)+$/,
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
  if (!/^[A-Za-z_$][\w$]*$/.test(value)) return false;
  const lineStart = text.lastIndexOf("\n", nameStart - 1) + 1;
  const before = text.slice(lineStart, nameStart);
  if (
    /(?:^|[\s(])(?:const|let|var|val|final|static|readonly|private|public|protected|String|string|char\[\]|auto|my|local|def|dim|Dim)\s+(?:[\w<>[\]]+\s+)?$/.test(
      before,
    )
  )
    return true;
  return text[valueEnd] === ";" && /\s(?::?=)\s/.test(text.slice(nameStart, valueEnd));
}
