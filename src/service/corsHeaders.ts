/**
 * CORS for a public, read-only, key-in-the-query service: any origin, no credentials. Hono's own
 * `cors()` sets its headers on `c.res` before the route answers, which makes Hono merge them into
 * the route's Response afterwards and, on the Node adapter, turns every answer from its cheap
 * "string body + plain headers" form into a full undici Response (a third of a small lookup's
 * cost in the profile, see the README's performance notes). This one sets the same headers after
 * the route has answered, on the answer itself, and answers preflights alone.
 */
import type { MiddlewareHandler } from "hono";

/** What the service allows and exposes. */
export interface CorsHeadersOptions {
  /** Methods answered to a preflight (`Access-Control-Allow-Methods`). */
  allowMethods: readonly string[];
  /** Headers a page may read (`Access-Control-Expose-Headers`). */
  exposeHeaders: readonly string[];
  /** Seconds a browser may keep a preflight's answer (`Access-Control-Max-Age`). */
  maxAge: number;
}

/** The middleware: same headers as Hono's `cors({ origin: "*" })` with these options. */
export function corsHeaders(options: CorsHeadersOptions): MiddlewareHandler {
  const allowMethods = options.allowMethods.join(",");
  const exposeHeaders = options.exposeHeaders.join(",");
  const maxAge = String(options.maxAge);
  return async (c, next) => {
    if (c.req.method === "OPTIONS") {
      const headers: Record<string, string> = {
        "access-control-allow-origin": "*",
        "access-control-expose-headers": exposeHeaders,
        "access-control-max-age": maxAge,
        "access-control-allow-methods": allowMethods,
      };
      const requested = c.req.header("access-control-request-headers");
      if (requested) {
        headers["access-control-allow-headers"] = requested
          .split(",")
          .map((h) => h.trim())
          .join(",");
        headers["vary"] = "Access-Control-Request-Headers";
      }
      return new Response(null, { status: 204, statusText: "No Content", headers });
    }
    await next();
    c.res.headers.set("access-control-allow-origin", "*");
    c.res.headers.set("access-control-expose-headers", exposeHeaders);
    return undefined;
  };
}
