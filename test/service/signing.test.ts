import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUrl, verifySignedUrl } from "../../src/service/signing.js";

const secret = "s3cret-signing-key";
const keys = [{ keyName: "menagerie", secret }];
const expires = 1_800_000_000;
const nowBefore = () => (expires - 10) * 1000;

/** Google's reference signer: HMAC-SHA1, then URL-safe base64 with padding. */
function googleSignature(text: string, key: string): string {
  return createHmac("sha1", key).update(text).digest("base64").replace(/\+/g, "-").replace(/\//g, "_");
}

describe("signUrl", () => {
  it("appends Expires, KeyName and the Google Cloud CDN signature of everything before it", () => {
    const signed = signUrl("http://127.0.0.1:8787/assets/fox/body.obj", { keyName: "menagerie", secret, expires });
    const toSign = `http://127.0.0.1:8787/assets/fox/body.obj?Expires=${expires}&KeyName=menagerie`;
    expect(signed).toBe(`${toSign}&Signature=${googleSignature(toSign, secret)}`);
    expect(signed).toMatch(/&Signature=[A-Za-z0-9_-]{27}=$/);
  });

  it("joins with & when the URL already has a query", () => {
    const signed = signUrl("http://cdn.test/a.png?v=2", { keyName: "k", secret, expires: 5 });
    expect(signed.startsWith("http://cdn.test/a.png?v=2&Expires=5&KeyName=k&Signature=")).toBe(true);
  });

  it("refuses a non-integer expiry and a key name that would need encoding", () => {
    expect(() => signUrl("http://x.test/a", { keyName: "k", secret, expires: 1.5 })).toThrow(
      "expires must be a non-negative integer, got 1.5",
    );
    expect(() => signUrl("http://x.test/a", { keyName: "a&b", secret, expires: 1 })).toThrow(
      'keyName must be a non-empty string of URL-safe characters, got "a&b"',
    );
  });
});

describe("verifySignedUrl", () => {
  const url = signUrl("http://127.0.0.1:8787/assets/fox/fur%20coat.png", { keyName: "menagerie", secret, expires });

  it("accepts its own links until they expire", () => {
    expect(verifySignedUrl(url, { keys, now: nowBefore })).toEqual({ valid: true, expires, keyName: "menagerie" });
  });

  it("accepts a signature sent without its = padding", () => {
    expect(verifySignedUrl(url.replace(/=$/, ""), { keys, now: nowBefore }).valid).toBe(true);
  });

  it("refuses an expired link, also at the exact second of expiry", () => {
    expect(verifySignedUrl(url, { keys, now: () => expires * 1000 })).toEqual({ valid: false, reason: "expired" });
    expect(verifySignedUrl(url, { keys, now: () => expires * 1000 + 1 })).toEqual({ valid: false, reason: "expired" });
  });

  it("refuses a tampered path, expiry or signature", () => {
    const now = nowBefore;
    expect(verifySignedUrl(url.replace("fur%20coat.png", "body.obj"), { keys, now })).toEqual({
      valid: false,
      reason: "bad-signature",
    });
    expect(
      verifySignedUrl(url.replace(`Expires=${expires}`, `Expires=${expires + 3600}`), {
        keys,
        now: () => expires * 1000,
      }),
    ).toEqual({
      valid: false,
      reason: "bad-signature",
    });
    const sig = url.slice(url.indexOf("&Signature=") + 11);
    const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
    expect(verifySignedUrl(url.replace(sig, flipped), { keys, now })).toEqual({
      valid: false,
      reason: "bad-signature",
    });
  });

  it("refuses a link signed under another key name or with another secret", () => {
    const other = signUrl("http://127.0.0.1:8787/assets/fox/body.obj", { keyName: "other", secret, expires });
    expect(verifySignedUrl(other, { keys, now: nowBefore })).toEqual({ valid: false, reason: "unknown-key-name" });
    const forged = signUrl("http://127.0.0.1:8787/assets/fox/body.obj", {
      keyName: "menagerie",
      secret: "guess",
      expires,
    });
    expect(verifySignedUrl(forged, { keys, now: nowBefore })).toEqual({ valid: false, reason: "bad-signature" });
  });

  it("refuses unsigned and malformed links", () => {
    expect(verifySignedUrl("http://127.0.0.1:8787/assets/fox/body.obj", { keys })).toEqual({
      valid: false,
      reason: "missing",
    });
    expect(verifySignedUrl(`${url}&extra=1`, { keys, now: nowBefore })).toEqual({ valid: false, reason: "malformed" });
    const twice = `http://x.test/a?Expires=1&Expires=${expires}&KeyName=menagerie`;
    expect(verifySignedUrl(`${twice}&Signature=${googleSignature(twice, secret)}`, { keys, now: nowBefore })).toEqual({
      valid: false,
      reason: "malformed",
    });
    expect(verifySignedUrl("http://x.test/a?KeyName=menagerie&Signature=abc", { keys })).toEqual({
      valid: false,
      reason: "malformed",
    });
  });
});

describe("verifySignedUrl at the edges of the format", () => {
  const url = signUrl("http://127.0.0.1:8787/assets/fox/body.obj", { keyName: "menagerie", secret, expires });
  /** A link whose signature is right for exactly the text given. */
  const signedAs = (text: string) => `${text}&Signature=${googleSignature(text, secret)}`;
  const check = (link: string) => verifySignedUrl(link, { keys, now: nowBefore });

  it("ignores a #fragment after the signature", () => {
    expect(check(`${url}#part`)).toEqual({ valid: true, expires, keyName: "menagerie" });
  });

  it("refuses an empty signature as malformed and a cut one as a bad signature", () => {
    expect(check(url.slice(0, url.indexOf("&Signature=") + 11))).toEqual({ valid: false, reason: "malformed" });
    expect(check(url.slice(0, -5))).toEqual({ valid: false, reason: "bad-signature" });
    expect(check(`${url.slice(0, -1)}AAAA`)).toEqual({ valid: false, reason: "bad-signature" });
    // Only trailing padding is ignored: an = inside the signature is not skipped.
    const at = url.length - 10;
    expect(check(`${url.slice(0, at)}=${url.slice(at)}`)).toEqual({ valid: false, reason: "bad-signature" });
  });

  it("refuses a signed text that does not end with Expires and KeyName, each given once", () => {
    const base = "http://x.test/a";
    // Each is signed with the right secret: only the format can refuse them.
    for (const text of [
      `${base}?Expires=${expires}&KeyName=menagerie&v=2`,
      `${base}?KeyName=other&Expires=${expires}&KeyName=menagerie`,
      `${base}?Expires=${"9".repeat(16)}&KeyName=menagerie`,
      `${base}?Expires=&KeyName=menagerie`,
      `${base}?xExpires=${expires}&KeyName=menagerie`,
    ]) {
      expect({ text, ...check(signedAs(text)) }).toEqual({ text, valid: false, reason: "malformed" });
    }
    expect(check(signedAs(`${base}?v=2&Expires=${expires}&KeyName=menagerie`))).toEqual({
      valid: true,
      expires,
      keyName: "menagerie",
    });
  });

  it("calls a link that starts with &Signature= malformed, not unsigned", () => {
    expect(check("&Signature=abc")).toEqual({ valid: false, reason: "malformed" });
  });

  it("picks the key by its name among several", () => {
    const two = [{ keyName: "old", secret: "old-secret" }, ...keys];
    const old = signUrl("http://x.test/a", { keyName: "old", secret: "old-secret", expires });
    expect(verifySignedUrl(old, { keys: two, now: nowBefore })).toEqual({ valid: true, expires, keyName: "old" });
    expect(verifySignedUrl(url, { keys: two, now: nowBefore })).toEqual({ valid: true, expires, keyName: "menagerie" });
  });

  it("reads the real clock when none is given", () => {
    const past = signUrl("http://x.test/a", { keyName: "menagerie", secret, expires: 1_000_000_000 });
    expect(verifySignedUrl(past, { keys })).toEqual({ valid: false, reason: "expired" });
    const far = signUrl("http://x.test/a", { keyName: "menagerie", secret, expires: 99_999_999_999 });
    expect(verifySignedUrl(far, { keys }).valid).toBe(true);
  });
});
