/**
 * Slowloris clients for the server-limit test and the soak: connections from one loopback
 * address (`127.0.0.2` by default, so the service tells them from the legitimate clients on
 * `127.0.0.1`) that send a request line, then one header line every `lineEveryMs`, and never
 * finish. Counts how each ended: closed with no byte from the server (refused at once by a
 * connection cap) or after an answer (the 408 of the headers timeout).
 */
import { connect, type Socket } from "node:net";

export interface SlowClientOptions {
  port: number;
  /** @default "127.0.0.1" */
  host?: string;
  /** @default "127.0.0.2" */
  localAddress?: string;
  /** Connections to open (and, with `reconnect`, to keep trying to hold). */
  count: number;
  /** @default 1000 */
  lineEveryMs?: number;
  /** Open a new connection for each that ends, until {@link SlowClients.stop}. @default false */
  reconnect?: boolean;
  /** Connections opened at once before waiting for them to connect. @default 200 */
  batch?: number;
  /** With `reconnect`, the pause before a refused connection is tried again. @default 250 */
  retryRefusedMs?: number;
}

export interface SlowClients {
  /** Resolves once the first `count` connections have each connected or failed. */
  readonly started: Promise<void>;
  readonly opened: number;
  /** Open now. */
  readonly open: number;
  /** Ended with no byte from the server: refused at once. */
  readonly refused: number;
  /** Ended after the server answered (408). */
  readonly answered: number;
  /** Connect or socket errors (a reset also ends as refused or answered). */
  readonly errors: number;
  /** Stops reconnecting and closes every connection. */
  stop(): Promise<void>;
}

export function openSlowClients(options: SlowClientOptions): SlowClients {
  const host = options.host ?? "127.0.0.1";
  const localAddress = options.localAddress ?? "127.0.0.2";
  const lineEveryMs = options.lineEveryMs ?? 1000;
  const sockets = new Set<Socket>();
  const counts = { opened: 0, refused: 0, answered: 0, errors: 0 };
  let stopped = false;

  function open(): Promise<void> {
    counts.opened++;
    return new Promise<void>((resolve) => {
      const socket = connect({ port: options.port, host, localAddress });
      sockets.add(socket);
      let received = false;
      let line = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on("connect", () => {
        resolve();
        socket.write(`GET /anything?key=dev-key&name=fox HTTP/1.1\r\nHost: ${host}\r\n`);
        timer = setInterval(() => socket.write(`X-Slow-${line++}: 1\r\n`), lineEveryMs);
      });
      socket.on("data", () => void (received = true));
      socket.on("error", () => void counts.errors++);
      socket.on("close", () => {
        resolve();
        clearInterval(timer);
        sockets.delete(socket);
        if (received) counts.answered++;
        else counts.refused++;
        // A refused client comes back after a pause, as a real one would, not in a hot loop.
        if (options.reconnect && !stopped)
          setTimeout(() => !stopped && void open(), received ? 0 : (options.retryRefusedMs ?? 250)).unref();
      });
    });
  }

  const started = (async () => {
    const batch = options.batch ?? 200;
    for (let i = 0; i < options.count && !stopped; i += batch) {
      await Promise.all(Array.from({ length: Math.min(batch, options.count - i) }, open));
    }
  })();

  return {
    started,
    get opened() {
      return counts.opened;
    },
    get open() {
      return sockets.size;
    },
    get refused() {
      return counts.refused;
    },
    get answered() {
      return counts.answered;
    },
    get errors() {
      return counts.errors;
    },
    stop: async () => {
      stopped = true;
      await started;
      const closing = [...sockets].map((s) => new Promise((r) => s.once("close", r)));
      for (const socket of sockets) socket.destroy();
      await Promise.all(closing);
    },
  };
}

/** Resolves once `condition()` holds; rejects after `timeoutMs` with `what` in the message. */
export async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
