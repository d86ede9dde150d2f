/**
 * When the links of an answer expire. Links are signed against an expiry bucket: `Expires` is
 * rounded UP to the next multiple of the bucket, so a link always lives at least the configured
 * lifetime, and every answer given within one bucket carries the same links. That makes a
 * record's signed JSON reusable for the whole bucket (signing costs nothing per request) and
 * gives identical lookups identical bytes, which clients and CDNs can cache.
 */

/** Unix seconds at which links signed at `nowMs` expire: at least `lifetimeSeconds` away, on a bucket boundary. */
export function bucketedExpiry(nowMs: number, lifetimeSeconds: number, bucketSeconds: number): number {
  return Math.ceil((nowMs / 1000 + lifetimeSeconds) / bucketSeconds) * bucketSeconds;
}

/**
 * The bucket actually used: the configured one, but never longer than the lifetime itself, so a
 * short-lived link (60 s) is not stretched to several times its life.
 */
export function effectiveBucket(lifetimeSeconds: number, bucketSeconds: number): number {
  return Math.min(lifetimeSeconds, bucketSeconds);
}
