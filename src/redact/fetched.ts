/**
 * Credentials a URL carries by what the URL itself says, when no secret word names the
 * parameter (docs/decisions/redaction-fetches.md): the URLs agents fetch (`curl`, `wget`,
 * WebFetch, an SDK's endpoint) are where such values travel.
 *
 * - **A session id as a query or path parameter.** `jsessionid`, `phpsessid`, `cfid`,
 *   `cftoken`, `aspsessionid…`, `asp.net_sessionid`, `sessid`, `sid`, `zenid`, `session`,
 *   `sessionid`, `session_id` (ZAP's session tokens and its sensitive URL words): whoever holds
 *   the value is logged in, so it is a bearer credential though its name says id. The value
 *   must hold a letter and a digit and run 12+ characters (`session=false`, a seven-character
 *   test value, are not). ASP.NET's cookieless session in the path (`/(S(<24 characters>))/`)
 *   is the same id.
 * - **A Facebook app token** (`<app id>|<app secret>`, Graph API's app access token): the part
 *   after the bar is the app's secret, whatever name or parameter carries it; also behind a
 *   vendor's tag of capitals (Mapillary's `MLY|<app id>|<secret>`, sent as `OAuth MLY|…`).
 * - **A password as a query parameter** (`pass=`, `passwd=`, ZAP's sensitive URL words): in a
 *   URL a bare `pass` is the password, as `pwd=` already is (detect.ts).
 * - **An OAuth authorization code** (RFC 6749 4.1.2): `code=` in a query that also carries
 *   `state=`, the redirect's shape; the code buys a token until it is used.
 * - **A key as a path segment of a vendor's URL where the vendor puts it**: the last segment
 *   right after a version segment (`mainnet.infura.io/v3/<key>`, `…alchemy.com/v2/<key>`: RPC
 *   endpoints), or the segment right after one that says it takes a key or a hook (`inputs`,
 *   `p`, `ping`, `push`, `webhook`, `hook`, `key`, `token`: Loggly's `/inputs/<token>/`,
 *   Cronitor's `/p/<key>/`, n8n's `/webhook/<id>`), or the first segment of a ping service's
 *   host (`hc-ping.com/<uuid>`), and any segment on a blockchain RPC provider's host
 *   (`….quiknode.pro/<key>/`, `rpc.ankr.com/eth/<key>`, `go.getblock.io/<key>/`): JSON-RPC
 *   clients and wallets take one URL, so these providers put the key in it and nothing else
 *   random. Elsewhere a path's segments are resource ids, so only a host
 *   whose name holds a vendor of the lexicon (vendors.ts) and a value shaped like a credential
 *   count; a UUID only after a key's or hook's segment (after `v2/` it names a resource).
 */
import type { Pattern, Span } from "./span.js";
import { namesVendor, vendorCredentialShaped } from "./vendors.js";

// ZAP's default session tokens (HttpSessionsParam) and the session words of its URL list.
const SESSION_NAMES =
  "jsessionid|phpsessid|cfid|cftoken|aspsessionid[a-z]*|asp\\.net_sessionid|sessid|sid|zenid|session|sessionid|session_id";

const VALUE = "[A-Za-z0-9._~%+/-]";

