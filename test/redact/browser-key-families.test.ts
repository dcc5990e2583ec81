/**
 * Keys their vendor documents as public, KSUIDs and ULIDs where an id goes, Ethereum's addresses
 * and hashes, IPNS names, an idempotency key, a Firebase app id
 * (docs/decisions/redaction-browser-keys.md): each family carried as
 * a command, a written file and an MCP argument; what is no credential comes out with no marker,
 * and beside each family the secrets of the same vendor or shape that must still go. The values
 * are random bytes in each format, made for this test.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

// KSUIDs made in 2023 and 2026; one whose time is in 2096 (no id is made in the future); a run
// of 27 base62 that decodes above 160 bits (no KSUID at all).
const KSUID_2023 = "2YBXZIuR38vJiQbRLQeT9vLPwDM";
const KSUID_2026 = "3EMsv75FQCm3DoVN0RboH2tiVG1";
const KSUID_FUTURE = "M6wgvw3J0ai1KUGvezowXdiUQ91";
const NOT_KSUID = "guZiQobPCfMOTNMOcpj4hh5RfJX";
// Mapbox: a public token (its claims decode), the same with its claims cut, a secret token.
const MAPBOX_PUBLIC =
  "pk.eyJ1IjoidHJhaWxzZWFsIiwiYSI6Inp3YmNrb24xdXplNXp3cWl3NGg2MGx2ZTMifQ.B6Yezb6_yZy-ipSxLCiaaU";
const MAPBOX_CUT =
  "pk.eyJ1IjoidHJhaWxzZWFsIiwiYSI6Inp3YmNrb24xdXpfNXp3cWl3NGg2MGx2ZTMi.B6Yezb6_yZy-ipSxLCiaaU";
const MAPBOX_SECRET =
  "sk.eyJ1IjoidHJhaWxzZWFsIiwiYSI6InhxNzlqN2Z6b25jZHJqeHlsbDM1b3d1dGQifQ._ochzZrd7VBiOjivUSVgeU";
// PostHog: a project key, one with a `_` in its body (not the format), a personal key.
const POSTHOG_PROJECT = "phc_nBGWk80wVk72vbPqpE6VldmQC79rhjZ1ymuUdQzPkGA";
const POSTHOG_ODD = "phc_nBGWk80wVk72vbPq_E6VldmQC79rhjZ1ymuUdQzPkGA";
const POSTHOG_PERSONAL = "phx_qn5ibZXLWESCe2Efvro7liLWVsTqU7ahzuzCMGnBb4r";
// Supabase: an anon key and a service-role key of a hosted project.
const SUPABASE_ANON =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6Imp3dHF0dWJ5emJ2YnZ1YnhscmlpIiwicm9sZSI6ImFub24iLCJpYXQiOjE3NjAwMDAwMDAsImV4cCI6MjA3NTAwMDAwMH0.Mb3V7xog5Tw62oJQfXjXg4On1I1i_H2fWxyZoj52f2H";
const SUPABASE_SERVICE =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6InNmeGdja3lxYmFwb3poZmh6Y2pwIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTc2MDAwMDAwMCwiZXhwIjoyMDc1MDAwMDAwfQ.qi9XPtjN9sFvMGvYo_fzb6i9UoID-ELr1v_SRXNun0c";
// A Google API key, in a Firebase web app's configuration and alone.
const GOOGLE_KEY = "AIzaOnZ6sWb6wsIMJfNX7mcVqWudLqMwUdmg8bK";
const FIREBASE_CONFIG = `const firebaseConfig = {
  apiKey: "${GOOGLE_KEY}",
  authDomain: "trailseal-demo.firebaseapp.com",
  projectId: "trailseal-demo",
  messagingSenderId: "422108077276",
  appId: "1:422108077276:web:8f993723eebefc9562ca0b"
};`;
// Datadog: a client token and an API key; New Relic: a browser key and a user key.
const DATADOG_CLIENT = "pub56762749cf923749fc138e38c75946ec";
const DATADOG_API = "2ba2470c7df31126a1078bef320502da";
const NEW_RELIC_BROWSER = "NRJS-e25ed9d2a3fabfedd91";
const NEW_RELIC_USER = "NRAK-TKLU5YEL1O5UUGDRD5T8DNPTEV4";
// A ULID made in 2025 and one whose time is in 2096; an IPNS name (a libp2p key in base36) and
// a base36 run of its length that decodes to no content id.
const ULID = "01K742SG009JRFJJRE1VVBZ4ZY";
const ULID_FUTURE = "03MD998G00X30VPSB7EDHZJ4N5";
const IPNS_NAME = "k51qzi5uqu5dgfazpipjw8qzeduyvot7gtxy7rwvrw5koss9bzqi353yg4b14h";
const NOT_IPNS = "k148mlh3jprz89zjxwn427dvvo5mqwz90ho5axbf56dkep7jg6g709w3mtxu63";
// Solana: an address, a transaction's signature, a keypair (64 bytes, Base58 and as a list).
const SOLANA_ADDRESS = "JrR9yoTjvQxRK6nTrVo9Qoda3gNCKTa7pWjGsLzoSuN";
const SOLANA_SIGNATURE =
  "3vKBqwhhRxXXZKBKroiiiQS65GA5iK8y3zfiLsxNQnP1YijpWmhgqf5L5U3VVbzizuNsB184XCoQJxyDqtKKLrHa";
const SOLANA_KEYPAIR =
  "2wKM4GK67PEZ7R22mThpJVqBB4Ku8x1JJs1tEHHjyzqyzPrGBSPudrKaqebiTg85kwqhK9nwsdxKw3X5SjFpFjdx";
const KEYPAIR_BYTES =
  "52,85,3,128,163,217,8,35,107,59,226,204,124,109,102,99,42,50,41,11,89,71,211,215,133,29,160,122,31,76,30,9,27,101,4,196,159,42,240,188,229,162,42,169,204,240,44,93,104,68,159,228,181,33,131,45,195,186,208,195,58,99,107,189";
// CAPTCHA keys: a reCAPTCHA site key and secret key (one shape), a Turnstile site key; an
// analytics project token; a SHA-256 in hex.
const RECAPTCHA_SITE = "6L8ZrJeagice6zXU747GD5zn8Rm6kU7WOWTuJpU-";
const RECAPTCHA_SECRET = "6L8xOGxZzPq5jrAV1_0kI-3A3OP-_0CZ1LexFa9E";
const TURNSTILE_SITE = "0x4AAAAAAAObImoRuOcxnDx3";
const PROJECT_TOKEN = "3090db1f161ca59d691ba130088b1ce2";
const SHA256_HEX = "084ad721a2f328bd4157eefd55ade17516bfa44a6f94842e15d24e90b009b5ad";
// Client-side keys of payment and messaging SDKs; a recovery phrase of twelve words.
const BRAINTREE_TOKENIZATION = "production_pr19tpau_s0e780fhb3wn9una";
const ADYEN_CLIENT = "live_JWOTFAN2YXFFIG0CD0IT69TAF8KQLPT2";
const PUSHER_KEY = "eded78983d9dc8b5cfe4";
const PAYPAL_CLIENT = "A5eKj9Kn_HIpmXn6101Mgvn1tZB4nEWdxo0xNG9-sVz5ywk9fO6BahFyD7nHsW39m598DvOE1H0jasr-";
const RECOVERY_PHRASE = "legal winner thank year wave sausage worth useful legal winner thank yellow";
// Ethereum: an address, two 32-byte hashes, a private key of the same shape.
const ADDRESS = "0x29f35c620fafd9536b983f37e5c8878a1b5c6a0c";
const HASH_1 = "0x6afb964e0766a1580e383f5ec79ee6ccf8c13d4d95ea9cbe8c8c589579d67c8e";
const HASH_2 = "0xcbbc0f9726e82b8137dd6d9acf4ceeac6b10a34a881a5630f6b7a45c7836926c";
const PRIVATE_KEY = "0x068ee31a55b67ee683e2e21f8a07ef40a99e7442f6c18f2aa1eb316690f0ec93";

const LEFT: [family: string, text: string][] = [
  ["a KSUID as a JSON id", `{"id": "${KSUID_2023}", "object": "event"}`],
  ["a KSUID under a snake-case id", `event_id: ${KSUID_2026}`],
  ["a KSUID under a camel-case id", `const span = { traceId: "${KSUID_2026}" };`],
  ["a KSUID in a query's id", `GET /v1/events?order_id=${KSUID_2023}&limit=10`],
  ["a KSUID in SQL", `DELETE FROM events WHERE id = '${KSUID_2023}';`],
  ["a prefixed KSUID under an id", `{"id": "evt_${KSUID_2026}"}`],
  ["a KSUID parsed", `ksuid = Ksuid.from_base62("${KSUID_2023}")`],
  ["a KSUID inspected", `ksuid -f inspect ${KSUID_2026}`],
  ["an EVM address", `cast balance ${ADDRESS} --rpc-url "$RPC"`],
  ["an EIP-55 address", "const owner = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';"],
  ["a transaction's hash", `"transactionHash": "${HASH_1}",`],
  ["a block's hash", `"blockHash": "${HASH_2}"`],
  ["a state root", `"stateRoot": "${HASH_1}",`],
  ["a log's topics", `"topics": ["${HASH_1}", "${HASH_2}"]`],
  ["a signature's r and s", `{"r": "${HASH_1}", "s": "${HASH_2}"}`],
  [
    "a JSON-RPC read's params",
    `{"jsonrpc":"2.0","method":"eth_getTransactionReceipt","params":["${HASH_1}"],"id":1}`,
  ],
  ["an explorer's transaction page", `open https://etherscan.io/tx/${HASH_2}`],
  ["cast reading a receipt", `cast receipt ${HASH_1} status`],
  ["a Mapbox public token", `mapboxgl.accessToken = '${MAPBOX_PUBLIC}';`],
  ["a Mapbox public token under any name", `MAPBOX_TOKEN=${MAPBOX_PUBLIC}`],
  ["a PostHog project key", `posthog.init('${POSTHOG_PROJECT}', { api_host: 'https://eu.i.posthog.com' })`],
  ["a PostHog project key under a key's name", `POSTHOG_API_KEY=${POSTHOG_PROJECT}`],
  ["a Supabase anon key under its name", `NEXT_PUBLIC_SUPABASE_ANON_KEY=${SUPABASE_ANON}`],
  ["a Supabase anon key in code", `const supabaseAnonKey = '${SUPABASE_ANON}'`],
  ["a Firebase web configuration", FIREBASE_CONFIG],
  ["a Firebase app id", 'appId: "1:422108077276:web:8f993723eebefc9562ca0b",'],
  ["a Datadog client token", `datadogRum.init({ clientToken: '${DATADOG_CLIENT}', site: 'datadoghq.eu' })`],
  [
    "a New Relic browser key",
    `NREUM.info = { licenseKey: "${NEW_RELIC_BROWSER}", applicationID: "1234567" };`,
  ],
  ["a lower-case ULID under an id", `"request_id": "${ULID.toLowerCase()}",`],
  ["a ULID as a cursor", `GET /v1/events?cursor=${ULID}`],
  ["an idempotency key", `idempotency_key = "${ULID}"`],
  ["an IPNS name", `ipfs name resolve /ipns/${IPNS_NAME}`],
  ["a Solana address given to the CLI", `solana transfer ${SOLANA_ADDRESS} 0.25 --url devnet`],
  ["a Solana public key in code", `const owner = new PublicKey("${SOLANA_ADDRESS}");`],
  ["a Solana signature confirmed", `solana confirm -v ${SOLANA_SIGNATURE}`],
  ["a Solana signature on an explorer", `https://explorer.solana.com/tx/${SOLANA_SIGNATURE}?cluster=devnet`],
  ["a reCAPTCHA site key in the page", `<div class="g-recaptcha" data-sitekey="${RECAPTCHA_SITE}"></div>`],
  ["a reCAPTCHA site key in settings", `RECAPTCHA_SITE_KEY = "${RECAPTCHA_SITE}"`],
  ["a Turnstile site key", `turnstile.render("#w", { sitekey: "${TURNSTILE_SITE}" })`],
  ["Mixpanel's project token", `mixpanel.init("${PROJECT_TOKEN}", { debug: false });`],
  ["Amplitude's API key", `amplitude.init('${PROJECT_TOKEN}');`],
  ["Segment's write key", `analytics.load("${SOLANA_ADDRESS.slice(0, 32)}");`],
  ["a Gradle checksum", `<sha256 value="${SHA256_HEX}" origin="Generated by Gradle"/>`],
  ["a transaction's hash in single quotes", `const tx = await client.getTransaction({ hash: '${HASH_1}' })`],
  [
    "a Firebase configuration in single quotes",
    `FirebaseOptions(apiKey: '${GOOGLE_KEY}', authDomain: 'trailseal-demo.firebaseapp.com', projectId: 'trailseal-demo')`,
  ],
  ["a KSUID given to an id flag", `temporal workflow describe --workflow-id ${KSUID_2026}`],
  ["a lower-case ULID given to an id flag", `./replay.sh --run-id ${ULID.toLowerCase()} --dry-run`],
  [
    "an Android app's google-services.json",
    `{"project_info": {"project_id": "trailseal-demo"}, "client": [{"client_info": {"mobilesdk_app_id": "1:422108077276:android:8f993723eebefc95"}, "api_key": [{"current_key": "${GOOGLE_KEY}"}]}]}`,
  ],
  [
    "an iOS app's GoogleService-Info.plist",
    `<key>API_KEY</key>\n<string>${GOOGLE_KEY}</string>\n<key>GOOGLE_APP_ID</key>\n<string>1:422108077276:ios:8f993723eebefc95</string>`,
  ],
  ["a Braintree tokenization key", `braintree.client.create({ authorization: '${BRAINTREE_TOKENIZATION}' })`],
  ["an Adyen client key", `AdyenCheckout({ environment: 'live', clientKey: '${ADYEN_CLIENT}' })`],
  ["a Pusher app key", `const pusher = new Pusher('${PUSHER_KEY}', { cluster: 'eu' });`],
  [
    "PayPal's client id in its SDK's URL",
    `<script src="https://www.paypal.com/sdk/js?client-id=${PAYPAL_CLIENT}"></script>`,
  ],
];

const REDACTED: [family: string, text: string, secret: string][] = [
  ["a KSUID-shaped run under a key's name", `api_key: ${KSUID_2026}`, KSUID_2026],
  ["a KSUID-shaped run under a token's name", `"session_token": "${KSUID_2023}"`, KSUID_2023],
  ["a KSUID-shaped run with no name", `curl -H 'X-Trace: x' https://h/${KSUID_2026}/x`, KSUID_2026],
  ["a KSUID whose time is in the future", `"id": "${KSUID_FUTURE}"`, KSUID_FUTURE],
  ["27 base62 that are no KSUID", `"id": "${NOT_KSUID}"`, NOT_KSUID],
  ["a private key under its name", `PRIVATE_KEY=${PRIVATE_KEY}`, PRIVATE_KEY],
  ["a private key in Hardhat's accounts", `accounts: ["${PRIVATE_KEY}"],`, PRIVATE_KEY],
  ["a private key given to cast", `cast send ${ADDRESS} --private-key ${PRIVATE_KEY}`, PRIVATE_KEY],
  ["a private key given to a wallet", `const wallet = new ethers.Wallet("${PRIVATE_KEY}");`, PRIVATE_KEY],
  ["a private key after a hash's word", `hash of my key: ${PRIVATE_KEY}`, PRIVATE_KEY],
  ["a Mapbox secret token", `mapboxgl.accessToken = '${MAPBOX_SECRET}';`, MAPBOX_SECRET],
  ["a Mapbox public token whose claims are cut", `mapboxApiKey: '${MAPBOX_CUT}'`, MAPBOX_CUT],
  ["a PostHog personal key", `posthog.init('${POSTHOG_PERSONAL}')`, POSTHOG_PERSONAL],
  ["a PostHog key off its format", `POSTHOG_API_KEY=${POSTHOG_ODD}`, POSTHOG_ODD],
  ["a Supabase service key", `SUPABASE_SERVICE_ROLE_KEY=${SUPABASE_SERVICE}`, SUPABASE_SERVICE],
  ["a service key under an anon name", `SUPABASE_ANON_KEY=${SUPABASE_SERVICE}`, SUPABASE_SERVICE],
  ["an anon key under a service name", `SUPABASE_SERVICE_ROLE_KEY=${SUPABASE_ANON}`, SUPABASE_ANON],
  ["an anon key alone", `Authorization: Bearer ${SUPABASE_ANON}`, SUPABASE_ANON],
  ["a Google API key alone", `GEMINI_API_KEY=${GOOGLE_KEY}`, GOOGLE_KEY],
  ["a Datadog API key", `DD_API_KEY=${DATADOG_API}`, DATADOG_API],
  [
    "a Datadog API key in the client token's place",
    `datadogRum.init({ clientToken: '${DATADOG_API}' })`,
    DATADOG_API,
  ],
  ["a New Relic user key", `export NEW_RELIC_API_KEY=${NEW_RELIC_USER}`, NEW_RELIC_USER],
  ["a lower-case ULID-shaped key", `api_key: ${ULID.toLowerCase()}`, ULID.toLowerCase()],
  [
    "a ULID-shaped run from the future under an id",
    `"request_id": "${ULID_FUTURE.toLowerCase()}",`,
    ULID_FUTURE.toLowerCase(),
  ],
  ["a base36 run that is no IPNS name", `token=${NOT_IPNS}`, NOT_IPNS],
  ["a Solana keypair in Base58", `SOLANA_PRIVATE_KEY=${SOLANA_KEYPAIR}`, SOLANA_KEYPAIR],
  [
    "a Solana keypair given to the SDK",
    `Keypair.fromSecretKey(bs58.decode("${SOLANA_KEYPAIR}"))`,
    SOLANA_KEYPAIR,
  ],
  ["a Solana keypair file", `[${KEYPAIR_BYTES}]`, KEYPAIR_BYTES.slice(0, 40)],
  ["a reCAPTCHA secret key", `RECAPTCHA_SECRET_KEY = "${RECAPTCHA_SECRET}"`, RECAPTCHA_SECRET],
  [
    "a CAPTCHA secret in the site key's shape",
    `curl -d "secret=${RECAPTCHA_SECRET}" https://www.google.com/recaptcha/api/siteverify`,
    RECAPTCHA_SECRET,
  ],
  [
    "an analytics secret beside its project key",
    `curl -u '${PROJECT_TOKEN}:${SHA256_HEX.slice(0, 32)}' https://amplitude.com/api/2/export`,
    SHA256_HEX.slice(0, 32),
  ],
  ["a KSUID-shaped key given to a key flag", `mycli login --api-key ${KSUID_2026}`, KSUID_2026],
  [
    "a ULID-shaped run from the future given to an id flag",
    `svc logs --run-id ${ULID_FUTURE.toLowerCase()}`,
    ULID_FUTURE.toLowerCase(),
  ],
  ["a current_key outside google-services.json", `{"current_key": "${GOOGLE_KEY}"}`, GOOGLE_KEY],
  [
    "a Braintree key off its format",
    `BRAINTREE_KEY=${BRAINTREE_TOKENIZATION}x`,
    `${BRAINTREE_TOKENIZATION}x`,
  ],
  ["Pusher's app secret", `PUSHER_APP_SECRET=${PUSHER_KEY}`, PUSHER_KEY],
  ["PayPal's client id given as a secret", `PAYPAL_CLIENT_SECRET=${PAYPAL_CLIENT}`, PAYPAL_CLIENT],
  ["a recovery phrase under its name", `MNEMONIC="${RECOVERY_PHRASE}"`, RECOVERY_PHRASE],
  [
    "a recovery phrase given to a flag",
    `cast wallet import deployer --mnemonic '${RECOVERY_PHRASE}'`,
    RECOVERY_PHRASE,
  ],
  ["a seed phrase in settings", `seedPhrase: "${RECOVERY_PHRASE}",`, RECOVERY_PHRASE],
  [
    "a Gradle element's wrong length",
    `<sha256 value="${SHA256_HEX.slice(0, 40)}x"/>`,
    `${SHA256_HEX.slice(0, 40)}x`,
  ],
  [
    "a Google API key in a URL",
    `curl "https://maps.googleapis.com/maps/api/geocode/json?key=${GOOGLE_KEY}"`,
    GOOGLE_KEY,
  ],
];

describe("browser keys, KSUIDs, ULIDs and chains' ids", () => {
  beforeAll(() => loadShellParser());
  leavesEach(LEFT);
  redactsEach(REDACTED);
});
