/**
 * Vendor formats with no secret name beside them (docs/decisions/redaction-shapes.md): the
 * prefix families (src/redact/families.ts: every family with a body of its alphabet, also a
 * character or more short of the documented length), and a generated-looking value under a key
 * that says nothing (src/redact/shape.ts). Each carried as a bare command argument, a written
 * file and an MCP argument; what must stay (words after a prefix, ids, digests, commit ids,
 * UUIDs, names, typed sequences) is carried the same way.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { FAMILIES } from "../../src/redact/families.js";
import { redactEventBody } from "../../src/redact/index.js";
import { loadShellParser } from "../../src/risk/index.js";
import { asCommand, carried, leavesEach, redactsEach } from "./carriers.js";
import { base } from "./scanner-vectors.mjs";

const options = { key: async () => Buffer.alloc(32, 9) };
/** A body of `length` characters drawn from `alphabet` (a character class's content), fixed. */
function bodyOf(alphabet: string, length: number): string {
  const chars: string[] = [];
  for (const [, from, to, single] of alphabet.matchAll(/(.)-(.)|(.)/g)) {
    if (single !== undefined) chars.push(single);
    else for (let c = from!.charCodeAt(0); c <= to!.charCodeAt(0); c += 1) chars.push(String.fromCharCode(c));
  }
  const letters = chars.filter((c) => /[A-Za-z0-9]/.test(c));
  let out = "";
  let state = 7;
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += letters[(state >>> 12) % letters.length];
  }
  return out;
}

beforeAll(() => loadShellParser());

describe("vendor prefix families", () => {
  it("each has a body of 16+ characters from the alphabet the detector's gate looks for", () => {
    for (const family of FAMILIES) {
      expect(family.min).toBeGreaterThanOrEqual(16);
      expect(bodyOf(family.body, 64)).toMatch(/^[A-Za-z0-9_.~$+/=,-]+$/);
      expect(family.body.replace(/[A-Za-z0-9]-[A-Za-z0-9]/g, "")).toMatch(/^[A-Za-z0-9_.~$+/=,-]*$/);
    }
  });

  for (const family of FAMILIES) {
    for (const prefix of family.prefixes) {
      const lead = family.lead ? "Ab3x7" : "";
      const token = `${lead}${prefix}${bodyOf(family.body, family.min + 4)}`;
      it(`redacts ${family.kind} ${prefix}… bare, at its shortest near-valid length too`, async () => {
        const short = `${lead}${prefix}${bodyOf(family.body, family.min)}`;
        for (const text of [`see ${token} here`, short]) {
          const secret = text === short ? short : token;
          for (const out of await carried(text, options)) {
            expect(out).toContain("[redacted:");
            expect(out).not.toContain(secret.slice(-12));
          }
        }
      });
    }
  }

  const KEPT: [string, string][] = [
    ["words after a prefix", "- (id)hf_requiredCharacteristicTypesForDisplayMetadata;"],
    ["words after a prefix with separators", "glptt-hellOworld380_testin and glimt-my-tokens_are-correctAB"],
    ["digits alone after a prefix", "ntn_123456789012345678901234567890123456789012345678901234567890"],
    ["a body shorter than the family's least", "run with ghp_Ab3dE5 and glpat-short"],
  ];
  leavesEach(KEPT, options);
});

