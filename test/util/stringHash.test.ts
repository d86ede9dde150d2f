import { describe, expect, it } from "vitest";
import { stringHash } from "../../src/util/stringHash.js";

describe("stringHash", () => {
  it("is 32-bit FNV-1a with seed 0 (the published test vectors)", () => {
    expect(stringHash("")).toBe(0x811c9dc5);
    expect(stringHash("a")).toBe(0xe40c292c);
    expect(stringHash("foobar")).toBe(0xbf9cf968);
    expect(stringHash("foobar", 0)).toBe(0xbf9cf968);
  });

  it("mixes the seed into the offset basis", () => {
    // Pinned: the catalog derives each creature's stream from (seed, name).
    expect(stringHash("fox", 1)).toBe(1276880201);
    expect(stringHash("", 1)).toBe(0x811c9dc4);
    expect(stringHash("fox", 2)).not.toBe(stringHash("fox", 1));
    expect(stringHash("wolf", 1)).not.toBe(stringHash("fox", 1));
  });

  it("returns an unsigned 32-bit integer and reads UTF-16 code units", () => {
    const texts = ["", "a", "fox", "\u0000", "🦊", "x".repeat(1000)];
    for (const text of texts) {
      const h = stringHash(text, 0xffffffff);
      expect(Number.isInteger(h) && h >= 0 && h <= 0xffffffff).toBe(true);
    }
    expect(stringHash("é")).not.toBe(stringHash("e\u0301"));
  });
});
