/**
 * Credentials code gives by their place among other values, where no secret's name stands
 * beside the literal (docs/decisions/redaction-code-args.md):
 *
 * - **A user and its password given to a call that logs in** (`login(user, "X")`,
 *   `auth("admin", "X")`, `smtp.PlainAuth("", "ops@acme.io", "X", host)`, `ftp_login($c, "u",
 *   "X")`, `db.changeUserPassword("u", "X")`, a `connect` call beside a host:
 *   `transport.connect("smtp.host", "u", "X")`, and a call whose first argument is a connection's
 *   URL or DSN: `Sql.newInstance("jdbc:…", "u", "X", driver)`): the literal right after an
 *   argument that is a user (a user's variable, an e-mail address, a bare name) is its password,
 *   whatever its letters;
 * - **a password written as characters** (`char[] password = {'s', 'e', 'c', …}`, Kotlin's
 *   `charArrayOf(…)`): the list, under a secret's name;
 * - **a password a format call puts in a secret's slot** (`String.Format("…;Password={3};", a,
 *   b, c, "X")`, `String.format("…&password=%s", …, "X")`, `"{0}:{1}@{2}".format("u", "X", h)`,
 *   `"…password=%s" % (…, "X")`): the argument the slot's index names, a literal or a variable
 *   the text assigned one;
 * - **a literal at the end of a chain** (`d["password"] = safe = "X"`, `password == safe ==
 *   "X"`): the chain gives the literal to the secret's name too.
 */
import { ARGUMENT_LITERAL, argumentsAt, assignedLiteral, literal } from "./code-calls.js";
import { isSecretName, isSecretValue } from "./names.js";
import type { Span } from "./span.js";

type StandIn = (value: string) => boolean;
type Argument = { text: string; at: number };

// A call that logs in or authenticates, by the last word of its name; `connect` only after a host.
const LOGIN_CALL =
  /(?:^|[^A-Za-z])(?:log_?in|log_?on|sign_?in|auth|authenticate|plain_?auth|credentials?)$|[a-z](?:Login|Logon|SignIn|Auth|Authenticate|Credentials?)$|(?:^|[^A-Za-z])(?:set|change|update|reset)_?(?:user_?)?pass(?:word|wd)$|[a-z](?:Password|Passwd)$/i;
