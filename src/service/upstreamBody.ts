/**
 * Reading an upstream answer without trusting it: its body up to a byte cap, and its parsed
 * JSON with every string (object keys included) passed through a redaction.
 */

/** Deepest nesting of an answer that is walked; a record is a few levels deep. */
const MAX_DEPTH = 64;

/**
 * The body's bytes, or `undefined` when it is longer than `maxBytes` (it is then cut off: the
 * rest is never read, whatever `Content-Length` claimed).
 */
export async function readBytesCapped(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return response.body ? undefined : Buffer.alloc(0);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as UTF-8 text, or `undefined` when it is longer than `maxBytes` (see {@link readBytesCapped}). */
export async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  const bytes = await readBytesCapped(response, maxBytes);
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
}

/**
 * A copy of a parsed JSON value with `redact` applied to every string, keys included. Throws
 * past {@link MAX_DEPTH} levels of nesting: an internal signal, which {@link redactedJson}
 * turns into `undefined` (never seen by a caller of the package).
 */
export function redactStrings(value: unknown, redact: (text: string) => string, depth = 0): unknown {
  if (typeof value === "string") return redact(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_DEPTH) throw new Error(`the answer is nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact, depth + 1));
  // fromEntries defines own properties, so a "__proto__" key stays a plain key.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactStrings(v, redact, depth + 1)]));
}

/**
 * What a client is sent of a parsed upstream answer: JSON re-serialised from it with `redact`
 * applied to every string (see {@link redactStrings}); `undefined` when it is nested too deeply
 * to walk, which the proxy answers 502 (an answer it cannot read is the upstream's fault).
 */
export function redactedJson(parsed: unknown, redact: (text: string) => string): string | undefined {
  try {
    return JSON.stringify(redactStrings(parsed, redact));
  } catch {
    return undefined;
  }
}
