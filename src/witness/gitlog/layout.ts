/**
 * The ONE definition of a transparency log's layout (docs/log-format.md): file paths inside the
 * repository, the branch, the entry bundles, the anchor-id form and where log keys live in a
 * trailseal home. The writer (server backend, direct publishing) and every reader (audit,
 * verify by cloning) import these; nobody spells a path of the log by hand.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { encodeTileIndex, CHECKPOINT_PATH as TLOG_CHECKPOINT_PATH } from "../../tlog/index.js";

/** Log format version written to and required in the metadata file. */
export const LOG_FORMAT_VERSION = 1;
export const LOG_FORMAT_NAME = "trailseal-log";

export const BRANCH = "main";
export const BRANCH_REF = `refs/heads/${BRANCH}`;

export const METADATA_PATH = "trailseal-log.json";
export const ALLOWED_SIGNERS_PATH = "allowed_signers";
export const README_PATH = "README.md";
export const WORKFLOW_PATH = ".github/workflows/audit.yml";
/** Written by the tlog writer (C2SP tlog-checkpoint / tlog-tiles): src/tlog's definition. */
export const CHECKPOINT_PATH = TLOG_CHECKPOINT_PATH;
export const TILE_DIR = "tile";

/** Entries live in JSONL bundles of this many lines; only the last bundle may be partial. */
export const BUNDLE_SIZE = 256;
export const ENTRIES_DIR = "entries";

/** Principal name used in allowed_signers. */
export const SIGNER_PRINCIPAL = "trailseal-log";

export const COMMITTER = { name: "trailseal log", email: "log@trailseal.invalid" } as const;

/** C2SP tlog-tiles path element (1234067 → "x001/x234/067", 5 → "005"): the tlog's one definition. */
export const tilePathElement: (n: number) => string = encodeTileIndex;

/**
 * Path of JSONL entry file `n` (entries n*256 … n*256+255): `entries/x001/234.jsonl`. Not to be
 * confused with the C2SP entry bundles under `tile/entries/` (src/tlog `entryBundlePath`).
 */
export function entriesFilePath(bundle: number): string {
  return `${ENTRIES_DIR}/${tilePathElement(bundle)}.jsonl`;
}

/** Inverse of entriesFilePath for paths relative to the log root; null for anything else. */
export function parseEntriesFilePath(path: string): number | null {
  const match = /^entries\/((?:x\d{3}\/)*\d{3})\.jsonl$/.exec(path);
  if (!match) return null;
  const n = Number(match[1]!.replaceAll("x", "").replaceAll("/", ""));
  return entriesFilePath(n) === path ? n : null;
}

export function bundleOf(index: number): number {
  return Math.floor(index / BUNDLE_SIZE);
}

/**
 * Anchor ids are assigned by the log: `wit_<index>_<16 hex of SHA-256(JCS(request))>`.
 * The index makes lookup O(1) (which bundle, which line) for a reader holding only a clone;
 * the digest binds the id to the request it was given for, so an id cannot be replayed onto
 * another entry at the same index after a history rewrite without the audit noticing.
 */
export function formatAnchorId(index: number, requestDigestHex: string): string {
  return `wit_${index}_${requestDigestHex.slice(0, 16)}`;
}

export function parseAnchorId(anchorId: string): { index: number; digest: string } | null {
  const match = /^wit_(0|[1-9]\d{0,14})_([0-9a-f]{16})$/.exec(anchorId);
  if (!match) return null;
  const index = Number(match[1]);
  return Number.isSafeInteger(index) ? { index, digest: match[2]! } : null;
}

export function requestDigest(canonicalRequest: string): string {
  return createHash("sha256").update(canonicalRequest).digest("hex");
}

/** File name (in `<home>/log-keys/`) of the private key whose raw public key is `publicKey`. */
export function logKeyFileName(publicKey: Uint8Array): string {
  return `${createHash("sha256").update(publicKey).digest("hex").slice(0, 24)}.pem`;
}

export function logKeyPath(logKeysDir: string, publicKey: Uint8Array): string {
  return join(logKeysDir, logKeyFileName(publicKey));
}
