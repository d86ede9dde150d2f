/**
 * Stalled readers for the stalled-reader tests and the soak: connections from one loopback
 * address that send `pipelined` requests for `path` in one write and then never read a byte
 * (the socket is paused before any data arrives), so the server's answers back up in its
 * socket. A paused socket never sees the server close it, so the counts to read are the
 * server's.
 */
import { connect, type Socket } from "node:net";

export interface StalledReaderOptions {
  port: number;
  /** @default "127.0.0.2" */
  localAddress?: string;
  count: number;
  /** The request path, with its query. */
  path: string;
  /** Requests sent back to back on each connection. @default 8 */
  pipelined?: number;
}

export interface StalledReaders {
  /** Resolves once every connection has connected (or failed) and sent its requests. */
  readonly started: Promise<void>;
  /** Open now. */
  readonly open: number;
  stop(): Promise<void>;
}

export function openStalledReaders(options: StalledReaderOptions): StalledReaders {
  const sockets = new Set<Socket>();
  const request = `GET ${options.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(options.pipelined ?? 8);
  const open = () =>
    new Promise<void>((resolve) => {
      const socket = connect({
        port: options.port,
        host: "127.0.0.1",
        localAddress: options.localAddress ?? "127.0.0.2",
      });
      sockets.add(socket);
      socket.pause();
      socket.on("connect", () => socket.write(request, () => resolve()));
      socket.on("error", () => {});
      socket.on("close", () => {
        resolve();
        sockets.delete(socket);
      });
    });
  const started = Promise.all(Array.from({ length: options.count }, open)).then(() => {});
  return {
    started,
    get open() {
      return sockets.size;
    },
    stop: async () => {
      await started;
      const closing = [...sockets].map((s) => new Promise((r) => s.once("close", r)));
      for (const socket of sockets) socket.destroy();
      await Promise.all(closing);
    },
  };
}

/** Resolves once `condition()` holds or `timeoutMs` has passed: the test then asserts the figures it reached. */
export async function settle(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

/** A connection that sent one GET, read its answer's head, and then stopped reading. */
export interface StalledAnswer {
  status: number;
  head: string;
  socket: Socket;
}

/**
 * GETs `path` on a connection of its own, reads up to the end of the answer's head and pauses:
 * the body stays in the server's socket (what a client that stops reading leaves behind).
 */
export function getAndStall(port: number, path: string, localAddress = "127.0.0.2"): Promise<StalledAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    let received = "";
    socket.on("error", reject);
    socket.on("connect", () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      socket.pause();
      socket.off("data", onData);
      const head = received.slice(0, end);
      resolve({ status: Number(head.split(" ")[1]), head, socket });
    };
    socket.on("data", onData);
  });
}
