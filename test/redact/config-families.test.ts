/**
 * Configuration formats that join a name and its value without `=` or `:` (XML attribute pairs,
 * an element named by its attribute, a Dockerfile's ENV), a bearer token without its header,
 * password hashes and `pass` / `*_key_base` as secret names: the credentials that must go, and
 * beside them the everyday forms with the same names that must stay (labels, hints, types,
 * limits, prose, checksums, a pass number). Each carried as a command argument, a written file
 * and an MCP argument.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

beforeAll(loadShellParser);

describe("configuration formats without = or :", () => {
  redactsEach([
    ["a web.config pair", '<add key="DbPassword" value="Zq7vK2pLm9Xr"/>', "Zq7vK2pLm9Xr"],
    ["a Spring property", '<property name="password" value="h4rdT0Guess"/>', "h4rdT0Guess"],
    [
      "an Android string",
      '<string name="api_key">AIzb8Kq2LmZx7Pq4RtYv9Wn3</string>',
      "AIzb8Kq2LmZx7Pq4RtYv9Wn3",
    ],
    ["an entry", '<entry key="api.token">t0k3nVa1ue99</entry>', "t0k3nVa1ue99"],
    ["a Dockerfile ENV", "FROM alpine\nENV DB_PASSWORD s3cr3tPa55w0rd\n", "s3cr3tPa55w0rd"],
    ["a bearer token without its header", "curl with bearer rDpX4vd9Qz", "rDpX4vd9Qz"],
    [
      "a bcrypt hash",
      "admin:$2y$10$abcdefghijklmnopqrstuuN3ZbY1xQ9pWm2Lk5Jh7Gf",
      "$2y$10$abcdefghijklmnopqrstuu",
    ],
    [
      "a SHA-crypt hash",
      "root:$6$Qx7pLm2R$Jk3h9Zq0WvXy8Tn4Rp6Lm1Bs5Cd7Fg2Hj:19000:0:99999:7:::",
      "Jk3h9Zq0WvXy8Tn4Rp6Lm1Bs5Cd7Fg2Hj",
    ],
    [
      "an LDAP salted hash",
      "userPassword: {SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g3NWEa",
      "W6ph5Mm5Pz8GgiULbPgzG37mj9g3NWEa",
    ],
    [
      "a Rails secret_key_base",
      "secret_key_base: 9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928",
      "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    ],
  ]);
  leavesEach([
    ["an Android hint", '<string name="api_key_hint">Enter your API key</string>'],
    ["an Android label", '<string name="password_label">Password</string>'],
    ["a token type", '<string name="token_type">Bearer</string>'],
    ["a sample word password", '<add key="FromEmailPassword" value="Prestigitariu$"/>'],
    ["a setting pair", '<add key="PasswordMinLength" value="12"/>'],
    ["a property of a limit", '<property name="token.ttl" value="3600"/>'],
    [
      "a Dockerfile ENV of ordinary values",
      "ENV NODE_ENV production\nENV PATH /usr/local/bin:$PATH\nENV APP_VERSION 1.2.3\n",
    ],
    ["a Dockerfile ENV of a limit", "ENV PASS_MIN_LEN 8\nENV TOKEN_TTL 3600\n"],
    ["a Dockerfile ENV of a reference", "ENV DB_PASSWORD $DB_PASSWORD\n"],
    ["bearer in prose", "The bearer of this card must present the bearer token to the gateway."],
    ["bearer and a word", "Set the scheme to bearer authentication for each request"],
    ["a sha256 checksum", "sha256sum: 3f786850e387550fdab836ed7e6dc881de23001b  archive.tar.gz"],
    ["a checksum file", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty.txt"],
    [
      "pass in Python",
      "for item in items:\n    if item is None:\n        pass\n    else:\n        total += 1\n",
    ],
    ["a pass number", "./compile --pass 2 --opt 3"],
  ]);
});

describe("pass and a key's base", () => {
  redactsEach([
    [
      "a Rails secret_key_base assignment",
      "SECRET_KEY_BASE=9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c",
      "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    ],
  ]);
  leavesEach([
    ["a pass count", "make PASS=100 check"],
    ["a cache key's base", "cache_key_base = users/v2"],
  ]);
});
