import { describe, expect, it } from "vitest";
import { isMenagerieError } from "../../src/core/errors.js";
import {
  assignDefaults,
  booleanOption,
  describeValue,
  functionOption,
  httpBaseUrl,
  matchingString,
  nonNegativeInteger,
  nonNegativeNumber,
  numberInRange,
  objectOption,
  oneOf,
  positiveInteger,
  positiveNumber,
  stringOption,
} from "../../src/core/options.js";

/** The message of the OptionsError `check` throws; fails the test when it throws anything else. */
function rejection(check: () => unknown): string {
  try {
    check();
  } catch (error) {
    expect(isMenagerieError(error, "options"), String(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected an OptionsError, nothing was thrown");
}

describe("assignDefaults", () => {
  const DEFAULTS: Readonly<{ limit: number; name: string; on: boolean }> = Object.freeze({
    limit: 2,
    name: "a",
    on: true,
  });

  it("takes each given value, and the default for a missing or undefined one", () => {
    expect(assignDefaults(DEFAULTS, { limit: 5, name: undefined })).toEqual({ limit: 5, name: "a", on: true });
    expect(assignDefaults(DEFAULTS, undefined)).toEqual({ limit: 2, name: "a", on: true });
    // Falsy values are values, not "missing".
    expect(assignDefaults(DEFAULTS, { limit: 0, name: "", on: false })).toEqual({ limit: 0, name: "", on: false });
  });

  it("returns only the defaulted keys, in a new object", () => {
    const given = { limit: 1, other: "kept out" };
    const out = assignDefaults(DEFAULTS, given);
    expect(out).toEqual({ limit: 1, name: "a", on: true });
    expect(out).not.toBe(DEFAULTS);
    expect(Object.isFrozen(out)).toBe(false);
  });
});

describe("validators", () => {
  it("return the accepted value", () => {
    expect(positiveNumber("a", 0.5)).toBe(0.5);
    expect(nonNegativeNumber("a", 0)).toBe(0);
    expect(positiveInteger("a", 1)).toBe(1);
    expect(nonNegativeInteger("a", 0)).toBe(0);
    expect(numberInRange("a", 599, 400, 599, true)).toBe(599);
    expect(booleanOption("a", false)).toBe(false);
    expect(stringOption("a", "")).toBe("");
    expect(oneOf("a", "obj", ["obj", "mtl"])).toBe("obj");
    expect(matchingString("a", "x-1", /^[a-z0-9-]+$/, "a slug")).toBe("x-1");
    const fn = () => 1;
    expect(functionOption("a", fn)).toBe(fn);
    const object = { x: 1 };
    expect(objectOption("a", object)).toBe(object);
  });

  it.each([
    ["timeoutMs must be a positive finite number, got 0", () => positiveNumber("timeoutMs", 0)],
    ["timeoutMs must be a positive finite number, got Infinity", () => positiveNumber("timeoutMs", Infinity)],
    ['timeoutMs must be a positive finite number, got "5"', () => positiveNumber("timeoutMs", "5")],
    ["maxCacheAgeMs must be a non-negative finite number, got -1", () => nonNegativeNumber("maxCacheAgeMs", -1)],
    [
      "maxCacheAgeMs must be a non-negative finite number, got NaN",
      () => nonNegativeNumber("maxCacheAgeMs", Number.NaN),
    ],
    [
      "maxCacheAgeMs must be a non-negative finite number, got Infinity",
      () => nonNegativeNumber("maxCacheAgeMs", Infinity),
    ],
    ["rateLimit.capacity must be a positive integer, got 0", () => positiveInteger("rateLimit.capacity", 0)],
    ["rateLimit.capacity must be a positive integer, got 1.5", () => positiveInteger("rateLimit.capacity", 1.5)],
    ["retry.limit must be a non-negative integer, got 1.5", () => nonNegativeInteger("retry.limit", 1.5)],
    ["retry.limit must be a non-negative integer, got -1", () => nonNegativeInteger("retry.limit", -1)],
    ["retry.limit must be a non-negative integer, got null", () => nonNegativeInteger("retry.limit", null)],
    ["port must be an integer from 0 to 65535, got 70000", () => numberInRange("port", 70000, 0, 65535, true)],
    ["port must be an integer from 0 to 65535, got 80.5", () => numberInRange("port", 80.5, 0, 65535, true)],
    ["rate must be a number from 0 to 1, got 2", () => numberInRange("rate", 2, 0, 1)],
    ['cache must be a boolean, got "true"', () => booleanOption("cache", "true")],
    ["fetch must be a function, got undefined", () => functionOption("fetch", undefined)],
    ["name must be a string, got 3", () => stringOption("name", 3)],
    ['name must be a non-empty string, got "  "', () => stringOption("name", "  ", { nonEmpty: true })],
    ['kind must be one of drop, slow, got "explode"', () => oneOf("kind", "explode", ["drop", "slow"])],
    ['keyName must be a word, got "a b"', () => matchingString("keyName", "a b", /^\S+$/, "a word")],
    ["keyName must be a word, got 7", () => matchingString("keyName", 7, /^\S+$/, "a word")],
    ["upstream must be an object, got null", () => objectOption("upstream", null)],
    ["upstream must be an object, got an array", () => objectOption("upstream", [])],
    ['upstream must be an object, got "x"', () => objectOption("upstream", "x")],
  ])("%s", (message, check) => {
    expect(rejection(check)).toBe(message);
  });

  it("never quotes a secret string back", () => {
    expect(rejection(() => stringOption("apiKey", 12345, { secret: true }))).toBe("apiKey must be a string");
    expect(rejection(() => stringOption("upstream.key", " ", { nonEmpty: true, secret: true }))).toBe(
      "upstream.key must be a non-empty string",
    );
  });

  it("describes values by kind, not by content, for objects and functions", () => {
    expect([
      describeValue({ key: "s3cret" }),
      describeValue([1]),
      describeValue(() => 1),
      describeValue(undefined),
    ]).toEqual(["an object", "an array", "a function", "undefined"]);
  });
});

describe("httpBaseUrl", () => {
  it("accepts absolute http(s) URLs without trailing slashes, and relative ones against a base", () => {
    expect(httpBaseUrl("baseUrl", "http://127.0.0.1:8787/")).toBe("http://127.0.0.1:8787");
    expect(httpBaseUrl("baseUrl", "https://api.test/v1//")).toBe("https://api.test/v1");
    expect(httpBaseUrl("baseUrl", "/api/", "http://page.test/demo/")).toBe("http://page.test/api");
  });

  it.each([
    ["", 'baseUrl must be a non-empty URL string, got ""'],
    [42, "baseUrl must be a non-empty URL string, got 42"],
    ["/relative", 'baseUrl must be an absolute http(s) URL, got "/relative"'],
    ["ftp://x.test", 'baseUrl must use http or https, got "ftp:"'],
    ["http://x.test/?a=1", "baseUrl must not have a query or a fragment"],
    ["http://x.test/#top", "baseUrl must not have a query or a fragment"],
  ])("rejects %j", (value, message) => {
    expect(rejection(() => httpBaseUrl("baseUrl", value))).toBe(message);
  });

  it("redacts a key in a URL it cannot parse", () => {
    const message = rejection(() => httpBaseUrl("baseUrl", "not a url?key=s3cret"));
    expect(message).toBe('baseUrl must be an absolute http(s) URL, got "not a url?key=***"');
  });
});
