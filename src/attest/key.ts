/**
 * The attestation key: Ed25519, managed like the seal key (docs/seal-format.md) — one per home,
 * `<home>/keys/attest-ed25519.pem` (PKCS#8 PEM), mode 0600, refused when readable by others,
 * never printed. Its public half is publishable (`trailseal attest key`): reviewers verify with
 * it. In CI the key comes from TRAILSEAL_ATTEST_KEY (the PEM text) and is never written.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileCalls, writeFileAtomic } from "../durable/index.js";
import { ed25519RawPublicKey } from "../ed25519/index.js";
import { configError } from "../errors/index.js";
import { homePaths } from "../home/index.js";

/** Not `*.key`: the seal key is the home's only `keys/*.key` file. */
export const ATTEST_KEY_FILE = "attest-ed25519.pem";

export interface AttestKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** `ta-` + the first 16 hex of SHA-256 of the raw public key: the DSSE `keyid`. */
export function attestKeyId(publicKey: KeyObject): string {
  return `ta-${createHash("sha256").update(ed25519RawPublicKey(publicKey)).digest("hex").slice(0, 16)}`;
}

export function attestKeyPath(home: string): string {
  return join(homePaths(home).keys, ATTEST_KEY_FILE);
}

function fromPem(pem: string, where: string): AttestKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch (cause) {
    throw configError("ATTEST_KEY_INVALID", `${where} is not a PEM private key`, { cause });
  }
  if (privateKey.asymmetricKeyType !== "ed25519")
    throw configError("ATTEST_KEY_INVALID", `${where} is not an Ed25519 key`);
  const publicKey = createPublicKey(privateKey);
  return { keyId: attestKeyId(publicKey), privateKey, publicKey };
}

/**
 * The home's attestation key, made (0600, atomically) when the home has none and `create` is
 * set; TRAILSEAL_ATTEST_KEY takes precedence.
 */
export async function loadAttestKey(
  home: string,
  { env = process.env, create = false }: { env?: NodeJS.ProcessEnv; create?: boolean } = {},
): Promise<AttestKey> {
  const fromEnv = env.TRAILSEAL_ATTEST_KEY;
  if (fromEnv !== undefined && fromEnv.trim() !== "") return fromPem(fromEnv, "TRAILSEAL_ATTEST_KEY");
  const path = attestKeyPath(home);
  let info: Awaited<ReturnType<typeof fileCalls.stat>> | null = null;
  try {
    info = await fileCalls.stat(path);
  } catch {
    info = null;
  }
  if (info === null) {
    if (!create)
      throw configError("ATTEST_KEY_MISSING", `no attestation key in ${homePaths(home).keys}`, {
        hint: "`trailseal attest` makes one, or set TRAILSEAL_ATTEST_KEY",
      });
    const { privateKey } = generateKeyPairSync("ed25519");
    await mkdir(homePaths(home).keys, { recursive: true, mode: 0o700 });
    await writeFileAtomic(path, privateKey.export({ format: "pem", type: "pkcs8" }) as string, {
      mode: 0o600,
    });
    await fileCalls.chmod(path, 0o600);
    return loadAttestKey(home, { env, create: false });
  }
  if ((info.mode & 0o077) !== 0)
    throw configError("ATTEST_KEY_PERMISSIONS", `${path} is readable by other users`, {
      hint: `chmod 600 ${path}`,
    });
  return fromPem(await fileCalls.readFile(path, "utf8"), path);
}

/** The public key as SPKI PEM: what `trailseal attest key` prints and verifiers pass as --key. */
export function publicKeyPem(key: KeyObject): string {
  return key.export({ format: "pem", type: "spki" }) as string;
}

/** A verifier's public key from PEM text (SPKI, or a private key's public half). */
export function parsePublicKey(pem: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch (cause) {
    throw configError("ATTEST_KEY_INVALID", `${where} is not a PEM public key`, { cause });
  }
  if (key.asymmetricKeyType !== "ed25519")
    throw configError("ATTEST_KEY_INVALID", `${where} is not an Ed25519 key`);
  return key;
}
