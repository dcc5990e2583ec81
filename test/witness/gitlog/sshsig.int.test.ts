import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serializeAllowedSigners } from "../../../src/witness/gitlog/metadata.js";
import { rawPublicKey, signSshSig } from "../../../src/witness/gitlog/sshsig.js";

describe("sshsig against stock ssh-keygen", () => {
  it("ssh-keygen -Y verify accepts our signatures and rejects a changed message", () => {
    const dir = mkdtempSync(join(tmpdir(), "ts-sshsig-"));
    try {
      const { privateKey } = generateKeyPairSync("ed25519");
      writeFileSync(join(dir, "allowed"), serializeAllowedSigners([rawPublicKey(privateKey)]));
      writeFileSync(join(dir, "sig"), signSshSig(Buffer.from("message\n"), privateKey, "git"));
      const verify = (input: string) =>
        execFileSync(
          "ssh-keygen",
          [
            "-Y",
            "verify",
            "-f",
            join(dir, "allowed"),
            "-I",
            "trailseal-log",
            "-n",
            "git",
            "-s",
            join(dir, "sig"),
          ],
          { input, stdio: ["pipe", "pipe", "pipe"] },
        ).toString();
      expect(verify("message\n")).toMatch(/Good "git" signature/);
      expect(() => verify("massage\n")).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
