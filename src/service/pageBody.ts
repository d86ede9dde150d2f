/**
 * The body of a search page: `[record,record,…]`, byte for byte the JSON a `join` would make,
 * but built and sent a few records at a time with the event loop's turn in between. A page of
 * 1 000 records is megabytes and each record's links are signed on first use, so built in one
 * turn it held every other request (a name lookup waited behind whole pages, issue #29).
 */

/** Records per piece: about 70 KB of JSON, a few milliseconds of signing when nothing is memoized. */
export const PAGE_PIECE_RECORDS = 32;

/**
 * Lets the event loop run its I/O (other requests, socket writes) before the next piece:
 * `setImmediate` on Node, a zero timer where there is none (edge runtimes).
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}

/**
 * The page of `entries`, each serialised by `json` (called only when its piece is built): a
 * string when it fits one piece (sent with a `Content-Length` as before), else a stream of
 * pieces (sent chunked, without one). The stream builds a piece only when the socket asks for
 * it, so a slow reader holds one piece at a time and a client that hangs up stops the work.
 * `fail` hears an error thrown while a piece is built; the stream then errors (the connection
 * is cut: the status line is already out).
 */
export function pageBody<T>(
  entries: readonly T[],
  json: (entry: T) => string,
  fail: (error: unknown) => void,
  pieceRecords = PAGE_PIECE_RECORDS,
): string | ReadableStream<Uint8Array> {
  if (entries.length <= pieceRecords) return `[${entries.map(json).join(",")}]`;
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (next > 0) await nextTurn();
        try {
          const end = Math.min(entries.length, next + pieceRecords);
          const parts: string[] = [];
          for (let i = next; i < end; i++) parts.push(json(entries[i]!));
          const text = `${next === 0 ? "[" : ","}${parts.join(",")}${end === entries.length ? "]" : ""}`;
          next = end;
          controller.enqueue(encoder.encode(text));
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
