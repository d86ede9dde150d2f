/**
 * Search pages kept whole for their link window. Links are signed per expiry bucket
 * (linkExpiry.ts), so within one bucket a page's bytes are the same for every asker: the second
 * ask of a page is answered with the bytes of the first, without searching, signing or joining
 * again. Answers do not depend on the API key (every key gets the same records and links signed
 * with the service's one signing key), so one page serves every key; the key is still checked
 * before the cache is read. The link origin is part of the page's name, as it is of its links.
 *
 * Bounded three ways: pages at most {@link PAGE_CACHE_LIMITS.maxPageBytes} (a longer page is
 * built and streamed on each ask, a piece at a time, as it always is), at most
 * {@link PAGE_CACHE_LIMITS.maxPages} pages and {@link PAGE_CACHE_LIMITS.maxBytes} in all (the
 * least recently asked go first). A new bucket empties it: its links would be the old ones.
 */
import type { LookupQuery } from "./lookupQuery.js";

/** The bounds of a service's page cache. */
export const PAGE_CACHE_LIMITS = {
  /** Pages kept at once. */
  maxPages: 256,
  /** Bytes kept at once, over every page. */
  maxBytes: 32 * 2 ** 20,
  /** A page longer than this is never kept (the default page of 100 records is about 250 KB). */
  maxPageBytes: 2 ** 20,
} as const;

/** The bounds, for tests that need small ones. */
export interface PageCacheLimits {
  maxPages: number;
  maxBytes: number;
  maxPageBytes: number;
}

/** The name of one page: everything its bytes depend on within one bucket. */
export function pageKey(origin: string, query: LookupQuery, max: number): string {
  return `${origin}\u0000${query.fuzzy ? 1 : 0}\u0000${query.offset}\u0000${max}\u0000${query.value}`;
}

/** Whole search pages of the current link bucket, least recently asked first out. */
export class PageCache {
  readonly #limits: PageCacheLimits;
  /** In ask order: a hit moves its page to the end. */
  readonly #pages = new Map<string, Uint8Array<ArrayBuffer>>();
  #bytes = 0;
  /** The `Expires` every kept page's links carry. */
  #expires = Number.NaN;

  constructor(limits: PageCacheLimits = PAGE_CACHE_LIMITS) {
    this.#limits = limits;
  }

  /** Pages kept now. */
  get size(): number {
    return this.#pages.size;
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The page named `key` with links expiring at `expires`, if kept. Shared: read it, never write to it. */
  get(key: string, expires: number): Uint8Array<ArrayBuffer> | undefined {
    if (expires !== this.#expires) return undefined;
    const page = this.#pages.get(key);
    if (page) {
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  /** Keeps `page` (made with links expiring at `expires`) unless it is too long to keep. */
  set(key: string, expires: number, page: Uint8Array<ArrayBuffer>): void {
    if (page.byteLength > this.#limits.maxPageBytes) return;
    if (expires !== this.#expires) this.#clear(expires);
    const old = this.#pages.get(key);
    if (old) this.#bytes -= old.byteLength;
    this.#pages.delete(key);
    this.#pages.set(key, page);
    this.#bytes += page.byteLength;
    for (const [oldest, bytes] of this.#pages) {
      if (this.#pages.size <= this.#limits.maxPages && this.#bytes <= this.#limits.maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= bytes.byteLength;
    }
  }

  #clear(expires: number): void {
    this.#pages.clear();
    this.#bytes = 0;
    this.#expires = expires;
  }
}

/**
 * `body` as it goes out, with `keep(whole)` called once the last byte has been handed over,
 * unless it grew past `maxBytes` (then it is only passed on). A client that hangs up keeps
 * nothing, and its hang-up reaches `body`, so the page stops being built.
 */
export function keptWhenSent(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  keep: (whole: Uint8Array<ArrayBuffer>) => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let pieces: Uint8Array[] | undefined = [];
  let length = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          if (pieces) keep(joined(pieces, length));
          return;
        }
        length += value.byteLength;
        if (length > maxBytes) pieces = undefined;
        pieces?.push(value);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

function joined(pieces: readonly Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}
