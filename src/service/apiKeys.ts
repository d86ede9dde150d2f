/**
 * API keys of the reference service: where they come from (an option, `MENAGERIE_API_KEYS`, a
 * keys file, else the public dev key) and how a request's key is checked (in constant time).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import { ServiceSetupError } from "../core/errors.js";

/** The key accepted when none is configured. Public by design: it is printed at start. */
export const DEV_API_KEY = "dev-key";

/** Environment variable holding comma-separated API keys. */
export const API_KEYS_ENV = "MENAGERIE_API_KEYS";

/**
 * Splits a list of keys: one per line or comma-separated; blank entries and `#` comment lines
 * are ignored, surrounding spaces trimmed.
 */
export function parseApiKeys(text: string): string[] {
  return text
    .split(/\r?\n/)
    .filter((line) => !line.trim().startsWith("#"))
    .flatMap((line) => line.split(","))
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
}

/** Where the configured keys came from, for the start-up message (never the keys themselves). */
export interface ApiKeySource {
  keys: string[];
  /** `"dev"` when the public dev key is in use. */
  origin: "dev" | "env" | "file";
}

/**
 * The keys a server should accept: the keys file if given, else `MENAGERIE_API_KEYS`, else
 * the dev key. A file or variable with no key in it is an error, not a silent fall-back.
 */
export async function loadApiKeys(
  options: { keysFile?: string | undefined; env?: Record<string, string | undefined> } = {},
): Promise<ApiKeySource> {
  if (options.keysFile !== undefined) {
    const keys = parseApiKeys(await readFile(options.keysFile, "utf8"));
    if (keys.length === 0) throw new ServiceSetupError(`The keys file has no key in it: ${options.keysFile}`);
    return { keys, origin: "file" };
  }
  const fromEnv = (options.env ?? process.env)[API_KEYS_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== "") {
    const keys = parseApiKeys(fromEnv);
    if (keys.length === 0) throw new ServiceSetupError(`${API_KEYS_ENV} has no key in it`);
    return { keys, origin: "env" };
  }
  return { keys: [DEV_API_KEY], origin: "dev" };
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/**
 * A constant-time key matcher. Keys are compared by their SHA-256 digests, so the comparison
 * takes the same time whatever the length or the first differing character, and every key is
 * compared (no early exit) so the position of a match is not revealed either.
 */
export function createKeyMatcher(keys: readonly string[]): (candidate: string) => boolean {
  const digests = keys.map(digest);
  return (candidate) => {
    const given = digest(candidate);
    let found = false;
    for (const known of digests) found = timingSafeEqual(given, known) || found;
    return found;
  };
}
