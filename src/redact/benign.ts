/**
 * What an agent's everyday actions carry that looks like a secret and cannot be one, judged by
 * structure, never by a list of strings (docs/decisions/redaction-everyday.md). Each rule says
 * why the thing it leaves alone cannot be a credential:
 *
 * - **Digests in their format.** A Subresource Integrity value (`sha512-<base64>`, as npm,
 *   yarn and pnpm lock files and `<script integrity>` hold it), a directory hash (`h1:<base64>`:
 *   go.sum, Terraform's lock file), an OpenSSH fingerprint (`SHA256:<base64>`) and a checksum
 *   header's value (`Content-MD5`, `x-amz-checksum-sha256`, `Digest`) are base64 of exactly one
 *   digest's length behind the algorithm's name: a hash of public bytes, which anyone can
 *   recompute (a fingerprint: of a public key).
 * - **Media inlined as data.** The base64 payload of a `data:` URI whose bytes begin with an
 *   image, font or media file's signature (PNG, JPEG, GIF, WebP, WOFF, WOFF2, SVG, …) is that
 *   file: pixels and glyphs, not a key.
 * - **What is public by design**: the inside of a certificate's, a public key's or a
 *   signature's armour (PEM, PGP, SSH), and an OpenSSH public key whose base64 blob begins with
 *   its own type (`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5…`), as `.pub` files, `known_hosts` and
 *   `authorized_keys` hold them. A private key's armour is not among them.
 * - **A UUID behind a word** (`GPU-3a23c669-1f69-…`, `cluster-<uuid>`): a UUID names a thing
 *   and a bare one is already not a token (entropy.ts); a word in front adds no secret. A ULID
 *   (`01HZX3KJ4N…`, a request id) whose first ten characters are a creation time between 2010
 *   and 2100 likewise: an id that carries its own timestamp.
 *
 * These only veto the token-by-look scan (entropy.ts): a vendor format, a secret name or a
 * structural pattern finding the same bytes still redacts them.
 *
 * Values given to a secret name that are not the secret:
 *
 * - **Instructions to change it** (`changethis`, `change-me`, `replace_me`, `changeit`): a
 *   template's words telling the reader to put a secret there; an elision (`...`).
 * - **A path to where the secret is kept** (`/run/secrets/db-password`, `./certs/client.key`):
 *   a file path of word-made segments; the secret is the file's content, not its name.
 * - **A template expression** (`<%= ENV['DB_PASSWORD'] %>`, `[[ .Token ]]`, `%(db_password)s`,
 *   `!Ref DBPassword`): the value is filled in when the template is rendered.
 * - **A member read that names it** (`settings.FIRST_SUPERUSER_PASSWORD,`, `config.db.password`):
 *   code reading the secret from where it is kept.
 * - **The secret's own name** (`adminTokenSecret: "admin-token"`, `passwordKey: db-password`):
 *   a lower-case identifier made only of words of the name it is given to, ending in a word
 *   that says what it names (`token`, `password`, `secret`, `key`, `id`, …). It is the name of
 *   an object or a key in a secret store (Kubernetes secrets, Docker secrets), which the record
 *   already shows in the name.
 */

/** Base64 lengths (with padding) of the digests SRI names: sha1, sha256, sha384, sha512. */
const SRI =
  /(?<![A-Za-z0-9+/=_-])sha(?:1-[A-Za-z0-9+/]{27}=|256-[A-Za-z0-9+/]{43}=|384-[A-Za-z0-9+/]{64}|512-[A-Za-z0-9+/]{86}==)(?![A-Za-z0-9+/=])/g;
/**
 * Go's and Terraform's directory hash, `h1:<base64 of a SHA-256>` (go.sum, .terraform.lock.hcl),
 * and OpenSSH's key fingerprint, `SHA256:<base64 of a SHA-256, unpadded>` (`ssh-keygen -l`,
 * `ssh` asking to trust a host): the algorithm's label, then exactly that digest's length.
 */
const LABELLED_HASH =
  /(?<![A-Za-z0-9+/=_-])(?:h1:[A-Za-z0-9+/]{43}=|SHA256:[A-Za-z0-9+/]{43})(?![A-Za-z0-9+/=])/g;
