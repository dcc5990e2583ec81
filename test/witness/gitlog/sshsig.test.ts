import { generateKeyPairSync } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commitPayload,
  isCommitSignedBy,
  parseCommit,
  signCommit,
} from "../../../src/witness/gitlog/commit.js";
import {
  entriesFilePath,
  parseEntriesFilePath,
  tilePathElement,
} from "../../../src/witness/gitlog/layout.js";
import { parseAllowedSigners, serializeAllowedSigners } from "../../../src/witness/gitlog/metadata.js";
import {
  formatSshPublicKey,
  parseSshPublicKey,
  parseSshSig,
  rawPublicKey,
  serializeSshSig,
  signSshSig,
  verifySshSig,
} from "../../../src/witness/gitlog/sshsig.js";

const { privateKey } = generateKeyPairSync("ed25519");
const publicKey = rawPublicKey(privateKey);

describe("sshsig", () => {
  it("parse then serialize reproduces the armored signature exactly", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom("git", "file"), (message, ns) => {
        const armored = signSshSig(message, privateKey, ns);
        expect(serializeSshSig(parseSshSig(armored))).toBe(armored);
        expect(verifySshSig(message, armored, [publicKey], ns)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it("rejects a changed message, another namespace, an untrusted key, and garbage without throwing", () => {
    const armored = signSshSig(Buffer.from("hello"), privateKey);
    const other = rawPublicKey(generateKeyPairSync("ed25519").privateKey);
    expect(verifySshSig(Buffer.from("hellO"), armored, [publicKey])).toBe(false);
    expect(verifySshSig(Buffer.from("hello"), armored, [publicKey], "file")).toBe(false);
    expect(verifySshSig(Buffer.from("hello"), armored, [other])).toBe(false);
    fc.assert(
      fc.property(fc.string(), (junk) => {
        expect(verifySshSig(Buffer.from("hello"), junk, [publicKey])).toBe(false);
      }),
    );
    expect(() => parseSshSig("-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----")).toThrow(
      expect.objectContaining({ code: "GITLOG_SSHSIG_INVALID" }),
    );
  });

  it("ssh public keys and allowed_signers round-trip", () => {
    expect(parseSshPublicKey(formatSshPublicKey(publicKey))).toEqual(publicKey);
    expect(parseAllowedSigners(serializeAllowedSigners([publicKey]))).toEqual([publicKey]);
    expect(parseAllowedSigners(`x namespaces="file" ${formatSshPublicKey(publicKey)}\n`)).toEqual([]);
  });
});

describe("commits", () => {
  const fields = {
    tree: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    parents: [],
    author: { name: "a", email: "a@b", time: 1 },
    committer: { name: "a", email: "a@b", time: 1 },
    message: "m\n",
  };
  it("the parsed payload is the commit without gpgsig; a changed byte breaks the signature", () => {
    const raw = signCommit(fields, privateKey);
    const parsed = parseCommit(raw);
    expect(parsed.payload.toString()).toBe(commitPayload(fields));
    expect(isCommitSignedBy(parsed, [publicKey])).toBe(true);
    const tampered = Buffer.from(raw.toString().replace("m\n", "n\n"));
    expect(isCommitSignedBy(parseCommit(tampered), [publicKey])).toBe(false);
  });
});

describe("layout", () => {
  it("uses C2SP path elements for bundles and parses them back", () => {
    expect(tilePathElement(5)).toBe("005");
    expect(tilePathElement(1234067)).toBe("x001/x234/067");
    expect(entriesFilePath(1234)).toBe("entries/x001/234.jsonl");
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(parseEntriesFilePath(entriesFilePath(n))).toBe(n);
      }),
    );
    expect(parseEntriesFilePath("entries/0005.jsonl")).toBeNull();
  });
});
