/**
 * Credentials code gives to a call by position, and through a variable (code.ts reads names):
 * the argument of a credential API that is its password whatever the names around it
 * (`DriverManager.getConnection(url, "u", "X")`, `new NetworkCredential("u", "X")`), and a
 * variable assigned a literal in the same text, then given to such an argument or joined to a
 * connection string's `Password=` (`"…;Password=" + pw`, `$"…;Password={pw}"`).
 */
import { isSecretName, isSecretValue } from "./names.js";
import type { Span } from "./span.js";

/** A string literal (with Python's and C#'s prefixes) and what code calls on it to pass it. */
export const literal = (group: number) =>
  `(?:[@bru]|b?r)?(["'])((?:\\\\.|(?!\\${group})[^\\n\\\\])*)\\${group}`;
// A charset may be named (`getBytes("UTF-8")`, `encode('utf-8')`, `getBytes(StandardCharsets.UTF_8)`).
export const CONVERSION = String.raw`(?:\s*\.\s*(?:toCharArray|getBytes|toByteArray|encode|as_bytes|to_string|toString|to_owned|into|ToCharArray)\(\s*(?:"[\w-]{2,16}"|'[\w-]{2,16}'|[A-Za-z_][\w.]{0,40})?\s*\))?`;

/**
 * Calls whose argument at a position is a password (0-based), whatever the names around it:
 * JDBC's, java.net's and HttpClient's, Spring Security's and the AWS SDKs' credential classes,
 * .NET's NetworkCredential, PHP's connect functions and PDO, LDAP binds, Python's basic-auth
 * classes, Go's SetBasicAuth, a mail or FTP client's `login(user, password)`.
 */
