/**
 * The service on a real Node HTTP port (`@hono/node-server`), with the socket-level limits a
 * public port needs (Node's own header and request timeouts, a header-size cap, caps on open
 * connections) and a `close()` that also ends kept-alive connections so a test or a CLI shuts
 * down at once.
 */

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { OptionsError } from "../core/errors.js";
import { assignDefaults, numberInRange, positiveInteger, stringOption } from "../core/options.js";
import { limitConnections } from "./connectionLimits.js";
import { createLookupService, type LookupService } from "./lookupService.js";
import type { LookupServiceOptions } from "./options.js";

/**
 * Options of {@link startLookupServer}: the service's, plus where to listen and the socket limits.
 * @category Service
 */
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
  /**
   * Milliseconds a client has to send a request's headers; a connection that trickles them
   * (slowloris) is answered 408 and closed. Node's `server.headersTimeout`.
   * @default 10000
   */
  headersTimeout?: number;
  /**
   * Milliseconds a client has to send a whole request. Node's `server.requestTimeout`; at
   * least `headersTimeout`.
   * @default 30000
   */
  requestTimeout?: number;
  /**
   * Milliseconds an idle kept-alive connection stays open. Node's `server.keepAliveTimeout`.
   * @default 5000
   */
  keepAliveTimeout?: number;
  /**
   * Open connections at most; an extra one is closed as soon as it is accepted, not queued.
   * Node's `server.maxConnections`.
   * @default 1024
   */
  maxConnections?: number;
  /**
   * Open connections at most from one client address (IPv6: one /64); an extra one is closed
   * at once, so one client cannot take every slot.
   * @default 256
   */
  maxConnectionsPerAddress?: number;
  /**
   * Largest request head (request line and headers) in bytes; a larger one is answered 431.
   * Node's `maxHeaderSize`.
   * @default 16384
   */
  maxHeaderSize?: number;
  /**
   * Milliseconds a connection may wait on a reader that accepts no byte of its answer; then it
   * is closed. No other timeout covers an answer being written, so without it a client that
   * asks for a large page and stops reading holds its slot for ever.
   * @default 15000
   */
  writeTimeout?: number;
  /**
   * Connections of one client address (IPv6: one /64) that may wait on a stalled reader at
   * once (no byte accepted since the last check); past it the longest stalled are closed, so a
   * few addresses cannot fill every slot with answers nobody reads.
   * @default 16
   */
  maxStalledPerAddress?: number;
}

type ServerDefaults = Required<
  Pick<
    LookupServerOptions,
    | "port"
    | "hostname"
    | "headersTimeout"
    | "requestTimeout"
    | "keepAliveTimeout"
    | "maxConnections"
    | "maxConnectionsPerAddress"
    | "maxHeaderSize"
    | "writeTimeout"
    | "maxStalledPerAddress"
  >
>;

/**
 * Defaults of the listening options and socket limits of {@link LookupServerOptions}.
 * @category Service
 */
export const LOOKUP_SERVER_DEFAULTS: Readonly<Omit<ServerDefaults, "writeTimeout" | "maxStalledPerAddress">> =
  Object.freeze({
    port: 8787,
    hostname: "127.0.0.1",
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    maxConnections: 1024,
    maxConnectionsPerAddress: 256,
    maxHeaderSize: 16_384,
  });

/**
 * Defaults of the stalled-reader limits of {@link LookupServerOptions} (`writeTimeout`,
 * `maxStalledPerAddress`).
 * @category Service
 */
export const STALLED_READER_DEFAULTS: Readonly<Pick<ServerDefaults, "writeTimeout" | "maxStalledPerAddress">> =
  Object.freeze({ writeTimeout: 15_000, maxStalledPerAddress: 16 });

/**
 * A listening service.
 * @category Service
 */
export interface LookupServer {
  /** `http://<host>:<port>`, the base URL to give a lookup client. */
  readonly url: string;
  /** The port it listens on (the one picked, when `0` was asked for). */
  readonly port: number;
  /** The service it serves (its handler, mode and record count). */
  readonly service: LookupService;
  /** Open client connections now (load tests read it to show they are held). */
  readonly connections: number;
  /** Connections closed at once because `maxConnections` or `maxConnectionsPerAddress` was reached. */
  readonly refusedConnections: number;
  /** Connections closed because their reader stopped (`writeTimeout` or `maxStalledPerAddress`). */
  readonly closedStalledConnections: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

function resolveServerOptions(options: LookupServerOptions): ServerDefaults {
  const o = assignDefaults({ ...LOOKUP_SERVER_DEFAULTS, ...STALLED_READER_DEFAULTS }, options);
  const limits = {
    port: numberInRange("port", o.port, 0, 65535, true),
    hostname: stringOption("hostname", o.hostname, { nonEmpty: true }),
    headersTimeout: positiveInteger("headersTimeout", o.headersTimeout),
    requestTimeout: positiveInteger("requestTimeout", o.requestTimeout),
    keepAliveTimeout: positiveInteger("keepAliveTimeout", o.keepAliveTimeout),
    maxConnections: positiveInteger("maxConnections", o.maxConnections),
    maxConnectionsPerAddress: positiveInteger("maxConnectionsPerAddress", o.maxConnectionsPerAddress),
    maxHeaderSize: positiveInteger("maxHeaderSize", o.maxHeaderSize),
    writeTimeout: positiveInteger("writeTimeout", o.writeTimeout),
    maxStalledPerAddress: positiveInteger("maxStalledPerAddress", o.maxStalledPerAddress),
  };
  // Node refuses a request timeout shorter than the headers' own.
  if (limits.requestTimeout < limits.headersTimeout)
    throw new OptionsError("requestTimeout", "must be at least headersTimeout");
  return limits;
}

/**
 * Creates the service and listens.
 *
 * @example
 * const server = await startLookupServer({ catalogDir: "./catalog", port: 0 });
 * const client = createLookupClient({ baseUrl: server.url, apiKey: "dev-key" });
 * await server.close();
 * @category Service
 */
export async function startLookupServer(options: LookupServerOptions): Promise<LookupServer> {
  const limits = resolveServerOptions(options);
  const { port, hostname } = limits;
  const service = await createLookupService(options);
  const server = createAdaptorServer({
    fetch: service.app.fetch,
    hostname,
    serverOptions: {
      headersTimeout: limits.headersTimeout,
      requestTimeout: limits.requestTimeout,
      keepAliveTimeout: limits.keepAliveTimeout,
      maxHeaderSize: limits.maxHeaderSize,
      // Node checks the two timeouts on this interval (30 s by default, which would let a slow
      // client keep its connection up to 30 s past headersTimeout).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeout / 4))),
    },
  }) as Server;
  const connections = limitConnections(server, limits);
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
      return connections.open;
    },
    get refusedConnections() {
      return connections.refused;
    },
    get closedStalledConnections() {
      return connections.closedStalled;
    },
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        connections.destroyAll();
      }).finally(() => service.close())),
  };
}
