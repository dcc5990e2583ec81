import { configError } from "../errors/index.js";
import { anchorRequestSchema, LIMITS } from "../witness/index.js";

/**
 * Refuses a seal key id no witness would accept (control characters such as a newline, more
 * than the protocol's length limit, malformed Unicode), by the witness protocol's own rule: a
 * seal made with it would be stored, then rejected by every witness, one publish at a time.
 * Checked when sealing starts (`seal`, `relay start`), where TRAILSEAL_KEY_ID is read.
 */
export function assertPublishableKeyId(keyId: string): void {
  const checked = anchorRequestSchema.shape.key_id.safeParse(keyId);
  if (checked.success) return;
  throw configError(
    "SEAL_KEY_ID_INVALID",
    `the seal key id ${JSON.stringify(keyId.slice(0, 40))}${keyId.length > 40 ? "…" : ""} is not one witnesses accept: ${checked.error.issues[0]?.message ?? "invalid"}`,
    {
      hint: `TRAILSEAL_KEY_ID must be 1 to ${LIMITS.maxKeyIdLength} printable characters (no control characters)`,
    },
  );
}
