/**
 * Redaction measured on test/vectors/secret-tuning-left6.jsonl (origin note beside it):
 * ciphertext envelopes (hiera-eyaml, SOPS, Ansible Vault, SealedSecrets), GitHub's client ids,
 * Tailscale's public keys and a Vault or OpenBao token's accessor as their documentation
 * shows them, each beside the secret of the same tool that must still go. Every example is
 * carried as scanner-vectors.mjs carries every set (command, env, file, MCP) on the built CLI's
 * redaction (dist/, `npm run build` first). The assertions hold the figures of the last recorded
 * run (docs/export.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtRedactor, mainTallies, type Tallies } from "./built.js";
import { measure, readVectors, report, share } from "./scanner-vectors.mjs";

describe("redaction on ciphertext envelopes, client ids, Tailscale's keys and accessors", () => {
  let tallies: Tallies;
  const batches: Record<number, Tallies> = {};
  beforeAll(async () => {
    const redactEventBody = await builtRedactor();
    const vectors = readVectors("secret-tuning-left6.jsonl").map((vector) => ({
      ...vector,
      category: vector.family,
    }));
    tallies = await measure(vectors, redactEventBody);
    console.log(report("left6", mainTallies(tallies)));
    for (const batch of [1, 2])
      batches[batch] = await measure(
        vectors.filter((vector) => vector.batch === batch),
        redactEventBody,
      );
  }, 300_000);

  it("each batch whole: batch 2 (new contexts) first ran 24 / 24, 33 / 51 on batch 1's rules", () => {
    for (const batch of [1, 2]) {
      expect(share(batches[batch]!.tp!)).toBe(1);
      expect(share(batches[batch]!.fp!)).toBe(1);
    }
  });

  it("every secret beside them is redacted, in every carrier", () => {
    expect(share(tallies.tp!)).toBe(1);
    for (const carrier of ["command", "env", "file", "mcp"]) expect(share(tallies[`tp ${carrier}`]!)).toBe(1);
  });

  it("every family of public or encrypted values is left alone, in every carrier", () => {
    expect(share(tallies.fp!)).toBe(1);
    for (const family of [
      "pkcs7-envelope",
      "sops-envelope",
      "ansible-vault",
      "sealed-secret",
      "github-client-id",
      "tailscale-public-key",
      "vault-accessor",
    ])
      expect(share(tallies[`fp · ${family}`]!)).toBe(1);
  });
});