describe("a generated-looking value under any key", () => {
  const REDACTED: [string, string, string][] = [
    [
      "hex under a vendor's name",
      "ambee = 869c40fdd0698875e15f6f69437550d696094bef77c7b4ac50d333d503ff3d93",
      "869c40fdd069",
    ],
    ["a mixed key under a camelCase name", 'clientToken: "Zq8xT2mVb7Kp4sRn"', "Zq8xT2mVb7Kp4sRn"],
    [
      "a one-case key with digits in YAML",
      "service:\n  lokalise: r0ruxlw3jm040lcxnrso09yfzdk7ho1vkywi04yw",
      "r0ruxlw3jm04",
    ],
    [
      "a key in an INI file",
      "[vendor]\nendpointkey = 2AdB367b05D6fAC292289CE0fE6ed9D6cA62D42",
      "2AdB367b05D6",
    ],
    ["a query parameter", "https://creator.zoho.com/api/x?authtoken=RVaR2KPUi9", "RVaR2KPUi9"],
    [
      "a base36 key with few digits after a vendor word",
      "flickr vdrgd9ymvqnfn0tpviis80faxc1bpxvg",
      "vdrgd9ymvqnf",
    ],
  ];
  redactsEach(REDACTED, options);

  const KEPT: [string, string][] = [
    ["a commit id under any name", 'SRCREV_moby = "43fc912ef59a83054ea7f6706df4d53a7dea4d80"'],
    ["a lock file's checksum", "ReactNativeCameraKit: f15a5a04b0f6dc6073e6db0296e6ef2d8b8d2522"],
    [
      "a digest under a digest's name",
      "digest: 869c40fdd0698875e15f6f69437550d696094bef77c7b4ac50d333d503ff3d93",
    ],
    [
      "a UUID under a label",
      "kubectl get pod -l app.kubernetes.io/instance=dafa7817-e246-48f3-91a7-e87653d587b8",
    ],
    ["an id", "client_id: 04fcf956cb6c5f4b106f3a4eca76eaf7"],
    ["a name", '"key_vault_name": "web21prqodx24021"'],
    ["a public key", 'public_key = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"'],
    ["a Vault accessor", '"accessor":"rA1wk0Y45YCufyfq"'],
    ["typed runs", "meraki: aaaaaaaaaa1111111111bbbbbbbbbb2222222222"],
    ["a typed sequence", "verifier: abcdef1234567890abcdef1234567890abcdef1234567890"],
    ["a version", "image: node20-bookworm-slim3"],
    ["a word-made setting", "build: ReadTheDocsConfigurationVersion2"],
  ];
  leavesEach(KEPT, options);
});

describe("secrets whose structure says so, with no secret name", () => {
  const PUTTY = `PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nPrivate-Lines: 2\n${"AAAAgQC7mU2Nf3l0xPq2wR8sT5yZ1aB3cD5eF7gH9iJ1kL3mN5oP7qR9s"}\n${"AAAAQQDf8h3kL9mN2pQ5rS8tV1wX4yZ7aB0cD3eF6gH9iJ2kL5mN8oP1q"}\nPrivate-MAC: 0a1b`;
  const OPENVPN = `-----BEGIN OpenVPN Static key V1-----\n${"e685bdaf659a25a200e2b9e4c3f8a1d2"}\n${"0f9e8d7c6b5a49382716f5e4d3c2b1a0"}\n-----END OpenVPN Static key V1-----`;
  const REDACTED: [string, string, string][] = [
    [
      "an ODBC connection string's PWD",
      "Driver={ODBC Driver 17};Server=db;UID=sa;PWD=Hunter2Lamp;",
      "Hunter2Lamp",
    ],
    ["a Zapier webhook", "curl -X POST https://hooks.zapier.com/hooks/catch/123456/abcdEfg/", "abcdEfg"],
    [
      "an IFTTT webhook key",
      "https://maker.ifttt.com/trigger/evt/with/key/dAbc12EfGhIjKlMnOpQr",
      "dAbc12EfGhIjKlMnOpQr",
    ],
    [
      "a Mattermost webhook",
      "https://chat.example.com/hooks/xg7b9w3kfjr8mp5qyt2nudh6ea",
      "xg7b9w3kfjr8mp5qyt2nudh6ea",
    ],
    ["a PuTTY key's private lines", PUTTY, "AAAAQQDf8h3kL9mN2pQ5"],
    ["an OpenVPN static key", OPENVPN, "0f9e8d7c6b5a4938"],
  ];
  redactsEach(REDACTED, options);

  const KEPT: [string, string][] = [
    ["the shell's PWD", "PWD=/home/dev/project make build"],
    ["an API path with hooks", "gh api /repos/acme/app/hooks/123456"],
    ["a file name under any key", "report: quarterly-Report2024Q3x9.pdf"],
  ];
  leavesEach(KEPT, options);

  it("judges a JSON member of a tool's input by its value's shape, whatever its name", async () => {
    const body = {
      ...base,
      action: { tool: "mcp__vendor__call", kind: "mcp", server: "vendor", name: "call" },
      input: {
        ambee: "869c40fdd0698875e15f6f69437550d696094bef77c7b4ac50d333d503ff3d93",
        sha: "4f9a1c7e2b8d3a6f0c5e9b1d7a3f8c2e6b0d4a9f4f9a1c7e2b8d3a6f0c5e9b1d",
        file_path: "/w/src/Index2File3x.ts",
      },
    } as unknown as EventBody;
    const out = (await redactEventBody(body, options)).body as { input: Record<string, string> };
    expect(out.input.ambee).toMatch(/^\[redacted:token:[0-9a-f]{16}\]$/);
    expect(out.input.sha).toBe("4f9a1c7e2b8d3a6f0c5e9b1d7a3f8c2e6b0d4a9f4f9a1c7e2b8d3a6f0c5e9b1d");
    expect(out.input.file_path).toBe("/w/src/Index2File3x.ts");
  });
});

