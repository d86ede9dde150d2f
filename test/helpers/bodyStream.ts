/**
 * Long bodies for the body-cap tests: a server side that writes `total` bytes in chunks,
 * waiting for the socket to drain, and stops as soon as the client hangs up, counting what it
 * managed to write (bytes handed to the socket: a reader that stops early leaves most unsent).
 */
import type { ServerResponse } from "node:http";

/** Bytes one streamed answer wrote, and whether the client hung up before the end. */
export interface StreamTally {
  written: number;
  hungUp: boolean;
}

/**
 * Writes `total` bytes of `fill` (repeated) as the body, `chunk` at a time, with `headers`
 * (no Content-Length unless given: chunked). Resolves with the tally when done or hung up.
 */
export function streamBody(
  res: ServerResponse,
  total: number,
  options: { fill?: string; prefix?: string; headers?: Record<string, string>; chunk?: number } = {},
): Promise<StreamTally> {
  const chunkBytes = options.chunk ?? 64 * 1024;
  const block = Buffer.alloc(chunkBytes, options.fill ?? "x");
  const tally: StreamTally = { written: 0, hungUp: false };
  res.writeHead(200, { "content-type": "application/json", ...options.headers });
  return new Promise((resolve) => {
    res.on("close", () => {
      if (!res.writableFinished) tally.hungUp = true;
      resolve(tally);
    });
    const prefix = Buffer.from(options.prefix ?? "");
    const pump = () => {
      while (tally.written < total && !res.destroyed) {
        const first = tally.written === 0 && prefix.length > 0;
        const part = first ? prefix : block.subarray(0, Math.min(chunkBytes, total - tally.written));
        tally.written += part.length;
        if (!res.write(part)) return void res.once("drain", pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
}
