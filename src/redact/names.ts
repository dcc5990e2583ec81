/**
 * What says "secret" by name, and which values are references rather than secrets. Shared by
 * every layer: the text patterns (an assignment's name), the argv judge (a `NAME=value` word,
 * a `--name X` flag) and the structured arguments (a JSON member, a name/value pair).
 */

// Names that say "secret" when a value is assigned to them: the last segment of the name.
// Bare `key` and `pwd` are left out (a key-value store's `key`, the shell's `PWD`).
// `password`, `passwd`, `passphrase` and `secret` also end names without a separator
// (`PGPASSWORD`, `clientsecret`).
const SECRET_NAME =
  /(?:^|[_.-])(?:token|secret|password|passwd|passphrase|credentials?|apikey|api[_-]?key|auth|(?:access|private|secret|client|signing|encryption|master|session)[_-]?key)$|.[_-](?:key|pass|pwd)$|[a-z](?:password|passwd|passphrase|secret)$/i;
// camelCase names (`accessToken`, `_authToken`, `awsSecretKey`): the capital marks the word, so
// `Token` and the secret kinds of `Key` end them (`primaryKey`, `sortKey` do not).
const CAMEL_SECRET_NAME =
  /[a-z0-9](?:Token|Secret|Password|Passwd|Passphrase|Credentials?|ApiKey|(?:Access|Private|Secret|Client|Signing|Encryption|Master|Session)Key)$/;

// What every name SECRET_NAME matches ends with (lower-cased): most names end with none, and
// are answered without running the expression.
const SECRET_NAME_ENDINGS = [
  "token",
  "secret",
  "password",
  "passwd",
  "passphrase",
  "credential",
  "credentials",
  "key",
  "auth",
  "pass",
  "pwd",
];

export function isSecretName(name: string, prefilter = true): boolean {
  if (prefilter) {
    const lower = name.toLowerCase();
    if (!SECRET_NAME_ENDINGS.some((ending) => lower.endsWith(ending))) return false;
  }
  return SECRET_NAME.test(name) || CAMEL_SECRET_NAME.test(name);
}

/**
 * A reference to a value held elsewhere: `$VAR` (an upper-case or all-lower-case name, maybe
 * followed by a path: `$HOME/x`), `${…}`, `${{ … }}`, `$(…)`, `$1`. A value such as `$ecretP4ss` (a mixed name with digits) is not
 * one: JSON, YAML and files have no variables, and passwords do begin with `$`.
 */
const REFERENCE = /^\$(?:\{|\(|(?:[A-Z_][A-Z0-9_]*|[a-z_]+)(?![A-Za-z0-9_])|[0-9@*#?$!-](?![A-Za-z0-9_]))/;

/** Values that are references or placeholders, not secrets. */
export function isSecretValue(value: string): boolean {
  if (value.length < 3) return false;
  if (value.startsWith("$") && REFERENCE.test(value)) return false;
  if (/^\[redacted:|^\*+$|^<[^>]*>$|^%[A-Za-z_]+%$|^\{\{[\s\S]*\}\}$/.test(value)) return false;
  return true;
}
