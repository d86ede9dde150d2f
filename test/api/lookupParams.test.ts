import { describe, expect, it } from "vitest";
import { applyLimit, fuzzyParams, limitParams, resolveApp, resolveLimit } from "../../src/api/lookupParams.js";
import { isMenagerieError, type OptionsError } from "../../src/core/errors.js";

/** The OptionsError `check` throws, as [option, message]. */
function rejection(check: () => unknown): [string, string] {
  try {
    check();
  } catch (error) {
    expect(isMenagerieError(error, "options"), String(error)).toBe(true);
    return [(error as OptionsError).option, (error as Error).message];
  }
  throw new Error("expected an OptionsError, nothing was thrown");
}

describe("fuzzyParams", () => {
  it("sends fuzzy only when given, as true or false", () => {
    expect(fuzzyParams(undefined)).toEqual({});
    expect(fuzzyParams(true)).toEqual({ fuzzy: "true" });
    expect(fuzzyParams(false)).toEqual({ fuzzy: "false" });
  });

  it("rejects anything but a boolean", () => {
    expect(rejection(() => fuzzyParams("true"))).toEqual(["fuzzy", "fuzzy must be a boolean"]);
    expect(rejection(() => fuzzyParams(1))).toEqual(["fuzzy", "fuzzy must be a boolean"]);
    expect(rejection(() => fuzzyParams(null))).toEqual(["fuzzy", "fuzzy must be a boolean"]);
  });
});

describe("resolveLimit and limitParams", () => {
  it("accepts a positive integer, -1 or nothing", () => {
    expect(resolveLimit(undefined)).toBeUndefined();
    expect(resolveLimit(1)).toBe(1);
    expect(resolveLimit(250)).toBe(250);
    expect(resolveLimit(-1)).toBe(-1);
    expect(limitParams(undefined)).toEqual({});
    expect(limitParams(10)).toEqual({ maxResultNum: "10" });
    expect(limitParams(-1)).toEqual({ maxResultNum: "-1" });
  });

  it.each([
    [0, "limit must be a positive integer or -1 (all), got 0"],
    [-2, "limit must be a positive integer or -1 (all), got -2"],
    [2.5, "limit must be a positive integer or -1 (all), got 2.5"],
    [Number.NaN, "limit must be a positive integer or -1 (all), got NaN"],
    [2 ** 53, "limit must be a positive integer or -1 (all), got 9007199254740992"],
    ["10", 'limit must be a positive integer or -1 (all), got "10"'],
    [null, "limit must be a positive integer or -1 (all), got null"],
  ])("rejects %s", (limit, message) => {
    expect(rejection(() => resolveLimit(limit))).toEqual(["limit", message]);
  });
});

describe("resolveApp", () => {
  it("accepts a non-empty string, or nothing", () => {
    expect(resolveApp(undefined)).toBeUndefined();
    expect(resolveApp("my-zoo-game")).toBe("my-zoo-game");
  });

  it.each([
    ["", 'app must be a non-empty string, got ""'],
    ["   ", 'app must be a non-empty string, got "   "'],
    [7, "app must be a non-empty string, got 7"],
    [null, "app must be a non-empty string, got null"],
    [{}, "app must be a non-empty string, got {}"],
  ])("rejects %s", (app, message) => {
    expect(rejection(() => resolveApp(app))).toEqual(["app", message]);
  });
});

describe("applyLimit", () => {
  it("keeps at most limit records, all of them for -1 or none", () => {
    const records = [1, 2, 3];
    expect(applyLimit(records, 2)).toEqual([1, 2]);
    expect(applyLimit(records, 5)).toEqual([1, 2, 3]);
    expect(applyLimit(records, -1)).toBe(records);
    expect(applyLimit(records, undefined)).toBe(records);
  });
});
