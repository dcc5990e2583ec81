import type { ErrorCodeEntry } from "../code-entry.js";

/** The GITLOG_ codes. */
export const GITLOG_CODES = {
  GITLOG_AUDIT_CHECKPOINT: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a commit's checkpoint is missing, unsigned or wrong",
  },
  GITLOG_AUDIT_ENTRY_CHANGED: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a commit changed an existing entry",
  },
  GITLOG_AUDIT_ENTRY_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "audit: an entry is not a valid anchor",
  },
  GITLOG_AUDIT_ENTRY_REMOVED: { capability: "witness", exit: 1, meaning: "audit: a commit removed entries" },
  GITLOG_AUDIT_LAYOUT: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a commit holds a file outside the log layout",
  },
  GITLOG_AUDIT_METADATA: { capability: "witness", exit: 1, meaning: "audit: the log's metadata changed" },
  GITLOG_AUDIT_NOT_DESCENDANT: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a previously seen head is gone (history rewritten)",
  },
  GITLOG_AUDIT_NOT_LINEAR: {
    capability: "witness",
    exit: 1,
    meaning: "audit: the history has a merge commit",
  },
  GITLOG_AUDIT_SIGNATURE_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a commit is signed by a key that is not allowed",
  },
  GITLOG_AUDIT_UNSIGNED: { capability: "witness", exit: 1, meaning: "audit: a commit is not signed" },
  GITLOG_GIT_FAILED: { capability: "witness", exit: 1, meaning: "a git command failed" },
  GITLOG_INIT_EXISTS: { capability: "witness", exit: 2, meaning: "the directory for a new log is not empty" },
  GITLOG_KEY_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "the log's signing key is malformed or not the log's key",
  },
  GITLOG_KEY_NOT_FOUND: {
    capability: "witness",
    exit: 2,
    meaning: "the log's signing key is not in the home",
  },
  GITLOG_KEY_PERMISSIONS: {
    capability: "witness",
    exit: 2,
    meaning: "the log's signing key is readable by other users",
  },
  GITLOG_LAYOUT_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "the log's tree does not have the log layout",
  },
  GITLOG_METADATA_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "the log's metadata file is not valid",
  },
  GITLOG_NOT_A_LOG: { capability: "witness", exit: 2, meaning: "the repository is not a trailseal log" },
  GITLOG_OBJECT_CORRUPT: { capability: "witness", exit: 1, meaning: "a git object is malformed" },
  GITLOG_OBJECT_MISSING: { capability: "witness", exit: 1, meaning: "a git object cannot be read" },
  GITLOG_OBJECT_TYPE: { capability: "witness", exit: 1, meaning: "a git object has the wrong type" },
  GITLOG_ORIGIN_INVALID: {
    capability: "witness",
    exit: 2,
    meaning: "--origin is not printable ASCII without spaces or '+'",
  },
  GITLOG_PUSH_REJECTED: {
    capability: "witness",
    exit: 1,
    meaning: "the log moved on while publishing (not a fast-forward)",
  },
  GITLOG_REF_MOVED: {
    capability: "witness",
    exit: 1,
    meaning: "the log's branch moved under a compare-and-swap",
  },
  GITLOG_SSHSIG_INVALID: { capability: "witness", exit: 1, meaning: "an SSH signature is malformed" },
  GITLOG_TEMPLATE_MISSING: {
    capability: "witness",
    exit: 1,
    meaning: "log-repo-template/ is missing from the install",
  },
  GITLOG_VERIFY_ENTRY_CHANGED: {
    capability: "witness",
    exit: 1,
    meaning: "verify: an entry differs from an earlier commit",
  },
  GITLOG_VERIFY_NOT_INCLUDED: {
    capability: "witness",
    exit: 1,
    meaning: "verify: the tiles do not hold the entries",
  },
  GITLOG_VERIFY_NOT_LINEAR: {
    capability: "witness",
    exit: 1,
    meaning: "verify: the history has a merge commit",
  },
  GITLOG_VERIFY_SIGNATURE_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "verify: a commit is not signed by the log key",
  },
} as const satisfies Record<`GITLOG_${string}`, ErrorCodeEntry>;
