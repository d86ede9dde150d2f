/**
 * Where a request came from and which origin its signed links are built on. The origin never
 * comes from the request's `Host` header or an absolute request target, which the client
 * chooses: it is the configured public URL, else the address the connection arrived on (where
 * the server listens); `X-Forwarded-Host`/`-Proto` count only when the operator trusts them.
 */
import type { Socket } from "node:net";
import type { Context } from "hono";

/** What decides a link origin (from the resolved service options). */
export interface OriginOptions {
  publicUrl: string | undefined;
  trustProxyHeaders: boolean;
}

type Bindings = { incoming?: { socket?: Socket } };

/**
 * The socket a request came on, when the Node adapter passed its bindings; `undefined` without
 * one (`app.request()`, a runtime that builds Requests itself).
 */
export function requestSocket(c: Context): Socket | undefined {
  const env = c.env as (Bindings & { server?: Bindings }) | undefined;
  return (env?.server ?? env)?.incoming?.socket;
}

/** The client's address, when there is a socket. */
export function remoteAddress(c: Context): string | undefined {
  return requestSocket(c)?.remoteAddress;
}

/** `host` as it goes in a URL: IPv6 in brackets, an IPv4-mapped IPv6 address as IPv4. */
function urlHost(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  return address.includes(":") ? `[${address.split("%", 1)[0]}]` : address;
}

const FORWARDED_HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The origin named by `X-Forwarded-Host` / `-Proto` (first of each list), if well formed. */
function forwardedOrigin(headers: Headers): string | undefined {
  const host = (headers.get("x-forwarded-host") ?? "").split(",", 1)[0]!.trim();
  if (!host || !FORWARDED_HOST.test(host)) return undefined;
  const proto = ((headers.get("x-forwarded-proto") ?? "").split(",", 1)[0]!.trim() || "http").toLowerCase();
  if (proto !== "http" && proto !== "https") return undefined;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** The origin this request's signed links are built on (and its asset links verified against). */
export function linkOrigin(c: Context, options: OriginOptions): string {
  if (options.trustProxyHeaders) {
    const forwarded = forwardedOrigin(c.req.raw.headers);
    if (forwarded) return forwarded;
  }
  if (options.publicUrl) return options.publicUrl;
  const socket = requestSocket(c);
  if (socket?.localAddress && socket.localPort) {
    const scheme = (socket as Socket & { encrypted?: boolean }).encrypted ? "https" : "http";
    return new URL(`${scheme}://${urlHost(socket.localAddress)}:${socket.localPort}`).origin;
  }
  // No socket: whoever built the Request chose its URL (a test, an edge runtime's own code).
  return new URL(c.req.url).origin;
}

/** The request's URL with its origin replaced by `origin` (path and query exactly as received). */
export function onOrigin(url: string, origin: string): string {
  const path = url.indexOf("/", url.indexOf("://") + 3);
  return origin + (path < 0 ? "/" : url.slice(path));
}
