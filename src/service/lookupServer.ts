/**
 * The service on a real Node HTTP port (`@hono/node-server`), with a `close()` that also ends
 * kept-alive connections so a test or a CLI shuts down at once.
 */

import type { Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { assignDefaults, numberInRange, stringOption } from "../api/options.js";
import { createLookupService, type LookupService } from "./lookupService.js";
import type { LookupServiceOptions } from "./options.js";

/** Options of {@link startLookupServer}: the service's, plus where to listen. */
export interface LookupServerOptions extends LookupServiceOptions {
  /**
   * TCP port; `0` picks a free one.
   * @default 8787
   */
  port?: number;
  /**
   * Interface to listen on. The loopback default keeps a dev key off the network.
   * @default "127.0.0.1"
   */
  hostname?: string;
}

/** Defaults of the listening options of {@link LookupServerOptions}. */
export const LOOKUP_SERVER_DEFAULTS: Readonly<Required<Pick<LookupServerOptions, "port" | "hostname">>> = Object.freeze(
  {
    port: 8787,
    hostname: "127.0.0.1",
  },
);

/** A listening service. */
export interface LookupServer {
  /** `http://<host>:<port>`, the base URL to give a lookup client. */
  readonly url: string;
  /** The port it listens on (the one picked, when `0` was asked for). */
  readonly port: number;
  /** The service it serves (its handler, mode and record count). */
  readonly service: LookupService;
  /** Open client connections now (load tests read it to show they are held). */
  readonly connections: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/**
 * Creates the service and listens.
 *
 * @example
 * const server = await startLookupServer({ catalogDir: "./catalog", port: 0 });
 * const client = createLookupClient({ baseUrl: server.url, apiKey: "dev-key" });
 * await server.close();
 */
export async function startLookupServer(options: LookupServerOptions): Promise<LookupServer> {
  const o = assignDefaults(LOOKUP_SERVER_DEFAULTS, options);
  const port = numberInRange("port", o.port, 0, 65535, true);
  const hostname = stringOption("hostname", o.hostname, { nonEmpty: true });
  const service = await createLookupService(options);
  const server = createAdaptorServer({ fetch: service.app.fetch, hostname }) as Server;
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    service,
    get connections() {
      return sockets.size;
    },
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      })),
  };
}
