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

const REDACTED: [family: string, text: string, secret: string][] = [
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
];

describe("published keys, disclaiming names and alphabets", () => {
  beforeAll(async () => {
    await loadShellParser();
  });
  redactsEach(REDACTED);
  leavesEach(LEFT);
});
