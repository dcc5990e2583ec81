/**
 * A credential by its vendor's context. Many services issue keys with no prefix of their own —
 * hex (Datadog, Mailchimp, New Relic's license key), a UUID (Heroku, Snyk, Codecov, Postmark) or
 * a mix of letters and digits — and users write them beside the vendor's name, not a secret
 * word: `heroku: '<uuid>'`, `newrelic:` then `  license: <hex>`, `[postmark]` then `server =
 * <uuid>`, `pinecone <uuid>`, `mailchimp <hex>-us12`. Without the name the same hex run or UUID
 * is a commit id, a digest or a resource's id (shape.ts leaves those), so the vendor's name is
 * what says credential here, in three places:
 *
 * - **in the name the value is given to** (`heroku_api = "<uuid>"`, `"snyk": "<uuid>"`,
 *   `GITHUB_OAUTH='<40 hex>'`), unless the name ends in a word that says id, digest, version …
 *   (`heroku_app_id`, shape.ts);
 * - **as the header of a block** (YAML `vendor:` with the values indented under it, INI
 *   `[vendor]`): each value of the block, under a key that does not say id;
 * - **just before the value** (within a line or two, nothing but non-id words between): the
 *   vendors whose name is not also a platform named everywhere (a repository host, a registry,
 *   a cloud: `github.com/…`, `docker pull …`, `aws s3 …`), so a mention of GitHub before a commit
 *   id is not one.
 *
 * The value must be shaped like a generated credential: a UUID (only for vendors whose keys are
 * UUIDs, `*` below), hex of 20+ characters (with a short suffix: Mailchimp's `-us12`, Mailgun's
 * `-<8 hex>-<8 hex>`), or key-shaped by look (shape.ts). What stands right before it must not
 * say it is something else: a path or a reference (`/`, `@`, `#`), a name or flag that says id
 * (`--org=`, `app_id:`), or a verb that takes an id or a commit (`git checkout X`, `releases new
 * X`), or a digest's label (`sha256:`, `sha512-`, `h1:`) or a data URI's `base64,`. These are
 * `vendor` spans, not `token` ones: benign.ts's veto of a UUID behind a word (`GPU-<uuid>`) would
 * drop LaunchDarkly's `sdk-<uuid>`, and the vendor's name already says what the value is.
 */
import { isSecretValue } from "./names.js";
import { isIdentifierName, isKeyShaped, isTyped } from "./shape.js";
import type { Span } from "./span.js";

