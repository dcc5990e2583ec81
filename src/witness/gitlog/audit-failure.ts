/**
 * How a `witness audit` stops: the first violation found is thrown as an AuditStop carrying its
 * code, and auditGitDir turns it into the report's failure (naming the commit being audited).
 */

export type AuditFailureCode =
  | "GITLOG_AUDIT_UNSIGNED"
  | "GITLOG_AUDIT_SIGNATURE_INVALID"
  | "GITLOG_AUDIT_NOT_LINEAR"
  | "GITLOG_AUDIT_METADATA"
  | "GITLOG_AUDIT_ENTRY_CHANGED"
  | "GITLOG_AUDIT_ENTRY_REMOVED"
  | "GITLOG_AUDIT_ENTRY_INVALID"
  | "GITLOG_AUDIT_LAYOUT"
  | "GITLOG_AUDIT_CHECKPOINT"
  | "GITLOG_AUDIT_NOT_DESCENDANT";

export class AuditStop extends Error {
  constructor(
    readonly code: AuditFailureCode,
    message: string,
  ) {
    super(message);
  }
}
