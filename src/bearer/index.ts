/**
 * Bearer tokens: the one check the dashboard and the witness server use for
 * `Authorization: Bearer <token>` (RFC 6750 §2.1), and the one constant-time secret comparison.
 *
 * Invariant: nothing here takes time that depends on a secret. Both sides are hashed first, so
 * timingSafeEqual compares equal lengths and leaks neither the token's content nor its length;
 * with several configured tokens every one is compared, so the time does not say which matched.
 */
import { createHash, timingSafeEqual } from "node:crypto";

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/** Constant-time equality of two secrets of any length. */
export function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header (printable ASCII, no spaces), or null. */
export function parseBearer(header: string | undefined): string | null {
  return /^Bearer +([\x21-\x7e]+) *$/i.exec(header ?? "")?.[1] ?? null;
}

/**
 * A check of the Authorization header against the configured tokens, or null when there are
 * none (the caller then decides what an open server allows).
 */
export function createBearerCheck(
  tokens: readonly string[],
): ((authorization: string | undefined) => boolean) | null {
  if (tokens.length === 0) return null;
  const digests = tokens.map(digest);
  return (authorization) => {
    const token = parseBearer(authorization);
    const presented = digest(token ?? "");
    let ok = false;
    for (const expected of digests) ok = timingSafeEqual(presented, expected) || ok;
    return ok && token !== null;
  };
}
