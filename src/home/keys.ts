import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileCalls } from "../durable/index.js";
import { configError } from "../errors/index.js";
import { homePaths } from "./paths.js";

export interface SealKey {
  keyId: string;
  /** The 32 key bytes. Never print, log or send them. */
  key: Buffer;
}

const KEY_HEX = /^[0-9a-f]{64}$/;

/** A stable identifier that does not reveal the key: a domain-separated hash prefix. */
export function deriveKeyId(keyHex: string): string {
  return `ts-${createHash("sha256").update(`trailseal key id\n${keyHex}`).digest("hex").slice(0, 16)}`;
}

export function generateSealKeyHex(): string {
  return randomBytes(32).toString("hex");
}

/**
 * The seal key: from TRAILSEAL_SEAL_KEY (+ optional TRAILSEAL_KEY_ID) when set (CI), else the
 * single `keys/*.key` file of the home.
 */
export async function loadSealKey(home: string, env: NodeJS.ProcessEnv = process.env): Promise<SealKey> {
  const fromEnv = env.TRAILSEAL_SEAL_KEY;
  if (fromEnv !== undefined && fromEnv !== "") {
    const hex = fromEnv.trim();
    if (!KEY_HEX.test(hex)) {
      throw configError("SEAL_KEY_INVALID", "TRAILSEAL_SEAL_KEY must be 64 lowercase hex characters");
    }
    return { keyId: env.TRAILSEAL_KEY_ID?.trim() || deriveKeyId(hex), key: Buffer.from(hex, "hex") };
  }
  const dir = homePaths(home).keys;
  let names: string[] = [];
  try {
    names = (await fileCalls.readdir(dir)).filter((name) => name.endsWith(".key")).sort();
  } catch {
    // fall through to the error below
  }
  const name = names.at(-1);
  if (name === undefined) {
    throw configError("SEAL_KEY_MISSING", `no seal key in ${dir}`, {
      hint: "run `trailseal init`, or set TRAILSEAL_SEAL_KEY and TRAILSEAL_KEY_ID",
    });
  }
  const path = join(dir, name);
  const info = await fileCalls.stat(path);
  if ((info.mode & 0o077) !== 0) {
    throw configError("SEAL_KEY_PERMISSIONS", `${path} is readable by other users`, {
      hint: `chmod 600 ${path}`,
    });
  }
  const hex = (await fileCalls.readFile(path, "utf8")).trim();
  if (!KEY_HEX.test(hex))
    throw configError("SEAL_KEY_INVALID", `${path} does not hold 64 lowercase hex characters`);
  return { keyId: name.slice(0, -".key".length), key: Buffer.from(hex, "hex") };
}
