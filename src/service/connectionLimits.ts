/**
 * Caps on open connections, on top of Node's own `server.maxConnections` (the total: Node
 * closes an extra connection as soon as it is accepted): at most so many per client address,
 * so one client holding half-open connections cannot take every slot. An extra connection is
 * closed at once, never queued.
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
  /** Closes every open connection (the server is closing). */
  destroyAll(): void;
}

/** Applies both caps to `server` and tracks its connections. */
export function limitConnections(
  server: Server,
  limits: { maxConnections: number; maxConnectionsPerAddress: number },
): ConnectionTracker {
  server.maxConnections = limits.maxConnections;
  const sockets = new Set<Socket>();
  const perAddress = new Map<string, number>();
  let refused = 0;
  server.on("drop", () => void refused++);
  // Refused before Node's HTTP layer sees the socket: http.Server's own connection listener
  // (the only one it adds) runs only for admitted connections, so a refused one costs no
  // parser, no timers and no request state.
  const httpListeners = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");
  server.on("connection", (socket: Socket) => {
    const key = clientAddressKey(socket.remoteAddress);
    const count = perAddress.get(key) ?? 0;
    if (count >= limits.maxConnectionsPerAddress) {
      refused++;
      socket.destroy();
      return;
    }
    perAddress.set(key, count + 1);
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      const left = (perAddress.get(key) ?? 1) - 1;
      // Forgotten at zero, so addresses that come and go leave nothing behind.
      if (left <= 0) perAddress.delete(key);
      else perAddress.set(key, left);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });
  return {
    get open() {
      return sockets.size;
    },
    get refused() {
      return refused;
    },
    destroyAll: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
