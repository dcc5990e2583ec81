/**
 * Keys and digests published to be checked, names that disclaim a secret, an alphabet as a
 * value (docs/decisions/redaction-published-keys.md): each family carried as a command, a
 * written file and an MCP argument; what is no credential comes out with no marker, and beside
 * each family the credentials of the same shape that must still go. The keys here are random
 * bytes in each format, made for this test.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

// A Nix cache's key pair in nix.conf's spelling: the public key is 32 bytes, the secret 64.
const NIX_PUBLIC = "trailseal-cache-1:VrUOWnZW6M4ICbshe//UQIZelZnGAZJGadjyWBYLKmU=";
const NIX_SECRET_BODY =
  "c+oXXDxMzxA7+sH56SqfadVPo0gkIUqCaIXa4t4hn+TV39q0Fkme19+IwBJQPW6Hd7ro3GhrtMIS9wKdnImuFw==";
// minisign's: `Ed`, a key id and the key (42 bytes); the secret key file's 158 bytes.
const MINISIGN_PUBLIC = "RWSDbtqA4p9tlxsXHeWzI7zPHdO3QZsPgA5LGav78gY4ZN86Ba1FswI9";
const MINISIGN_SECRET =
  "RWRTY0Iyk/D/jk3OIoaPxgAmVLLrLPTNbwbs3ORaTJw+M6dCS09mW/UDgXTD2rhVel9i4b8RynOwD4qI/Zs6oFae8+GMv1yBNv0dMBu+qS96cgtjWJcW9Piqdchcf2I/dHFG20PizxhA4ycjftv0AQAIQFpvyVi1m7CG+sBymcGs0Db4bovocIbMlKY5rMOm34Duk+e/hpOojNqYluE=";
// A 56-character base64 run that is no minisign key: it does not decode to `Ed`.
const RANDOM_56 = "Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1aQe5uNz0tBo4f9a1c7e2b8d3a6f";
const SHA256_URL = "6QKuQiOSy9Sf2JE-52ZbBGUDFOjiozb_QvVIA8DtiaA";
const RANDOM = "qGKS41BmGgM+fuLXdjppFUquIP9HUa7Y2NWAPoAv";
const AGE_RECIPIENT = "age12539z2pa3unx74zg6tu2mfe0nln5pawmu7pslpgxtsdejc0wap3swherk3";
const AGE_IDENTITY = "AGE-SECRET-KEY-107LLMVNXQ7FTLKCDYLM3LXX2R0FVTWUKD3V6MJZ9SMRX3JPTVCASUNR7GV";

// Nix's base32 (no e, o, u, t): a store path's hash, a SHA-256; a narinfo's signature (64 bytes).
const STORE_HASH = "c2zwwgz74nd7mhifcv35bk41vdkxcpad";
const NIX32_SHA256 = "wym6jnq6k0d1pjf27j3fkxl5q4jjp3imm851fcli9si3nwf4n01i";
const NARINFO_SIG =
  "yRsYITG86wDueAxF2RAekCBBPBT4NjIVOXYdPW2eIOmz1bN3hfTLXIP7jQfAAky0Ptq2xqyx3j2VSHB9QeOCbw==";
const RECORD_SHA256 = "qwncNuIbASxIW2Z2puXaLPul4cw_EsINtoPcB5psK2Y";
const RANDOM_42 = "oSoxC1OGKQApUtyJIo0i5UoYwRq09VT-AU5D2PoBfN";
// A certificate's SHA-1 in hex, then base64 (Auth0's `kid`); a hex key encoded the same way.
const HEX_DIGEST_B64 = "NjY4MzIwNzFDNzYzM0ZENUMwMTJEQ0Q2RUJBOERCQTIyNzM2QTNFRg==";
const HEX_KEY_B64 = "ZTUxOTkxNzM1MzM0MTgzYjYyMGU3OTMxZGNmZTJlODY=";
// A throwaway self-signed Ed25519 certificate in DER (openssl req -x509), and a PKCS#8 key.
const CERTIFICATE_DER =
  "MIIBRjCB+aADAgECAhRMc67zjO185lhd5sp9VjFpkjZxADAFBgMrZXAwGTEXMBUGA1UEAwwOdHJhaWxzZWFsLXRlc3QwHhcNMjYxMTI4MTQxMDExWhcNMjYxMTI5MTQxMDExWjAZMRcwFQYDVQQDDA50cmFpbHNlYWwtdGVzdDAqMAUGAytlcAMhAP9ttVxoy7uuvDoy28xAl5s3dSt+Ii1MHeADGWB6SnsVo1MwUTAdBgNVHQ4EFgQUfVEIdYfzTGUZJbZECbTRdRm8XGEwHwYDVR0jBBgwFoAUfVEIdYfzTGUZJbZECbTRdRm8XGEwDwYDVR0TAQH/BAUwAwEB/zAFBgMrZXADQQB93lAkg4Sqiph1nrm4TIsN95iftfq2lHHv2tIqF2qrKXCIWILVeOSCgHVvWqr+X9/kskEPs/DPLfKVfWW0DRoN";
const PKCS8_DER = "MC4CAQAwBQYDK2VwBCIEIIT1gEzVkEfxtnl2AGMnJAvXtxQeUmZZT6Q2D4qTcWFL";
const JWK_X = "zm8oNFOmOIx_DCkS0W8xlMuFEz57phpz3WU2wlKGDCw";
const JWK_Y = "0bapA53aFLixkvZX9fu2IwWQ6yUnk4DxoArPsWbWa_I";
const JWK_K = "f8-9RjQXOaqSKQGWeqg11UsYF85KYrZvqOpJv56wL18";

// An Ed25519 public key in SSH's wire form, and the same key with its private half (an agent's
// message); a P-256 signature and private key in DER; a hashed known_hosts host; WireGuard keys
// with a `/`; a pretty-printed in-toto statement and a pretty-printed credential, base64.
const SSH_BLOB = "AAAAC3NzaC1lZDI1NTE5AAAAICwTGVPvI/tUXF+VaCCHPTDQsYL6GnqsrTVBYsuiT1Gg";
const SSH_AGENT_BLOB =
  "AAAAC3NzaC1lZDI1NTE5AAAAICwTGVPvI/tUXF+VaCCHPTDQsYL6GnqsrTVBYsuiT1GgAAAAQAJR5oahIe1xgBgY/IHWi8UgC2sCRuPDMkPtB/HgDOFeLBMZU+8j+1RcX5VoIIc9MNCxgvoaeqytNUFiy6JPUaAAAAAHbWVAaG9zdA==";
const ECDSA_SIG =
  "MEYCIQDAK1Rb3hAqLg93OX/XUdeqqJAlo05sEM3LmD5tmiYrcAIhAObZabgtyb/mopcP9ysFKmUlfrG3ACPgHu3+mh/80OjE";
const SEC1_KEY =
  "MHcCAQEEIHpb0+NffyfoG6oNMRVjPf+DjPnZg5QYAg/vO8xSvFIxoAoGCCqGSM49AwEHoUQDQgAE0buMe3YdfARgMI3iQWKP1I5d3SIQ5ihsQ6/j2C7zn6QxoU4U0AAbxw1gyTV6Nlurxmm1DyP0dig3AEfuh1hkPw==";
const HASHED_HOST = "|1|jEX/ENbikg422qIvShITMg45DEY=|K3Lkipzt95UuSa1w3rBuDAr53fI=";
const WG_PUBLIC = "sWq+KB+0Xq0lyt/zOf30QAdC54a1YQPiL6y9DL6RnYE=";
const WG_PRIVATE = "CKyNDi894cqdFc10sgnKpBeDwV/isFepkWDfpfvcF6Q=";
const PRETTY_STATEMENT =
  "ewogICJfdHlwZSI6ICJodHRwczovL2luLXRvdG8uaW8vU3RhdGVtZW50L3YxIiwKICAic3ViamVjdCI6IFsKICAgIHsKICAgICAgIm5hbWUiOiAicGtnIiwKICAgICAgImRpZ2VzdCI6IHsKICAgICAgICAic2hhMjU2IjogImUwMmM5MTg5NTAxZDFiYWQyZGI2MzU4MWMyNjI3OGFhNWQyN2IwZDc2MjhhYzBkYjU1Mjg4ZmUwOWQxNTEwZGIiCiAgICAgIH0KICAgIH0KICBdCn0=";
const PRETTY_SECRET = "ewogICJ1c2VyIjogImNpIiwKICAicGFzc3dvcmQiOiAiVHI0aWxTM2FsLThmMTRlZmU3M2ZkYyIKfQ==";

// A WOFF2 font of the CFF flavour (`wOF2OTTO`), and a run one letter off its signature; an
// OCI descriptor's base64url digest.
const WOFF2_CFF =
  "d09GMk9UVE/jvflyBADhayloO4X0WAq+oCidRIGDWQzeWOudzDGJpUlS+6MBNJq5eCQI3jqt7YciajeQwhnta4RG98prpwvR4exjwfMwR8ZcKrTYdu3U95J0V0ielAOkgdFxEvrJ/tq/cO2dfBNek0TiC9ZxmIpYLEhD55PIvIE=";
const NOT_WOFF2 =
  "eE9GMk9UVE9ZJPogWWIRrYmYH0oXJKAQUx6qS7y58FoaZ9RyUeRcUVZh/3B1IdkEEs6S+Vtcnvj+lFFBdarqdVxmKzE=";
const OCI_B64U = "yZGZnUeBbBftcdV5mxyJ9lZCETBksZgWYkWDXXovPOM";

const REDACTED: [family: string, text: string, secret: string][] = [
  ["a font's data URI whose bytes are no font", `src: url(data:font/woff2;base64,${NOT_WOFF2})`, NOT_WOFF2],
  ["an OCI digest's name before the wrong length", `"digest": "sha256+b64u:${OCI_B64U}x"`, `${OCI_B64U}x`],
  // Beside the wire forms: a key blob with its private half, a private key in DER, a private
  // WireGuard key cut by `/`, a pretty-printed credential in base64, a certificate cut short.
  ["an SSH agent's private key message", `identity: ${SSH_AGENT_BLOB}`, SSH_AGENT_BLOB.slice(70, 110)],
  ["an EC private key in DER", `key: "${SEC1_KEY}"`, SEC1_KEY],
  ["a WireGuard private key", `[Interface]\nPrivateKey = ${WG_PRIVATE}`, WG_PRIVATE],
  ["a pretty-printed credential, base64", `"payload": "${PRETTY_SECRET}"`, PRETTY_SECRET],
  [
    "a certificate cut short",
    `"rawBytes": "${CERTIFICATE_DER.slice(0, 120)}"`,
    CERTIFICATE_DER.slice(0, 120),
  ],
  // Beside the hashes: a signature's length without `Sig:` is a secret key's, a digest's name
  // before the wrong length, a random run where a store path's hash goes.
  ["a Nix secret key's length without Sig:", `cache.example.org-1:${NARINFO_SIG}`, NARINFO_SIG],
  ["a random run after sha256= of the wrong length", `token,sha256=${RANDOM_42},99`, RANDOM_42],
  ["a random run in a store path's place", `/nix/store/${RANDOM}-x`, RANDOM.split("/")[0]!],
  ["a hex key, encoded, under a secret's name", `API_KEY=${HEX_KEY_B64}`, HEX_KEY_B64],
  ["a private key in DER without armour", `key = "${PKCS8_DER}"`, PKCS8_DER],
  ["a JWK's symmetric key in JavaScript", `const jwk = { kty: 'oct', k: '${JWK_K}' }`, JWK_K],
  // Nix: the secret key file, and the signing key Cachix reads from the environment.
  [
    "a Nix cache's secret key",
    `echo '${"trailseal-cache-1:"}${NIX_SECRET_BODY}' > cache.sec`,
    NIX_SECRET_BODY,
  ],
  ["a Cachix signing key", `export CACHIX_SIGNING_KEY=${NIX_SECRET_BODY}`, NIX_SECRET_BODY],
  [
    "a public key's length under a secret's name",
    `secret-key-files = trailseal-cache-1:${RANDOM}/x=`,
    `${RANDOM}/x=`,
  ],
  // minisign: the secret key file.
  [
    "a minisign secret key",
    `untrusted comment: minisign encrypted secret key\n${MINISIGN_SECRET}`,
    MINISIGN_SECRET,
  ],
  ["a random run of a minisign key's length", `tool --key ${RANDOM_56}`, RANDOM_56],
  // A name that disclaims a secret or says placeholder: a random value is still a token.
  ["a random value under NOT_A_SECRET", `const NOT_A_SECRET = "${RANDOM}";`, RANDOM],
  ["a random value under a placeholder's name", `AWS_PLACEHOLDER_KEY=${RANDOM}`, RANDOM],
  ["a name that only begins like one", 'NOTE_PASSWORD="Tr4ilS3al!"', "Tr4ilS3al!"],
  ["a notification token", 'NOTIFICATION_TOKEN = "hunter22"', "hunter22"],
  // After the word public, a value that declares itself secret is still the secret key.
  ["an age identity labelled public", `Public key: ${AGE_IDENTITY}`, AGE_IDENTITY],
  ["a password after the word public", "public password = Tr4ilS3al!", "Tr4ilS3al!"],
  // An alphabet with more after it, or typed over, is a value.
  [
    "an alphabet with a password after it",
    "password = 'abcdefghijklmnopqrstuvwxyzTr4il!'",
    "abcdefghijklmnopqrstuvwxyzTr4il!",
  ],
  ["a unit typed over", 'cloudant_key = "abcdefghijabcdefghijabcd"', "abcdefghijabcdefghijabcd"],
  ["a short run", 'password = "abcdef123"', "abcdef123"],
  // A digest's length after thumbprint, but under a secret's name on the line.
  ["a secret after the word thumbprint", `thumbprint check; client_secret = "${SHA256_URL}"`, SHA256_URL],
];

const LEFT: [family: string, text: string][] = [
  [
    "a Nix cache's public key",
    `trusted-public-keys = ${NIX_PUBLIC} cache.nixos.org-1:6NCHdD59X431o0gWypbMrAURkbJ16ZPMQFGspcDShjY=`,
  ],
  ["a substituter's key on the command line", `nix build --option extra-trusted-public-keys '${NIX_PUBLIC}'`],
  ["a minisign public key", `minisign -Vm release.tar.gz -P ${MINISIGN_PUBLIC}`],
  ["a minisign public key file", `untrusted comment: minisign public key 83D6A0A7\n${MINISIGN_PUBLIC}\n`],
  ["a JWK thumbprint URI", `"sub": "urn:ietf:params:oauth:jwk-thumbprint:sha-256:${SHA256_URL}"`],
  ["a thumbprint printed by a call", `expect(await calculateJwkThumbprint(key)).toBe('${SHA256_URL}')`],
  [
    "a certificate's fingerprint with colons",
    "SHA1 Fingerprint=B3:E3:05:08:A2:A9:83:AA:82:94:99:DB:B8:8A:BC:62:4E:8A:29:4E",
  ],
  ["a name that says it is not a secret", 'const NOT_A_SECRET = "Hopefully not a secret";'],
  ["the same in camelCase", 'const notASecret = "just a sentence for the test"'],
  ["a placeholder's name with a path", "AWS_PLACEHOLDER_KEY=/foo"],
  ["an age recipient after the words public key", `Public key: ${AGE_RECIPIENT}`],
  ["the same as age-keygen writes it", `# public key: ${AGE_RECIPIENT}`],
  ["an alphabet given to a password", "password = 'abcdefghijklmnopqrstuvwxyz'"],
  [
    "the base64 alphabet",
    'const CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="',
  ],
  // Nix's hashes.
  ["a store path", `/nix/store/${STORE_HASH}-hello-2.12.1/bin/hello`],
  ["a derivation being built", `building '/nix/store/${STORE_HASH}-hello-2.12.1.drv'...`],
  ["a SHA-256 in Nix's base32", `NarHash: sha256:${NIX32_SHA256}`],
  ["a narinfo's references", `References: ${STORE_HASH}-glibc-2.40 ${STORE_HASH}-hello-2.12.1`],
  ["a narinfo's signature", `Sig: cache.example.org-1:${NARINFO_SIG}`],
  // Digests in unpadded base64url and encoded hex; certificates; JWKs as JavaScript writes them.
  ["a wheel's RECORD line", `hello/__init__.py,sha256=${RECORD_SHA256},1024`],
  ["a certificate's SHA-1 in hex, encoded", `kid: '${HEX_DIGEST_B64}'`],
  ["a JWK's certificate chain in JavaScript", `{ kty: 'OKP', x5c: ['${CERTIFICATE_DER}'] }`],
  [
    "a JWK's public members in JavaScript",
    `const jwk = { kty: 'EC', crv: 'P-256', x: '${JWK_X}', y: '${JWK_Y}' }`,
  ],
  // Public keys, certificates and signatures read from their bytes; hashed hosts; public keys
  // by name when `/` cuts their base64.
  ["an SSH public key blob alone", `keyblob = "${SSH_BLOB}"`],
  ["a whole certificate in DER", `"rawBytes": "${CERTIFICATE_DER}"`],
  ["an ECDSA signature in DER", `"sig": "${ECDSA_SIG}"`],
  ["a hashed known_hosts host", `${HASHED_HOST} ssh-ed25519 ${SSH_BLOB}`],
  ["a WireGuard peer's public key", `[Peer]\nPublicKey = ${WG_PUBLIC}`],
  ["a pretty-printed statement, base64", `"payload": "${PRETTY_STATEMENT}"`],
  // A WOFF2 font of either flavour; an OCI descriptor's parameterised digest.
  ["a CFF-flavoured WOFF2 font in CSS", `src: url('data:font/woff2;charset=utf-8;base64,${WOFF2_CFF}')`],
  ["an OCI digest in base64url", `"digest": "sha256+b64u:${OCI_B64U}"`],
];

describe("published keys, disclaiming names and alphabets", () => {
  beforeAll(async () => {
    await loadShellParser();
  });
  redactsEach(REDACTED);
  leavesEach(LEFT);
});
