/**
 * Vendor token formats by structure: a documented prefix, then a body of a known alphabet. The
 * table is data (one row a family, the vendors' own documentation and GitHub's secret-scanning
 * list name the prefixes); each row becomes one text pattern of patterns.ts, compiled on its
 * first use only when the text holds one of its prefixes (`needs`: the prefixes lower-cased,
 * which every match holds), so a hook call that holds none pays nothing but the literal check.
 *
 * A token one character off its documented length is still a credential (a truncated paste, a
 * typo: docs/decisions/redaction-categories.md), so a row asks for a minimum body length well
 * below the documented one and no maximum; the vendor rule set (rule-set.ts) keeps the exact
 * formats. Placeholders in a family's shape (`ghp_xxxx…`) are left by `isSecretValue`.
 */
import { madeOfWords } from "./entropy.js";
import type { Pattern } from "./patterns.js";

export interface Family {
  /** The marker's kind. */
  kind: string;
  /** Literal prefixes, as the vendor spells them (case-sensitive). */
  prefixes: readonly string[];
  /** The body's alphabet, a character class's content. */
  body: string;
  /**
   * The fewest body characters that still make a token of the family (16 at least: shorter is
   * no generated key; test/redact/shape-families.test.ts holds every row to it).
   */
  min: number;
  /**
   * What stands before the prefix as part of the token (a character class and count: Azure's
   * client secrets open with three characters and a digit before `Q~`); a word boundary when
   * absent.
   */
  lead?: string;
}

const B62 = "A-Za-z0-9";
const B64URL = "A-Za-z0-9_-";
const HEX = "0-9a-f";

