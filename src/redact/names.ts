import { publicValue } from "./browser-keys.js";
import { encodedPassword } from "./decoded.js";
import { isStandIn } from "./stand-ins.js";

/**
 * What says "secret" by name, and which values are references rather than secrets. Shared by
 * every layer: the text patterns (an assignment's name), the argv judge (a `NAME=value` word,
 * a `--name X` flag) and the structured arguments (a JSON member, a name/value pair).
 */

// Names that say "secret" when a value is assigned to them: the last segment of the name.
// `secret_id`, `SecretID` are the credential of Vault's AppRole and of Consul's and Nomad's ACL
// tokens (the accessor is their id), not an identifier.
// Bare `key` and `pwd` are left out (a key-value store's `key`, the shell's `PWD`); `_pat` is a
// personal access token (`ADO_PAT`, `GITHUB_PAT`).
// `password`, `passwd`, `passphrase` and `secret` also end names without a separator
// (`PGPASSWORD`, `clientsecret`), and so do `authtoken`, `accesstoken`, `apitoken` (a query
// parameter: `?authtoken=X`). A database's password run together (`PAPERLESS_DBPASS`, `dbpwd`)
// is one too; `bypass` is not.
const SECRET_NAME =
  /(?:^|[_.-])(?:token|secret|password|passwd|passphrase|credentials?|apikey|api[_-]?key|auth|(?:access|private|secret|client|signing|encryption|master|session)[_-]?key|secret[_-]id)$|.[_-](?:key|pass|pwd|pw|pat)$|[a-z](?:password|passwd|passphrase|secret|apikey)$|(?:auth|access|api)token$|(?:^|[_.-])db(?:pass|pwd|pw)$|(?:^|[_.-])psk$|^(?:remote|auth|smtp|imap|pop3?|mail|ftp|admin|root|ldap|bind|sasl)pass$/i;
// camelCase names (`accessToken`, `_authToken`, `awsSecretKey`): the capital marks the word, so
// `Token` and the secret kinds of `Key` end them (`primaryKey`, `sortKey` do not); also after
// an acronym (`HECToken`, `JWTSecret`, `DBPassword`).
const CAMEL_SECRET_NAME =
  /[a-z0-9](?:Token|Secret|Password|Passwd|Passphrase|Credentials?|ApiKey|Pass|(?:Access|Private|Secret|Client|Signing|Encryption|Master|Session)Key)$|(?:^|[a-z0-9])Secret(?:Id|ID)$|[A-Z]{2}(?:Token|Secret|Password|Passphrase)$/;

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
  "pw",
  "pat",
  "secret_id",
  "secret-id",
  "secretid",
  "psk",
];

// A password or API key segment inside a longer name (`password_super_secure`, `db_pass_secure`,
// `apikey_myservice`), unless the name ends in a word that says it is about the secret, not it
// (`password_reset_url`, `pass_min_length`, `api_key_name`).
const SECRET_INSIDE = /(?:^|[_.-])(?:password|passwd|pass|pwd|apikey|api[_-]key)[_.-]/i;
const ABOUT_A_SECRET =
  /[_.-](?:url|uri|endpoint|length|len|size|name|file|path|dir|policy|reset|hash|min|max|regex|pattern|field|label|prompt|hint|id|type|env|var|enabled|required|expiry|expires|ttl|format|header|param|count|rule|rules|check|strength|change|changed|hint|auth|mode|store|manager|provider|version|prefix|suffix|ref|version|expression|schedule|interval|duration|days|rotation|period|maps?|table|cmd|command|eval)$/i;
// Bundler's credentials for a gem server: BUNDLE_<HOST>__<TLD>=user:password.
const BUNDLER_CREDENTIALS = /^BUNDLE_[A-Z0-9_]+__[A-Z0-9]+$/;

// Public by design: a public key, a publishable key, a public token is meant to be shared.
const PUBLIC_NAME = /public|publishable/i;
// A name that says its value is not real (`fake_api_key`, `dummyPassword`, `example-token`,
// `mock_secret`): a test's or a document's sample. A vendor format in it is still found by its
// pattern; only the name stops saying secret.
const SAMPLE_NAME = /^[-_]*(?:fake|dummy|mock|example|sample)(?:[-_.]|[A-Z])/i;
// A reference to an object that already holds the secret (Helm charts' `existingSecret`,
// `existingSecretPasswordKey`, `existing_secret`): its value names a Kubernetes Secret or a key
// inside one.
const EXISTING_NAME = /^existing(?:[-_.]|[A-Z])/i;
// A name that says its value is no secret (`NOT_A_SECRET`, `non_secret_token`, `notASecret`) or
// that it holds a placeholder (`AWS_PLACEHOLDER_KEY`, `placeholderToken`): a test's or a
// template's marker, as `fake_` is. Only the name stops saying secret: a random value under it
// is still a token by look, a vendor format still its pattern's.
// An idempotency key (`idempotency_key`, `Idempotency-Key`: a unique id the client makes so
// that a retried request is not applied twice) grants nothing.
const IDEMPOTENCY_NAME = /idempoten/i;

