/**
 * Verified by code trailseal did not write: an envelope `trailseal attest` wrote (real git, the
 * built CLI) is verified as a DSSE bundle by sigstore-js (`@sigstore/verify`, with the public key
 * `trailseal attest key` prints as the bundle's key hint, no transparency log and no timestamp
 * required), and its statement validated by ajv against the in-toto Statement v1 schema
 * (test/vectors/in-toto-statement-v1.schema.json, origin in the file). A changed byte fails both.
 */
import { spawnSync } from "node:child_process";
import { createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { bundleFromJSON } from "@sigstore/bundle";
import { toSignedEntity, Verifier } from "@sigstore/verify";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, runCli, tempDir } from "../helpers/cli.js";

let work: { dir: string; cleanup: () => Promise<void> };
let envelope: { payload: string; payloadType: string; signatures: { keyid: string; sig: string }[] };
let publicKeyPem: string;
let commit: string;

beforeAll(async () => {
  work = await tempDir("trailseal-attest-3p-");
  const home = join(work.dir, "home");
  const repo = join(work.dir, "repo");
  const bin = join(work.dir, "bin");
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
  const git = (...args: string[]) => {
    const out = spawnSync("git", args, { cwd: repo, encoding: "utf8", env });
    if (out.status !== 0) throw new Error(out.stderr);
    return out.stdout.trim();
  };
  spawnSync("mkdir", ["-p", bin]);
  await writeFile(join(bin, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, {
    mode: 0o755,
  });
  expect((await runCli(["--home", home, "init"])).code).toBe(0);
  spawnSync("git", ["init", "-q", "-b", "main", repo]);
  git("config", "user.name", "T");
  git("config", "user.email", "t@example.com");
  expect((await runCli(["--home", home, "hook", "install", "git"], { cwd: repo })).code).toBe(0);
  await runCli(["--home", home, "record"], {
    input: JSON.stringify({ kind: "command", command: "npm test" }),
  });
  await writeFile(join(repo, "a.txt"), "a\n");
  git("add", "a.txt");
  git("commit", "-q", "-m", "a");
  commit = git("rev-parse", "HEAD");
  expect((await runCli(["--home", home, "seal"])).code).toBe(0);
  const attested = await runCli(["--home", home, "attest", "HEAD", "--dir", join(work.dir, "att")], {
    cwd: repo,
  });
  expect(attested.code, attested.stderr).toBe(0);
  envelope = JSON.parse(await readFile(join(work.dir, "att", `${commit}.dsse.json`), "utf8"));
  publicKeyPem = (await runCli(["--home", home, "attest", "key"])).stdout;
});
afterAll(() => work?.cleanup());

function sigstoreVerify(env: typeof envelope) {
  const keyid = env.signatures[0]!.keyid;
  const bundle = bundleFromJSON({
    mediaType: "application/vnd.dev.sigstore.bundle.v0.3+json",
    verificationMaterial: {
      publicKey: { hint: keyid },
      tlogEntries: [],
      timestampVerificationData: { rfc3161Timestamps: [] },
    },
    dsseEnvelope: env,
  });
  const key = createPublicKey(publicKeyPem);
  const verifier = new Verifier(
    {
      certificateAuthorities: [],
      timestampAuthorities: [],
      tlogs: [],
      ctlogs: [],
      publicKey: (hint: string) => {
        if (hint !== keyid) throw new Error(`no key for ${hint}`);
        return { publicKey: key, validFor: () => true };
      },
    },
    { tlogThreshold: 0, ctlogThreshold: 0, timestampThreshold: 0 },
  );
  return verifier.verify(toSignedEntity(bundle));
}

describe("a trailseal attestation, checked by others' code", () => {
  it("@sigstore/verify verifies the DSSE envelope with the published public key", () => {
    const signer = sigstoreVerify(envelope);
    expect(signer.key.export({ format: "pem", type: "spki" })).toBe(publicKeyPem);
  });

  it("@sigstore/verify rejects the envelope once one byte of the payload changes", () => {
    const payload = Buffer.from(envelope.payload, "base64");
    const at = payload.length - 2;
    payload.writeUInt8(payload.readUInt8(at) ^ 1, at);
    expect(() => sigstoreVerify({ ...envelope, payload: payload.toString("base64") })).toThrow();
  });

  it("the statement is a valid in-toto Statement v1 (ajv, the vector schema) with the commit as gitCommit", () => {
    const schema = JSON.parse(
      readFileSync(join(import.meta.dirname, "../vectors/in-toto-statement-v1.schema.json"), "utf8"),
    );
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const statement = JSON.parse(Buffer.from(envelope.payload, "base64").toString("utf8"));
    expect(validate(statement), JSON.stringify(validate.errors)).toBe(true);
    expect(envelope.payloadType).toBe("application/vnd.in-toto+json");
    expect(statement.subject).toEqual([{ name: commit, digest: { gitCommit: commit } }]);
    // The schema is not a test that cannot fail: a short commit id is refused.
    expect(validate({ ...statement, subject: [{ digest: { gitCommit: commit.slice(0, 12) } }] })).toBe(false);
    expect(validate({ ...statement, _type: "https://in-toto.io/Statement/v0.1" })).toBe(false);
  });
});