// Services whose keys carry no prefix of their own, from their documentation and the vendor
// signatures of shhgit; `*`: the key is (or can be) a UUID.
const SERVICES = `heroku* snyk* codecov* postmark* opsgenie* splunk* railway* pinecone* sauce* saucelabs* hubspot*
launchdarkly* loggly* victorops* bugsnag rollbar datadog newrelic mailchimp mailgun mandrill
sendinblue brevo mailjet sparkpost pusher plaid algolia linode sentry twilio trello todoist
openweathermap weatherstack amplitude mixpanel honeycomb logdna mezmo papertrail pagerduty
statuspage uptimerobot pingdom airbrake raygun appveyor codeclimate codacy coveralls sonar
sonarqube sonarcloud hockeyapp facebook twitter linkedin instagram cloudflare cloudinary imgur
giphy unsplash spotify twitch infura alchemy etherscan moralis ipinfo ipstack abstractapi
newsapi tomtom mapquest okta auth0 onelogin circleci travis jenkins buildkite teamcity
artifactory jfrog cloudsmith packagecloud contentful prismic storyblok strapi airtable asana
clickup zendesk freshdesk intercom zoho pipedrive salesforce shopify bigcommerce woocommerce
stripe paypal braintree razorpay paystack mollie adyen coinbase binance bitfinex deepl
assemblyai elevenlabs deepgram cohere mistral anthropic openai replicate huggingface vonage
nexmo plivo messagebird telnyx sinch clicksend textmagic ably pubnub optimizely flagsmith
posthog fullstory hotjar logzio sumologic dynatrace grafana lightstep vultr hetzner scaleway ovh
upcloud digitalocean doctl netlify vercel supabase firebase planetscale mongodb redislabs
meilisearch typesense browserstack lambdatest applitools chromatic sendgrid postmarkapp smtp2go
mailersend mailerlite klaviyo convertkit activecampaign calendly docusign hellosign dropbox
onesignal* airship* braze* iterable* customerio* sendbird* getstream* agora* pusherbeams mapbox
geoapify opencage positionstack ipgeolocation ipapi ipdata ipregistry abuseipdb shodan censys
virustotal urlscan hunterio clearbit fullcontact zoominfo peopledatalabs bitly rebrandly shortio
tinyurl cuttly coinmarketcap coingecko cryptocompare nomics blockcypher blockchair 
bscscan polygonscan arbiscan alchemyapi quicknode ankr chainstack tatum openexchangerates
exchangerate currencylayer currencyapi alphavantage finnhub polygonio iexcloud marketstack
twelvedata tiingo quandl nasdaq eodhistoricaldata fmpcloud weatherapi accuweather openuv
tomorrowio visualcrossing stormglass newsdata gnews mediastack currentsapi scrapingbee
scraperapi scrapingant zenrows apify browserless serpapi serper mailtrap mailosaur emailable
zerobounce neverbounce kickbox typeform surveymonkey jotform formstack freshservice freshsales
helpscout gorgias kustomer gladly liveagent tawk toggl clockify everhour timecamp wrike
smartsheet podio gitter mattermost rocketchat pushbullet pushover contentstack datocms
hygraph graphcms agilitycms buttercms cosmicjs lokalise crowdin transifex poeditor smartling
pagertree squadcast rootly firehydrant incidentio checkly uptimekuma betteruptime statuscake
freshping hetrixtools rudderstack mparticle countly matomo plausible cloudconvert
convertapi pdfshift docraptor pdfmonkey imagekit uploadcare filestack transloadit bunnycdn
keycdn openrouter groq perplexity anyscale deepinfra 
runwayml pinata web3storage nftport opensea shipengine shippo easypost aftership shipstation
quickbooks xero freshbooks chargebee recurly lemonsqueezy gumroad gocardless dwolla
revolut razorpayx cashfree instamojo flutterwave yousign pandadoc signnow sentinelone
crowdstrike veracode checkmarx sonatype detectify tines zapier ifttt pipedream n8n flickr strava
pinterest cronitor healthchecks deadmanssnitch checkly coralogix* quiknode getblock blastapi chainstack
tenderly`;

// Platforms named everywhere (a repository host, a registry, a cloud), and services named by an
// everyday word (Render, Fly, Neon, Segment, Notion, Slack, Zoom, Box, HERE, Duo …): only the
// name a value is given to, or a block's header, says the value is theirs.
const PLATFORMS = `github gitlab bitbucket docker dockerhub aws azure google gcp npm pypi nuget render fly
neon atlas elastic segment sanity percy crisp monday notion square zoom slack kraken drone split
heap drift here box duo discord telegram front make mend checkout wise tally hunter phrase
harvest keen fathom apollo together stability fixer paddle covalent teamwork basecamp fireworks
snowplow fastly exa`;

type Vendor = { word: string; uuid: boolean; platform: boolean };

/** The lexicon by the code of a name's first three letters (no string is made to look one up). */
let table: Map<number, Vendor[]> | undefined;

const headOf = (text: string, at: number) =>
  (text.charCodeAt(at) << 16) | (text.charCodeAt(at + 1) << 8) | text.charCodeAt(at + 2);

function lexicon(): Map<number, Vendor[]> {
  const byHead = new Map<number, Vendor[]>();
  const add = (raw: string, platform: boolean) => {
    const word = raw.replace(/\*$/, "");
    const list = byHead.get(headOf(word, 0)) ?? [];
    list.push({ word, uuid: raw.endsWith("*"), platform });
    byHead.set(headOf(word, 0), list);
  };
  for (const raw of SERVICES.split(/\s+/)) if (raw) add(raw, false);
  for (const raw of PLATFORMS.split(/\s+/)) if (raw) add(raw, true);
  return byHead;
}

