/**
 * The text layer's patterns: structures that say "this is a secret" in any text (a header, a
 * URL's password, a flag that names it, a signed URL, a webhook, a .netrc or .pgpass line) and
 * the token formats the secretlint preset lacks. Each names the lower-case literals one of
 * which every match contains (`needs`), so a pattern runs only on text that holds one
 * (docs/decisions/redaction-prefilter.md). The flags that mean a password for one program are
 * read from the argv table (argv.ts), so the text and the parsed command agree.
 */
import { keyAsUser, PROGRAM_RULES } from "./argv.js";
import { FETCH_PATTERNS } from "./fetched.js";
import { isKeyShaped } from "./shape.js";
import type { Pattern } from "./span.js";
import { STATEMENT_PATTERNS } from "./statements.js";
import { STRUCTURAL_PATTERNS } from "./structural.js";

export type { Pattern } from "./span.js";

/** A value as a shell spells it: '…', "…" or bare (groups 1, 2, 3). */
const SHELL_VALUE = `(?:'([^'\\n]*)'|"([^"\\n]*)"|([^\\s"';&|-][^\\s"';&|]*))`;
const VALUE_GROUPS = [1, 2, 3] as const;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** `program … -flag X` for every program-specific flag of the argv table, on plain text. */
function programFlagPatterns(): Pattern[] {
  const out: Pattern[] = [];
  for (const rule of PROGRAM_RULES) {
    // openssl's values are `pass:X` (the pattern below) or `env:`/`file:` names.
    if (rule.after || (!rule.flags && !rule.attached) || rule.programs.includes("openssl")) continue;
    const programs = `(?<![\\w.-])(?:${rule.programs.map(literal).join("|")})(?![\\w.-])`;
    const separated = (rule.flags ?? []).map(literal);
    const attached = [
      ...(rule.attached ?? []),
      ...(rule.exact ? [] : (rule.flags ?? []).filter((flag) => flag.length === 2)),
    ].map(literal);
    const forms = [
      ...(separated.length > 0 ? [`(?:${separated.join("|")})[ \\t]+`] : []),
      ...(attached.length > 0 ? [`(?:${attached.join("|")})`] : []),
    ];
    // Built on first use (its program named in the text): the pattern sources are long and
    // constructing them all at load cost every hook call, most of which name none of these.
    let regex: RegExp | undefined;
    out.push({
      kind: "password-flag",
      needs: rule.programs.map((program) => program.toLowerCase()),
      get regex() {
        regex ??= new RegExp(`${programs}[^\\n;&|]*?[ \\t](?:${forms.join("|")})${SHELL_VALUE}`, "g");
        return regex;
      },
      group: VALUE_GROUPS,
    });
  }
  return out;
}

