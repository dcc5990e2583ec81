/**
 * Keys their vendor documents as public — made to be shipped in a web page or an app and to
 * identify a project, never to authorise reading its data — told from the secret keys of the
 * same vendor by the public kind's own format or by the context the vendor documents it in
 * (docs/decisions/redaction-browser-keys.md). Scanners flag several of them anyway, so each
 * rule is narrow: a value an edit away from the format, or the same value without its context,
 * is still judged like any other (a near-valid token stays redacted: redaction-literals.md).
 *
 * By their own format (any context; `publicValue`):
 * - **Mapbox's public token**: `pk.`, base64url of a JSON object naming the account (`u`) and
 *   the token (`a`), `.`, a 22-character signature. The secret (`sk.`) and temporary (`tk.`)
 *   tokens have other prefixes.
 * - **PostHog's project key**: `phc_` and 43 letters and digits; it can only send events. The
 *   personal key that reads and changes a project is `phx_`.
 * - **Datadog's client token**: `pub` and 32 hex, which Datadog's browser SDKs send from the page;
 *   the API key (32 hex) and application key (40 hex) carry no prefix.
 * - **New Relic's browser key**: `NRJS-` and 19 hex, in the browser agent's snippet; the user
 *   and ingest keys are `NRAK-`, `NRII-` and others.
 * - **Braintree's tokenization key** (`sandbox_` or `production_`, 8 and 16 letters and digits)
 *   and **Adyen's client key** (`test_` or `live_` and 32 upper-case letters and digits): each
 *   vendor's key for the client side; the private key and the API key are other formats.
 * (Stripe's and Clerk's publishable `pk_live_`/`pk_test_` keys: names.ts.)
 *
 * By the context their vendor documents (`browserKeyRanges`):
 * - **A Firebase web app's configuration**: the `apiKey` of an object that also names the
 *   project's `authDomain` (`<project>.firebaseapp.com`) and its `projectId` or
 *   `messagingSenderId` — the object Firebase's console prints for the page. The same `AIza…`
 *   key alone or under another name is a Google API key like any other.
 * - **Supabase's anon key**: a JWT whose claims say `"role": "anon"` and a Supabase issuer,
 *   given to a name that says anon. Under another name (a service-role variable) or with
 *   `service_role` in it, it is the project's secret.
 * - **A CAPTCHA's site key**: given to a name or attribute that says site key (`data-sitekey`,
 *   `site_key`, `siteKey`, `RECAPTCHA_SITE_KEY`) and in one of the vendors' shapes — reCAPTCHA's
 *   `6L` and 38, Turnstile's `0x4AAAAAAA…`, hCaptcha's UUID. Google, Cloudflare and hCaptcha
 *   document the site key as the half the page carries; the secret key has the same shape, so
 *   only the name tells them apart, and under any other name it is judged.
 * - **A browser SDK's project key**, as the first argument of the call its vendor documents for
 *   the page: `mixpanel.init(…)` (Mixpanel's project token), `amplitude.init(…)` (Amplitude's API
 *   key; its secret key is another value), `analytics.load(…)` (Segment's write key), `new
 *   Pusher(…)` (Pusher's app key; the app secret is another value). These keys only send
 *   events or subscribe. Likewise PayPal's client id in the URL of PayPal's JavaScript SDK
 *   (`paypal.com/sdk/js?client-id=…`); the secret that goes with it is another value.
 */
import type { Range } from "./span.js";

const MAPBOX_PUBLIC = /^pk\.(eyJ[A-Za-z0-9_-]{10,})\.[A-Za-z0-9_-]{22}$/;
const POSTHOG_PROJECT = /^phc_[A-Za-z0-9]{43}$/;
const DATADOG_CLIENT = /^pub[0-9a-f]{32}$/;
const NEW_RELIC_BROWSER = /^NRJS-[0-9a-f]{19}$/;
const BRAINTREE_TOKENIZATION = /^(?:sandbox|production)_[a-z0-9]{8}_[a-z0-9]{16}$/;
const ADYEN_CLIENT = /^(?:test|live)_[A-Z0-9]{32}$/;

function decodedJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

/** Whether `value` is, by its own format, a key its vendor documents as public (above). */
export function publicValue(value: string): boolean {
  if (value.startsWith("phc_")) return POSTHOG_PROJECT.test(value);
  if (value.startsWith("pub")) return DATADOG_CLIENT.test(value);
  if (value.startsWith("NRJS-")) return NEW_RELIC_BROWSER.test(value);
  if (value.startsWith("sandbox_") || value.startsWith("production_"))
    return BRAINTREE_TOKENIZATION.test(value);
  if (value.startsWith("test_") || value.startsWith("live_")) return ADYEN_CLIENT.test(value);
  if (!value.startsWith("pk.eyJ")) return false;
  const match = MAPBOX_PUBLIC.exec(value);
  if (!match) return false;
  const claims = decodedJson(match[1]!) as { u?: unknown; a?: unknown } | undefined;
  return (
    typeof claims === "object" &&
    claims !== null &&
    typeof claims.u === "string" &&
    typeof claims.a === "string"
  );
}

