/**
 * What stands where a secret goes and is not the secret, judged by structure
 * (docs/decisions/redaction-everyday.md, redaction-stand-ins.md). Each rule says why the value
 * cannot be a credential.
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
 * - **A reference, computation or envelope** (`op://vault/db/password`, `$$DB_PASSWORD`,
 *   `{cipher}…`, `cat /dev/urandom | tr -dc … | head`, `%s`): the secret is elsewhere, computed
 *   when the value is used, or encrypted with a key held elsewhere (isIndirect).
 * - **A YAML tag that fetches or computes the value** (`!secret db_password`, `!ENV DB_PASS`,
 *   `!vault |`, `!!python/object/apply:os.getenv`) and **an authentication scheme's word alone**
 *   (`"Bearer " + token`).
 * - **A placeholder that names its slot or says it is a sample** (`CHANGE_THIS_STRONG_PASSWORD`,
 *   `generate_a_new_key`, `<enter password>`, `dummy_pw`, a token masked with `xxxxxx`).
 *
 * A word alone is never taken for a placeholder here: a real password can be a dictionary word
 * (`root`, `hunter2`), and such values stay secret (names.ts keeps its short list of the words
 * a template puts where the secret goes).
 */

// Marks a template puts around its words (`!!changeme!!`, `!ChangeMe!`, `**change_me**`).
const INSTRUCTION =
  /^[!*_]*(?:please[-_ ]?)?(?:change|replace|update|set)[-_ ]?(?:me|this|it)(?:[-_ ]?(?:please|now|later|before[-_ ]?(?:use|deploy(?:ing)?)|in[-_ ]?prod(?:uction)?))?[!*_]*$/i;
// An order in a template's marks, whole or cut at its space (cookiecutter's `!!!SET
// DJANGO_SECRET_KEY!!!`, a bare `.env` value `!!!SET`): two or more marks, then the verb.
const MARKED_ORDER = /^[!*]{2,}(?:set|change|replace|enter|insert|fill|update)(?:[ _][A-Za-z_ ]*)?[!*]*$/i;
// An imperative sentence of words (`generate_a_new_key`, `get_the_secret_of_above_key`,
// `CHANGE_THIS_STRONG_PASSWORD`, `you_must_generate_a_random_string_…_and_configure_this`):
// a verb telling the reader what to put there, then 1-15 words of letters (or a length:
// `PLEASE_REPLACE_WITH_32_CHAR_CODE`; `generate_4_new_key` is a value), one of which names the thing or the place (key, secret,
// password, value, code, this, here …).
const SENTENCE =
  /^(?:please[-_ ])?(?:you[-_ ](?:must|should|need[-_ ]to)[-_ ])?(?:change|replace|update|set|generate|get|enter|insert|put|fill|add|provide|paste|create|use)((?:[-_ ](?:[a-z]+|[0-9]{1,3}(?=[-_ ](?:chars?|characters|bytes|digits|letters)(?:[-_ ]|$)))){1,15})$/i;
const SENTENCE_OBJECT =
  /[-_ ](?:keys?|tokens?|secrets?|password|passwd|passphrase|pass|value|string|code|chars?|characters|here|this|me|it)(?=[-_ ]|$)/i;

/**
 * `changethis`, `change-me`, `replace_me`, `changeit`, `generate_a_new_key`: a template's
 * words, not a secret; and an elision (`...`, `…`), which shows that something was left out.
 */
export function isInstruction(value: string): boolean {
  if (INSTRUCTION.test(value) || MARKED_ORDER.test(value) || /^(?:\.{3,}|\u2026+)$/.test(value)) return true;
  // The instruction after a word or two of the template's (`django-insecure-change-me`).
  if (/^(?:[a-z]+[-_]){1,3}(?:change|replace|update)[-_]?(?:me|this|it)$/i.test(value)) return true;
  // camelCase spells the same sentence (`changePassword`, `changeRunnerAuthToken`).
  const words = /^[a-z]+(?:[A-Z][a-z]+)+$/.test(value) ? value.replace(/[A-Z]/g, (c) => `_${c}`) : value;
  const sentence = SENTENCE.exec(words);
  return sentence !== null && SENTENCE_OBJECT.test(sentence[1]!);
}

