/**
 * Per-client token bucket: `burst` requests at once, refilled at `perSecond`. Keyed by the
 * socket's remote address (no proxy headers are trusted). The table is bounded: when it is
 * full, buckets that have refilled completely (idle clients) are dropped first.
 */
export interface RateLimiter {
  /** 0 when the request may proceed, else the seconds to wait (for Retry-After). */
  take(client: string): number;
}

const MAX_CLIENTS = 10_000;

export function createRateLimiter(burst: number, perSecond: number, nowMs: () => number): RateLimiter | null {
  if (perSecond <= 0 || burst <= 0) return null;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refill = (bucket: { tokens: number; at: number }, t: number) => {
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
    bucket.at = t;
  };
  return {
    take(client) {
      const t = nowMs();
      let bucket = buckets.get(client);
      if (!bucket) {
        if (buckets.size >= MAX_CLIENTS) {
          for (const [key, other] of buckets) {
            refill(other, t);
            if (other.tokens >= burst) buckets.delete(key);
          }
          if (buckets.size >= MAX_CLIENTS) buckets.delete(buckets.keys().next().value!);
        }
        bucket = { tokens: burst, at: t };
        buckets.set(client, bucket);
      }
      refill(bucket, t);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    },
  };
}