const DISCLAIMING_NAME =
  /^[-_]*no[nt]?[-_]?(?:a[-_]?)?(?=secret|password|passwd|token|key|credential)|placeholder/i;

// A name numbered in a list of its kind (`token1`, `api_key_2`, `SECRET-3`): the name without
// its number (one or two digits after a letter; `auth0`, `sha256`, `md5` keep theirs).
const NUMBERED = /(?<=[A-Za-z])[_-]?[1-9][0-9]?$/;

export function isSecretName(name: string, prefilter = true): boolean {
  const last = name.charCodeAt(name.length - 1);
  if (last >= 48 && last <= 57) {
    const unnumbered = name.replace(NUMBERED, "");
    if (unnumbered !== name && unnumbered.length >= 3 && isSecretName(unnumbered, prefilter)) return true;
  }
  if (prefilter) {
    const lower = name.toLowerCase();
    if (
      !SECRET_NAME_ENDINGS.some((ending) => lower.endsWith(ending)) &&
      !lower.includes("pass") &&
      !lower.includes("pwd") &&
      !lower.includes("api") &&
      !lower.startsWith("bundle_")
    )
      return false;
  }
  if (PUBLIC_NAME.test(name) || SAMPLE_NAME.test(name) || EXISTING_NAME.test(name)) return false;
  if (DISCLAIMING_NAME.test(name) || IDEMPOTENCY_NAME.test(name)) return false;
  return (
    SECRET_NAME.test(name) ||
    CAMEL_SECRET_NAME.test(name) ||
    (SECRET_INSIDE.test(name) && !ABOUT_A_SECRET.test(name)) ||
    BUNDLER_CREDENTIALS.test(name)
  );
}

/**
 * A reference to a value held elsewhere: `$VAR` (an upper-case or all-lower-case name, maybe
 * followed by a path: `$HOME/x`), `${…}`, `${{ … }}`, `$(…)`, `$1`. A value such as `$ecretP4ss` (a mixed name with digits) is not
 * one: JSON, YAML and files have no variables, and passwords do begin with `$`.
 */