/** The vendor the lower-case word `lower[at, end)` begins with (`herokuapikey`: heroku), if any. */
function vendorAt(lower: string, at: number, end: number): Vendor | undefined {
  table ??= lexicon();
  const entries = table.get(headOf(lower, at));
  if (!entries) return undefined;
  let best: Vendor | undefined;
  for (const entry of entries) {
    // A short name must be the whole word (`here`, `box`, `duo`); a longer one may begin it.
    const length = entry.word.length;
    if (length < 6 ? end - at !== length : end - at < length) continue;
    if (!lower.startsWith(entry.word, at)) continue;
    if (!best || length > best.word.length) best = entry;
  }
  return best;
}

/** A value shaped like a prefix-less vendor key, a UUID aside (in a path it names a resource). */
export const vendorCredentialShaped = (value: string): boolean => credentialShaped(value, false);

const isLetter = (code: number) => code >= 97 && code <= 122;
const isWordChar = (code: number) => isLetter(code) || (code >= 48 && code <= 57);

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PREFIXED_UUID = new RegExp(`^(?:[a-z]{2,5}-(?:[a-z]{2,3}[0-9]-)?)?${UUID}$`, "i");
const SUFFIXED_HEX = /^[0-9a-f]{20,}(?:-[0-9a-z]{2,10}){0,2}$/i;

/** A value shaped like a vendor's credential (`uuid`: a UUID is one for this vendor). */
function credentialShaped(value: string, uuid: boolean): boolean {
  // A value behind a short prefix and `_` is an object's id (Stripe's `evt_…`, `cus_…`) or a
  // prefixed key, which families.ts and the rule set judge by its prefix: not a prefix-less key.
  if (!isSecretValue(value) || /^[a-z]{2,6}_/.test(value) || isTyped(value)) return false;
  if (PREFIXED_UUID.test(value)) return uuid;
  if (SUFFIXED_HEX.test(value)) {
    const head = value.replace(/-.*$/, "");
    return /[a-f]/i.test(head) && /[0-9]/.test(head) && !/^(.)\1+$/.test(head);
  }
  return isKeyShaped(value);
}

// Names and flags that say the value after them names a thing of the vendor's (beyond
// shape.ts's ids, digests and versions): an organisation, a project, an app, an environment …
const THING =
  /(?:^|[^a-z])(?:org|organi[sz]ation|project|tenant|subscription|account|workspace|team|app|application|env|environment|instance|cluster|node|group|channel|repo|repository|release|deployment|space|site|stack|service|index|database|db|table|owner|customer|device|job|run|pipeline|workflow|alert|incident|monitor|dashboard|entity|guid|dyno|droplet|zone|region|sha|commit)s?$/i;

// Verbs after which a hex run or a UUID is a commit, a release or a resource.
const ID_VERBS = new Set(
  "checkout reset revert cherry-pick show rev-parse diff log commit merge rebase tag blame bisect new get describe delete rm remove view info inspect status retrieve update read logs cancel restart stop start open destroy release releases finalize deploy rollback promote".split(
    " ",
  ),
);

// The value, behind its quotes (also a single quote as a quoted shell word spells it: `'\''`).
const VALUE_AT =
  /^(?:'\\''|["'`])?([A-Za-z0-9][A-Za-z0-9_+/.~-]{14,}[A-Za-z0-9]={0,2})["'`]?(?![A-Za-z0-9_+/=.~-])/;

// An app's name beside its vendor (`app:`, `application:`) names the app (an id, a name, a
// number), except before hex of 40+: Datadog's application key, which no app id is shaped like.
const APP = /(?:^|[^a-z])(?:app|application)s?$/i;

// An account that is a program's, not a person's (a service account, a bot, a robot): a vendor
// issues it a token, and `service: <uuid>` under the vendor's name is that token (Snyk's service
// accounts), where `service_id:` or `service: api` name one of the vendor's services.
const ACCOUNT = /(?:^|[^a-z])(?:service|service[_-]?account|bot|robot)s?$/i;

/** Whether `name` says a value of the vendor's is a thing of theirs, not a key (above). */
function namesThing(name: string, value?: string): boolean {
  if (!THING.test(name) || ACCOUNT.test(name)) return false;
  return !(value !== undefined && APP.test(name) && /^[0-9a-f]{40,}$/i.test(value));
}

