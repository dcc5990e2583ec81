/**
 * Credentials a fetched URL, a vendor's block or a client's call carries with no secret word
 * beside them (src/redact/fetched.ts, pairs.ts, vendors.ts; docs/decisions/redaction-fetches.md),
 * by family, each carried as a command argument, a written file and an MCP argument
 * (carriers.ts); the same contexts holding ids, flags and settings are left alone.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { redactEventBody } from "../../src/redact/index.js";
import { loadShellParser } from "../../src/risk/index.js";
import { fixedKey, leavesEach, redactsEach } from "./carriers.js";
import { base } from "./scanner-vectors.mjs";

const HEX32 = "5d1f9c3a7e2b4d6f8a0c1e3b5d7f9a2c";
const HEX40 = "8c2e4a6b1d3f5e7a9c0b2d4f6e8a1c3b5d7f9e0a";
const ALNUM = "Wq7Zt2Lm9Rk4Xv8Pn3Jd6Hs1";
const LOWER15 = "q7w2e9r4t1y8u3i";
const UUID = "3c9e1f4a-7b2d-4e8f-a6c1-5d0b9e2f7a48";

beforeAll(loadShellParser);

describe("session ids, passwords and authorization codes in a URL", () => {
  redactsEach([
    ["a jsessionid query parameter", `curl -s 'https://shop.test/cart?jsessionid=${HEX32}'`, HEX32],
    ["a jsessionid path parameter", `wget 'https://shop.test/app;jsessionid=${ALNUM}?a=b'`, ALNUM],
    ["PHPSESSID", `https://forum.test/index.php?PHPSESSID=${LOWER15}x9k2&t=1`, `${LOWER15}x9k2`],
    ["ColdFusion's CFID and CFTOKEN", `https://cf.test/a.cfm?CFID=${HEX32}&CFTOKEN=${ALNUM}`, [HEX32, ALNUM]],
    ["pass= in a query", "https://dvr.test/cgi-bin/snap?user=admin&pass=Sunflower%2177", "Sunflower%2177"],
    [
      "an ASP.NET cookieless session",
      "http://shop.test/(S(bietio9qreh1sisefeeaghym))/default.aspx",
      "bietio9qreh1sisefeeaghym",
    ],
    [
      "a Facebook app token's secret",
      `curl 'https://graph.test/me?access_token=274349860336620|${HEX32}'`,
      HEX32,
    ],
    ["an OAuth callback's code before state", `https://app.test/callback?code=${ALNUM}&state=xyz`, ALNUM],
    ["an OAuth callback's code after state", `https://app.test/cb?state=r4nd&scope=a&code=${ALNUM}`, ALNUM],
  ]);
  leavesEach([
    ["a boolean session flag", "curl 'https://shop.test/session/new?session=false'"],
    ["a short id under a session name", "https://shop.test/a?sid=1A53063"],
    ["a code without state (a discount code)", "https://shop.test/apply?code=SUMMER-SALE-25"],
    ["a state alone", "https://app.test/login?state=af0ifjsldkj&scope=openid"],
  ]);
});

describe("a key after the version segment of a vendor's RPC URL", () => {
  redactsEach([
    ["Infura's project key", `new JsonRpcProvider('https://mainnet.infura.io/v3/${HEX32}')`, HEX32],
    ["Alchemy's key", `curl https://eth-mainnet.g.alchemy.com/v2/${ALNUM} -d @q.json`, ALNUM],
  ]);
  leavesEach([
    ["a resource id on an API that is no vendor of the lexicon", `curl https://api.example.test/v1/${HEX32}`],
    [
      "a zone id after a collection's name",
      `curl https://api.cloudflare.com/client/v4/zones/${HEX32}/dns_records`,
    ],
    [
      "a UUID after a vendor's version segment",
      "curl https://api.pagerduty.test/v2/1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
    ],
    ["a platform's versioned path", `https://api.github.com/v3/${HEX32}`],
  ]);
});

describe("a key in a vendor's URL path where the vendor puts it", () => {
  redactsEach([
    ["a log service's input token", `curl -d x https://logs-01.loggly.com/inputs/${UUID}/tag/http/`, UUID],
    ["a monitor's ping key", `curl https://cronitor.link/p/${HEX32}/backup?state=run`, HEX32],
    ["a workflow tool's webhook", `curl -X POST https://acme.app.n8n.cloud/webhook/${UUID}`, UUID],
    ["a ping service's check", `curl -fsS https://hc-ping.com/${UUID}`, UUID],
    [
      "an RPC provider's key as the first segment",
      `curl https://old-pine.quiknode.pro/${HEX40}/ -d @q.json`,
      HEX40,
    ],
    [
      "an RPC provider's key after the chain's name",
      `new JsonRpcProvider('https://rpc.ankr.com/eth/${HEX40}${HEX32.slice(0, 24)}')`,
      `${HEX40}${HEX32.slice(0, 24)}`,
    ],
    [
      "a key after a version segment on a WebSocket URL",
      `wscat -c wss://mainnet.infura.io/ws/v3/${HEX32}`,
      HEX32,
    ],
  ]);
  leavesEach([
    ["a collection's id on a vendor's host", `curl https://api.pagerduty.com/services/${UUID}`],
    [
      "a keys collection (a DSN's public key)",
      `curl https://sentry.io/api/0/projects/acme/web/keys/${HEX32}/`,
    ],
    ["a hook's id on a host that is no vendor's", `curl https://ci.example.test/webhook/${UUID}`],
    ["an RPC provider's host without a key", "curl https://old-pine.quiknode.pro/ -H 'x-qn-api-version: 1'"],
  ]);
});

describe("public parameters of a URL", () => {
  leavesEach([
    ["an ad click id", `https://shop.test/?utm_source=ads&gclid=${ALNUM}Qz9_k2`],
    [
      "a PKCE challenge, a nonce and a state",
      `https://auth.test/authorize?code_challenge=${ALNUM}x-_&nonce=${ALNUM}&state=${ALNUM}`,
    ],
    ["an object's version id", `https://bucket.test/a.csv?versionId=${ALNUM}-K7`],
    ["a Content-Security-Policy nonce", `Content-Security-Policy: script-src 'nonce-${ALNUM}=='`],
    ["a ULID as a cursor", "curl 'https://api.test/v1/events?cursor=01HZC90GBPPJYJAC07BNFD0WX2'"],
    ["ids of a type's prefix and a lower-case ULID", '{"price": "pri_01htdz9fhgt44aehezz81r84vs"}'],
  ]);
  redactsEach([
    [
      "a key holding a ULID, its secret after it",
      `Authorization: Bearer pdl_live_apikey_01htdz9fhgt44aehezz81r84vs_${ALNUM}`,
      ALNUM,
    ],
  ]);
});

describe("a client's id and secret given by position", () => {
  redactsEach([
    [
      "an SDK's API object with keyword arguments after",
      `f = flickrapi.FlickrAPI('${HEX32}', '${LOWER15}x', format='json')`,
      `${LOWER15}x`,
    ],
    ["an id and secret joined in one value", `GITHUB_OAUTH_APP=Ov23li${ALNUM.slice(0, 14)}:${HEX40}`, HEX40],
    ["a client's hex pair", `client = Client('AC${HEX32}', '${HEX40}')`, HEX40],
    [
      "an OAuth flow's short key and secret",
      `flow = DropboxOAuth2FlowNoRedirect('${LOWER15}', 'z8x1c6v3b9n2m5a')`,
      "z8x1c6v3b9n2m5a",
    ],
    ["a credential of three", `cred = ClientSecretCredential('t-1', 'c-2', '${ALNUM}')`, ALNUM],
    ["a vendor's call", `const c = algoliasearch('K7QZ2M9XPL', '${HEX32}')`, HEX32],
  ]);
  leavesEach([
    ["a call that builds no client", `compare('${HEX32}', '${HEX40}')`],
    ["a client given a host and a name", "client = Client('db.internal', 'orders')"],
    ["a client given a host and a port", "client = Client('localhost', '5432')"],
    ["a client given a region and a bucket", "client = StorageClient('eu-west-1', 'acme-backups-2024')"],
    ["a session given words", "s = Session('checkout', 'en-US')"],
    ["a digest joined to its label", `ARTIFACT=sha256:${HEX40}${HEX32.slice(0, 24)}`],
    ["an image and its tag", "IMAGE=registry.test/app:1.4.2"],
  ]);

  it("leaves the client id of a pair", async () => {
    const command = `client = Client('AC${HEX32}', '${HEX40}')`;
    const body = {
      ...base,
      action: { tool: "Write", kind: "file_write", path: "/w/c" },
      input: { file_path: "/w/c", content: command },
    };
    const out = JSON.stringify((await redactEventBody(body as never, fixedKey)).body);
    expect(out).toContain(`AC${HEX32}`);
    expect(out).not.toContain(HEX40);
  });
});

describe("a vendor's keys in its own object or block", () => {
  redactsEach([
    [
      "a member of a JSON object named for the vendor",
      `{"pagerduty": {"service": "web", "integration": "${HEX32}"}}`,
      HEX32,
    ],
    ["the same, in a quoted shell word's quotes", `{'rollbar': '${HEX40}'}`, HEX40],
    ["Datadog's application key under application:", `datadog:\n  application: ${HEX40}`, HEX40],
  ]);
  leavesEach([
    ["an app's id in the vendor's block", "datadog:\n  app: 1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d"],
    ["a commit in an object named for the vendor", `{"github": {"commit": "${HEX40}"}}`],
  ]);
});

describe("a .netrc written by a quoted printf", () => {
  redactsEach([
    ["its password", `machine api.heroku.test\n  login me@example.test\n  password ${ALNUM}`, ALNUM],
  ]);
});
