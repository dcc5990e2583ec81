/**
 * Log signing keys: Ed25519, generated with node:crypto, kept in `<home>/log-keys/` as PKCS#8
 * PEM (file 0600, directory 0700), named by a digest of the public key so that a writer finds
 * the key of a log from the public key the log publishes. Never written into a repository.
 */

import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { chmod, mkdir, open } from "node:fs/promises";
import { syncHandle } from "../../durable/index.js";
import { configError, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { logKeyPath } from "./layout.js";
import { privateKeyFromPem, rawPublicKey, sshFingerprint } from "./sshsig.js";

export interface LogKey {
  privateKey: KeyObject;
  publicKey: Uint8Array;
}

/** Creates a fresh log key in the home and returns it (file created with O_EXCL, fsync'd). */
export async function createLogKey(home: string): Promise<LogKey & { path: string }> {
  const { privateKey } = generateKeyPairSync("ed25519");
  const publicKey = rawPublicKey(privateKey);
  const dir = homePaths(home).logKeys;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = logKeyPath(dir, publicKey);
  const handle = await open(path, "wx", 0o600);
  try {
    await handle.writeFile(privateKey.export({ format: "pem", type: "pkcs8" }) as string);
    await syncHandle(handle);
  } finally {
    await handle.close();
  }
  await chmod(path, 0o600);
  return { privateKey, publicKey, path };
}

/** Loads the private key of the log whose public key is `publicKey` from the home. */
export async function loadLogKey(home: string, publicKey: Uint8Array): Promise<LogKey> {
  const path = logKeyPath(homePaths(home).logKeys, publicKey);
  let pem: string;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, "r");
  } catch (cause) {
    throw new TrailsealError(
      "GITLOG_KEY_NOT_FOUND",
      `this trailseal home has no signing key for the log key ${sshFingerprint(publicKey)}`,
      {
        cause,
        hint: "publish to a git log from the home that ran `trailseal witness init` for it (or copy its log-keys/ file)",
      },
    );
  }
  try {
    // Checked on the open file (no swap between the check and the read), like the seal key.
    if (((await handle.stat()).mode & 0o077) !== 0) {
      throw configError("GITLOG_KEY_PERMISSIONS", `${path} is readable by other users`, {
        hint: `chmod 600 ${path}`,
      });
    }
    pem = await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
  const privateKey = privateKeyFromPem(pem);
  if (!Buffer.from(rawPublicKey(privateKey)).equals(Buffer.from(publicKey))) {
    throw new TrailsealError("GITLOG_KEY_INVALID", `the key in ${path} does not match the log's public key`);
  }
  return { privateKey, publicKey };
}
