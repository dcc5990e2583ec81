/**
 * Redaction measured on test/vectors/secret-tuning-tp6.jsonl (origin note beside it: keyhacks'
 * requests with their placeholders filled in the vendor's documented shape and as written,
 * SecretFinder's, apkleaks' and gitGraber's prefix rules in the lines that carry them, ruff's,
 * Security Code Scan's, mobsfscan's, PMD's and Brakeman's hard-coded-credential tests, and
 * documented forms of credentials given by their place: a call's user and password, a char
 * array, a format call's slot, a vendor's tag and bars, a service account under its vendor;
 * then cfn_nag's CloudFormation templates, roslyn-analyzers' and credential-digger's tests and
 * vendors' documented token formats; then kubescape's, kube-linter's, zizmor's and ansible-lint's
 * tests and databases' and client libraries' documented statements and calls; then daemons'
 * credential files and settings from their manuals; then deployment tools' settings, measured
 * only).
 * Every example is carried as scanner-vectors.mjs carries every set (command, env, file, MCP),
 * and the code examples also as code-vectors.mjs carries code (file, edit, patch, inline), on
 * the built CLI's redaction (dist/, `npm run build` first). Tuning material in batches; the
 * assertions hold the floors of the last recorded run (docs/export.md), per batch.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtRedactor, mainTallies, type Tallies } from "./built.js";
import { CODE_CARRIERS, type CodeVector, measureCode } from "./code-vectors.mjs";
import { measure, readVectors, report, share } from "./scanner-vectors.mjs";

describe("redaction on keyhacks, other scanners' rules and analysers' code tests", () => {
  const carried: Record<number, Tallies> = {};
  const code: Record<number, Tallies> = {};
  beforeAll(async () => {
    const redactEventBody = await builtRedactor();
    const vectors = readVectors("secret-tuning-tp6.jsonl");
    for (const batch of [1, 2, 3, 4, 5]) {
      const own = vectors.filter((vector) => (vector.batch ?? 1) === batch);
      carried[batch] = await measure(own, redactEventBody);
      code[batch] = await measureCode(
        (own as CodeVector[]).filter((vector) => vector.lang),
        redactEventBody,
      );
      console.log(report(`tp6 batch ${batch}`, mainTallies(carried[batch]!)));
      console.log(report(`tp6 batch ${batch}, code carriers`, mainTallies(code[batch]!)));
    }
  }, 300_000);

  it("the first batch: true positives redacted, every family the round named whole", () => {
    // The misses left: ruff's `_pass` and `secrete` names, PMD's key written as an instruction
    // ("hard coded key here"), Brakeman's `secret_key_base` of words (a key's base needs a
    // credential's shape, names.ts).
    expect(share(carried[1]!.tp!)).toBeGreaterThanOrEqual(0.977);
    expect(share(carried[1]!["tp env"]!)).toBe(1);
    expect(share(code[1]!.tp!)).toBeGreaterThanOrEqual(0.928);
    for (const carrier of CODE_CARRIERS) expect(code[1]![`tp ${carrier}`]!.good).toBe(code[1]!.tp!.good / 4);
    for (const family of ["call-pair", "char-array", "format-index", "member-assignment", "comparison"])
      expect(share(code[1]![`tp · ${family}`]!)).toBe(1);
  });

  it("the first batch: false positives left alone", () => {
    // What is still redacted is decided: keyhacks' `xxxx`/`yyyy` pairs, a bare lower-case word
    // after a password's name (docs/decisions/redaction-code.md).
    expect(share(carried[1]!.fp!)).toBeGreaterThanOrEqual(0.88);
    expect(share(code[1]!.fp!)).toBeGreaterThanOrEqual(0.833);
  });

  it("the second batch (cfn_nag's templates, roslyn-analyzers', credential-digger's tests, vendors' token formats)", () => {
    // The misses left: Pinpoint's `TokenKey` (a key's name, so a credential's shape is wanted)
    // and a five-byte key (a byte list counts from eight).
    expect(share(carried[2]!.tp!)).toBeGreaterThanOrEqual(0.969);
    expect(share(carried[2]!["tp env"]!)).toBe(1);
    expect(share(carried[2]!.fp!)).toBeGreaterThanOrEqual(0.93);
    expect(share(carried[2]!["stelligent/cfn_nag fp"]!)).toBe(1);
    expect(share(code[2]!.tp!)).toBeGreaterThanOrEqual(0.8);
    expect(share(code[2]!.fp!)).toBe(1);
  });

  it("the third batch (kubescape's, kube-linter's, zizmor's, ansible-lint's tests, databases' and clients' documentation)", () => {
    // The miss left: kube-linter's `SECRET_BLAH: secretsquirrels` (a value that spells its
    // name's own word is the name's, benign.ts).
    expect(share(carried[3]!.tp!)).toBeGreaterThanOrEqual(0.982);
    expect(share(carried[3]!["tp env"]!)).toBe(1);
    expect(share(carried[3]!["database docs tp"]!)).toBe(1);
    expect(share(carried[3]!["library docs tp"]!)).toBe(1);
    expect(share(carried[3]!.fp!)).toBe(1);
  });

  it("the fourth batch (daemons' credential files and settings, from their manuals)", () => {
    // The misses left: pppd's pap-secrets without its header, Jetty's realm.properties and an
    // OpenVPN auth-user-pass file (a line of words: only the file's name would say what it
    // holds), and in a command's quoted word Postfix's and Exim's `user:X` lines.
    expect(share(carried[4]!.tp!)).toBeGreaterThanOrEqual(0.905);
    expect(share(carried[4]!["tp env"]!)).toBe(1);
    expect(share(carried[4]!["tp file"]!)).toBeGreaterThanOrEqual(0.896);
    expect(share(carried[4]!.fp!)).toBe(1);
  });

  it("the fifth batch (deployment tools' settings), measured once on the final rules: no rule after it", () => {
    // Its misses: Capistrano's `SECRET_KEY_BASE` of one word (a key's base wants a credential's
    // shape, names.ts), and hiera-eyaml's `ENC[PKCS7,…]` ciphertext redacted as a token.
    expect(share(carried[5]!.tp!)).toBeGreaterThanOrEqual(0.958);
    expect(share(carried[5]!["tp env"]!)).toBe(1);
    expect(share(carried[5]!.fp!)).toBeGreaterThanOrEqual(0.875);
  });
});