/**
 * An HTTP header that carries a body's checksum (`Content-MD5`, `x-amz-checksum-sha256`,
 * `Digest: SHA-256=…`, `x-goog-hash: md5=…`), with base64 of exactly an MD5's, a SHA-1's, a
 * SHA-256's or a SHA-512's length.
 */
const HEADER_DIGEST =
  /(?<![\w-])(?:content-md5|x-amz-checksum-sha(?:1|256)|x-goog-hash|content-digest|repr-digest|digest)["']?[ \t]*[:=][ \t]*["']?(?:[a-z0-9-]+=:?)?([A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{27}=|[A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{86}==)(?![A-Za-z0-9+/=])/gi;
/** A ULID: 26 characters of Crockford's base32, the first ten its creation time in milliseconds. */
const ULID = /(?<![A-Za-z0-9_+=~.-])[0-7][0-9A-HJKMNP-TV-Z]{25}(?![A-Za-z0-9_+=~.-])/g;
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 2010-01-01 to 2100-01-01: a random string's first ten characters land there about once in a hundred. */
function ulidTime(ulid: string): boolean {
  let ms = 0;
  for (const char of ulid.slice(0, 10)) ms = ms * 32 + CROCKFORD.indexOf(char);
  return ms >= 1_262_304_000_000 && ms < 4_102_444_800_000;
}
/** A data URI's base64 payload. */
const DATA_URI = /\bdata:[a-z]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]+=*)/gi;
/**
 * The base64 forms of file signatures: PNG (`\x89PNG`), JPEG (`\xff\xd8\xff`), GIF (`GIF8`),
 * WebP and other RIFF media (`RIFF`), WOFF (`wOFF`), WOFF2 (`wOF2`), TrueType and OpenType
 * (`\0\x01\0\0`, `OTTO`), SVG or XML text (`<svg`, `<?xml`), ICO (`\0\0\x01\0`), BMP (`BM`), AVIF/HEIF and MP4
 * (`\0\0\0?ftyp`).
 */
const MEDIA_SIGNATURE =
  /^(?:iVBORw0KGgo|\/9j\/|R0lGOD|UklGR|d09GR|d09GMg|AAEAAA|T1RUTw|PHN2Z|PD94bW|AAABAA|Qk[0-9A-Za-z+/]|AAAA[A-Za-z0-9+/]{2}ZnR5c)/;
const PREFIXED_UUID =
  /(?<![A-Za-z0-9_+~.-])[A-Za-z][A-Za-z0-9]{0,15}[-_][0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9_+=~.-])/g;

/**
 * Armour of what is public by design: certificates, certificate requests and revocation lists,
 * public keys (PEM, PGP), signatures (PGP, SSH). A private key's armour says PRIVATE KEY and an
 * encrypted message's says MESSAGE: neither is here.
 */
const PUBLIC_ARMOUR =
  /-----BEGIN ((?:TRUSTED |X509 )?CERTIFICATE|(?:NEW )?CERTIFICATE REQUEST|X509 CRL|(?:RSA |EC )?PUBLIC KEY|PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH SIGNATURE)-----[\s\S]*?-----END \1-----/g;
/** An OpenSSH public key (or certificate): its type, then the base64 blob that names the type again. */
const SSH_PUBLIC_KEY =
  /(?<![\w.@-])((?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp(?:256|384|521)|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)(?:-cert-v01@openssh\.com)?)[ \t]+(AAAA[A-Za-z0-9+/]{20,}={0,3})/g;

/** Whether the base64 `blob` begins with the SSH wire form of the string `type` (length, then bytes). */
function namesType(blob: string, type: string): boolean {
  const head = Buffer.from(blob.slice(0, 4 * Math.ceil((4 + type.length) / 3) + 4), "base64");
  return (
    head.length >= 4 + type.length &&
    head.readUInt32BE(0) === type.length &&
    head.toString("latin1", 4, 4 + type.length) === type
  );
}

export type Range = readonly [start: number, end: number];

