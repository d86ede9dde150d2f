import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/core/errors.js";
import { RATE_LIMIT_DEFAULTS, TokenBucketLimiter } from "../../src/service/rateLimiter.js";

function clock(start = 0) {
  let ms = start;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

describe("TokenBucketLimiter", () => {
  it("allows a burst of `capacity`, then refuses with the seconds until the next token", () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ capacity: 3, refillPerSecond: 1 }, c.now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
    ]);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    c.advance(500);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    c.advance(500);
    expect(limiter.take("a")).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("takes several tokens for a costly request, none when too few are left, at most the capacity", () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ capacity: 10, refillPerSecond: 1 }, c.now);
    expect(limiter.take("a", 4)).toEqual({ allowed: true, remaining: 6 });
    expect(limiter.take("a", 4)).toEqual({ allowed: true, remaining: 2 });
    expect(limiter.take("a", 4)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(limiter.take("a")).toEqual({ allowed: true, remaining: 1 });
    const small = new TokenBucketLimiter({ capacity: 2, refillPerSecond: 1 }, c.now);
    expect(small.take("a", 4)).toEqual({ allowed: true, remaining: 0 });
  });

  it("rounds Retry-After up to whole seconds for slow refills", () => {
    const limiter = new TokenBucketLimiter({ capacity: 1, refillPerSecond: 0.4 }, clock().now);
    limiter.take("a");
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 3 });
  });

  it("keeps one bucket per key", () => {
    const limiter = new TokenBucketLimiter({ capacity: 1, refillPerSecond: 1 }, clock().now);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true);
    expect(limiter.size).toBe(2);
  });

  it("never holds more than `capacity` tokens, however long the key was idle", () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ capacity: 2, refillPerSecond: 10 }, c.now);
    limiter.take("a");
    c.advance(3_600_000);
    expect([limiter.take("a").allowed, limiter.take("a").allowed, limiter.take("a").allowed]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("does not refill when the clock goes backwards", () => {
    const c = clock(10_000);
    const limiter = new TokenBucketLimiter({ capacity: 1, refillPerSecond: 1 }, c.now);
    limiter.take("a");
    c.advance(-5_000);
    expect(limiter.take("a").allowed).toBe(false);
  });

  it("uses the documented defaults", () => {
    const limiter = new TokenBucketLimiter();
    expect([limiter.capacity, limiter.refillPerSecond]).toEqual([
      RATE_LIMIT_DEFAULTS.capacity,
      RATE_LIMIT_DEFAULTS.refillPerSecond,
    ]);
    expect(RATE_LIMIT_DEFAULTS).toEqual({ capacity: 300, refillPerSecond: 50 });
  });

  it("names the bad option", () => {
    // An OptionsError like every other option check, not a bare RangeError.
    expect(() => new TokenBucketLimiter({ capacity: 0 })).toThrow(OptionsError);
    expect(() => new TokenBucketLimiter({ capacity: 0 })).toThrow(
      "rateLimit.capacity must be a positive integer, got 0",
    );
    expect(() => new TokenBucketLimiter({ refillPerSecond: -1 })).toThrow(
      "rateLimit.refillPerSecond must be a positive finite number, got -1",
    );
    expect(() => new TokenBucketLimiter({ refillPerSecond: Infinity })).toThrow(
      "rateLimit.refillPerSecond must be a positive finite number, got Infinity",
    );
  });

  it("peeks without taking: a new key has a full bucket, an empty one says when to come back", () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ capacity: 2, refillPerSecond: 0.5 }, c.now);
    expect(limiter.peek("a")).toEqual({ allowed: true, remaining: 2 });
    expect(limiter.size).toBe(0);
    limiter.take("a");
    expect([limiter.peek("a"), limiter.peek("a")]).toEqual([
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 1 },
    ]);
    limiter.take("a");
    expect(limiter.peek("a")).toEqual({ allowed: false, retryAfterSeconds: 2 });
    // Peeking refills to the clock as taking does.
    c.advance(1_000);
    expect(limiter.peek("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    c.advance(2_000); // 1.5 tokens: one whole one
    expect(limiter.peek("a")).toEqual({ allowed: true, remaining: 1 });
  });

  it("counts whole tokens left, rounded down", () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ capacity: 3, refillPerSecond: 1 }, c.now);
    for (let i = 0; i < 3; i++) limiter.take("a");
    c.advance(1_500);
    // 1.5 tokens: one taken leaves half a token, which is not one to spend.
    expect(limiter.take("a")).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("forgets the least recently used key first, at exactly maxBuckets keys", () => {
    const limiter = new TokenBucketLimiter({ capacity: 1, refillPerSecond: 1 }, clock().now, 2);
    limiter.take("a");
    limiter.take("b");
    expect(limiter.size).toBe(2);
    limiter.take("a"); // refused, and now the most recently used
    limiter.take("c"); // b goes
    expect(limiter.size).toBe(2);
    // a is remembered (still empty); b was forgotten, so it starts with a full bucket.
    expect([limiter.peek("a").allowed, limiter.peek("b").allowed, limiter.peek("c").allowed]).toEqual([
      false,
      true,
      false,
    ]);
    // A peek is not a use: a, taken before c, goes when b comes back.
    expect(limiter.take("b").allowed).toBe(true);
    expect([limiter.peek("a").allowed, limiter.peek("c").allowed]).toEqual([true, false]);
  });

  it("forgets a key with tokens left before an older throttled one", () => {
    const limiter = new TokenBucketLimiter({ capacity: 2, refillPerSecond: 1 }, clock().now, 2);
    limiter.take("dry", 2); // throttled, and the least recently used
    limiter.take("fresh"); // one token left
    limiter.take("new"); // one must go: the throttled key stays
    expect([limiter.peek("dry").allowed, limiter.peek("fresh")]).toEqual([false, { allowed: true, remaining: 2 }]);
  });

  it("names a bad maxBuckets", () => {
    expect(() => new TokenBucketLimiter({}, Date.now, 0)).toThrow("maxBuckets must be a positive integer, got 0");
  });
});
