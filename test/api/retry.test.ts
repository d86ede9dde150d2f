import { describe, expect, it } from "vitest";
import { backoffDelay, parseRetryAfter, RETRY_DEFAULTS, resolveRetryOptions } from "../../src/api/retry.js";
import { isMenagerieError } from "../../src/core/errors.js";

/** The message of the OptionsError `check` throws. */
function rejection(check: () => unknown): string {
  try {
    check();
  } catch (error) {
    expect(isMenagerieError(error, "options"), String(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected an OptionsError, nothing was thrown");
}

describe("resolveRetryOptions", () => {
  it("fills in the defaults; a number is the limit", () => {
    expect(resolveRetryOptions(undefined)).toEqual({
      limit: 2,
      statusCodes: [408, 429, 500, 502, 503, 504],
      baseDelayMs: 300,
      maxDelayMs: 5000,
      maxRetryAfterMs: 30_000,
    });
    expect(resolveRetryOptions(5)).toEqual({ ...RETRY_DEFAULTS, limit: 5 });
    expect(resolveRetryOptions(0).limit).toBe(0);
    expect(resolveRetryOptions({ baseDelayMs: 1, limit: undefined })).toEqual({ ...RETRY_DEFAULTS, baseDelayMs: 1 });
    expect(resolveRetryOptions({ statusCodes: [503] }).statusCodes).toEqual([503]);
  });

  it("does not share or change the frozen defaults", () => {
    const out = resolveRetryOptions({});
    expect(out).not.toBe(RETRY_DEFAULTS);
    expect(Object.isFrozen(RETRY_DEFAULTS)).toBe(true);
  });

  it("names the bad option", () => {
    expect(rejection(() => resolveRetryOptions("3" as never))).toBe('retry must be a number or an object, got "3"');
    expect(rejection(() => resolveRetryOptions(1.5))).toBe("retry.limit must be a non-negative integer, got 1.5");
    expect(rejection(() => resolveRetryOptions(-1))).toBe("retry.limit must be a non-negative integer, got -1");
    expect(rejection(() => resolveRetryOptions({ baseDelayMs: -1 }))).toBe(
      "retry.baseDelayMs must be a non-negative finite number, got -1",
    );
    expect(rejection(() => resolveRetryOptions({ maxDelayMs: Infinity }))).toBe(
      "retry.maxDelayMs must be a non-negative finite number, got Infinity",
    );
    expect(rejection(() => resolveRetryOptions({ maxRetryAfterMs: Number.NaN }))).toBe(
      "retry.maxRetryAfterMs must be a non-negative finite number, got NaN",
    );
    expect(rejection(() => resolveRetryOptions({ statusCodes: [503, 99] }))).toBe(
      "retry.statusCodes must be an array of HTTP status codes",
    );
    expect(rejection(() => resolveRetryOptions({ statusCodes: [600] }))).toBe(
      "retry.statusCodes must be an array of HTTP status codes",
    );
    // The bounds are statuses: 100 and 599 are accepted.
    expect(resolveRetryOptions({ statusCodes: [100, 599] }).statusCodes).toEqual([100, 599]);
    expect(rejection(() => resolveRetryOptions({ statusCodes: 503 as never }))).toBe(
      "retry.statusCodes must be an array of HTTP status codes",
    );
  });
});

describe("backoffDelay", () => {
  const options = { ...RETRY_DEFAULTS, baseDelayMs: 100, maxDelayMs: 1000 };

  it("doubles from the base, capped at maxDelayMs, then drops a random half", () => {
    // random() = 0 gives the lower bound (half), random() → 1 the upper bound (all).
    const low = (retry: number) => backoffDelay(retry, options, () => 0);
    const high = (retry: number) => backoffDelay(retry, options, () => 1);
    expect([1, 2, 3, 4, 5, 6].map(low)).toEqual([50, 100, 200, 400, 500, 500]);
    expect([1, 2, 3, 4, 5, 6].map(high)).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelay(3, options, () => 0.5)).toBe(300);
  });

  it("stays within [exp/2, exp] for any random value", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let retry = 1; retry <= 8; retry++) {
      const exponential = Math.min(1000, 100 * 2 ** (retry - 1));
      for (let k = 0; k < 50; k++) {
        const delay = backoffDelay(retry, options, random);
        expect(delay).toBeGreaterThanOrEqual(exponential / 2);
        expect(delay).toBeLessThanOrEqual(exponential);
      }
    }
  });

  it("treats a retry number below 1 as the first", () => {
    expect(backoffDelay(0, options, () => 1)).toBe(100);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2024, 0, 15, 12, 0, 0);

  it("reads delay seconds, whole or fractional, around whitespace", () => {
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 120 ", now)).toBe(120_000);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter("1.25", now)).toBe(1250);
  });

  it("reads an HTTP date as the time left from now, never negative", () => {
    expect(parseRetryAfter("Mon, 15 Jan 2024 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(parseRetryAfter("Mon, 15 Jan 2024 11:59:00 GMT", now)).toBe(0);
  });

  it("is undefined when absent or unreadable", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("3e2", now)).toBeUndefined();
    // Date.parse reads these as (past) dates: they are not HTTP dates, so no "retry at once".
    expect(parseRetryAfter("-5", now)).toBeUndefined();
    expect(parseRetryAfter("foo 1", now)).toBeUndefined();
    expect(parseRetryAfter("2024-01-15", now)).toBeUndefined();
    // A day name later in the text does not make it a date; a day name before garbage is no date.
    expect(parseRetryAfter("x Mon, 15 Jan 2024 12:00:30 GMT", now)).toBeUndefined();
    expect(parseRetryAfter("Mon, 99 Foo 2024", now)).toBeUndefined();
  });

  it("reads the obsolete HTTP date forms too", () => {
    expect(parseRetryAfter("Monday, 15-Jan-24 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Mon Jan 15 12:00:30 2024", now)).toBeGreaterThanOrEqual(0);
  });
});