/** Whether what stands before `start` says the value is something other than a credential. */
function saysOtherwise(text: string, start: number, from: number, value: string): boolean {
  const before = text.slice(Math.max(from, start - 48), start);
  if (/[/@#]["'`]?$|sha\d*[:-]$|(?:h1|zh):$|base64,$/i.test(before)) return true;
  const name = /(?:^|[\s"'`{,;(.])-{0,2}([A-Za-z_][\w.-]*)["'`]?\s*(?:[:=]|=>|:=)?\s*["'`]?$/.exec(before);
  if (!name) return false;
  const word = name[1]!;
  return isIdentifierName(word) || namesThing(word, value) || ID_VERBS.has(word.toLowerCase());
}

function push(spans: Span[], text: string, at: number, from: number, uuid: boolean): number {
  const match = VALUE_AT.exec(text.slice(at, at + 600));
  if (!match) return at;
  const start = at + match[0].indexOf(match[1]!);
  const value = match[1]!;
  if (credentialShaped(value, uuid) && !saysOtherwise(text, start, from, value))
    spans.push({ start, end: start + value.length, kind: "vendor" });
  return start + value.length;
}

const NAME_CHAR = /[A-Za-z0-9_.-]/;
// After the name: its closing quote (also `'\''`, a quote inside a single-quoted shell word).
const ASSIGNED = /^(?:'\\''|["'`])?[ \t]*(?:[:=]|=>|:=)[ \t]*/;

/** The values a vendor's name says are its credentials (see above); `lower`: the text lower-cased. */
export function vendorSpans(text: string, lowered: string, spans: Span[]): void {
  // Indices of the lower-cased text must be the text's: a character whose lower case is longer
  // (`İ`) shifts them, so such a text is lower-cased letter by letter, ASCII only.
  const lower =
    lowered.length === text.length ? lowered : text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  for (let at = 0; at < lower.length; at += 1) {
    // Each word of the lower-cased text (a letter, then letters and digits), looked up by its head.
    if (!isLetter(lower.charCodeAt(at)) || (at > 0 && isWordChar(lower.charCodeAt(at - 1)))) continue;
    let wordEnd = at + 1;
    while (wordEnd < lower.length && isWordChar(lower.charCodeAt(wordEnd))) wordEnd += 1;
    const vendor = wordEnd - at >= 3 ? vendorAt(lower, at, wordEnd) : undefined;
    if (!vendor) {
      at = wordEnd;
      continue;
    }
    // The name the vendor's word stands in (`HEROKU_API_KEY`, `sonar.login`, `"snyk"`).
    let nameStart = at;
    while (nameStart > 0 && NAME_CHAR.test(text[nameStart - 1]!)) nameStart -= 1;
    let nameEnd = wordEnd;
    while (nameEnd < text.length && NAME_CHAR.test(text[nameEnd]!)) nameEnd += 1;
    const name = text.slice(nameStart, nameEnd).replace(/[.-]+$/, "");
    const rest = text.slice(nameEnd, nameEnd + 8);
    const assigned = ASSIGNED.exec(rest);
    const lineEnd = text.indexOf("\n", nameEnd);
    const restOfLine = text.slice(nameEnd, lineEnd === -1 ? text.length : lineEnd);
    if (/^["'`]?[ \t]*:[ \t]*$|^\][ \t]*$/.test(restOfLine) && lineEnd !== -1) {
      if (!isIdentifierName(name)) blockSpans(text, nameStart, lineEnd + 1, vendor.uuid, spans);
      continue;
    }
    if (assigned) {
      const valueAt = nameEnd + assigned[0].length;
      if (isIdentifierName(name) || THING.test(name)) continue;
      // `"github": { "client": …, "oauth": "<hex>" }`: the members of an object named for the vendor.
      if (text[valueAt] === "{") objectSpans(text, valueAt, vendor.uuid, spans);
      // Separators doubled by hand (`name'=-'X`, `name=""X`): the value nearby. A value that
      // starts at once and is cut short (`name = 'ab?cd…'`) is not one.
      else if (
        push(spans, text, valueAt, nameEnd, true) === valueAt &&
        !vendor.platform &&
        !/^(?:'\\''|["'`])?[A-Za-z0-9]/.test(text.slice(valueAt, valueAt + 5))
      )
        nearbySpans(text, nameEnd, vendor.uuid, spans);
      continue;
    }
    if (!vendor.platform) nearbySpans(text, nameEnd, vendor.uuid, spans);
  }
}

/** The values of a YAML block or an INI section whose header names the vendor. */
function blockSpans(text: string, headerStart: number, from: number, uuid: boolean, spans: Span[]): void {
  const lineStart = text.lastIndexOf("\n", headerStart - 1) + 1;
  const ini = text[headerStart - 1] === "[";
  // The header's indentation when it begins its line; 0 when it follows other text (a quoted
  // word's opening quote: `printf '%s' 'vendor:`…).
  const lead = text.slice(lineStart, headerStart - (ini ? 1 : 0));
  const indent = /^[ \t]*["']?$/.test(lead) ? lead.replace(/["']$/, "").length : 0;
  let at = from;
  for (let line = 0; line < 12 && at < text.length; line += 1) {
    const end = text.indexOf("\n", at) === -1 ? text.length : text.indexOf("\n", at);
    const row = text.slice(at, end);
    if (ini ? row.startsWith("[") : row.trim() !== "" && row.length - row.trimStart().length <= indent) break;
    const pair = /^[ \t]*-?[ \t]*["']?([A-Za-z_][\w.-]*)["']?[ \t]*(?:[:=])[ \t]*/.exec(row);
    if (
      pair &&
      !isIdentifierName(pair[1]!) &&
      (!THING.test(pair[1]!) || APP.test(pair[1]!) || ACCOUNT.test(pair[1]!))
    )
      push(spans, text, at + pair[0].length, at, uuid);
    at = end + 1;
  }
}

// A member of an object: its name in quotes (also `'\''`), a colon.
const MEMBER = /(?:'\\''|["'])([A-Za-z_][\w.-]*)(?:'\\''|["'])[ \t]*:[ \t]*/g;

/** The members of an object (`{` at `open`, up to its `}` on the next 600 characters). */
function objectSpans(text: string, open: number, uuid: boolean, spans: Span[]): void {
  let depth = 0;
  let close = open;
  for (; close < Math.min(text.length, open + 600); close += 1) {
    if (text[close] === "{") depth += 1;
    else if (text[close] === "}" && --depth === 0) break;
  }
  const body = text.slice(open, close);
  for (const member of body.matchAll(MEMBER)) {
    const thing = THING.test(member[1]!) && !APP.test(member[1]!) && !ACCOUNT.test(member[1]!);
    if (isIdentifierName(member[1]!) || thing) continue;
    push(spans, text, open + member.index! + member[0].length, open + member.index!, uuid);
  }
}

/** Whether an identifier (a call's name: `DropboxOAuth2Flow`, `algoliasearch`) begins with a vendor's name. */
export function namesVendor(name: string): boolean {
  const lower = name.toLowerCase();
  for (const word of lower.matchAll(/[a-z][a-z0-9]*/g)) {
    const vendor =
      word[0].length >= 3 ? vendorAt(lower, word.index!, word.index! + word[0].length) : undefined;
    if (vendor && !vendor.platform) return true;
  }
  return false;
}

/** A value within a line or two after the vendor's name, nothing that says id between. */
function nearbySpans(text: string, from: number, uuid: boolean, spans: Span[]): void {
  let end = Math.min(text.length, from + 80);
  const first = text.indexOf("\n", from);
  const second = first === -1 ? -1 : text.indexOf("\n", first + 1);
  if (second !== -1 && second < end) end = second;
  for (const candidate of text.slice(from, end).matchAll(/[A-Za-z0-9][A-Za-z0-9_+/.~-]{15,}/g)) {
    const start = from + candidate.index!;
    if (NAME_CHAR.test(text[start - 1] ?? " ")) continue;
    push(spans, text, start, from, uuid);
  }
}