describe("a YAML block scalar and a call named for its secret", () => {
  const REDACTED: [string, string, string][] = [
    ["a block scalar", "db:\n  password: |\n    Hunter2-Lamp-9\n  host: x", "Hunter2-Lamp-9"],
    ["a folded scalar", "api_token: >-\n  tK9mQ2vLx7RmN4pW\n", "tK9mQ2vLx7RmN4pW"],
    ["a builder call", 'DataSource.builder().password("Hunter2Lamp9").build()', "Hunter2Lamp9"],
    ["a setter", "client.setApiKey('k3yV4lue99x');", "k3yV4lue99x"],
  ];
  redactsEach(REDACTED, options);
  const KEPT: [string, string][] = [
    ["a prompt", 'pw = prompt_for_password("Enter password: ")'],
    ["a getter given the secret's name", 'token = vault.getSecret("prod-db")'],
    ["a check of a value", 'ok = verify_password("candidate")'],
    ["a block scalar under another name", "description: |\n  Hunter2-Lamp-9 is the codename\n"],
  ];
  leavesEach(KEPT, options);
});

describe("a short random token by look", () => {
  it("redacts 16-19 characters of both cases and digits, bare", async () => {
    for (const out of await carried("nexmo -RWBidC99KydZkG79", options)) {
      expect(out).toContain("[redacted:");
      expect(out).not.toContain("RWBidC99KydZkG79");
    }
  });
  const KEPT: [string, string][] = [
    ["a camelCase name with digits", "call getUserById2Async now"],
    ["a short token under an id's name", 'request_id: "Xk9dP2mQ7vL4sT8r"'],
    ["one case with digits", "build a8f3k2m9x7q4w1z6 done"],
  ];
  leavesEach(KEPT, options);
});

describe("base64 with a slash in it, whole", () => {
  it("redacts a bare AWS secret access key, not only its pieces", async () => {
    const key = `wJalrXUtnFEMI/K7MDENG/${"bPxRfiCYzAMPLE9KEY"}`;
    for (const out of await carried(`aws configure set default.x ${key}`, options)) {
      expect(out).toContain("[redacted:");
      for (const piece of key.split("/")) expect(out).not.toContain(piece);
    }
  });
  const KEPT: [string, string][] = [
    ["source paths", "see src/components/HeaderNav2/index.tsx and lib/utils/formatDate3.ts"],
    ["a branch range", "git diff origin/main...feature/AddUserProfile2Page"],
    ["a package path", "cd packages/ui-Components2/src/HeaderNav && ls"],
  ];
  leavesEach(KEPT, options);
});

describe("a flag that may take a key, by its value's shape", () => {
  const REDACTED: [string, string][] = [
    [
      "mytool deploy --key 869c40fdd0698875e15f6f69437550d696094bef77 --env prod",
      "869c40fdd0698875e15f6f69437550d696094bef77",
    ],
    ["vendorcli login --license=Zq8xT2mVb7Kp4sRn9LwY", "Zq8xT2mVb7Kp4sRn9LwY"],
    ["client --bearer Zq8xT2mVb7Kp4sRn9LwY3cHd push", "Zq8xT2mVb7Kp4sRn9LwY3cHd"],
  ];
  for (const [command, secret] of REDACTED) {
    it(`redacts ${command.split(" ").slice(0, 3).join(" ")}`, async () => {
      const out = await asCommand(command, options);
      expect(out).toContain("[redacted:");
      expect(out).not.toContain(secret);
    });
  }
  for (const command of [
    "openssl s_server --key server.pem -cert c.pem",
    "ssh-keygen --key-type ed25519",
    "app --license MIT",
  ]) {
    it(`leaves ${command}`, async () => {
      const out = await asCommand(command, options);
      expect(out).not.toContain("[redacted:");
    });
  }
});
