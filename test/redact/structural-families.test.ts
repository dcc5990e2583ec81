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
  describe("base64 of a PEM block, an Oracle connect descriptor, a PASERK in a long text", () => {
    redactsEach([
      [
        "a private key in base64",
        "- LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JR0hBZ0VBTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEJHMHdhd0lCQVFRZ1h3cHZMYloxamppNEJDNlkKamFYb1A3UDR3YlVnamQwSFlnMUdSRVR1NkVhaFJBTkNBQVRZaERuVXkrM1BhcU9hN0dWajdSYUdMK05CRlU2agpOOWs3UEU0UVZQMzBZOG9mY2lkSEpBOTJzZ1QvVStpNDhTeHc1TXc3UnV4QnM1NW41blpGSENHSgotLS0tLUVORCBQUklWQVRFIEtFWS0tLS0tCg==",
        "R0hBZ0VBTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEJHMHdhd0lCQVFR",
      ],
      [
        "a private key in base64, wrapped",
        "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JR0hBZ0VBTUJNR0J5cUdTTTQ5QWdFR0NDcUdT\nTTQ5QXdFSEJHMHdhd0lCQVFRZ1h3cHZMYloxamppNEJDNlkKamFYb1A3UDR3YlVnamQwSFlnMUdS\nRVR1NkVhaFJBTkNBQVRZaERuVXkrM1BhcU9hN0dWajdSYUdMK05CRlU2agpOOWs3UEU0UVZQMzBZ\nOG9mY2lkSEpBOTJzZ1QvVStpNDhTeHc1TXc3UnV4QnM1NW41blpGSENHSgotLS0tLUVORCBQUklW\nQVRFIEtFWS0tLS0tCg==",
        "NlkKamFYb1A3UDR3YlVnamQwSFlnMUdSRVR1NkVhaFJBTkNBQVRZaERuVXkr",
      ],
      [
        "an EZConnect password",
        "sqlplus -s app/Vr8kQ2mZp5Lw@//db.internal:1521/ORCLPDB1 @report.sql",
        "Vr8kQ2mZp5Lw",
      ],
      ["a JDBC thin password", "jdbc:oracle:thin:app/Vr8kQ2mZp5Lw@db.internal:1521:ORCL", "Vr8kQ2mZp5Lw"],
      [
        "a PASERK secret in a text kept as a digest",
        `${"x".repeat(2100)}\nk4.local.R95jbA6AbJV7poTWQx-16tdCTQnhXQJMWEjyPR-m9zY\n`,
        "R95jbA6AbJV7poTWQx-16tdCTQnhXQJMWEjyPR-m9zY",
      ],
      [
        "a prefix and a hex body",
        "./bin/client acme_4f9d2c7b1e8a3f6d5c0b9e2a7d4f1c8b",
        "4f9d2c7b1e8a3f6d5c0b9e2a7d4f1c8b",
      ],
    ]);
    leavesEach([
      [
        "a certificate in base64",
        "ca.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJlakNDQVIrZ0F3SUJBZ0lVQlNPR2JPTDB5RzdmRGNQNTVQakxxaTBnamJJd0NnWUlLb1pJemowRUF3SXcKRWpFUU1BNEdBMVVFQXd3SFpYaGhiWEJzWlRBZUZ3MHlOakV4TWpneE1EVTNOVEZhRncweU5qRXhNamt4TURVMwpOVEZhTUJJeEVEQU9CZ05WQkFNTUIyVjRZVzF3YkdVd1dUQVRCZ2NxaGtqT1BRSUJCZ2dxaGtqT1BRTUJCd05DCkFBVFczVGcyUnRSc0sxbVVwdWh5RzZqNURhMTlXOG0za3MxbWt2TkFlY1NqOTl2ajlRWGF1NFJia3ZSY2pTU0QKaFFtamp6TldmbndGTFdvcDNwNm8reHpmbzFNd1VUQWRCZ05WSFE0RUZnUVVCa1pNdU5TaThJZXQrKzdPWGJScApucHg5QmRzd0h3WURWUjBqQkJnd0ZvQVVCa1pNdU5TaThJZXQrKzdPWGJScG5weDlCZHN3RHdZRFZSMFRBUUgvCkJBVXdBd0VCL3pBS0JnZ3Foa2pPUFFRREFnTkpBREJHQWlFQXRxMGY4MjZ6cGpWcjF5bFlreGRVaFVFemxpN2oKZi9vK2FjK2o2TTVoWWxNQ0lRQ0xmSXY0NTNwZENpVS9XN3JzWGxVNVA4UGNoaE5JaTZIZmpWMDN2b0gyZ1E9PQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==",
      ],
      ["an action pinned by tag", "uses: actions/checkout@v4"],
      [
        "an image by digest",
        "docker pull nginx/nginx@sha256:12ab34cd56ef78ab90cd12ef34ab56cd78ef90ab12cd34ef56ab78cd90ef12ab",
      ],
      ["a CIDv1", "- bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi"],
      ["a CIDv0", "./bin/client QmY7Yh4UquoXHLPFo2XbhXkhBvFoPwmQUSa92pxnxjQuPU"],
      ["a prefix and digits", "- ntn_123456789012345678901234567890123456789012345678901234567890"],
      ["a commit behind its name", "- commit_4f9d2c7b1e8a3f6d5c0b9e2a7d4f1c8b5a6e3d2c"],
    ]);
  });

  describe("a base32 secret, as authenticator apps take it", () => {
    redactsEach([
      ["an otpauth secret of 16", "oathtool --totp -b KQ3VZ7MHN2XR5WPL", "KQ3VZ7MHN2XR5WPL"],
      ["an otpauth secret of 32", "- 4TNQW7XKZ2LMRV6HPYD3SJ5FQGB2CXEA", "4TNQW7XKZ2LMRV6HPYD3SJ5FQGB2CXEA"],
    ]);
    leavesEach([
      ["upper-case words and digits", "- CONFIGMAP2PERSISTENT3VOL"],
      ["upper case with digits outside base32", "./bin/client X9QF0LZ81MRTKW4P"],
    ]);
  });

  describe("data whose decoding holds no secret", () => {
    const n =
      "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v";
    const d =
      "X4cTteJY_gn4FYPsXB8rdXix5vwsg1FLN5E3EaG6RJoVH-HLLKD9M7dx5oo7GURknchnrRweUkC7hT5fJLM0WbFAKNLWY2vv7B6NqXSzUvxT0_YSfqijwp3RTzlBaCxWp4doFk5N";
    leavesEach([
      ["a pagination cursor", "next_cursor: eyJwYWdlIjoyLCJzaXplIjo1MCwic29ydCI6ImNyZWF0ZWRfYXQifQ=="],
      [
        "an OAuth state parameter",
        "https://app.example.com/login?state=eyJyZXR1cm5UbyI6Ii9zZXR0aW5ncy9iaWxsaW5nIiwibm9uY2UiOiJuLTBTNl9XekEyTWoifQ",
      ],
      ["a JSON Web Key's public half", `{"keys": [{"kty": "RSA", "kid": "k1", "e": "AQAB", "n": "${n}"}]}`],
    ]);
    redactsEach([
      [
        "a Docker config in base64",
        "./bin/client eyJhdXRocyI6eyJyZWdpc3RyeS5leGFtcGxlLmNvbSI6eyJhdXRoIjoiWTJrNldHc3lPV1JNY1RoUWJUTlNkRGRXYmc9PSJ9fX0=",
        "c3RyeS5leGFtcGxlLmNvbSI6eyJhdXRoIjoiWTJrNldHc3lPV1JNY1RoUWJU",
      ],
      ["a JSON Web Key's private exponent", `{"kty": "RSA", "e": "AQAB", "n": "${n}", "d": "${d}"}`, d],
    ]);
  });

  describe("a token URL-encoded", () => {
    redactsEach([
      [
        "a bearer token with %2B and %3D",
        "curl 'https://api.example.com/2/tweets?ids=20' -H 'Authorization-Token: AAAAAAAAAAAAAAAAAAAAAPq7hQAAAAAA3%2Fk9Xw%2BLm2Vb8Rt6Yn4Zc1Qd%3DpG7sJ5hK2wN9xE4fB8uT3rA6yM1vC0'",
        ["AAAAAAAAAAAAAAAAAAAAAPq7hQAAAAAA3", "pG7sJ5hK2wN9xE4fB8uT3rA6yM1vC0"],
      ],
    ]);
    leavesEach([
      ["an encoded path", "https://example.com/files/reports%2F2024%2Fquarterly%20summary%20final.pdf"],
      [
        "an encoded query of words",
        "https://www.google.com/search?q=how%20to%20rotate%20an%20api%20key%20safely",
      ],
    ]);
  });

  describe("a connection string's password holding a slash", () => {
    redactsEach([
      [
        "a base64 password, unescaped",
        "postgres://app:p4ss/w0rd+x==@db.internal:5432/app",
        ["p4ss/w0rd+x==", "w0rd+x=="],
      ],
      ["one with an @ too", "amqp://svc:Zk/8@q2Lr@rabbit.internal:5672/prod", ["Zk/8@q2Lr", "8@q2Lr"]],
    ]);
    leavesEach([
      ["a port, then a path with @", "https://registry.example.com:8443/users/@me/x"],
      ["a pattern naming schemes", 're.search(r":(sqlserver://|mysql://|oracle:thin:@)localhost", url)'],
    ]);
  });

  // One character changed: the checksum fails, and the run is judged by its look again.
  redactsEach([
    [
      "an extended public key whose checksum fails",
      "- xpub69U3WikcwWEPnZVmR6EWxxbagpnAxJBP5L9H9HLXp15HrL2nH3wdyFnjDxXTr4dMNyfi738wc9ha35TACw7MnPNVS2z7bpxATwQRLLg56Bm",
      "xpub69U3WikcwWEPnZVmR6EWxxbagpnAxJBP5L9H9HLXp15HrL2nH3wdyFnjDxXTr4dMNyfi738wc9ha35TACw7MnPNVS2z7bpxATwQRLLg56Bm",
    ],
  ]);
});
