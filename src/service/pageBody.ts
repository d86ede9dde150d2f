/**
 * The body of a search page: `[record,record,…]`, byte for byte the JSON a `join` would make,
 * but built and sent a few records at a time with the event loop's turn in between. A page of
 * 1 000 records is megabytes and each record's links are signed on first use, so built in one
 * turn it held every other request (a name lookup would wait behind whole pages).
 */

/** Records per piece: about 70 KB of JSON, a few milliseconds of signing when nothing is memoized. */
export const PAGE_PIECE_RECORDS = 32;

/** Pieces built in one turn of the event loop, over all pages being sent. */
export const PIECES_PER_TURN = 4;

/**
 * Lets the event loop run its I/O (other requests, socket writes) before the next pieces:
 * `setImmediate` on Node, a zero timer where there is none (edge runtimes).
 */
function nextTurn(run: () => void): void {
  if (typeof setImmediate === "function") setImmediate(run);
  else setTimeout(run, 0);
}

/**
 * The turns of one service's pages: each turn builds at most {@link PIECES_PER_TURN} pieces,
 * of the oldest pages waiting (a page waits only while its socket wants more), so work per
 * turn stays small however many pages are open, and the pages asked for first finish first
 * instead of all of them finishing late together (a client's timeout would then cut them all).
 */
export class PageTurns {
  #pages = 0;
  readonly #waiting: { page: number; go: () => void }[] = [];
  #scheduled = false;

  /** A number for a new page: lower numbers go first. */
  open(): number {
    return this.#pages++;
  }

  /** Resolves on a later turn, when `page` is among the oldest pages waiting. */
  wait(page: number): Promise<void> {
    return new Promise((go) => {
      this.#waiting.push({ page, go });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    nextTurn(() => {
      this.#scheduled = false;
      this.#waiting.sort((a, b) => a.page - b.page);
      for (const { go } of this.#waiting.splice(0, PIECES_PER_TURN)) go();
      if (this.#waiting.length > 0) this.#schedule();
    });
  }
}

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/**
 * One piece of a page: `records` joined by commas, after `[` (the first piece) or a comma (the
 * others), and `]` after the last piece's records. Copied into one new array: the records' own
 * bytes are shared with other answers.
 */
function piece(records: readonly Uint8Array[], first: boolean, last: boolean): Uint8Array<ArrayBuffer> {
  // `[` and the commas between records, or a comma before each record; `]` at the end.
  let length = (first ? 1 + Math.max(records.length - 1, 0) : records.length) + (last ? 1 : 0);
  for (const r of records) length += r.byteLength;
  const out = new Uint8Array(length);
  let at = 0;
  if (first) out[at++] = OPEN;
  records.forEach((r, i) => {
    if (i > 0 || !first) out[at++] = COMMA;
    out.set(r, at);
    at += r.byteLength;
  });
  if (last) out[at++] = CLOSE;
  return out;
}

/**
 * The page of `entries`, each serialised to UTF-8 JSON by `bytes` (called only when its piece
 * is built): one array when it fits one piece (sent with a `Content-Length`), else a
 * stream of pieces (sent chunked, without one), each after the first on a turn of `turns`. The stream builds a piece only when the socket
 * asks for it, so a slow reader holds one piece at a time and a client that hangs up stops the
 * work. `fail` hears an error thrown while a piece is built; the stream then errors (the
 * connection is cut: the status line is already out).
 */
export function pageBody<T>(
  entries: readonly T[],
  bytes: (entry: T) => Uint8Array,
  fail: (error: unknown) => void,
  turns: PageTurns,
  pieceRecords = PAGE_PIECE_RECORDS,
): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  if (entries.length <= pieceRecords) return piece(entries.map(bytes), true, true);
  const page = turns.open();
  let next = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (next > 0) await turns.wait(page);
        try {
          const end = Math.min(entries.length, next + pieceRecords);
          const records: Uint8Array[] = [];
          for (let i = next; i < end; i++) records.push(bytes(entries[i]!));
          controller.enqueue(piece(records, next === 0, end === entries.length));
          next = end;
          if (end === entries.length) controller.close();
        } catch (error) {
          fail(error);
          controller.error(error);
        }
      },
    },
    // Nothing is built ahead of the reader: the first piece when the adapter first reads.
    { highWaterMark: 0 },
  );
}
