/**
 * Ciphertext in its envelope, Tailscale's public keys, GitHub's client ids and a Vault token's
 * accessor (docs/decisions/redaction-ciphertext.md): each family carried as a command, a written
 * file and an MCP argument; what is no credential comes out with no marker, and beside each
 * family the credentials of the same place or shape that must still go. The values here are
 * random bytes in each format, made for this test.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

// DER of a PKCS#7 EnvelopedData's head, then random bytes: what `eyaml encrypt` prints.
const PKCS7 =
  "MIIBeQYJKoZIhvcNAQcDoIIBajCCAWYCAQAr5c29ILmpcAxGqAhQ+NGGTjfq2uyxGlsiSRmmysjMUx0jx7Zpk1anL3lBl0R2hgV+SncGTJx7hpa0gr1r0/RX80Y+hTlQ1r47w74OW2dkKIuNtv+v4xF1jR+US3qD/aXrWuEFETmDQTvyNcmf4jyq4Dac+LtxoHQPzSShhZXiZhOfSfkBKCzJ6J4bLCTv7FaX2RGvjdQ=";
// Random base64 that is no DER: a value written into the envelope by hand.
const NOT_DER =
  "eRo84sCrNCNPUTiFjzmpKyp7zBxwHdiTRZZOMKcT9BRo6CHigHgF13Qiq2cQKc30ew4UlaXWNBaj64G8pzEMGRkzKgL4mP1OW82zgWCkMugpEQDjSmrZo64iMlnJ6M9NiIZllRhDLJi4gfhNeB2d8EXUZHQkBxeR";
// An OpenPGP message that begins with a public-key session key packet.
const GPG =
  "hQEMAOkI0nM/7F/IFeymjvcKgg3V9xznuRqYyLZCpb6lqTQntHEX9d40RYXSMS9A5AAMkXa6/wrHOFJSeeQGddW2xA5OEhDBNfEFRkMRlxPJGDPwH0U11w/+rhTTb";
// A sealed value: a 512-byte session key's length, then the key and an AES-GCM body.
const SEALED =
  "AgA5HlxYish67KnaliVu13Cd4aoc4+IcfWVbiHnRMeMdhmFt5WFXBy9LSZxqnNfbD1mElYWOHURDRfgF9pQxWzL9VQR/jSSYM8UgsoxJAMfjLXeDr+EQVp5qFsgZA87GOfXE5ayZvw4pxmQv4QqgdLKez5+JXEalACXfnWinvvImcOa6vt3VVwALx5llt94XC/5ZBSXTtuxtxTb0jIBZZ7VfSnktT40S117kYMLKGRGeqqT1J59bjLHZeJMxY9c3UgSk4vOJvFeNGy2L+bLh+Y9noGtIXP3elWIEkuH5HCeJ7Sb7zEs8SveZB6fLT/9N34yQq9U5rY+i/TpMF9LM/C7ITZH2dorKK2wsExByuE3KksansbcUwl9U6C8dRmdr4rtFlTBA4W3hoU5Y3nK3jbhJ+gwiYLDfZ55VNlSPC+c1Dfu+ATQUQ3IIGTIjScX4wPN9RH94saaNatbPZRGBTWdN90QvnsaXYcN1589RjY0Jakd6vVdVnE0TH1x93KP77xzGQhT/eQEWOjnj0PXNPHmI9btEJl7Mm9F9gVD9zGZ5OUkv8a2Cie+JNxXdO9RmIDXaa4bn1LWPrkQuwXLAuyOfJR2hnXI1SApqTBdT7a/toRHPffUnq9BFyzBbcI9Idy3+qeVhtKOXZJJVz/8gOq7oBEsyUUfK1TW5YKt4XvknZjkuw2gw/HKFpBWBh1LtB5rz5pgs6CYv9Tv+dsVpStwtLojW9OOzyII=";
// The same head with too few bytes after it for the key and a body.
const SHORT_SEALED =
  "AgA0+vMkEq7X2DtUPjgjXjvZvGERsI4mQLXyMa7XgtOnSVD8GxCFs3uR9cLI5lHBeQwSdDr7MGocH1eDKnEl0UvLMJZOoDkTrB5H+8VwGqD0IRmVg0byjHCToDXqRGCzTW6lsN8BOuoXi5oLRth9XTrBjdZv7vmVtviN0mhBfEM2nsZ8BznRddbJ7K5E8fwNnzlYLIFgV0nBdA5x1Uv8ytUNAerElgoF2AJi2lSrWNSF8tHbfw9GrAHuzJkKGrODxbz/+kH3oA/Jmw==";
const HEX32 = "75e54a06f670245b374a57548899f2f7fc849a509110366a879a78da34cf054f";
const HEX32_B = "8803bee33034387023ff5b75f12bda88a470aa3563e757898afcb97b2652ed24";
const CLIENT_SECRET = "f968dc12aadc6d47c4b75e3a1952cb6558a8bc86";
const OAUTH_CLIENT_ID = "Ov23liIqXTUcvsZCkGsO";
const ACCESSOR = "655DAR7bs7Ye8cXxVxUVh7cF";
const ACCESSOR_B = "Xq3LzT8vNw2RkJ6mYc0PbHs4";
const VAULT_TOKEN = "hvs.lFS8haInsWqJgwniK39YUjks";
const AGE_IDENTITY = "AGE-SECRET-KEY-1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQS3CZ7QK";

const LEFT: [string, string][] = [
  ["hiera-eyaml's PKCS7 envelope under a password's name", `profile::db::password: ENC[PKCS7,${PKCS7}]`],
  [
    "hiera-eyaml's envelope folded over lines",
    `db_password: >\n    ENC[PKCS7,${PKCS7.slice(0, 60)}\n    ${PKCS7.slice(60)}]`,
  ],
  ["hiera-eyaml's GPG envelope", `ldap_password: "ENC[GPG,${GPG}]"`],
  ["a SealedSecret's encryptedData", `kind: SealedSecret\nspec:\n  encryptedData:\n    password: ${SEALED}`],
  ["Tailscale's node key in status", `{"PublicKey": "nodekey:${HEX32}"}`],
  [
    "Tailscale's disco key in a log line",
    `magicsock: disco: node [x] d:${HEX32_B.slice(0, 8)} now using discokey:${HEX32_B}`,
  ],
  ["a control server's machine key", `headscale nodes register --key mkey:${HEX32}`],
  ["a GitHub OAuth app's client id", `GITHUB_CLIENT_ID=${OAUTH_CLIENT_ID}`],
  ["a GitHub OAuth app's client id as JavaScript holds it", `{ clientId: "${OAUTH_CLIENT_ID}" }`],
  ["a tailnet lock key as the CLI shows it", `tailscale lock sign nodekey:${HEX32} tlpub:${HEX32_B}`],
  ["a client id under an id's name that says GitHub", `AUTH_GITHUB_ID=${OAUTH_CLIENT_ID}`],
  [
    "a client id after a client id's name and a fallback",
    `GitHub({ clientId: process.env.AUTH_GITHUB_ID ?? "${OAUTH_CLIENT_ID}" })`,
  ],
  ["what kubeseal --raw prints", `kubeseal --raw --name db --from-file=/dev/stdin\n${SEALED}`],
  ["the accessors a list prints", `bao list auth/token/accessors\nKeys\n----\n${ACCESSOR}\n${ACCESSOR_B}`],
  ["a token's accessor looked up", `vault token lookup -accessor ${ACCESSOR}`],
  ["a token's accessor in JSON", `{"accessor": "${ACCESSOR}", "ttl": 3600}`],
];

const REDACTED: [string, string, string][] = [
  ["base64 in an envelope that is no PKCS#7 DER", `db_password: ENC[PKCS7,${NOT_DER}]`, NOT_DER],
  [
    "a run with a sealed value's head but too short",
    `kind: SealedSecret\nspec:\n  encryptedData:\n    password: ${SHORT_SEALED}`,
    SHORT_SEALED,
  ],
  ["a sealed value's run outside a SealedSecret", `password: ${SEALED}`, SEALED],
  ["Tailscale's private node key", `{"PrivateNodeKey": "privkey:${HEX32}"}`, HEX32],
  ["the same hex under a key's name", `node_key = "${HEX32_B}"`, HEX32_B],
  [
    "the client secret beside a client id",
    `GITHUB_CLIENT_ID=${OAUTH_CLIENT_ID}\nGITHUB_CLIENT_SECRET=${CLIENT_SECRET}`,
    CLIENT_SECRET,
  ],
  ["a client id's form under a secret's name", `client_secret: ${OAUTH_CLIENT_ID}`, OAUTH_CLIENT_ID],
  ["a Vault token beside its accessor", `token ${VAULT_TOKEN}\ntoken_accessor ${ACCESSOR}`, VAULT_TOKEN],
  [
    "a client id's shape after a secret's name on the line",
    `{ clientId: "x", clientSecret: "${OAUTH_CLIENT_ID}" }`,
    OAUTH_CLIENT_ID,
  ],
  ["a short sealed head beside kubeseal", `kubeseal --raw --name db\n${SHORT_SEALED}`, SHORT_SEALED],
  [
    "a token in a list of accessors",
    `bao list auth/token/accessors\nKeys\n----\n${VAULT_TOKEN}`,
    VAULT_TOKEN,
  ],
  ["a token given to the accessor's flag", `vault token lookup -accessor ${VAULT_TOKEN}`, VAULT_TOKEN],
  ["SOPS's age secret key", `SOPS_AGE_KEY=${AGE_IDENTITY}`, AGE_IDENTITY],
];

describe("ciphertext envelopes, Tailscale's public keys, client ids and accessors", () => {
  beforeAll(async () => {
    await loadShellParser();
  });
  redactsEach(REDACTED);
  leavesEach(LEFT);
});