const POSITIONAL: readonly (readonly [call: RegExp, index: number, converted?: boolean])[] = [
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
  // Key derivation from a password: .NET's, Java's PBE (its first argument is the password).
  [/\b(?:PasswordDeriveBytes|Rfc2898DeriveBytes|PBEKeySpec)\s*\($/, 0],
  // A symmetric key made from a literal (`new SecretKeySpec("X".getBytes(…), "AES")`), an HMAC
  // signing key (`Algorithm.HMAC256("X")`).
  [/\b(?:SecretKeySpec|HMAC256|HMAC384|HMAC512)\s*\($/, 0],
  // Python's MySQL clients take (host, user, password, db) by position; Ruby's SMTP start takes
  // (address, port, helo, user, secret, authtype).
  [/\b(?:pymysql|MySQLdb|pymssql|_mysql)\s*\.\s*connect\s*\($/, 2],
  [/\bNet::SMTP\s*\.\s*start\s*\($/, 4],
  // A keystore's password, a literal made a char array (`ks.load(in, "X".toCharArray())`).
  [/\.\s*(?:load|store|getKey|getEntry|init)\s*\($/, 1, true],
  [/\.\s*setKeyEntry\s*\($/, 2, true],
];

const POSITIONAL_WORDS =
  /DriverManager|SecretKeySpec|HMAC|Credential|Authentication|Auth|auth|PDO|mysql|MySQL|ldap_|oci_|login|Login|bind|DeriveBytes|PBEKeySpec|pymssql|SMTP|toCharArray/;

/** The arguments of the call whose `(` ends before `from`: each one's text and offset. */
export function argumentsAt(text: string, from: number): { text: string; at: number }[] {
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

export const ARGUMENT_LITERAL = new RegExp(String.raw`^\s*${literal(1)}${CONVERSION}\s*$`);

/** The calls of the table in one expression, a group each (built on first use). */
let calls: RegExp | undefined;

export function positionalSpans(text: string, spans: Span[]): void {
  if (!POSITIONAL_WORDS.test(text)) return;
  calls ??= new RegExp(POSITIONAL.map(([call]) => `(${call.source.replace(/\$$/, "")})`).join("|"), "g");
  for (const match of text.matchAll(calls)) {
    const rule = POSITIONAL[match.findIndex((group, index) => index > 0 && group !== undefined) - 1]!;
    const argument = argumentsAt(text, match.index! + match[0].length)[rule[1]];
    if (!argument) continue;
    // A variable: the literal the text assigned it, if it did.
    const variable = /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(argument.text);
    if (variable) {
      assignedLiteral(text, variable[1]!, match.index!, spans);
      continue;
    }
    // Rust's `Some("X")` for an optional password (reqwest's basic_auth).
    const found = ARGUMENT_LITERAL.exec(argument.text.replace(/^\s*Some\(([\s\S]*)\)\s*$/, "$1"));
    if (!found || !isSecretValue(found[2]!) || (rule[2] && !/\.\s*toCharArray/.test(argument.text))) continue;
    const start = argument.at + argument.text.indexOf(found[1]!) + 1;
    spans.push({ start, end: start + found[2]!.length, kind: "assignment" });
  }
}

const escaped = (name: string) => name.replace(/\$/g, "\\$");

/**
 * The literal `name` was last assigned before `before` (`var pw = "X";`, `const string pw =
 * "X";`, `pw := "X"`, `data = "X"`), as a span: the variable carries it to where it is a password.
 */
export function assignedLiteral(text: string, name: string, before: number, spans: Span[]): void {
  if (/^(?:null|nil|None|true|false|undefined|this|self)$/.test(name)) return;
  const assignment = new RegExp(
    String.raw`(?<![\w$.])${escaped(name)}\s*(?::\s*[\w<>\[\]?]+\s*)?:?=(?![=>])\s*${literal(1)}${CONVERSION}\s*(?:;|$)`,
    "gm",
  );
  let last: RegExpExecArray | undefined;
  for (const match of text.slice(0, before).matchAll(assignment)) last = match as RegExpExecArray;
  if (!last || !isSecretValue(last[2]!)) return;
  const start = last.index + last[0].indexOf(`${last[1]}${last[2]}${last[1]}`) + 1;
  spans.push({ start, end: start + last[2]!.length, kind: "assignment" });
}

/**
 * A connection string's password joined from outside the literal: a literal or a variable
 * concatenated after `Password=` (`"…;Password=" + "X"`, `"…;Password = " + pw`) or interpolated
 * there (`$"…;Password={pw}"`, `` `…password=${pw}` ``).
 */
const JOINED = new RegExp(
  String.raw`(?<![\w.-])(?:password|passwd|pwd)\s*=\s*(?:["']\s*\+\s*(?:${literal(1)}|([A-Za-z_$][\w$]*))|\$?\{([A-Za-z_$][\w$]*)\})`,
  "gi",
);

export function joinedSpans(text: string, spans: Span[]): void {
  if (!/pass|pwd/i.test(text)) return;
  for (const match of text.matchAll(JOINED)) {
    const name = match[3] ?? match[4];
    if (name) {
      assignedLiteral(text, name, match.index!, spans);
      continue;
    }
    if (!isSecretValue(match[2]!)) continue;
    const start = match.index! + match[0].lastIndexOf(`${match[1]}${match[2]}${match[1]}`) + 1;
    spans.push({ start, end: start + match[2]!.length, kind: "assignment" });
  }
}

/**
 * A password column filled with a literal: `INSERT INTO users (email, password) VALUES (%s, %s)`
 * then the parameters given to the next call (`cursor.execute(sql, ("a@b", "X"))`, `db.query(sql,
 * [a, "X"])`, Go's `db.Exec(sql, a, "X")`), or the literal in the VALUES list itself.
 */
const INSERT = /\binsert\s+into\s+[`"'[\]\w.]+\s*\(([^()]{1,400})\)\s*values\s*\(([^()]{1,400})\)/gi;
const PLACEHOLDER = /^(?:%s|\?|\$\d+|:\w+|@\w+|%\(\w+\)s)$/;
const EXECUTE =
  /\.\s*(?:execute|executemany|query|exec|run|Exec|Query|QueryRow|ExecContext|QueryContext)\s*\(/g;

export function insertedSpans(text: string, spans: Span[]): void {
  if (!/insert/i.test(text)) return;
  for (const match of text.matchAll(INSERT)) {
    const columns = match[1]!.split(",").map((column) => column.trim().replace(/^[`"'[]|[`"'\]]$/g, ""));
    const column = columns.findIndex((name) => isSecretName(name));
    if (column < 0) continue;
    const valuesAt = match.index! + match[0].lastIndexOf("(") + 1;
    const values = argumentsAt(text, valuesAt);
    const value = values[column];
    if (!value) continue;
    if (!PLACEHOLDER.test(value.text.trim())) {
      literalArgument(value, spans);
      continue;
    }
    EXECUTE.lastIndex = match.index! + match[0].length;
    const call = EXECUTE.exec(text);
    if (!call) continue;
    const args = argumentsAt(text, call.index + call[0].length).slice(1);
    const first = args[0];
    // One tuple, list or array of parameters, or the parameters themselves (Go's variadic Exec).
    const bracket = first && /^\s*(?:array\s*)?[([]/.exec(first.text);
    const params = bracket ? argumentsAt(text, first.at + bracket[0].length) : args;
    if (params[column]) literalArgument(params[column], spans);
  }
}

function literalArgument(argument: { text: string; at: number }, spans: Span[]): void {
  const found = ARGUMENT_LITERAL.exec(argument.text);
  if (!found || !isSecretValue(found[2]!)) return;
  const start = argument.at + argument.text.indexOf(found[1]!) + 1;
  spans.push({ start, end: start + found[2]!.length, kind: "assignment" });
}
