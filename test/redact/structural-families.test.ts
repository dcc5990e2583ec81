/**
 * Tokens judged by their structure where no name stands beside them (docs/decisions/
 * redaction-structural-tokens.md): a vendor-style prefix before a random body, and encodings that
 * declare what they carry (Base58Check, bech32, PASERK) — a private key is redacted, an address,
 * a public key or a key id is left. Each value below was made for this table (random bytes,
 * encoded here), carried as a command argument, a written file and an MCP argument.
 */
import { describe } from "vitest";
import { leavesEach, redactsEach } from "./carriers.js";

describe("a prefix before a random body, whatever the vendor", () => {
  redactsEach([
    ["a list item", "- acme_live_Q7vR2mXk9pLw4sT8yNb3cF6h", "Q7vR2mXk9pLw4sT8yNb3cF6h"],
    ["a positional argument", "./bin/client zx_prod_9fKq2LmN8vR4tY7wXc3bJ6hP", "9fKq2LmN8vR4tY7wXc3bJ6hP"],
    ["a short key id, then the key", "- mybank_K3dR9sLq_7TfWm2ZpXc8Vn4bQy6Hj1Ga", "7TfWm2ZpXc8Vn4bQy6Hj1Ga"],
  ]);
  leavesEach([
    [
      "a page's slug of words and hex",
      "https://acme.notion.site/Pianificazione-Nerdz-Ng-pubblico-1bc826ecc0994dd8915be97fc3489cde?pvs=74",
    ],
    ["a package file name", "- left-pad-1.3.0-linux-x64-musl.tar.gz"],
    ["a branch name", "git checkout feature/add-retry-backoff-to-uploader"],
  ]);
});

describe("encodings that declare a private key", () => {
  redactsEach([
    [
      "a WIF private key",
      "./bin/client L2m3GnviLGYykghRis1RQgBhJtzMmb5a5JbCLQ4MJQfwmx5mtbtv",
      "L2m3GnviLGYykghRis1RQgBhJtzMmb5a5JbCLQ4MJQfwmx5mtbtv",
    ],
    [
      "a BIP-32 extended private key",
      "- xprv9uXuf1Gq8JbBrpMPECMccV7Mo48SidgMPkaEzbHTwrhiqfW5KJKE4wgFj8WHbnw3kzH8L8QkrBBh4LrLYtkM3HCn7egg4TmTNHpAuSqvcH2",
      "xprv9uXuf1Gq8JbBrpMPECMccV7Mo48SidgMPkaEzbHTwrhiqfW5KJKE4wgFj8WHbnw3kzH8L8QkrBBh4LrLYtkM3HCn7egg4TmTNHpAuSqvcH2",
    ],
    [
      "a Nostr nsec",
      "nsec18calnmh4770jkjf547rl25stdxu5krvc96zmk4dkw258ycm6e46qlkgf09",
      "nsec18calnmh4770jkjf547rl25stdxu5krvc96zmk4dkw258ycm6e46qlkgf09",
    ],
    [
      "a PASERK local key",
      "item: k4.local.R95jbA6AbJV7poTWQx-16tdCTQnhXQJMWEjyPR-m9zY",
      "R95jbA6AbJV7poTWQx-16tdCTQnhXQJMWEjyPR-m9zY",
    ],
  ]);
});

describe("encodings that declare a public value", () => {
  leavesEach([
    ["a Base58Check address", "./bin/client 36TxxLSiLTzk4ADpZmfQVWKDZGNfYbciAJ"],
    [
      "a BIP-32 extended public key",
      "- xpub69U3WikcwWEPnZVmR6EWxxbagpnAxJBP5L9H9HLXp15HrL2nH3wdyFnjDxXTr4dMNyfi738wc9ha35TACw7MnPNVS2z7bpxATwQRLLg56Bn",
    ],
    ["a Nostr npub", "item: npub1vm7tvrsw3lccgcasujet52tsx360qe9vdrmspads9v7uveh5t00qyl94fd"],
    ["a bech32 address", "echo bc14gkv4mwd9dg4wsgwfhhy4u4nfaps5pe5m8dx8d > /tmp/out.txt"],
    ["a PASERK public key id", 'client = Client("k4.pid.AR1_YY0VMucOIOKmZo3n9H6EZ-VG1T7I4qEle9slbJs-")'],
  ]);
  // One character changed: the checksum fails, and the run is judged by its look again.
  redactsEach([
    [
      "an extended public key whose checksum fails",
      "- xpub69U3WikcwWEPnZVmR6EWxxbagpnAxJBP5L9H9HLXp15HrL2nH3wdyFnjDxXTr4dMNyfi738wc9ha35TACw7MnPNVS2z7bpxATwQRLLg56Bm",
      "xpub69U3WikcwWEPnZVmR6EWxxbagpnAxJBP5L9H9HLXp15HrL2nH3wdyFnjDxXTr4dMNyfi738wc9ha35TACw7MnPNVS2z7bpxATwQRLLg56Bm",
    ],
  ]);
});
