/**
 * The opaque id of a relay link: the upstream URL sealed with AES-256-GCM under a key derived
 * (HKDF-SHA256) from the service's signing key. Chosen over an id into a server-side map
 * because it needs no state: every process sharing the signing key (workers, replicas, the
 * same proxy after a restart) opens the ids any of them made, and nothing grows with the
 * number of links. Without a configured signing key the key is random per start, so ids (and
 * the signatures of their links) die with the process.
 *
 * The nonce is synthetic (an HMAC of the URL under a second derived key, SIV style), so one
 * upstream URL always gives the same id: relay links are stable for browser caches, and the
 * only thing two ids tell is whether they stand for the same URL. The id never shows the
 * upstream URL, host, key or signature; a changed byte fails authentication.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from "node:crypto";

/** Seals upstream URLs into opaque ids and opens them again. */
export interface RelayCodec {
  /** The id of `url` (URL-safe base64, deterministic). */
  seal(url: string): string;
  /** The URL `id` stands for; `undefined` when it was not sealed with this key or was altered. */
  open(id: string): string | undefined;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Binds ids to their purpose and version: a future format cannot be confused with this one. */
const CONTEXT = Buffer.from("menagerie relay id v1", "utf8");
/** Longest id opened; longer ones are refused before any work. */
const MAX_ID_LENGTH = 8192;

/** A codec keyed from `secret` (the service's signing key). */
export function createRelayCodec(secret: string | Uint8Array): RelayCodec {
  const ikm = typeof secret === "string" ? Buffer.from(secret, "utf8") : secret;
  const material = Buffer.from(hkdfSync("sha256", ikm, "menagerie-relay", CONTEXT, 64));
  const encryptionKey = material.subarray(0, 32);
  const nonceKey = material.subarray(32);
  return {
    seal(url) {
      const plain = Buffer.from(url, "utf8");
      const nonce = createHmac("sha256", nonceKey).update(plain).digest().subarray(0, NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, nonce);
      cipher.setAAD(CONTEXT);
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString("base64url");
    },
    open(id) {
      if (id.length > MAX_ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return undefined;
      const bytes = Buffer.from(id, "base64url");
      if (bytes.length <= NONCE_BYTES + TAG_BYTES) return undefined;
      const nonce = bytes.subarray(0, NONCE_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      try {
        const decipher = createDecipheriv("aes-256-gcm", encryptionKey, nonce);
        decipher.setAAD(CONTEXT);
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, -TAG_BYTES)), decipher.final()]);
        return plain.toString("utf8");
      } catch {
        return undefined;
      }
    },
  };
}
