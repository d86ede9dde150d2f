/**
 * The bounds of relay ids: the longest id opened (8192 characters, so a sealed URL of up to
 * 6116 bytes) and the shortest (a nonce and a tag around at least one byte of URL).
 */
import { describe, expect, it } from "vitest";
import { createRelayCodec } from "../../../src/service/relay/relayToken.js";

/** An https URL of exactly `bytes` bytes. */
const urlOf = (bytes: number) => {
  const head = "https://cdn.test/";
  return head + "a".repeat(bytes - head.length);
};

describe("relay id bounds", () => {
  it("opens ids of up to 8192 characters and refuses longer ones, even sealed with its key", () => {
    const codec = createRelayCodec("secret");
    const longest = urlOf(6116);
    const id = codec.seal(longest);
    expect(id).toHaveLength(8192);
    expect(codec.open(id)).toBe(longest);
    const tooLong = codec.seal(urlOf(6117));
    expect(tooLong.length).toBeGreaterThan(8192);
    expect(codec.open(tooLong)).toBeUndefined();
  });

  it("opens an id of a one-byte URL, and refuses one that holds no URL at all", () => {
    const codec = createRelayCodec("secret");
    expect(codec.open(codec.seal("x"))).toBe("x");
    const empty = codec.seal("");
    expect(Buffer.from(empty, "base64url")).toHaveLength(28); // nonce and tag only
    expect(codec.open(empty)).toBeUndefined();
  });
});
