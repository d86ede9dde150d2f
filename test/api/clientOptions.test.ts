import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOOKUP_CLIENT_DEFAULTS } from "../../src/api/clientOptions.js";
import { RETRY_DEFAULTS } from "../../src/api/retry.js";

const SOURCE = readFileSync(new URL("../../src/api/clientOptions.ts", import.meta.url), "utf8");

/** The `@default` text documented on `name` in the LookupClientOptions interface. */
function documentedDefault(name: string): string | undefined {
  const options = SOURCE.slice(SOURCE.indexOf("export interface LookupClientOptions"));
  const field = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*${name}\\?:`).exec(options);
  return field ? /@default (.+)/.exec(field[1]!)?.[1]?.trim() : undefined;
}

describe("LOOKUP_CLIENT_DEFAULTS", () => {
  it("holds the defaults, frozen", () => {
    expect(LOOKUP_CLIENT_DEFAULTS).toEqual({
      lookupPath: "anything",
      timeoutMs: 15_000,
      maxResponseBytes: 32 * 1024 * 1024,
      cache: true,
      linkMarginSeconds: 60,
      maxCacheAgeMs: 300_000,
    });
    expect(Object.isFrozen(LOOKUP_CLIENT_DEFAULTS)).toBe(true);
  });

  it("matches the @default documented on each option", () => {
    for (const [name, value] of Object.entries(LOOKUP_CLIENT_DEFAULTS)) {
      expect(documentedDefault(name), name).toBe(JSON.stringify(value));
    }
  });

  it("documents the retry default as RETRY_DEFAULTS", () => {
    const documented = documentedDefault("retry")!.replace(/(\w+):/g, '"$1":');
    expect(JSON.parse(documented)).toEqual(RETRY_DEFAULTS);
  });
});
