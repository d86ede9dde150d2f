/**
 * Caps on open connections, on top of Node's own `server.maxConnections` (the total: Node
 * closes an extra connection as soon as it is accepted): at most so many per client address,
 * so one client holding half-open connections cannot take every slot. An extra connection is
 * closed at once, never queued.
 *
 * And a watch on answers whose reader stopped: no Node timeout covers a response being written
 * (the request and keep-alive timeouts end where the answer begins), so a client that asks for
 * a large page and never reads would hold its slot for ever. A connection with bytes waiting
 * for its socket that has accepted none for `writeTimeout` is closed, and one address may keep
 * at most `maxStalledPerAddress` such stalled connections at once (the longest stalled go first).
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { clientAddressKey } from "./clientAddress.js";

/** The open connections of a server and how many were refused. */
export interface ConnectionTracker {
  /** Connections open now. */
  readonly open: number;
  /** Connections closed at once because a cap was reached, since start. */
  readonly refused: number;
  /** Connections closed because their reader stopped (timeout or per-address cap), since start. */
  readonly closedStalled: number;
  /** Connections whose reader accepted nothing at the last check. */
  readonly stalled: number;
  /** Closes every open connection and stops the watch (the server is closing). */
  destroyAll(): void;
}

/** The limits {@link limitConnections} applies. */
export interface ConnectionLimits {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  writeTimeout: number;
  maxStalledPerAddress: number;
}

interface Watched {
  key: string;
  /** Bytes the socket had accepted (handed to the kernel) at the last check. */
  accepted: number;
  /** When the socket last accepted a byte, or began to wait for its reader. */
  progressAt: number;
}

/** Bytes `socket` has handed on: what it was given less what still waits in it. */
function acceptedBytes(socket: Socket): number {
  return (socket.bytesWritten ?? 0) - socket.writableLength;
}

/** Applies the caps and the stalled-reader watch to `server` and tracks its connections. */
export function limitConnections(server: Server, limits: ConnectionLimits): ConnectionTracker {
  server.maxConnections = limits.maxConnections;
  const sockets = new Map<Socket, Watched>();
  const perAddress = new Map<string, number>();
  const counts = { refused: 0, closedStalled: 0, stalled: 0 };
  server.on("drop", () => void counts.refused++);
  // Refused before Node's HTTP layer sees the socket: http.Server's own connection listener
  // (the only one it adds) runs only for admitted connections, so a refused one costs no
  // parser, no timers and no request state.
  const httpListeners = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");
  server.on("connection", (socket: Socket) => {
    const key = clientAddressKey(socket.remoteAddress);
    const count = perAddress.get(key) ?? 0;
    if (count >= limits.maxConnectionsPerAddress) {
      counts.refused++;
      socket.destroy();
      return;
    }
    perAddress.set(key, count + 1);
    sockets.set(socket, { key, accepted: -1, progressAt: Date.now() });
    socket.once("close", () => {
      sockets.delete(socket);
      const left = (perAddress.get(key) ?? 1) - 1;
      // Forgotten at zero, so addresses that come and go leave nothing behind.
      if (left <= 0) perAddress.delete(key);
      else perAddress.set(key, left);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });
  const watch = setInterval(
    () => checkWriters(sockets, limits, counts),
    Math.max(25, Math.min(1000, Math.floor(limits.writeTimeout / 4))),
  );
  watch.unref();
  return {
    get open() {
      return sockets.size;
    },
    get refused() {
      return counts.refused;
    },
    get closedStalled() {
      return counts.closedStalled;
    },
    get stalled() {
      return counts.stalled;
    },
    destroyAll: () => {
      clearInterval(watch);
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}

/**
 * One check of every connection: a stalled one (bytes waiting, none accepted since the last
 * check) past `writeTimeout` is closed; of the rest, each address keeps its
 * `maxStalledPerAddress` most recently stalled.
 */
function checkWriters(
  sockets: Map<Socket, Watched>,
  limits: ConnectionLimits,
  counts: { closedStalled: number; stalled: number },
): void {
  const now = Date.now();
  const byAddress = new Map<string, [Socket, Watched][]>();
  const close = (socket: Socket) => {
    counts.closedStalled++;
    sockets.delete(socket);
    socket.destroy();
  };
  for (const [socket, w] of sockets) {
    // Nothing waiting for the reader leaves a mark no count can equal: the first check that
    // finds bytes waiting counts as progress, so a stall lasts at least one whole interval.
    const accepted = socket.writableLength === 0 ? -1 : acceptedBytes(socket);
    if (accepted === -1 || accepted !== w.accepted) {
      w.accepted = accepted;
      w.progressAt = now;
      continue;
    }
    if (now - w.progressAt >= limits.writeTimeout) close(socket);
    else {
      const list = byAddress.get(w.key) ?? [];
      list.push([socket, w]);
      byAddress.set(w.key, list);
    }
  }
  counts.stalled = 0;
  for (const stalled of byAddress.values()) {
    stalled.sort((a, b) => b[1].progressAt - a[1].progressAt);
    for (const [socket] of stalled.splice(limits.maxStalledPerAddress)) close(socket);
    counts.stalled += stalled.length;
  }
}