export const FAMILIES: readonly Family[] = [
  // GitHub: classic and fine-grained tokens.
  { kind: "github", prefixes: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], body: B62, min: 30 },
  { kind: "github", prefixes: ["github_pat_"], body: `${B62}_`, min: 60 },
  // GitLab: personal, deploy, runner, CI build, pipeline trigger, feed, incoming mail, agent,
  // SCIM, OAuth application tokens; runner registration tokens.
  {
    kind: "gitlab",
    prefixes: [
      "glpat-",
      "gldt-",
      "glrt-",
      "glcbt-",
      "glptt-",
      "glft-",
      "glimt-",
      "glagent-",
      "glsoat-",
      "gloas-",
    ],
    body: B64URL,
    min: 20,
  },
  { kind: "gitlab", prefixes: ["GR1348941"], body: B64URL, min: 20 },
  // Slack app-level tokens (bot, user, … are patterns.ts's `slack`).
  { kind: "slack", prefixes: ["xapp-"], body: `${B62}-`, min: 20 },
  // OpenAI project, service-account and admin keys; OpenRouter; Anthropic (all versions).
  { kind: "openai", prefixes: ["sk-proj-", "sk-svcacct-", "sk-admin-"], body: B64URL, min: 40 },
  { kind: "openai", prefixes: ["sk-or-v1-"], body: HEX, min: 48 },
  { kind: "anthropic", prefixes: ["sk-ant-"], body: B64URL, min: 40 },
  // Model and inference providers.
  { kind: "huggingface", prefixes: ["hf_"], body: B62, min: 30 },
  { kind: "groq", prefixes: ["gsk_"], body: B62, min: 40 },
  { kind: "perplexity", prefixes: ["pplx-"], body: B62, min: 40 },
  { kind: "xai", prefixes: ["xai-"], body: B62, min: 60 },
  { kind: "replicate", prefixes: ["r8_"], body: B62, min: 30 },
  { kind: "pinecone", prefixes: ["pcsk_"], body: `${B62}_`, min: 40 },
  // Package registries.
  { kind: "npm", prefixes: ["npm_"], body: B62, min: 30 },
  { kind: "pypi", prefixes: ["pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"], body: B64URL, min: 40 },
  { kind: "rubygems", prefixes: ["rubygems_"], body: HEX, min: 40 },
  { kind: "nuget", prefixes: ["oy2"], body: "a-z0-9", min: 40 },
  { kind: "clojars", prefixes: ["CLOJARS_"], body: "a-z0-9", min: 50 },
  { kind: "docker", prefixes: ["dckr_pat_", "dckr_oat_"], body: B64URL, min: 20 },
  // Cloud and hosting providers.
  { kind: "google-oauth", prefixes: ["ya29."], body: B64URL, min: 30 },
  { kind: "google-oauth", prefixes: ["GOCSPX-"], body: B64URL, min: 24 },
  { kind: "digitalocean", prefixes: ["dop_v1_", "doo_v1_", "dor_v1_"], body: HEX, min: 48 },
  { kind: "alibaba", prefixes: ["LTAI"], body: B62, min: 16 },
  { kind: "tencent", prefixes: ["AKID"], body: B62, min: 28 },
  { kind: "heroku", prefixes: ["HRKU-"], body: B64URL, min: 30 },
  { kind: "fly", prefixes: ["FlyV1 fm1_", "FlyV1 fm2_", "fo1_"], body: `${B64URL}+/=,`, min: 30 },
  { kind: "vault", prefixes: ["hvs.", "hvb.", "hvr."], body: B64URL, min: 20 },
  { kind: "terraform", prefixes: [".atlasv1."], body: B64URL, min: 40, lead: "[A-Za-z0-9]{14}" },
  { kind: "pulumi", prefixes: ["pul-"], body: HEX, min: 32 },
  {
    kind: "doppler",
    prefixes: ["dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit."],
    body: B62,
    min: 30,
  },
  {
    kind: "planetscale",
    prefixes: ["pscale_tkn_", "pscale_pw_", "pscale_oauth_"],
    body: `${B64URL}.`,
    min: 30,
  },
  { kind: "supabase", prefixes: ["sbp_", "sb_secret_"], body: `${B62}_-`, min: 30 },
  { kind: "vercel", prefixes: ["vcp_", "vci_", "vca_", "vcr_", "vck_"], body: B62, min: 40 },
  { kind: "netlify", prefixes: ["nfp_"], body: B62, min: 30 },
  { kind: "render", prefixes: ["rnd_"], body: B62, min: 24 },
  { kind: "tailscale", prefixes: ["tskey-"], body: `${B62}-`, min: 30 },
  { kind: "dynatrace", prefixes: ["dt0c01.", "dt0s01.", "dt0s16."], body: `${B62}.`, min: 60 },
  { kind: "grafana", prefixes: ["glc_", "glsa_"], body: `${B62}_=`, min: 30 },
  { kind: "sentry", prefixes: ["sntrys_", "sntryu_"], body: `${B64URL}+/=`, min: 30 },
  { kind: "buildkite", prefixes: ["bkua_"], body: HEX, min: 36 },
  { kind: "circleci", prefixes: ["CCIPAT_"], body: `${B62}_`, min: 36 },
  { kind: "prefect", prefixes: ["pnu_"], body: B62, min: 30 },
  { kind: "databricks", prefixes: ["dapi"], body: HEX, min: 32 },
  { kind: "age", prefixes: ["AGE-SECRET-KEY-1"], body: "0-9A-Z", min: 50 },
  { kind: "shopify", prefixes: ["shpat_", "shpca_", "shppa_", "shpss_"], body: "0-9a-fA-F", min: 28 },
  { kind: "dropbox", prefixes: ["sl."], body: B64URL, min: 100 },
  // Atlassian, Bitbucket, collaboration and productivity tools.
  { kind: "atlassian", prefixes: ["ATATT3", "ATCTT3"], body: `${B64URL}=`, min: 60 },
  { kind: "bitbucket", prefixes: ["ATBB"], body: B62, min: 28 },
  { kind: "linear", prefixes: ["lin_api_", "lin_oauth_"], body: B62, min: 30 },
  { kind: "notion", prefixes: ["ntn_"], body: B62, min: 30 },
  { kind: "figma", prefixes: ["figd_", "figu_"], body: B64URL, min: 30 },
  { kind: "postman", prefixes: ["PMAK-"], body: `${B62}-`, min: 50 },
  { kind: "contentful", prefixes: ["CFPAT-"], body: B64URL, min: 40 },
  { kind: "typeform", prefixes: ["tfp_"], body: `${B62}_-`, min: 40 },
  { kind: "frameio", prefixes: ["fio-u-"], body: B64URL, min: 40 },
  { kind: "adafruit", prefixes: ["aio_"], body: B62, min: 24 },
  { kind: "posthog", prefixes: ["phx_"], body: B62, min: 30 },
  { kind: "sendgrid", prefixes: ["SG."], body: `${B64URL}.`, min: 50 },
  { kind: "mailgun", prefixes: ["key-"], body: B62, min: 30 },
  { kind: "twilio", prefixes: ["SK"], body: "0-9a-fA-F", min: 32 },
  // Payments.
  { kind: "square", prefixes: ["sq0atp-", "sq0csp-", "sq0idp-"], body: B64URL, min: 20 },
  { kind: "square", prefixes: ["EAAA"], body: `${B64URL}`, min: 56 },
  {
    kind: "braintree",
    prefixes: ["access_token$production$", "access_token$sandbox$"],
    body: "0-9a-z$",
    min: 40,
  },
  { kind: "flutterwave", prefixes: ["FLWSECK-", "FLWSECK_TEST-"], body: `${B62}-`, min: 30 },
  { kind: "easypost", prefixes: ["EZAK", "EZTK"], body: B62, min: 50 },
  // Social networks and ads.
  { kind: "facebook", prefixes: ["EAACEdEose0cBA"], body: B62, min: 16 },
  { kind: "facebook", prefixes: ["EAAB", "EAAG", "EAAI"], body: B62, min: 60 },
  { kind: "mapbox", prefixes: ["sk.eyJ"], body: `${B64URL}.`, min: 60 },
  { kind: "yandex", prefixes: ["y0_", "AQVN"], body: B64URL, min: 30 },
  // Password hashes (bcrypt, Apache's MD5, SHA-crypt, yescrypt, Argon2; LDAP's {SHA}/{SSHA}): a
  // hash of a password can be cracked offline, so a trail keeps none (.htpasswd, /etc/shadow).
  {
    kind: "password-hash",
    prefixes: ["$2a$", "$2b$", "$2y$", "$apr1$", "$5$", "$6$", "$y$", "$argon2id$", "$argon2i$", "$argon2d$"],
    body: "A-Za-z0-9./$=,+",
    min: 20,
  },
  {
    kind: "password-hash",
    prefixes: ["{SHA}", "{SSHA}", "{SSHA256}", "{SSHA512}"],
    body: "A-Za-z0-9+/=",
    min: 27,
  },
  // Amazon MWS auth tokens.
  { kind: "amazon-mws", prefixes: ["amzn.mws."], body: "0-9a-f-", min: 36 },
  // Firebase Cloud Messaging server keys (a project id, `:APA91b`, then the key).
  { kind: "firebase", prefixes: [":APA91b"], body: B64URL, min: 100, lead: "[A-Za-z0-9_-]{6,}" },
  // Azure AD (Entra) client secrets: three characters, a digit, `Q~`, then 31-34 characters.
  { kind: "azure", prefixes: ["Q~"], body: `${B64URL}.~`, min: 31, lead: "[A-Za-z0-9_~.-]{3}[0-9]" },
];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** One text pattern a family, each compiled on first use. */
export function familyPatterns(): Pattern[] {
  return FAMILIES.map((family) => {
    let regex: RegExp | undefined;
    const before = family.lead === undefined ? "(?<![A-Za-z0-9_])" : `(?<![A-Za-z0-9_])${family.lead}`;
    // A `-` of the alphabet that is no range (`_-.`, a trailing `-`) is escaped.
    const body = family.body.replace(/(?<![A-Za-z0-9])-|-(?![A-Za-z0-9])/g, "\\-");
    return {
      kind: family.kind,
      needs: family.prefixes.map((prefix) => prefix.toLowerCase()),
      get regex() {
        regex ??= new RegExp(
          `${before}(?:${family.prefixes.map(literal).join("|")})[${body}]{${family.min},}(?![${body}])`,
          "g",
        );
        return regex;
      },
      group: 0,
      accept: (secret) => {
        // The body without the prefix: words (`hf_requiredCharacteristicTypes…`,
        // `glptt-hellOworld380_testin`) or digits alone are no token.
        const prefix = family.prefixes.find((p) => secret.includes(p)) ?? "";
        const body = secret.slice(secret.indexOf(prefix) + prefix.length);
        return !/^[0-9]+$/.test(body) && !madeOfWords(body.replace(/[-_.]/g, ""));
      },
    };
  });
}
