/**
 * `upstream.relayAssets`: off for `false` or nothing, the documented defaults for `true` or an
 * empty object, and every bad value refused with an OptionsError that names its field (what an
 * operator reads when the service will not start).
 */
import { describe, expect, it } from "vitest";
import { OptionsError } from "../../../src/core/errors.js";
import {
  RELAY_ASSETS_DEFAULTS,
  type RelayAssetsOptions,
  resolveRelayAssets,
} from "../../../src/service/relay/relayOptions.js";

/** The option an OptionsError names and its message, or "ok". */
function refusal(value: unknown): [string, string] | "ok" {
  try {
    resolveRelayAssets(value);
    return "ok";
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsError);
    return [(error as OptionsError).option, (error as OptionsError).message];
  }
}

describe("upstream.relayAssets", () => {
  it("is off for false or nothing, and the documented defaults for true or {}", () => {
    expect(resolveRelayAssets(undefined)).toBe(false);
    expect(resolveRelayAssets(false)).toBe(false);
    const defaults = {
      maxAssetBytes: 64 * 1024 * 1024,
      maxCacheBytes: 128 * 1024 * 1024,
      timeoutMs: 30_000,
      allowPrivateAddresses: false,
      allowedHosts: undefined,
    };
    expect(RELAY_ASSETS_DEFAULTS).toEqual({ ...defaults, allowedHosts: undefined });
    expect(resolveRelayAssets(true)).toStrictEqual(defaults);
    expect(resolveRelayAssets({})).toStrictEqual(defaults);
  });

  it("takes the limits given over the defaults, maxBytesInFlight only when given", () => {
    const given: RelayAssetsOptions = {
      maxAssetBytes: 1000,
      maxCacheBytes: 2000,
      timeoutMs: 50,
      allowPrivateAddresses: true,
      allowedHosts: ["cdn.example.com"],
      maxBytesInFlight: 3000,
    };
    const resolved = resolveRelayAssets(given);
    expect(resolved).toStrictEqual(given);
    expect(resolved && Object.isFrozen(resolved.allowedHosts)).toBe(true);
    expect(resolveRelayAssets({ timeoutMs: 50 })).toStrictEqual({
      ...RELAY_ASSETS_DEFAULTS,
      timeoutMs: 50,
      allowedHosts: undefined,
    });
  });

  it("refuses what is neither a boolean nor an object", () => {
    for (const [value, got] of [
      ["yes", '"yes"'],
      [1, "1"],
      [null, "null"],
      [[], "an array"],
      [[{ timeoutMs: 5 }], "an array"],
    ] as const)
      expect(refusal(value), String(got)).toEqual([
        "upstream.relayAssets",
        `upstream.relayAssets must be a boolean or an object, got ${got}`,
      ]);
  });

  it("names every bad limit", () => {
    const fields = ["maxAssetBytes", "maxCacheBytes", "timeoutMs", "maxBytesInFlight"] as const;
    for (const field of fields) {
      for (const bad of [0, -1, 1.5, "10", Number.NaN]) {
        const [option, message] = refusal({ [field]: bad }) as [string, string];
        expect(option, `${field} ${String(bad)}`).toBe(`upstream.relayAssets.${field}`);
        expect(message).toMatch(new RegExp(`^upstream\\.relayAssets\\.${field} must be a positive integer, got `));
      }
    }
    expect(refusal({ allowPrivateAddresses: "yes" })).toEqual([
      "upstream.relayAssets.allowPrivateAddresses",
      'upstream.relayAssets.allowPrivateAddresses must be a boolean, got "yes"',
    ]);
  });

  it("takes allowedHosts of lower-case names, subdomain rules and IP addresses", () => {
    const hosts = [
      "cdn.example.com",
      "*.example.com",
      "a-b.c0.example",
      "localhost",
      "10.0.0.1",
      "::1",
      "2606:4700::1111",
    ];
    expect(refusal({ allowedHosts: hosts })).toBe("ok");
    expect(refusal({ allowedHosts: [] })).toBe("ok");
  });

  it("refuses allowedHosts that are no list of host rules, naming the field", () => {
    const named = [
      "upstream.relayAssets.allowedHosts",
      "upstream.relayAssets.allowedHosts must be an array of lower-case host names (cdn.example.com, *.example.com) or IP addresses",
    ];
    for (const bad of [
      "cdn.example.com",
      { host: "cdn.example.com" },
      [42],
      [null],
      ["cdn.EXAMPLE.com"],
      ["https://cdn.example.com"],
      ["cdn.example.com:443"],
      ["cdn.example.com/"],
      ["::1/128"],
      ["[::1]"],
      [" cdn.example.com"],
      [""],
      ["*."],
      ["*"],
      ["a.*.example.com"],
      ["cdn..example.com"],
      ["cdn.example.com", "Bad Host"],
    ])
      expect(refusal({ allowedHosts: bad }), JSON.stringify(bad)).toEqual(named);
  });
});