const REFERENCE = /^\$(?:\{|\(|(?:[A-Z_][A-Z0-9_]*|[a-z_]+)(?![A-Za-z0-9_])|[0-9@*#?$!-](?![A-Za-z0-9_]))/;

// Placeholders: documentation's example keys, `your_token_here`, `<token>`, `[PASSWORD]`,
// `{token}`, the bare words a template puts where the secret goes, and the words of a setting
// (`IGNORE_DUP_KEY = OFF`).
const PLACEHOLDER_WORD =
  /^(?:password|passwd|pass|pwd|secret|token|test|changeme|change_me|example|sample|dummy|placeholder|redacted|none|null|undefined|xxx|yyy|zzz|foo|bar|baz|foobar|todo|tbd|tba|fixme|n\/a|value|string|api[_-]?key|username|user|on|off|true|false|yes|no|enabled|disabled)$/i;
const PLACEHOLDER =
  /EXAMPLE|(?:your|insert|put|replace|enter)[_-]?[a-z0-9_-]*(?:key|token|secret|password|here)|_HERE\b|^<[^>]*>$|^&lt;[^&]*&gt;$|^\[[A-Za-z_ .:-]+\]$|^\{[A-Za-z_ .:-]+\}$|^(?:a[-_]?)?fake|fake[-_]?(?:api[-_]?)?(?:key|token|secret|password)$/i;

/** A value made mostly of one character (`xxxx…`, `ghp_xxxx…`, `glc_1111…=`, `****`). */
function mostlyOneCharacter(value: string): boolean {
  const body = value
    .replace(/^[A-Za-z]{2,10}[_-]/, "")
    .replace(/[-_.~=]/g, "")
    .toLowerCase();
  if (body.length < 6) return false;
  const counts = new Map<string, number>();
  for (const char of body) counts.set(char, (counts.get(char) ?? 0) + 1);
  return Math.max(...counts.values()) / body.length >= 0.6;
}

/**
 * A value that is an alphabet in its order (`abcdefghijklmnopqrstuvwxyz`, `ABC…XYZabc…z0…9`): a
 * test's filler, as a mask of one character is. A whole alphabet of letters, so a weak password
 * (`abcdef`, `12345678`) and a run cut short (`abcdefghijklmnopqrstuvwx`) are still values.
 */
function alphabetRun(value: string): boolean {
  if (value.length < 26 || !/^[A-Za-z0-9]+[+/=_-]*$/.test(value)) return false;
  const body = value.replace(/[+/=_-]+$/, "");
  // Each step is the next character, or from one alphabet's end to another's start (`z` to `A`,
  // `Z` to `0`): `abcdefghijabcdefghij`, a unit typed over, is not an alphabet.
  for (let index = 1; index < body.length; index += 1) {
    if (body.charCodeAt(index) === body.charCodeAt(index - 1) + 1) continue;
    if (!"zZ9".includes(body[index - 1]!) || !"aA0".includes(body[index]!)) return false;
  }
  return body.includes("abcdefghijklmnopqrstuvwxyz") || body.includes("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
}

export function isPlaceholder(value: string): boolean {
  return (
    PLACEHOLDER_WORD.test(value) || PLACEHOLDER.test(value) || mostlyOneCharacter(value) || alphabetRun(value)
  );
}

// A reference inside one more layer of quotes (`"'$PRECOMPILE_PASSWORD'"`, shell quoting built
// in a string, also as a quoted argument spells it: `'\''$X'\''`), a whole interpolation of Ruby, CoffeeScript or Crystal (`#{password}`), and an
// Amazon Resource Name (it names a resource and grants nothing).
const QUOTED_REFERENCE = /^["'\\]+(\$[^"'\\]*)["'\\]+$/;
// A shell's command substitution in backquotes, a command and its arguments (muttrc's
// `` `pass show mail/acme` ``), names where the value comes from; a backquoted string without
// blanks is a raw string literal (Go's, JavaScript's) and is judged as the value it holds.
const NOT_A_SECRET =
  /^#\{[^}]*\}$|^arn:(?:aws|aws-cn|aws-us-gov):[a-z0-9-]+:|^`[a-z][\w.-]*(?: [^`\s][^`]*)+`$/;

/** Characters of an armoured block's body that can be key material (base64 runs of 16+). */
function keyMaterial(body: string): number {
  let count = 0;
  for (const [run] of body.matchAll(/[A-Za-z0-9+/=]{16,}/g)) count += run.length;
  return count;
}

/** Values that are references or placeholders, not secrets. */
export function isSecretValue(value: string): boolean {
  if (value.length < 3) return false;
  // A value still in its own quotes (a word of a command whose quotes were inside another
  // quoting: `'PASSWORD="op://vault/db/password"'`) is judged by what they hold.
  const quotedWhole = /^(["'`])([\s\S]*)\1$/.exec(value);
  if (quotedWhole && !isSecretValue(quotedWhole[2]!)) return false;
  // Stand-ins: instructions, paths, member reads, templates, masks, slots (benign.ts).
  if (isPlaceholder(value) || isStandIn(value)) return false;
  // Base64 of `user:password` whose password is a placeholder (`Basic dXNlcm5hbWU6cGFzc3dvcmQ=`:
  // `username:password`): decoded.ts.
  const encoded = encodedPassword(value);
  if (encoded !== null && !isSecretValue(encoded)) return false;
  if (value.startsWith("$") && REFERENCE.test(value)) return false;
  const quoted = QUOTED_REFERENCE.exec(value);
  if (quoted && REFERENCE.test(quoted[1]!)) return false;
  if (NOT_A_SECRET.test(value)) return false;
  if (/^\[redacted:|^\*+$|^<[^>]*>$|^%[A-Za-z_]+(?:\.[A-Za-z_]+)*%$|^\{\{[\s\S]*\}\}$/.test(value))
    return false;
  // Publishable keys (Stripe's pk_live_/pk_test_) are meant to be public, as are the browser
  // keys other vendors document as public by their format (browser-keys.ts).
  if (/^pk_(?:live|test)_/.test(value) || publicValue(value)) return false;
  // A private key block's armour without a key in it (documentation, a grep pattern), or code
  // that names the armour (`key.replace("-----BEGIN RSA PRIVATE KEY-----", "")…`: quotes and
  // parentheses between the lines, and fewer than 40 characters of base64 in runs of 16+).
  if (value.startsWith("-----BEGIN")) {
    const body = value.replace(/-----[^-\n]*-----/g, " ");
    if (body.replace(/\s/g, "").length < 40) return false;
    if (/["'()]/.test(body) && keyMaterial(body) < 40) return false;
  }
  return true;
}

/**
 * A name ending in the word `key` (`key`, `hubspotKey`, `LICENSE_KEY`, `meraki-api-key`): a
 * key-value store's `key` and a `primaryKey` say nothing, so such a name says secret only with
 * a value shaped like a credential (`isCredentialShaped`). The same for `login`
 * (`sonar.login`, `SONAR_LOGIN`): some tools take a token as the login, and a user name is not
 * 16+ characters of hex or of random mix. A key's base (`secret_key_base` of Rails) likewise:
 * `cache_key_base` is a prefix of cache keys. A licence (`license: <40 hex>`, New Relic's,
 * a product key) likewise: `license: MIT` is not shaped like a credential. (`api` is not one of
 * these: `service-api:2024.05.01-rc1` is an image's tag.)
 */
export function isKeyName(name: string): boolean {
  name = name.replace(NUMBERED, "") || name;
  return (
    /(?:^|[^A-Za-z]|[a-z0-9])(?:key|Key|KEY|login|Login|LOGIN|licen[cs]e|Licen[cs]e|LICEN[CS]E)(?:_base|Base|_BASE)?$/.test(
      name,
    ) &&
    !PUBLIC_NAME.test(name) &&
    !DISCLAIMING_NAME.test(name) &&
    !IDEMPOTENCY_NAME.test(name)
  );
}

/** Letters in words of 3+ with a vowel (`SalesResults`, `backup_set`), 6 letters at least. */
function wordsOnly(stem: string): boolean {
  const chunks = stem.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? [];
  return (
    chunks.join("").length === stem.replace(/[-_]/g, "").length &&
    chunks.join("").length >= 6 &&
    chunks.every((chunk) => chunk.length >= 3 && /[aeiouy]/i.test(chunk))
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value shaped like a generated credential: 16 to 512 token characters with letters and
 * digits and no word structure (hex of 32+, a UUID, or a mix of 3+ bits a character), not a
 * dotted name or a path. Alone this says nothing (a commit id, a resource's UUID); beside a
 * name that says key it does.
 */
export function isCredentialShaped(value: string): boolean {
  if (value.length < 16 || value.length > 512 || !/^[A-Za-z0-9_\-+/=.~]+$/.test(value)) return false;
  if (!/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return false;
  if (/^[0-9a-f]{32,}$/i.test(value) || UUID.test(value)) return isSecretValue(value);
  if (/^[./]|\/\/|\.(?:[a-z]{2,4})$/.test(value)) return false;
  // A setting's dotted name (`jetbrains.mps.v8_elimination`) or a name with its version
  // (`SalesResults-1.2`): words, not a generated key.
  if (/^[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*){2,}$/.test(value)) return false;
  const versioned = /^([A-Za-z][A-Za-z_-]*?)[-_.]?v?[0-9]+(?:\.[0-9]+)+$/.exec(value);
  if (versioned && wordsOnly(versioned[1]!)) return false;
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / value.length) * Math.log2(count / value.length);
  return bits >= 3 && isSecretValue(value);
}

/**
 * A value that can be a credential where only the context says secret (config.ts's formats without
 * `=` or `:`, the values a command stores as secrets: argv.ts): one unbroken word with letters and digits, or shaped
 * like a generated one. These formats also carry a secret name's label, hint, type or limit
 * (`<string name="password_hint">Enter your password</string>`, `token_type">Bearer<`, `ENV
 * PASS_MIN_LEN 8`, a sample word password): with no `=` or `:` beside it the name alone says too
 * little, so the value must say credential too.
 */
export function credentialValue(value: string): boolean {
  if (!isSecretValue(value) || /\s/.test(value)) return false;
  return isCredentialShaped(value) || (/[A-Za-z]/.test(value) && /[0-9]/.test(value));
}

/**
 * An Authorization header's value: its scheme (the standard ones, or a vendor's own word before a
 * credential of 16+ characters: `GenieKey X`, `SSWS X`, `Splunk X`) and the credential after it.
 */
export const AUTHORIZATION_VALUE =
  /^(\s*(?:bearer|basic|token|digest|negotiate|bot|[A-Za-z][\w.-]*(?=\s+(?:[\w.~+/=:-]{16,}|\[redacted:[^\]]*\])$))\s+)(\S[\s\S]*)$/i;