// A segment of a path made of words: lower-case letters, digits, `._-`, holding a word of 3+
// letters with a vowel (`run`, `secrets`, `db-password`, `client.key`), so a random string
// split by `/` (`/Zx9/kq`) is not a path.
const WORD_SEGMENT = /^(?=[a-z0-9._-]*[a-z]*[aeiouy][a-z]*)\.?[a-z0-9]+(?:[._-][a-z0-9]+)*$/;

/** `/run/secrets/db-password`, `~/.ssh/id_ed25519`, `./certs/client.key`: where a secret is kept. */
export function isSecretPath(value: string): boolean {
  const match = /^(?:~|\.{1,2})?((?:\/[^/\s]+){2,})\/?$/.exec(value);
  if (!match) return false;
  // `../../../tools/secrets/password.txt`: the climbs are no segment of their own.
  const segments = match[1]!
    .slice(1)
    .split("/")
    .filter((segment) => segment !== ".." && segment !== ".");
  if (segments.length === 0) return false;
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

/** A template expression or its opener, a CloudFormation tag: filled in when the file is used. */
export function isTemplate(value: string): boolean {
  return TEMPLATE.test(value);
}

// `settings.FIRST_SUPERUSER_PASSWORD,`, `config.db.password`, `self.api_key`: a member read
// whose last name says secret (a trailing `,`, `;` or `)` of the code around it allowed), also
// an optional one (JavaScript's `config?.db?.password`, Bicep's `policy.?storageAccountAccessKey`).
const MEMBER_REFERENCE =
  /^[A-Za-z_$][\w$]*(?:\??\.\??[A-Za-z_$][\w$]*)*\??\.\??[A-Za-z_$]*(?:password|passwd|secret|token|key|credentials?)[,;)]?$/i;

// A dotted passphrase (`blue.sky.secret`) or a truncated token (`hvb.shorttoken`) has the same
// look; code names its receiver or writes the member as code does (`FIRST_SUPERUSER_PASSWORD`,
// `db_password`, `apiKey`).
const RECEIVER =
  /^(?:settings|config|conf|cfg|configuration|options|opts|self|this|process|os|env|environ|params|ctx|context|secrets|vars|var|local|data|values|Values|app|props|state)\./;

