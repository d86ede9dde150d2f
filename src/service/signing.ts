/**
 * Signed asset links in the Google Cloud CDN scheme: the URL gets `Expires=<unix seconds>` and
 * `KeyName=<name>`, and `Signature=` is the URL-safe base64 (with padding, as Google emits it)
 * of an HMAC-SHA1 over the URL up to and including `KeyName=...`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { matchingString, nonNegativeInteger } from "../core/options.js";

/** A signing key and the name links carry for it. */
export interface SigningKey {
  /** The name sent as `KeyName`. */
  keyName: string;
  /** The HMAC secret. A string is used as its UTF-8 bytes. */
  secret: string | Uint8Array;
}

/** Options of {@link signUrl}. */
export interface SignUrlOptions extends SigningKey {
  /** When the link stops working, in unix seconds. */
  expires: number;
}

function hmac(secret: string | Uint8Array, text: string): string {
  return createHmac("sha1", secret).update(text, "utf8").digest("base64url");
}

/** URL-safe base64 with the `=` padding Google's reference signer keeps. */
function padded(base64url: string): string {
  return base64url + "=".repeat((4 - (base64url.length % 4)) % 4);
}

/**
 * Signs `url` (which may already have a query) until `expires`.
 *
 * @example
 * signUrl("http://127.0.0.1:8787/assets/fox/body.obj", { keyName: "menagerie", secret, expires: 1767225600 });
 * // "http://127.0.0.1:8787/assets/fox/body.obj?Expires=1767225600&KeyName=menagerie&Signature=..."
 */
export function signUrl(url: string, options: SignUrlOptions): string {
  nonNegativeInteger("expires", options.expires);
  matchingString("keyName", options.keyName, /^[A-Za-z0-9_.~-]+$/, "a non-empty string of URL-safe characters");
  const toSign = `${url}${url.includes("?") ? "&" : "?"}Expires=${options.expires}&KeyName=${options.keyName}`;
  return `${toSign}&Signature=${padded(hmac(options.secret, toSign))}`;
}

/** Why a link was refused by {@link verifySignedUrl}. */
export type SignatureFailure = "missing" | "malformed" | "expired" | "unknown-key-name" | "bad-signature";

/** The outcome of {@link verifySignedUrl}. */
export type SignatureCheck =
  | { valid: true; expires: number; keyName: string }
  | { valid: false; reason: SignatureFailure };

/** Options of {@link verifySignedUrl}. */
export interface VerifySignedUrlOptions {
  /** The keys links may be signed with, by key name. */
  keys: readonly SigningKey[];
  /**
   * The clock, in milliseconds.
   * @default Date.now
   */
  now?: () => number;
}

/**
 * Checks a signed link exactly as it was requested. The signed text is everything before the
 * last `&Signature=`, so the link must reach the verifier with the origin and encoding it was
 * signed with (the service signs on its link origin, see requestOrigin.ts, and verifies on it too).
 */
export function verifySignedUrl(url: string, options: VerifySignedUrlOptions): SignatureCheck {
  const cut = url.lastIndexOf("&Signature=");
  if (cut < 0) return { valid: false, reason: "missing" };
  const signed = url.slice(0, cut);
  const signature = url.slice(cut + "&Signature=".length).split("#", 1)[0]!;
  // The signed part must end with `Expires=N&KeyName=K`, each given once: anything after
  // `Signature` or repeated would let a link say something its signature does not cover.
  const match = /[?&]Expires=(\d{1,15})&KeyName=([^&#]+)$/.exec(signed);
  if (!match || signature === "" || signature.includes("&")) return { valid: false, reason: "malformed" };
  const query = new URLSearchParams(signed.slice(signed.indexOf("?") + 1));
  if (query.getAll("Expires").length !== 1 || query.getAll("KeyName").length !== 1) {
    return { valid: false, reason: "malformed" };
  }
  const expires = Number(match[1]);
  const keyName = match[2]!;
  const key = options.keys.find((k) => k.keyName === keyName);
  if (!key) return { valid: false, reason: "unknown-key-name" };
  const expected = Buffer.from(padded(hmac(key.secret, signed)));
  // Accept the signature with or without padding; compare in constant time.
  const given = Buffer.from(padded(signature.replace(/=+$/, "")));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: "bad-signature" };
  }
  // Expiry is checked after the signature, so an attacker learns nothing from a forged link.
  if (expires * 1000 <= (options.now ?? Date.now)()) return { valid: false, reason: "expired" };
  return { valid: true, expires, keyName };
}
