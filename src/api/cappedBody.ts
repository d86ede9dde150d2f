/**
 * Reading a response body with a byte cap, engine-free. `response.text()` and `arrayBuffer()`
 * read whatever arrives: one 400 MiB lookup answer once took 1.2 GiB before its validation
 * failed. Here the declared `Content-Length` is refused before the body is read, and the
 * stream is counted as it arrives (decoded bytes, so a compressed bomb counts at its real size)
 * and cancelled as soon as it passes the cap.
 */

/**
 * The default of the Menagerie's `maxAssetBytes`: 64 MiB. Here rather than in assetFetcher.ts,
 * which a game's first download does not hold (this module is in it, with the lookup client).
 */
export const MAX_ASSET_BYTES = 64 * 1024 * 1024;

/** A body over its cap; request.ts reports it as a {@link NetworkError} that is not retried. */
export class BodyOverCap extends Error {
  /** The cap, in bytes. */
  readonly maxBytes: number;
  /** The option that sets the cap, named in the message a user sees. */
  readonly option: string;
  constructor(option: string, maxBytes: number, seen: string) {
    super(`over ${option}: ${seen}`);
    this.name = "BodyOverCap";
    this.option = option;
    this.maxBytes = maxBytes;
  }
}

/** A cap on a body: its size in bytes and the option that set it. */
export interface BodyCap {
  maxBytes: number;
  option: string;
}

/** The bytes of `response`'s body; throws a {@link BodyOverCap} past `cap.maxBytes`. */
export async function readCappedBody(response: Response, cap: BodyCap): Promise<ArrayBuffer> {
  const { maxBytes, option } = cap;
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyOverCap(option, maxBytes, `the body declares ${declared} bytes, more than ${maxBytes}`);
  }
  if (!response.body) {
    // A fetch without streams (some polyfills): the body is whole before it can be measured.
    const whole = await response.arrayBuffer();
    if (whole.byteLength > maxBytes)
      throw new BodyOverCap(option, maxBytes, `the body has ${whole.byteLength} bytes, more than ${maxBytes}`);
    return whole;
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
      throw new BodyOverCap(option, maxBytes, `the body has more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]!.byteLength === chunks[0]!.buffer.byteLength)
    return chunks[0]!.buffer as ArrayBuffer;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out.buffer;
}