export const FETCH_PATTERNS: Pattern[] = [
  {
    kind: "session",
    needs: ["sess", "sid=", "cfid", "cftoken", "zenid"],
    regex: new RegExp(`[?&;](?:${SESSION_NAMES})=(${VALUE}{12,})`, "gi"),
    group: 1,
    accept: (value) => /[0-9]/.test(value) && /[A-Za-z]/.test(value),
  },
  {
    kind: "token",
    needs: ["|"],
    // After the app's number, or the marker an earlier layer put in its place (the number is an
    // access_token's value up to the bar, which a shell's word ends at).
    // A vendor's tag may stand before the app's number (Mapillary's `MLY|<app id>|<secret>`).
    regex:
      /(?:(?<![\w|])(?:[A-Z]{2,5}\|)?[0-9]{10,20}|\[redacted:[a-z0-9-]+:[0-9a-f]{16}\](?:\|[0-9]{10,20})?)\|([0-9a-f]{32})(?![\w|])/g,
    group: 1,
  },
  {
    kind: "session",
    needs: ["(s("],
    regex: /\/\((?:S|X)\(([a-z0-9]{24})\)\)/gi,
    group: 1,
  },
  {
    kind: "url-credentials",
    needs: ["pass=", "passwd="],
    regex: /[?&;](?:pass|passwd)=([^&\s"'`#<>]+)/gi,
    group: 1,
  },
  {
    kind: "oauth-code",
    needs: ["code="],
    regex: new RegExp(
      `[?&#]code=(${VALUE}{10,})(?=(?:&[^\\s"'\`<>#&]*)*[&#]state=)|(?<=[?&#]state=[^\\s"'\`<>]*)&code=(${VALUE}{10,})`,
      "g",
    ),
    group: [1, 2],
  },
];

// A URL's host, then path segments, a version segment and the last segment.
const VERSIONED_LAST =
  /\b(?:https?|wss?):\/\/([A-Za-z0-9.-]+)(?::[0-9]+)?\/(?:[A-Za-z0-9_.-]+\/)*?v[0-9]{1,2}\/([A-Za-z0-9_-]{16,})\/?(?=["'`\s?#)]|$)/g;
// A URL's host, then path segments, a segment that takes a key or a hook, and the key.
const AFTER_KEY_SEGMENT =
  /\b(?:https?|wss?):\/\/([A-Za-z0-9.-]+)(?::[0-9]+)?\/(?:[A-Za-z0-9_.-]+\/)*?(?:inputs|p|ping|push|webhook|hook|key|token)\/([A-Za-z0-9_-]{16,})(?=["'`\s/?#)]|$)/gi;
// Ping services whose path's first segment is the check's key.
const PING_HOST = /\bhttps?:\/\/(?:hc-ping\.com|nosnch\.in|ping\.checklyhq\.com)\/([A-Za-z0-9_-]{10,})/gi;
// Blockchain RPC providers' hosts, then every path segment up to the query.
const RPC_URL =
  /\b(?:https?|wss?):\/\/[A-Za-z0-9.-]*\b(?:quiknode\.pro|rpc\.ankr\.com|getblock\.io|blastapi\.io|p2pify\.com|gateway\.tenderly\.co|nodereal\.io|blockpi\.network|nownodes\.io|chainstacklabs\.com)((?:\/[A-Za-z0-9_.-]+)+)/gi;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keys in a vendor's URL path where the vendor puts them (above). */
export function vendorPathSpans(text: string, spans: Span[]): void {
  const push = (match: RegExpMatchArray, key: string) => {
    const start = match.index! + match[0].lastIndexOf(key);
    spans.push({ start, end: start + key.length, kind: "vendor" });
  };
  for (const match of text.matchAll(VERSIONED_LAST))
    if (namesVendor(match[1]!) && vendorCredentialShaped(match[2]!)) push(match, match[2]!);
  for (const match of text.matchAll(AFTER_KEY_SEGMENT)) {
    const key = match[2]!;
    if (namesVendor(match[1]!) && (UUID.test(key) || vendorCredentialShaped(key))) push(match, key);
  }
  for (const match of text.matchAll(RPC_URL)) {
    const path = match[1]!;
    let at = match.index! + match[0].length - path.length;
    for (const segment of path.split("/")) {
      if (
        segment.length >= 16 &&
        (UUID.test(segment) || /^[0-9a-f]{32,}$/i.test(segment) || vendorCredentialShaped(segment))
      )
        spans.push({ start: at, end: at + segment.length, kind: "vendor" });
      at += segment.length + 1;
    }
  }
  for (const match of text.matchAll(PING_HOST)) {
    const key = match[1]!;
    if (UUID.test(key) || vendorCredentialShaped(key) || /^[0-9a-f]{10,}$/i.test(key)) push(match, key);
  }
}