const FIREBASE_API_KEY =
  /(?<![\w$])["']?apiKey["']?[ \t]*[:=][ \t]*(?:'\\''|["'])(AIza[0-9A-Za-z_-]{35})(?:'\\''|["'])/g;
const FIREBASE_CONFIG_AROUND =
  /["']?authDomain["']?[ \t]*[:=][ \t]*(?:'\\''|["'])[a-z0-9-]+\.firebaseapp\.com(?:'\\''|["'])/;
const FIREBASE_PROJECT = /["']?(?:projectId|messagingSenderId)["']?[ \t]*[:=]/;
const FIREBASE_ANDROID_KEY = /"current_key"[ \t]*:[ \t]*"(AIza[0-9A-Za-z_-]{35})"/g;
const FIREBASE_IOS_KEY = /<key>API_KEY<\/key>\s*<string>(AIza[0-9A-Za-z_-]{35})<\/string>/g;

// A name that says anon (`SUPABASE_ANON_KEY`, `supabaseAnonKey`, `anon_key`), then the JWT.
const ANON_JWT =
  /(?<![A-Za-z0-9])[\w.-]*(?:anon|Anon|ANON)[\w.-]*["']?[ \t]*(?:[:=]|=>)[ \t]*(?:'\\''|["'`])?(eyJ[A-Za-z0-9_-]+\.(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+)/g;

// A name that says site key, then a CAPTCHA vendor's site key.
const SITE_KEY =
  /site[-_]?key["']?[ \t]*(?:[:=]|=>)[ \t]*(?:'\\''|["'`])?(6L[0-9A-Za-z_-]{38}|0x4AAAAAAA[0-9A-Za-z_-]{10,30}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9A-Za-z_-])/gi;
// The call a browser analytics SDK documents for the page, then its project key.
const ANALYTICS_INIT =
  /\b(?:mixpanel\.init|amplitude(?:\.getInstance\(\))?\.init(?:All)?|analytics\.load|new Pusher)\(\s*(?:'\\''|["'`])([0-9A-Za-z]{20,64})(?:'\\''|["'`])/g;
const PAYPAL_SDK = /paypal\.com\/sdk\/js\?(?:[^"'\s#]*&)?client-id=([A-Za-z0-9_-]{20,100})/g;

/** Whether base64url `part` holds the claims of a Supabase anon key. */
function anonClaims(part: string): boolean {
  const claims = decodedJson(part) as { role?: unknown; iss?: unknown } | undefined;
  return (
    typeof claims === "object" &&
    claims !== null &&
    claims.role === "anon" &&
    typeof claims.iss === "string" &&
    /^supabase(?:-demo)?$|\.supabase\.co\/auth\/v1$/.test(claims.iss)
  );
}

/** The spans of `text` that are keys public by their documented context (above). */
export function browserKeyRanges(text: string): Range[] {
  const out: Range[] = [];
  if (text.includes("AIza") && text.includes("firebaseapp.com")) {
    if (FIREBASE_CONFIG_AROUND.test(text) && FIREBASE_PROJECT.test(text)) {
      for (const m of text.matchAll(FIREBASE_API_KEY)) {
        const start = m.index! + m[0].indexOf(m[1]!);
        out.push([start, start + m[1]!.length]);
      }
    }
  }
  if (text.includes("AIza")) {
    const mobile =
      text.includes('"project_info"') && text.includes('"mobilesdk_app_id"')
        ? FIREBASE_ANDROID_KEY
        : text.includes("<key>GOOGLE_APP_ID</key>")
          ? FIREBASE_IOS_KEY
          : null;
    if (mobile)
      for (const m of text.matchAll(mobile)) {
        const start = m.index! + m[0].indexOf(m[1]!);
        out.push([start, start + m[1]!.length]);
      }
  }
  if (/anon/i.test(text) && text.includes("eyJ")) {
    for (const m of text.matchAll(ANON_JWT)) {
      if (!anonClaims(m[2]!)) continue;
      const start = m.index! + m[0].length - m[1]!.length;
      out.push([start, start + m[1]!.length]);
    }
  }
  if (/site[-_]?key/i.test(text)) {
    for (const m of text.matchAll(SITE_KEY)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  }
  if (text.includes("paypal.com/sdk/js"))
    for (const m of text.matchAll(PAYPAL_SDK)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  if (/mixpanel|amplitude|analytics\.load|new Pusher/.test(text)) {
    for (const m of text.matchAll(ANALYTICS_INIT)) {
      const start = m.index! + m[0].lastIndexOf(m[1]!);
      out.push([start, start + m[1]!.length]);
    }
  }
  return out;
}