const CONNECT_CALL = /(?:^|[^A-Za-z]|[a-z])(?:connect|Connect)$/;
// From an identifier's first character only (the scan runs over whole files).
const CALL = /(?<![\w$])([A-Za-z_$][\w$]*)\s*\(/g;
// A user as a variable or member (`user`, `self.username`, `cfg.login`, `$email`).
const USER_VARIABLE =
  /^\s*\$?(?:[A-Za-z_][\w]*\s*(?:\.|->|::)\s*)*[A-Za-z_]*(?:user|usr|username|login|email|mail|account|principal|uid)(?:_?name)?\s*$/i;
// A user as a literal: an e-mail address, or a bare name (no dot, no blank: not a host or a phrase).
const USER_LITERAL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$|^[A-Za-z_][\w-]{1,31}$/;
// A host: a literal with a dot or `localhost`, or a variable that says host, server or address.
const HOST_LITERAL = /^(?:localhost|[\w-]+(?:\.[\w-]+)+)(?::\d+)?$/i;
const HOST_VARIABLE = /^\s*(?:[\w$]+\s*\.\s*)*[\w$]*(?:host|server|addr|address|url|uri|endpoint)\w*\s*$/i;

const literalOf = (argument: Argument | undefined): RegExpExecArray | null =>
  argument ? ARGUMENT_LITERAL.exec(argument.text) : null;

function literalArgument(argument: Argument, found: RegExpExecArray, spans: Span[]): void {
  const start = argument.at + argument.text.indexOf(found[1]!) + 1;
  spans.push({ start, end: start + found[2]!.length, kind: "assignment" });
}

const isUser = (argument: Argument): boolean => {
  if (USER_VARIABLE.test(argument.text)) return true;
  const found = literalOf(argument);
  return found !== null && USER_LITERAL.test(found[2]!);
};

/** Where a connection goes: a host (a literal or a variable that says one), a URL or a DSN. */
const isTarget = (argument: Argument): boolean => {
  if (HOST_VARIABLE.test(argument.text)) return true;
  const found = literalOf(argument);
  return found !== null && (HOST_LITERAL.test(found[2]!) || DSN_LITERAL.test(found[2]!));
};

// A connection's URL or DSN (`jdbc:…`, `dbi:Pg:…`, `postgres://…`): a call that takes it first
// takes the user and the password after it (`Sql.newInstance(url, user, X, driver)`,
// `DBI->connect(dsn, user, X)`).
const TEMPLATE = /\{\d*(?:[,:][^}]*)?\}|%[-+ #0]*\d*(?:\.\d+)?[sdvqr]/;
// Sticky: tried right after a call's `(`, without a copy of the text.
const DSN_START = /\s*["'](?:jdbc:|dbi:|odbc:|[a-z][a-z0-9+.-]*:\/\/)/iy;
const DSN_LITERAL = /^(?:jdbc:|dbi:|odbc:|[a-z][a-z0-9+.-]*:\/\/)\S+$/i;

/** A user and its password given to a call that logs in (see above). */
export function loginPairSpans(text: string, spans: Span[], standIn: StandIn): void {
  if (!/log_?[io]n|sign_?in|auth|credential|connect|pass|:\/\/|jdbc:|dbi:|odbc:/i.test(text)) return;
  for (const match of text.matchAll(CALL)) {
    const name = match[1]!;
    const login = LOGIN_CALL.test(name);
    const connect = CONNECT_CALL.test(name);
    const after = match.index! + match[0].length;
    // Any other call only when its first argument opens with a URL's or DSN's scheme.
    if (!login && !connect) {
      DSN_START.lastIndex = after;
      if (!DSN_START.test(text)) continue;
    }
    const args = argumentsAt(text, after);
    if (!login && !connect) {
      const dsn = literalOf(args[0]);
      const found = literalOf(args[2]);
      // A template with placeholders (`"jdbc:mysql://%s/%s"`) is a format call's, not a URL.
      if (!dsn || !DSN_LITERAL.test(dsn[2]!) || TEMPLATE.test(dsn[2]!) || !found || !isUser(args[1]!))
        continue;
      if (isSecretValue(found[2]!) && !standIn(found[2]!)) literalArgument(args[2]!, found, spans);
      continue;
    }
    // The last pair that fits: a source's name may stand before the user (luasql's
    // env:connect(source, user, password, host)).
    for (let index = args.length - 1; index >= 1; index -= 1) {
      const found = literalOf(args[index]);
      if (!found || !isUser(args[index - 1]!)) continue;
      // `connect`: a host or a DSN beside the pair (Transport.connect(host, user, password),
      // DBI->connect(dsn, user, password)).
      const beside = (argument: Argument, at: number) =>
        at !== index && at !== index - 1 && isTarget(argument);
      if (!login && !args.some(beside)) continue;
      const value = found[2]!;
      if (!isSecretValue(value) || standIn(value) || HOST_LITERAL.test(value) || /[/\\\s]/.test(value))
        continue;
      literalArgument(args[index]!, found, spans);
      break;
    }
  }
}

const CHAR = String.raw`'(?:\\.|[^'\\\n])'`;
const CHAR_ARRAY = new RegExp(
  String.raw`(?<![\w$])([A-Za-z_$][\w$]*)\s*(?:\[\s*\]\s*)?(?::\s*[\w<>[\]]+\s*)?=\s*(?:new\s+char\s*\[\s*\]\s*)?(?:charArrayOf\s*\(|arrayOf\s*\(|\{|\[)\s*(${CHAR}(?:\s*,\s*${CHAR}){2,})\s*,?\s*[}\])]`,
  "g",
);

// A variable's name ending in a password's word (`storePass`, `pass`, `keyPassphrase`).
const PASSWORD_WORD = /(?:pass(?:word|wd|phrase)?|pwd|secret)$/i;

/** A password written character by character under a secret's name. */
export function charArraySpans(text: string, spans: Span[]): void {
  // Three characters in a row inside a bracket first: a cheap scan, where the full one starts at every name.
  if (!/[{[(]\s*'(?:\\.|[^'\\\n])'\s*,\s*'(?:\\.|[^'\\\n])'\s*,/.test(text)) return;
  for (const match of text.matchAll(CHAR_ARRAY)) {
    if (!isSecretName(match[1]!) && !PASSWORD_WORD.test(match[1]!)) continue;
    const start = match.index! + match[0].indexOf(match[2]!);
    spans.push({ start, end: start + match[2]!.length, kind: "assignment" });
  }
}

// Format calls whose template is their first literal argument (C#'s may take a provider first).
const FORMAT_CALL =
  /\b(?:String\s*\.\s*[Ff]ormat|string\s*\.\s*Format|fmt\s*\.\s*[SF]printf|sprintf|format!?)\s*\(/g;
// A template then Python's `.format(` or its `%` operator with a tuple.
const METHOD_FORMAT = new RegExp(String.raw`${literal(1)}\s*(?:\.\s*format\s*\(|%\s*\()`, "g");
const PLACEHOLDER = /\{(\d*)(?:[,:][^}]*)?\}|%[-+ #0]*\d*(?:\.\d+)?[sdvqr]/g;

/** The indices of the template's placeholders that stand in a secret's slot. */
function secretSlots(template: string): number[] {
  const slots: number[] = [];
  let next = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const index = match[1] ? Number(match[1]) : next;
    next += 1;
    const before = template.slice(0, match.index!);
    const named = /([A-Za-z_][\w.-]*)\s*[=:]\s*["']?$/.exec(before);
    const inUrl =
      /:\/\/(?:[^\s:@/]*|\{\d*\}|%s):$/.test(before) &&
      template.slice(match.index! + match[0].length).startsWith("@");
    if ((named && isSecretName(named[1]!)) || inUrl) slots.push(index);
  }
  return slots;
}

/** A password a format call puts in a secret's slot (see above). */
export function formatSpans(text: string, spans: Span[], standIn: StandIn): void {
  if (!/format|printf|%\s*\(/i.test(text)) return;
  const fill = (template: string, values: Argument[]) => {
    for (const slot of secretSlots(template)) {
      const value = values[slot];
      if (!value) continue;
      const variable = /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(value.text);
      if (variable) {
        assignedLiteral(text, variable[1]!, value.at, spans);
        continue;
      }
      const found = literalOf(value);
      if (found && isSecretValue(found[2]!) && !standIn(found[2]!)) literalArgument(value, found, spans);
    }
  };
  for (const match of text.matchAll(FORMAT_CALL)) {
    const args = argumentsAt(text, match.index! + match[0].length);
    const templateAt = args.findIndex((argument, index) => index < 2 && literalOf(argument) !== null);
    if (templateAt < 0) continue;
    fill(literalOf(args[templateAt])![2]!, args.slice(templateAt + 1));
  }
  if (!/\.\s*format\s*\(|%\s*\(/.test(text)) return;
  for (const match of text.matchAll(METHOD_FORMAT))
    fill(match[2]!, argumentsAt(text, match.index! + match[0].length));
}

// A secret's name (or subscript), then a chain of names joined by one operator, then a literal.
const CHAIN = new RegExp(
  String.raw`(?:\[\s*(["'])([^"'\n]+)\1\s*\]|(?<![\w$.])([A-Za-z_$][\w$]*))\s*(==?)(?!=)\s*(?:[A-Za-z_$][\w$.]*\s*\4(?!=)\s*)+${literal(5)}`,
  "g",
);

/** A literal at the end of a chain of assignments or comparisons that starts at a secret's name. */
export function chainSpans(text: string, spans: Span[], standIn: StandIn): void {
  if (!/=\s*[A-Za-z_$][\w$.]*\s*==?/.test(text)) return;
  for (const match of text.matchAll(CHAIN)) {
    const name = match[2] ?? match[3]!;
    const value = match[6]!;
    if (!isSecretName(name) || !isSecretValue(value) || standIn(value)) continue;
    const start = match.index! + match[0].lastIndexOf(`${match[5]}${value}${match[5]}`) + 1;
    spans.push({ start, end: start + value.length, kind: "assignment" });
  }
}