/** The spans of `text` that are digests in their format, inlined media or prefixed UUIDs. */
export function benignRanges(text: string): Range[] {
  const out: Range[] = [];
  // Cheap literal guards first: most texts hold none of these.
  if (text.includes("sha")) for (const m of text.matchAll(SRI)) out.push([m.index!, m.index! + m[0].length]);
  if (text.includes("h1:") || text.includes("SHA256:"))
    for (const m of text.matchAll(LABELLED_HASH)) out.push([m.index!, m.index! + m[0].length]);
  if (/digest|-md5|checksum|goog-hash/i.test(text)) {
    for (const m of text.matchAll(HEADER_DIGEST)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  }
  if (/[0-7][0-9A-HJKMNP-TV-Z]{25}/.test(text))
    for (const m of text.matchAll(ULID)) if (ulidTime(m[0])) out.push([m.index!, m.index! + m[0].length]);
  if (text.includes("base64,")) {
    for (const m of text.matchAll(DATA_URI)) {
      if (!MEDIA_SIGNATURE.test(m[1]!)) continue;
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  }
  if (text.includes("-----BEGIN "))
    for (const m of text.matchAll(PUBLIC_ARMOUR)) out.push([m.index!, m.index! + m[0].length]);
  if (text.includes("AAAA")) {
    for (const m of text.matchAll(SSH_PUBLIC_KEY)) {
      if (!namesType(m[2]!, m[1]!)) continue;
      const end = m.index! + m[0].length;
      out.push([end - m[2]!.length, end]);
    }
  }
  if (/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-/.test(text))
    for (const m of text.matchAll(PREFIXED_UUID)) out.push([m.index!, m.index! + m[0].length]);
  return out;
}

/** Whether `start`..`end` lies wholly inside one of `ranges`. */
export function inside(ranges: readonly Range[], start: number, end: number): boolean {
  return ranges.some(([from, to]) => start >= from && end <= to);
}

const INSTRUCTION =
  /^(?:please[-_ ]?)?(?:change|replace|update|set)[-_ ]?(?:me|this|it)(?:[-_ ]?(?:please|now|later|before[-_ ]?(?:use|deploy(?:ing)?)|in[-_ ]?prod(?:uction)?))?!*$/i;

/**
 * `changethis`, `change-me`, `replace_me`, `changeit`: a template's word, not a secret; and an
 * elision (`...`, `…`), which shows that something was left out.
 */
export function isInstruction(value: string): boolean {
  return INSTRUCTION.test(value) || /^(?:\.{3,}|\u2026+)$/.test(value);
}

// A segment of a path made of words: lower-case letters, digits, `._-`, holding a word of 3+
// letters with a vowel (`run`, `secrets`, `db-password`, `client.key`), so a random string
// split by `/` (`/Zx9/kq`) is not a path.
const WORD_SEGMENT = /^(?=[a-z0-9._-]*[a-z]*[aeiouy][a-z]*)\.?[a-z0-9]+(?:[._-][a-z0-9]+)*$/;

/** `/run/secrets/db-password`, `~/.ssh/id_ed25519`, `./certs/client.key`: where a secret is kept. */
export function isSecretPath(value: string): boolean {
  const match = /^(?:~|\.{1,2})?((?:\/[^/\s]+){2,})\/?$/.exec(value);
  if (!match) return false;
  const segments = match[1]!.slice(1).split("/");
  return segments.every(
    (segment) => segment.length <= 64 && WORD_SEGMENT.test(segment) && /[a-z]{3,}/.test(segment),
  );
}

// A template expression of ERB, Jinja/Django, Go (with `[[ ]]` delimiters) or Python's `%`
// formatting, whole (`<%= ENV['X'] %>`, `{% x %}`, `[[ .Token ]]`, `%(db_password)s`), or the
// opener alone where the expression goes on past a space (a bare value ends at one); a
// CloudFormation intrinsic function's tag (`!Ref DBPassword`, `!Sub …`) likewise.
const TEMPLATE =
  /^(?:<%[=-]?|\{%-?|\{\{-?|\[\[|!(?:Ref|Sub|GetAtt|ImportValue|FindInMap|Select|Join|Base64|If|GetAZs|Split))$|^<%[\s\S]*%>$|^\{%[\s\S]*%\}$|^\[\[[\s\S]*\]\]$|^%\([A-Za-z_][\w.]*\)[sdrif]$/;

const TEMPLATE_SPAN = /\{\{[^{}\n]*\}\}|\{%[^\n]*?%\}|<%[^\n]*?%>/g;

/**
 * The template expressions of `text` (`{{resolve:secretsmanager:db:SecretString:password}}`,
 * `<%= … %>`): inside one, `name:value` is the expression's syntax, not an assignment.
 */
export function templateRanges(text: string): Range[] {
  if (!text.includes("{{") && !text.includes("{%") && !text.includes("<%")) return [];
  return [...text.matchAll(TEMPLATE_SPAN)].map((m) => [m.index!, m.index! + m[0].length] as const);
}

/** A template expression or its opener, a CloudFormation tag: filled in when the file is used. */
export function isTemplate(value: string): boolean {
  return TEMPLATE.test(value);
}

// `settings.FIRST_SUPERUSER_PASSWORD,`, `config.db.password`, `self.api_key`: a member read
// whose last name says secret (a trailing `,`, `;` or `)` of the code around it allowed).
const MEMBER_REFERENCE =
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\.[A-Za-z_$]*(?:password|passwd|secret|token|key|credentials?)[,;)]?$/i;

/** A member read that names a secret (`settings.SECRET_KEY`): the place, not the value. */
export function isSecretReference(value: string): boolean {
  return MEMBER_REFERENCE.test(value);
}

// What a tool prints in place of a secret it hides (`**REDACTED**`, `[FILTERED]`, `(hidden)`).
// A bare word is a password like any other (`hidden`), so the word must be marked: in
// brackets or stars, or in capitals as tools print it (`REDACTED`).
const MASK_WORD = "(?:redacted|filtered|masked|hidden|removed|omitted|sanitized|obfuscated|censored|elided)";
const MASK = new RegExp(
  `^[^A-Za-z0-9]+${MASK_WORD}[^A-Za-z0-9]*$|^[^A-Za-z0-9]*${MASK_WORD}[^A-Za-z0-9]+$`,
  "i",
);
const MASK_CAPITALS = new RegExp(`^${MASK_WORD.toUpperCase()}$`);
// A named slot a build or deploy tool fills in: `@@DB_PASSWORD@@`, `__DB_PASSWORD__`,
// `#{DB_PASSWORD}#` (Azure DevOps, Octopus), `@db.password@` (Maven resource filtering).
const SLOT_NAME = "(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|[a-z][a-z0-9]*(?:[._-][a-z0-9]+)+)";
const SLOT = new RegExp(`^(?:@@${SLOT_NAME}@@|__${SLOT_NAME}__|#\\{${SLOT_NAME}\\}#|@${SLOT_NAME}@)$`);
// A token's type with the rest elided: `sk-...`, `ghp_…`, `xoxb-...` (letters only, so no
// character of a real token is left before the dots).
const ELIDED_TOKEN = /^[A-Za-z]{2,8}[_-](?:[A-Za-z]{2,8}[_-])?(?:\.{3,}|\u2026)$/;

/**
 * A value that stands in for a secret rather than being one: an instruction or an elision, a
 * path to where it is kept, a member read that names it, a template expression, a mask a tool
 * printed, a named slot a tool fills in, a token's type with the rest elided.
 */
export function isStandIn(value: string): boolean {
  return (
    isInstruction(value) ||
    isSecretPath(value) ||
    isSecretReference(value) ||
    isTemplate(value) ||
    MASK.test(value) ||
    MASK_CAPITALS.test(value) ||
    SLOT.test(value) ||
    ELIDED_TOKEN.test(value)
  );
}

const NAMING_WORD =
  /^(?:token|password|passwd|pass|secret|secrets|key|keys|id|name|credentials?|cert|certificate|auth)$/;

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether `value` is a lower-case identifier built only from the words of `name`, ending in a
 * word that says what it names (`adminTokenSecret: admin-token`): the secret's own name.
 */
export function isOwnName(name: string, value: string): boolean {
  const of = new Set(words(name));
  const parts = words(value);
  // The name itself in any case (`GITHUB_TOKEN: "GITHUB_TOKEN"`, `apiKey: "API_KEY"`).
  if (/^[A-Za-z][A-Za-z0-9_.-]*$/.test(value) && parts.join(" ") === words(name).join(" ")) return true;
  // A selector or an anchor of the same words (`this.addPassword = "#add-password"`) too.
  if (!/^[#.]?[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+$/.test(value)) return false;
  return NAMING_WORD.test(parts.at(-1)!) && parts.every((part) => of.has(part));
}
