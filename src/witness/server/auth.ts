import { createHash, timingSafeEqual } from "node:crypto";

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * Bearer-token check (DESIGN §6). Both sides are hashed first so the comparison is over equal
 * lengths and timingSafeEqual leaks neither the token's content nor its length; every
 * configured token is compared, so the time does not depend on which one matched.
 */
export function createTokenCheck(
  tokens: readonly string[],
): ((header: string | undefined) => boolean) | null {
  if (tokens.length === 0) return null;
  const digests = tokens.map(digest);
  return (header) => {
    const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(header ?? "");
    const presented = digest(match?.[1] ?? "");
    let ok = false;
    for (const expected of digests) ok = timingSafeEqual(presented, expected) || ok;
    return ok && match !== null;
  };
}
