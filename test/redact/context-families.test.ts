/**
 * Context-keyed detection, by family: a value is secret because of what stands before it (a
 * name ending in `key`, a name passed as a string argument beside it), not by its look alone; a
 * commit id, a digest or a resource's UUID with no such context stays, and so do placeholders
 * and keys that are public by design.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { redactEventBody } from "../../src/redact/index.js";
import { loadShellParser } from "../../src/risk/index.js";
import { base } from "./scanner-vectors.mjs";

const options = { key: async () => Buffer.alloc(32, 5) };
type Carry = { command: string } | { file: string } | { mcp: Record<string, unknown> };

async function recorded(carry: Carry): Promise<string> {
  const body =
    "command" in carry
      ? { ...base, action: { tool: "Bash", kind: "command", command: carry.command }, input: carry }
      : "file" in carry
        ? {
            ...base,
            action: { tool: "Write", kind: "file_write", path: "/w/c" },
            input: { file_path: "/w/c", content: carry.file },
          }
        : { ...base, action: { tool: "mcp__x__y", kind: "mcp", server: "x", name: "y" }, input: carry.mcp };
  return JSON.stringify((await redactEventBody(body as unknown as EventBody, options)).body);
}

const UUID = "dafa7817-e246-48f3-91a7-e87653d587b8";
const HEX = "0f8e2d9c4b7a6e5f1d3c2b9a8e7f6d5c";
const MIXED = "BsDaN7ZU7kFiUX5CpN8CUf3nkMaSeZYn";

const KEYED: [string, Carry, string][] = [
  ["camelCase …Key with a UUID", { file: `const hubspotKey = "${UUID}";` }, UUID],
  ["bare Key= with a generated value", { mcp: { log: `[DEBUG] Using algolia Key=${MIXED}` } }, MIXED],
  ["a header named …-Key", { command: `curl -H "X-Api-Key: ${HEX}" https://api.example.test/v1` }, HEX],
  ["LICENSE_KEY in .env", { file: `LICENSE_KEY=${HEX}\n` }, HEX],
  ["a JSON member named …Key", { mcp: { config: { stripeKey: MIXED } } }, MIXED],
  ["getenv default", { file: `token = os.getenv("API_TOKEN", "${UUID}")` }, UUID],
  ["a header put as two arguments", { file: `headers.put("X-Auth-Token", "${MIXED}");` }, MIXED],
  ["a key name as a string argument", { file: `cfg.set('sendgridKey', '${HEX}')` }, HEX],
  [
    "a personal access token (_pat)",
    { file: 'ado_pat = "iyfmob6xjrfmit67anxbot64umfx2clwx7dz5yn"' },
    "iyfmob6xjrfmit67anxbot64umfx2clwx7dz5yn",
  ],
  ["psexec -p", { command: "psexec \\\\10.0.0.7 -u Administrator -p braksha7 cmd /c hostname" }, "braksha7"],
  [
    "an assignment inside a quoted argument",
    { command: "printf '%s\\n' 'simvoly token = '\\''zu0rpr33yvk0c18vs5wzpx2nq9ww1bh2b'\\''' >> notes" },
    "zu0rpr33yvk0c18vs5wzpx2nq9ww1bh2b",
  ],
];

// Vendor tokens by their documented prefix, with no name beside them.
const PREFIXED = [
  "sgp_b70acbf2f685734c19791789fdeb73c6393dd02a",
  "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",
  "shippo_live_5f3c9a0e1b7d4c2a8e6f9b1d3c5a7e9f0b2d4c6a",
  "NRAK-7JCF597RJ492YP6MZWST3HWRNY2",
];

const KEPT: Carry[] = [
  { command: "git checkout 3f2a9c1d4e5b6a7980f1e2d3c4b5a69788796a5b" },
  { command: `kubectl get pod -l app.kubernetes.io/instance=${UUID}` },
  {
    command:
      "docker pull ghcr.io/o/app@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  },
  { command: "aws s3api get-object --bucket reports --key reports/2024/q1.csv out.csv" },
  { file: 'cache.set("key", "users-page-2")\nconst sortKey = "createdAt";\nprimaryKey: id\n' },
  { mcp: { key: "user:42", value: "active" } },
  { file: 'public_key = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"\n' },
  { file: "STRIPE_PUBLISHABLE_KEY=pk_test_aQbfVWeaCesES5FRSY7iIjk9\n" },
  { command: 'grep -rn "-----BEGIN PRIVATE KEY-----" .' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference, not a template
  { command: "export API_KEY=${API_KEY} && deploy --token <token>" },
  { file: "API_KEY=xxxxxxxxxxxxxxxxxxxxxxxx\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n" },
  { file: 'get("api_key", None)\nrequire("api-key", "optional")\n' },
];

beforeAll(() => loadShellParser());

describe("a value is secret by the name before it", () => {
  it.each(KEYED)("%s", async (_name, carry, secret) => {
    const out = await recorded(carry);
    expect(out).not.toContain(secret);
    expect(out).toMatch(/\[redacted:[a-z0-9-]+:[0-9a-f]{16}\]/);
  });

  it.each(PREFIXED)("a bare vendor token: %s", async (token) => {
    const out = await recorded({ command: `echo ${token} >> .env.local` });
    expect(out).not.toContain(token);
  });

  it("leaves commit ids, digests, resource UUIDs, public keys and placeholders alone", async () => {
    for (const carry of KEPT)
      expect(await recorded(carry), JSON.stringify(carry)).not.toContain("[redacted:");
  });
});
