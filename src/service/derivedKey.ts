/**
 * Keys derived from the service's signing key, one per purpose (HKDF-SHA256 with the purpose as
 * its label), so no two uses share a key: the shared cache's entry MACs, the names of rate-limit
 * buckets in Redis, and so on. Every process given the same signing key derives the same keys.
 */
import { createHmac, hkdfSync } from "node:crypto";

/** A 32-byte key for `purpose`, derived from `secret`. */
export function deriveKey(secret: string | Uint8Array, purpose: string): Buffer {
  const ikm = typeof secret === "string" ? Buffer.from(secret, "utf8") : secret;
  return Buffer.from(hkdfSync("sha256", ikm, "menagerie", purpose, 32));
}

/** HMAC-SHA256 of `text` under `key`, URL-safe base64. */
export function macOf(key: Uint8Array, text: string): string {
  return createHmac("sha256", key).update(text, "utf8").digest("base64url");
}
