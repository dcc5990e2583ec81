/**
 * The log's metadata file (`trailseal-log.json`) and its `allowed_signers` file: schema,
 * parse (zod; the bytes come from a clone, i.e. from anyone) and serialize.
 */
import { z } from "zod";
import { describeIssues, TrailsealError } from "../../errors/index.js";
import type { ReadLogFile } from "../../tlog/index.js";
import {
  BRANCH,
  BUNDLE_SIZE,
  LOG_FORMAT_NAME,
  LOG_FORMAT_VERSION,
  METADATA_PATH,
  SIGNER_PRINCIPAL,
} from "./layout.js";
import { formatSshPublicKey, parseSshPublicKey } from "./sshsig.js";

export const logMetadataSchema = z.looseObject({
  format: z.literal(LOG_FORMAT_NAME),
  version: z.literal(LOG_FORMAT_VERSION),
  origin: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces"),
  public_key: z.string().refine((text) => parseSshPublicKey(text) !== null, "must be an ssh-ed25519 key"),
  verifier_key: z.string().min(1).optional(),
  branch: z.literal(BRANCH),
  bundle_size: z.literal(BUNDLE_SIZE),
});

export type LogMetadata = z.infer<typeof logMetadataSchema>;

export function buildMetadata(origin: string, publicKey: Uint8Array, verifierKey?: string): LogMetadata {
  return {
    format: LOG_FORMAT_NAME,
    version: LOG_FORMAT_VERSION,
    origin,
    public_key: formatSshPublicKey(publicKey),
    ...(verifierKey ? { verifier_key: verifierKey } : {}),
    branch: BRANCH,
    bundle_size: BUNDLE_SIZE,
  };
}

export function serializeMetadata(metadata: LogMetadata): string {
  return `${JSON.stringify(metadata, null, 2)}\n`;
}

export function parseMetadata(text: string): LogMetadata {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new TrailsealError("GITLOG_METADATA_INVALID", `${METADATA_PATH} is not JSON`, { cause });
  }
  const parsed = logMetadataSchema.safeParse(value);
  if (!parsed.success) {
    throw new TrailsealError(
      "GITLOG_METADATA_INVALID",
      `${METADATA_PATH} is invalid: ${describeIssues(parsed.error.issues)}`,
    );
  }
  return parsed.data;
}

export function metadataPublicKey(metadata: LogMetadata): Uint8Array {
  return parseSshPublicKey(metadata.public_key)!;
}

/** One allowed_signers line (ssh-keygen ALLOWED SIGNERS format), restricted to namespace git. */
export function serializeAllowedSigners(publicKeys: readonly Uint8Array[]): string {
  return publicKeys
    .map((key) => `${SIGNER_PRINCIPAL} namespaces="git" ${formatSshPublicKey(key)}\n`)
    .join("");
}

/**
 * The ssh-ed25519 keys of an allowed_signers file that may sign in namespace `git`.
 * Lines we do not understand (other key types, cert-authority, expiry options) are skipped:
 * they grant nothing here, which errs on the side of rejecting a commit.
 */
export function parseAllowedSigners(text: string): Uint8Array[] {
  const keys: Uint8Array[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = /^(\S+)\s+(?:(\S+)\s+)?(ssh-ed25519\s+[A-Za-z0-9+/=]+)(?:\s.*)?$/.exec(line);
    if (!match) continue;
    const options = match[2] ?? "";
    if (options.includes("cert-authority") || options.includes("valid-")) continue;
    const ns = /namespaces="([^"]*)"/.exec(options);
    if (ns && !ns[1]!.split(",").includes("git")) continue;
    const key = parseSshPublicKey(match[3]!);
    if (key) keys.push(key);
  }
  return keys;
}

const publishedKeySchema = z.looseObject({
  verifier_key: z.string().optional(),
  origin: z.string().optional(),
});

/** The members of a log's metadata a tile reader needs: its verifier key and origin. */
export interface PublishedLogKey {
  verifierKey?: string;
  origin?: string;
}

/**
 * Reads the metadata file at the root of a log served as raw files (tiles over HTTP), keeping
 * only `verifier_key` and `origin`; null when absent. TLOG_FETCH_FAILED when it is not JSON.
 */
export async function readPublishedLogKey(read: ReadLogFile): Promise<PublishedLogKey | null> {
  const bytes = await read(METADATA_PATH);
  if (!bytes) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch (cause) {
    throw new TrailsealError("TLOG_FETCH_FAILED", `${METADATA_PATH} is not JSON`, { cause });
  }
  const parsed = publishedKeySchema.safeParse(json);
  if (!parsed.success) throw new TrailsealError("TLOG_FETCH_FAILED", `${METADATA_PATH} is not log metadata`);
  return {
    ...(parsed.data.verifier_key ? { verifierKey: parsed.data.verifier_key } : {}),
    ...(parsed.data.origin ? { origin: parsed.data.origin } : {}),
  };
}