/** A member read that names a secret (`settings.SECRET_KEY`): the place, not the value. */
export function isSecretReference(value: string): boolean {
  if (!MEMBER_REFERENCE.test(value)) return false;
  const member = value
    .replace(/[,;)]$/, "")
    .replaceAll("?", "")
    .split(".")
    .at(-1)!;
  return RECEIVER.test(value.replaceAll("?", "")) || /[_A-Z]/.test(member);
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
// A mask of one character typed or printed over the whole value (`xxxx`, `XXXXX`, `####`, `????`,
// `•••••`, `●●●●`): `***` and six `x` already were; three or more of one such character hold no
// secret, as a run of stars does not.
const MASK_RUN = /^(?:x{3,}|X{3,}|#{3,}|\?{3,}|\u2022{3,}|\u25cf{3,})$/;
// A value that says there is none (`nopassword`, `no-pass`, `notasecret`, `not_a_real_password`):
// a word of negation, then the kind; or that none was given (`not-set`, `unset`, as a fallback).
// Google's `.p12` service-account keys all carry `notasecret`, a password it publishes.
const NONE_SAID =
  /^(?:no|not|non)[-_ ]?(?:a[-_ ]?)?(?:real[-_ ]?|valid[-_ ]?)?(?:pass(?:word)?|passwd|pw|pwd|secret|key|token)s?$|^(?:not[-_ ]?(?:set|configured|provided|defined)|unset)$/i;
// A reference a tool resolves when the value is used: an environment variable's name read by a
// configuration loader (`env:DB_PASSWORD`, Symfony's `env(DB_PASSWORD)`), Google Secret Manager's
// resource name (`projects/p/secrets/db/versions/latest`) and Spring Cloud GCP's `sm://db`,
// bank-vaults' `vault:secret/data/db#password`, Concourse's `((db_password))`.
const TOOL_REFERENCE =
  /^(?:env|ENV)(?::[A-Z_][A-Z0-9_]*|\(["']?[A-Z_][A-Z0-9_]*["']?\))$|^projects\/[\w-]+\/secrets\/[\w-]+(?:\/versions\/(?:latest|[0-9]+))?$|^sm:\/\/[\w-]+(?:\/[\w-]+)?$|^vault:[\w-]+(?:\/[\w.-]+)+#[\w.-]+$|^\(\([\w.:/-]+\)\)$/;
// A Terraform reference, maybe negated (`var.db_password`, `!local.is_replica`, `module.rds.password`,
// `data.vault_generic_secret.db.data["password"]`): read from a variable, a module or a data source
// when the plan is made. And a type where a declaration gives one (`storageAccountAccessKey:
// string?`, Bicep's and TypeScript's `password: string`, `secureString`).
const HCL_OR_TYPE =
  /^!?(?:var|local|module|data|each|count|self)\.[A-Za-z_][\w.[\]"*-]*$|^(?:string|bool|boolean|int|number|object|securestring|secureString|secureObject|any|unknown)(?:\?|\[\])?;?$/;
// A description of the random value to put there (`SomeRandomString`, `SomeRandomStringOf32CharsExactly`,
// `random_secret_key`): words, `random`, then the kind of value; a generated value does not name
// itself random.
const RANDOM_DESCRIPTION =
  /^(?:[a-z]+ )*random(?: [a-z]+)* (?:string|chars?|characters|value|key|token|secret|password|bytes|hex|data|code)(?: (?:[a-z]+|[0-9]{1,3}))*$/;
function describesRandom(value: string): boolean {
  if (!/^[A-Za-z0-9]+(?:[-_ ][A-Za-z0-9]+)*$/.test(value) || value.length > 64) return false;
  const spaced = value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])([0-9])|([0-9])([A-Za-z])/g, "$1$3 $2$4")
    .replace(/[-_]/g, " ")
    .toLowerCase();
  return RANDOM_DESCRIPTION.test(spaced);
}
// An Azure Resource Manager template's expression that fetches the value when the template is
// deployed (`[parameters('adminPassword')]`, `[reference(…).secretUri]`, `[listKeys(…).keys[0].value]`):
// the outermost function reads a parameter, a variable or a resource; `concat` and `format`,
// which may hold a literal, are not among them.
const ARM_EXPRESSION =
  /^\[(?:parameters|variables|reference|listKeys|listSecrets)\([^\n]*\)(?:\.[A-Za-z_]\w*|\[[0-9]+\])*\]$/;
// A named slot a build or deploy tool fills in: `@@DB_PASSWORD@@`, `__DB_PASSWORD__`,
// `#{DB_PASSWORD}#` (Azure DevOps, Octopus), `@db.password@` (Maven resource filtering).
const SLOT_NAME = "(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|[a-z][a-z0-9]*(?:[._-][a-z0-9]+)+)";
const SLOT = new RegExp(`^(?:@@${SLOT_NAME}@@|__${SLOT_NAME}__|#\\{${SLOT_NAME}\\}#|@${SLOT_NAME}@)$`);
// A token's type with the rest elided: `sk-...`, `ghp_…`, `xoxb-...` (letters only, so no
// character of a real token is left before the dots).
const ELIDED_TOKEN = /^[A-Za-z]{2,8}[_-](?:[A-Za-z]{2,8}[_-])?(?:\.{3,}|\u2026)$/;

// A reference to a secret store, resolved when the value is used: 1Password's secret references
// (`op://vault/item/field`), App Service's Key Vault references (`@Microsoft.KeyVault(…)`),
// vals' and helmfile's (`ref+vault://…`, `ref+awssecrets://…`).
const STORE_REFERENCE = /^(?:op:\/\/[^/\s]+\/\S+|@Microsoft\.KeyVault\(|ref\+[a-z0-9]+:\/\/\S)/;
// Ciphertext in a declared envelope, made to be committed and read only with a key held
// elsewhere: Spring Cloud Config's `{cipher}…`, Jasypt's `ENC(…)`, SOPS's `ENC[AES256_GCM,data:…]`,
// Ansible Vault's `$ANSIBLE_VAULT;…`, Vault's transit ciphertext `vault:v1:…`.
export const ENVELOPE =
  /^(?:\{cipher\}\S|ENC\(\S+\)$|ENC\[[A-Z0-9_]+,data:|\$ANSIBLE_VAULT;|vault:v[0-9]+:\S)/;
// A variable whose `$` is escaped for a later expansion: Compose's `$$VAR`, `$${VAR}`, a
// shell's `\$VAR` inside a string it hands on.
const ESCAPED_REFERENCE = /^(?:\$\$|\\\$)(?:\{[A-Za-z_][\w:-]*\}|[A-Za-z_]\w*)$/;
// A slot filled by formatting code: `{}`, `{0}`, `%s`, `%v`, jq's `\(.password)`, `<:name:>`.
const FORMAT_SLOT = /^(?:\{[0-9]{0,2}\}|%[-+ #0.]*[0-9]*[sdvqrxif]|\\\(\.[\w.]*\)|<:[\w-]+:>)$/;
// Code that computes the value when run: a shell pipeline (`cat /dev/urandom | tr -dc … | head`,
// from command substitution's backticks), a PowerShell cmdlet (`Read-Host "…" -AsSecureString`).
const COMPUTED =
  /^(?:[\w.-]*\/)?[a-z]{2,}[ \t][^|\n]*\|[ \t]*[a-z]{2,}(?:[ \t]|$)|^(?:Read|Get|ConvertTo|ConvertFrom|New|Import|Invoke)-[A-Z][A-Za-z]+$/;
// The start of an angle-bracket placeholder cut at its space (`<enter password>`: a bare value
// ends at the space), or its end cut at a colon (`curl -u <user:password>`): letters and the
// bracket on one side only.
const PLACEHOLDER_PART = /^<[A-Za-z][A-Za-z_-]*$|^[A-Za-z][A-Za-z_-]*>$/;
// What to put here, said at the end (`SlackAppConfigurationAccessTokenHere`, `RANDOMSTRINGHERE`,
// `api_key_here`): the kind of value, then "here".
const PUT_HERE = /(?:token|key|secret|string|password|pass|value|id|credentials?)[-_ .]?here$/i;
// Pseudo-code in braces (`{base64(email:password)}`, `{hmac(secret, body)}`): what a document
// says is computed there.
const PSEUDO_CODE = /^\{[A-Za-z_][\w.]*\([^{}]*\)[^{}]*\}$/;
// Command substitution in backticks whose command takes a path, a flag or a variable
// (`` `etcdctl get /sumologic_secret` ``, `` `vault read -field=pw secret/db` ``): the value is
// the command's output when run.
const BACKTICK_COMMAND = /^`[a-z][\w.-]*[ \t][^`]*(?:[ \t]-{1,2}[A-Za-z]|[ \t]\/|\$)[^`]*`$/;
// A constant-case name of the slot (`DB_PASSWORD`, `YOUR_API_KEY`, `CQ_API_KEY`): upper-case
// words joined by `_`, one of them saying what goes there; the convention of environment
// variables' names, not of a value.
const SLOT_CONSTANT =
  /^[A-Z]+(?:_[A-Z]+)*_(?:PASSWORD|PASSWD|PASS|PWD|TOKEN|SECRET|KEY|CREDENTIALS?)(?:_[A-Z]+)*$|^(?:[A-Z]+_)*(?:PASSWORD|PASSWD|TOKEN|SECRET|KEY)_[A-Z]+(?:_[A-Z]+)*$/;
// Sample words beside the kind of secret (`dummy_pw`, `fake-token`, `sample_password`).
const SAMPLE =
  /^(?:dummy|fake|sample|example|placeholder)[-_]?(?:pw|pwd|pass|passwd|password|secret|token|key|api[-_]?key|value)$/i;
// A UUID whose groups each repeat one character (`00000000-0000-…`, `11111111-2222-3333-4444-…`).
const REPEATED_UUID = /^([0-9a-f])\1{7}-([0-9a-f])\2{3}-([0-9a-f])\3{3}-([0-9a-f])\4{3}-([0-9a-f])\5{11}$/i;
// A token masked by hand: a run of six `x`, `X` or `*` in it (`sk-…fAxxxxxxx`, `AIza…Knuxxxxxx`).
// A random base62 run holds one by chance once in 62⁶ (5.7·10¹⁰) places.
const MASKED = /x{6}|X{6}|\*{6}/;
// A YAML tag that takes the value from elsewhere or computes it: Home Assistant's `!secret name`,
// mkdocs' `!ENV VAR`, `!env_var`, `!include`, Ansible Vault's `!vault |` (ciphertext on the next
// lines), PyYAML's and Ruby's object tags (`!!python/object/apply:os.getenv`): the value is the
// tag, cut at its space.
const YAML_TAG =
  /^(?:!(?:secret|vault|ENV|env|env_var|include|sops)|!!(?:python|ruby|js|java|perl|php)\/\S*)$/;
// Interpolation inside the value, whole (`${self:custom.db.password}`, `#{@host}`, `{{ .password }}`,
// a URL's password cut by the `:` before it): the secret is the variable's, filled in when the
// string is built. The braces must close around a name: a password may hold `{{`, `${` or `#{`
// among other characters (`m{{h}o)p${e]nob(ody…`). A shell default (`${DB_PASSWORD:-PaSsW0Rd}`) holds a literal, which
// may be the password, and is not taken.
const INTERPOLATED =
  /\$\{[A-Za-z_][\w.:-]*\}|#\{@{0,2}[A-Za-z_][\w.]*\}|\{\{[ \t]*\.?[A-Za-z_][\w.]*[ \t]*\}\}|<:[\w-]+:>/;
const SHELL_DEFAULT = /\$\{[A-Za-z_]\w*:?[-=?+]/;
// A regular expression's syntax (`)(.*)(`, `[^@]+`): a pattern matching passwords, not one.
const REGEX_FRAGMENT = /\(\.[*+]\)|\.[*+]\)|\(\.[*+]|\[\^[^\]]*\][*+]/;
// An authentication scheme's word alone (`"Bearer " + token`): the credential follows it.
const SCHEME_ONLY = /^(?:bearer|basic|token|bot|digest|negotiate)\s*$/i;
// A key as a dashboard or a CLI shows it, its middle elided and a few characters kept at either
// end to tell keys apart (`sk-...AbCd`, `ghp_…wxyz`, `AKIA...WXYZ`, `****ABCD`): six characters at
// most on each side, too few to use.
const DISPLAYED_KEY = /^(?:[A-Za-z]{2,8}[_-]){0,2}[A-Za-z0-9]{0,6}(?:\.{3,}|\u2026|\*{3,})[A-Za-z0-9]{2,6}$/;
// A JWT whose payload and signature are words (`eyJ….body.signature`): an example's shape.
const NAMED_JWT = /^eyJ[A-Za-z0-9_-]+\.[a-z]{3,12}\.[a-z]{3,12}$/;

/**
 * A value that refers to, computes, encrypts or marks the place of a secret: a secret store's
 * reference, ciphertext in its envelope, an escaped variable, a formatting slot, code that
 * computes it, a placeholder's name or opener, a sample word, a hand-masked token; and GitHub's `x-oauth-basic`, the fixed password it documents for
 * a URL whose user name is the token.
 */
export function isIndirect(value: string): boolean {
  return (
    STORE_REFERENCE.test(value) ||
    ENVELOPE.test(value) ||
    ESCAPED_REFERENCE.test(value) ||
    FORMAT_SLOT.test(value) ||
    COMPUTED.test(value) ||
    PLACEHOLDER_PART.test(value) ||
    PUT_HERE.test(value) ||
    PSEUDO_CODE.test(value) ||
    BACKTICK_COMMAND.test(value) ||
    SLOT_CONSTANT.test(value) ||
    SAMPLE.test(value) ||
    REPEATED_UUID.test(value) ||
    MASKED.test(value) ||
    NAMED_JWT.test(value) ||
    DISPLAYED_KEY.test(value) ||
    YAML_TAG.test(value) ||
    SCHEME_ONLY.test(value) ||
    (INTERPOLATED.test(value) && !SHELL_DEFAULT.test(value)) ||
    REGEX_FRAGMENT.test(value) ||
    value === "x-oauth-basic"
  );
}

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
    MASK_RUN.test(value) ||
    NONE_SAID.test(value) ||
    ARM_EXPRESSION.test(value) ||
    TOOL_REFERENCE.test(value) ||
    HCL_OR_TYPE.test(value) ||
    describesRandom(value) ||
    SLOT.test(value) ||
    ELIDED_TOKEN.test(value) ||
    isIndirect(value)
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
  // The name itself in any case (`GITHUB_TOKEN: "GITHUB_TOKEN"`, `apiKey: "API_KEY"`), also as
  // a query's bind parameter (`password = ":password"`, `@password`).
  if (/^[:@]?[A-Za-z][A-Za-z0-9_.-]*$/.test(value) && parts.join(" ") === words(name).join(" ")) return true;
  // A selector or an anchor of the same words (`this.addPassword = "#add-password"`) too.
  if (!/^[#.]?[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+$/.test(value)) return false;
  return NAMING_WORD.test(parts.at(-1)!) && parts.every((part) => of.has(part));
}