export const OWN_PATTERNS: Pattern[] = [
  // Passwords in servers' statements and settings (statements.ts).
  ...STATEMENT_PATTERNS,
  {
    kind: "private-key",
    needs: ["-----begin"],
    regex:
      /-----BEGIN[ A-Z0-9]*PRIVATE KEY( BLOCK)?-----[\s\S]*?-----END[ A-Z0-9]*PRIVATE KEY( BLOCK)?-----/g,
    group: 0,
  },
  {
    kind: "aws-access-key",
    needs: ["akia", "asia", "abia", "acca"],
    regex: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g,
    group: 0,
  },
  { kind: "google-api-key", needs: ["aiza"], regex: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, group: 0 },
  {
    kind: "stripe",
    // pk_… keys are publishable: meant for the browser, not secret.
    needs: ["_live_", "_test_", "whsec_"],
    regex: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}\b|\bwhsec_[0-9A-Za-z]{20,}\b/g,
    group: 0,
  },
  {
    kind: "jwt",
    needs: ["eyj"],
    regex: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    group: 0,
  },
  // scheme://user:password@host — the password only (it may itself hold `@`: the host is what
  // follows the last `@` before the path); the host stays readable.
  {
    kind: "url-credentials",
    needs: ["://"],
    // A password holding `/` (base64 ones do, unescaped) is taken whole when none without one
    // ends at an `@` before the host; a port and a path (`host:8443/users/@me`) are no password.
    // `<` and `>` are no URL's characters (RFC 3986): `http://host<br>Email:me@x` holds no password.
    regex:
      /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'`<>]*:([^\s/"'`<>]+|[^\s"'`<>]+)@(?=[^\s/@"'`]*(?:[/?#\s"'`]|$))/gi,
    group: 1,
    // `anonymous` is an anonymous login's password by convention (RFC 1635): no credential.
    accept: (secret) => !/^[0-9]*\//.test(secret) && !/^anonymous$/i.test(secret),
  },
  // Authorization: Bearer|Basic|token <credentials> (also `authorization=` in query-ish text), and
  // a vendor's own scheme before a credential of 16+ characters (`GenieKey`, `SSWS`, `Splunk`,
  // `DeepL-Auth-Key`, `Api-Token`): the credential is the word after the scheme (or its marker,
  // when the text is judged again).
  {
    kind: "authorization",
    needs: ["authorization"],
    regex:
      /\b(?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:(?:bearer|basic|token|digest|negotiate|bot|[A-Za-z][\w.-]*(?=[ \t]+(?:[\w.~+/=:-]{16,}|\[redacted:)))\s+)?([^\s"',;]+)/gi,
    group: 1,
    // A scheme named alone (`Authorization: Negotiate`) carries no credential.
    accept: (secret) => !/^(?:bearer|basic|token|digest|negotiate|bot)$/i.test(secret),
  },
  { kind: "cookie", needs: ["cookie"], regex: /\b(?:set-)?cookie["']?\s*:\s*["']?([^"'\r\n]+)/gi, group: 1 },
  // curl -u user:X, -uuser:X, --user=user:X, -u 'user:X' (also as a quoted argument spells a
  // single quote: -u '\''user:X'\'')
  {
    kind: "basic-auth",
    needs: ["-u", "--user"],
    regex:
      /(?:^|\s)(?:-u|--user)(?:[ \t]+|=)?(?:'\\''|["'])?(?:[^\s:"'=\\-][^\s:"'\\]*)?["']?:["']?([^\s"'\\]+)/g,
    group: 1,
  },
  // curl -u KEY: / -u KEY:X (Stripe, SonarQube, Freshdesk): an API key as the user, the
  // password empty or one character; judged as argv.ts judges it.
  {
    kind: "basic-auth",
    needs: ["-u", "--user"],
    regex:
      /(?:^|\s)(?:-u|--user)(?:[ \t]+|=)?(?:'\\''|["'])?([A-Za-z0-9_+/.-]{16,}):[A-Za-z0-9]?(?:'\\''|["'])?(?=[\s;&|)]|$)/g,
    group: 1,
    accept: (user) => keyAsUser(user) !== null,
  },
  // The operand right after a verb that takes a credential, whatever the program (`snyk auth X`,
  // `cargo login X`, `ngrok authtoken X`, `someclient login X`): only a value shaped like a
  // generated credential (a user name, a registry host or an e-mail address is not).
  {
    kind: "token",
    needs: ["login", "auth", "activate", "unlock", "set-token"],
    regex:
      /(?:^|[\s;&|('"`])(?:login|auth|authenticate|authtoken|add-authtoken|set-token|activate|unlock)[ \t]+["']?([A-Za-z0-9][A-Za-z0-9_.+/~-]{14,}[A-Za-z0-9]={0,2})["']?(?=[\s;&|)]|$)/g,
    group: 1,
    accept: (value) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ||
      (/^[0-9a-f]{20,}$/i.test(value) && /[a-f]/i.test(value) && /[0-9]/.test(value)) ||
      isKeyShaped(value),
  },
  // A secret passed as the next word of a flag that names it: `--password X`, `--token X`.
  {
    kind: "password-flag",
    needs: ["--"],
    regex:
      /(?:^|\s)--(?:[a-z0-9]+-)*(?:password|passwd|passphrase|token|secret|api-?key|access-key|secret-key|private-key|client-secret)[ \t]+["']?([^\s"'-][^\s"']*)/gi,
    group: 1,
  },
  // openssl-style password arguments: pass:X (env:, file:, fd: name no secret).
  { kind: "password-flag", needs: ["pass:"], regex: /(?<![\w-])pass:([^\s"';&|]+)/g, group: 1 },
  ...programFlagPatterns(),
  // docker/podman/helm/… login -p SECRET (the short form of --password).
  {
    kind: "password-flag",
    needs: ["login"],
    regex:
      /\b(?:docker|podman|buildah|skopeo|helm|oras|nerdctl)\b[^\n;&|]*?\blogin\b[^\n;&|]*?\s-p\s*["']?([^\s"';&|-][^\s"';&|]*)/g,
    group: 1,
  },
  // gh secret set NAME --body SECRET / -b SECRET.
  {
    kind: "password-flag",
    needs: ["secret"],
    regex: /\bgh\s+secret\s+set\b[^\n;&|]*?\s(?:--body|-b)[\s=]+["']?([^\s"']+)/g,
    group: 1,
  },
  // smbclient -U user%X
  {
    kind: "basic-auth",
    needs: ["smb", "rpcclient"],
    regex:
      /\b(?:smbclient|rpcclient|smbcacls|smbget)\b[^\n;&|]*?\s(?:-U|--user)[ \t=]*["']?[^\s%"']+%([^\s"']+)/g,
    group: 1,
  },
  // Token formats with a fixed shape the preset lacks (some are hex, which entropy.ts leaves).
  {
    kind: "slack",
    needs: ["xox"],
    regex: /\b(?:xoxe\.)?xox[abposre]-[0-9A-Za-z-]{10,}/g,
    group: 0,
  },
  { kind: "mailchimp", needs: ["-us"], regex: /\b[0-9a-f]{32}-us[0-9]{1,2}\b/g, group: 0 },
  { kind: "intra42", needs: ["s-s4t2"], regex: /\bs-s4t2(?:ud|af)-[0-9a-f]{64}\b/g, group: 0 },
  { kind: "cloudflare", needs: ["v1.0-"], regex: /\bv1\.0-[0-9a-f]{24}-[0-9a-f]{146}\b/g, group: 0 },
  {
    kind: "1password",
    needs: ["a3-"],
    regex: /\bA3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\b/g,
    group: 0,
  },
  {
    kind: "anthropic",
    needs: ["sk-ant-"],
    regex: /\bsk-ant-(?:api|admin|sid)[0-9]{2}-[A-Za-z0-9_-]{20,}/g,
    group: 0,
  },
  // Vendor tokens with a documented fixed prefix and alphabet that the rule set lacks
  // (Sourcegraph, LangSmith, Shippo, Langfuse secret keys, New Relic, Tavily, Rootly, Duffel).
  {
    kind: "vendor-token",
    needs: ["sgp_", "lsv2_", "shippo_", "sk-lf-", "nrak-", "nrii-", "tvly-", "rootly_", "duffel_"],
    regex:
      /\b(?:sgp_(?:[0-9a-f]{16}_)?[0-9a-f]{40}|sgp_local_[0-9a-f]{40}|lsv2_(?:pt|sk)_[0-9a-f]{32}_[0-9a-f]{10}|shippo_(?:live|test)_[0-9a-f]{40}|sk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|NRAK-[A-Z0-9]{27}|NRII-[A-Za-z0-9_-]{32}|tvly-[A-Za-z0-9]{32}|rootly_[0-9a-f]{64}|duffel_(?:test|live)_[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/gi,
    group: 0,
  },
  // Signed URLs: the signature (and session token) is the credential, whatever its alphabet.
  {
    kind: "signed-url",
    needs: ["sig=", "signature=", "security-token="],
    regex: /[?&](?:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token)=([^&\s"'#<>]+)/gi,
    group: 1,
  },
  // Zapier, IFTTT and Mattermost incoming webhooks: the path's last segment (or IFTTT's key).
  {
    kind: "webhook",
    needs: ["hooks.zapier.com", "ifttt.com", "/hooks/"],
    regex:
      /hooks\.zapier\.com\/hooks\/catch\/[0-9]+\/([A-Za-z0-9]{4,})|maker\.ifttt\.com\/(?:trigger\/[^\s/]+\/with\/)?(?:json\/with\/)?key\/([A-Za-z0-9_-]{16,})|\/hooks\/([a-z0-9]{26})(?![A-Za-z0-9])/g,
    group: [1, 2, 3],
  },
  // Keys whose armour does not say PRIVATE KEY: OpenVPN static keys, PuTTY's private lines.
  {
    kind: "private-key",
    needs: ["static key", "private-lines:"],
    regex:
      /-----BEGIN OpenVPN Static key V[0-9]-----[\s\S]*?-----END OpenVPN Static key V[0-9]-----|Private-Lines:[ \t]*[0-9]+\r?\n([A-Za-z0-9+/=]+(?=\r?\n|$)(?:\r?\n[A-Za-z0-9+/=]+(?=\r?\n|$))*)/g,
    group: [1, 0],
  },
  // Webhook URLs: their path is the credential (often without a digit).
  {
    kind: "webhook",
    needs: ["hooks.slack.com"],
    regex: /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?:[A-Za-z0-9]+\/)+([A-Za-z0-9_-]{8,})/g,
    group: 1,
  },
  {
    kind: "webhook",
    needs: ["discord"],
    regex: /discord(?:app)?\.com\/api\/webhooks\/[0-9]+\/([A-Za-z0-9_-]{16,})/g,
    group: 1,
  },
  {
    kind: "webhook",
    // Teams incoming webhooks: `<tenant>.webhook.office.com/webhookb2/…` and the older
    // `outlook.office.com/webhook/…` (and office365.com) hosts carry the same secret segment.
    needs: ["webhook.office.com", "outlook.office"],
    regex:
      /(?:webhook\.office\.com\/webhookb2|outlook\.office(?:365)?\.com\/webhook)\/[^\s/]+\/IncomingWebhook\/([A-Za-z0-9]+)/g,
    group: 1,
  },
  // .netrc: machine HOST [login U] [account A] password X (over lines too; also written by a
  // quoted `printf '…'`).
  {
    kind: "netrc",
    needs: ["password"],
    regex:
      /(?:^|[\s'"])(?:machine[ \t]+\S+|default)(?:\s+(?:login|account|port|protocol)\s+\S+)*\s+password\s+(\S*[^\s'"])/g,
    group: 1,
  },
  // .pgpass: host:port:database:user:password, one a line.
  {
    kind: "pgpass",
    needs: [":"],
    regex:
      /^[A-Za-z0-9.*_-]+:(?:[0-9]{1,5}|\*):(?:[^:\s\\]|\\.)+:(?:[^:\s\\]|\\.)+:((?:[^\s:\\]|\\.)+)[ \t]*\r?$/gm,
    group: 1,
  },
  ...STRUCTURAL_PATTERNS,
  ...FETCH_PATTERNS,
];
