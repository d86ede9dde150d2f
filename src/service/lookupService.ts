/**
 * The reference lookup service as one `Request → Response` handler (a Hono app): the lookup
 * path, the signed asset route, CORS, keys, rate limits, and every error mapped to
 * `{ code, message }` in one place. Runs unchanged on Node, in Vite, or on an edge runtime
 * that offers `node:fs` for the asset route.
 */
import { type Context, Hono } from "hono";
import { redactText } from "../core/redact.js";
import { createAdmission } from "./admission.js";
import { type EtagMemo, serveAsset } from "./assetRoute.js";
import { CatalogStore } from "./catalogStore.js";
import { corsHeaders } from "./corsHeaders.js";
import { deriveKey } from "./derivedKey.js";
import { applyFaults } from "./faults/applyFaults.js";
import { assetKind, FaultInjector } from "./faults/faultInjector.js";
import type { FaultTarget } from "./faults/faultRules.js";
import { bucketedExpiry } from "./linkExpiry.js";
import { capResults, type LookupQuery, parseLookupQuery } from "./lookupQuery.js";
import { NAMES_PATH, namesResponse } from "./namesRoute.js";
import { type LookupServiceOptions, type ResolvedServiceOptions, resolveServiceOptions } from "./options.js";
import { PageTurns, pageBody } from "./pageBody.js";
import { keptWhenSent, PAGE_CACHE_LIMITS, PageCache, pageKey } from "./pageCache.js";
import { connectRedis } from "./redisConnection.js";
import { createAssetRelay, RELAY_PATH } from "./relay/assetRelay.js";
import { linkOrigin, onOrigin } from "./requestOrigin.js";
import { errorResponse, isServiceError, jsonResponse, SERVICE_ERROR_CODES, ServiceError } from "./serviceError.js";
import { redisAnswerCache } from "./sharedAnswerCache.js";
import type { SigningKey } from "./signing.js";
import { answerTextCommand, TEXT_COMMAND_PATH } from "./textCommand/textCommandRoute.js";
import { UpstreamProxy } from "./upstreamProxy.js";

/**
 * A running service handler.
 * @category Service
 */
export interface LookupService {
  /** The Hono app; `app.request(path)` answers without a socket. */
  readonly app: Hono;
  /**
   * Answers one request. Pass the Node adapter's bindings (`{ incoming, outgoing }`) as `env`
   * when there is a socket: per-address limits and link origins read it.
   */
  fetch(request: Request, env?: unknown): Promise<Response>;
  /** `"catalog"` when serving a catalog folder, `"proxy"` when forwarding to `upstream`. */
  readonly mode: "catalog" | "proxy";
  /** Records served (0 in proxy mode). */
  readonly recordCount: number;
  /** The fault injector, when fault mode is on (its counters tell how many requests each kind got). */
  readonly faults: FaultInjector | undefined;
  /** The resolved options (the signing key and API keys included: never log this object). */
  readonly options: Readonly<ResolvedServiceOptions>;
  /** Releases what the service holds beyond its handler (its Redis connection, with `redis`). */
  close(): Promise<void>;
}

const ALLOWED_METHODS = ["GET", "HEAD", "OPTIONS"];
/** The message of a search with no match (its code is the real service's `Model not found`). */
const SEARCH_NOT_FOUND_MESSAGE = "No model matches this search.";

/**
 * Creates the service: loads and indexes the catalog (or prepares proxy mode) once, then
 * answers requests.
 *
 * @example
 * const service = await createLookupService({ catalogDir: "./catalog" });
 * const res = await service.app.request("/anything?key=dev-key&name=fox");
 * @category Service
 */
export async function createLookupService(options: LookupServiceOptions): Promise<LookupService> {
  const resolved = resolveServiceOptions(options);
  const { lookupPath, assetsPath, now, log } = resolved;
  const store = resolved.upstream ? undefined : await CatalogStore.load(resolved.catalogDir!);
  // Only with `redis`: ioredis and the limiter library are loaded by connectRedis, not before.
  const redis = resolved.redis ? await connectRedis(resolved.redis, log, resolved.redisCommandTimeoutMs) : undefined;
  const up = resolved.upstream;
  const shared =
    redis && up
      ? redisAnswerCache(redis, {
          namespace: `${up.url}\u0000${up.lookupPath}\u0000${up.key ?? ""}`,
          macKey: deriveKey(resolved.signingKey, "shared answer cache v1"),
          slots: up.maxCacheEntries,
          maxEntryBytes: up.maxSharedAnswerBytes,
        })
      : undefined;
  const proxy = resolved.upstream ? new UpstreamProxy(resolved.upstream, now, log, shared) : undefined;
  // Proxy mode with `relayAssets`: answers' asset links point at /relay/ on this service.
  const relay = createAssetRelay(resolved);
  const signing: SigningKey = { keyName: resolved.keyName, secret: resolved.signingKey };
  const admission = await createAdmission(resolved, redis);
  const etags: EtagMemo = new Map();
  const pageTurns = new PageTurns();
  const pages = new PageCache();
  const assetsPrefix = `/${assetsPath}/`;
  // Everything that could carry a secret is redacted before it is logged.
  const secrets = [
    ...resolved.apiKeys,
    resolved.upstream?.key,
    typeof resolved.signingKey === "string" ? resolved.signingKey : undefined,
  ];

  const app = new Hono();
  // Outermost, so it also marks error answers and fault mode's replacements.
  app.use("*", async (c, next) => {
    await next();
    // Never sniffed into something runnable: every answer is JSON or an asset of a known type.
    c.res.headers.set("x-content-type-options", "nosniff");
    // An error (a 403, a 429, a 404) is about this moment only.
    if (c.res.status >= 400 && !c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
  });
  app.use(
    "*",
    corsHeaders({
      allowMethods: [...ALLOWED_METHODS, "POST"],
      exposeHeaders: ["Retry-After", "ETag", "Content-Length"],
      maxAge: 600,
    }),
  );

  // Fault mode (tests only, off by default): decided from the path alone, never from the query.
  const faults = resolved.faults ? new FaultInjector(resolved.faults) : undefined;
  if (faults) {
    app.use("*", async (c, next) => {
      const path = new URL(c.req.url).pathname;
      const kind: FaultTarget | undefined =
        path === `/${lookupPath}` ? "lookup" : path.startsWith(assetsPrefix) ? assetKind(path) : undefined;
      if (kind === undefined || c.req.method === "OPTIONS") return next();
      const decisions = faults.decide(kind, path);
      if (decisions.length === 0) return next();
      let answered = false;
      const response = await applyFaults(faults, decisions, async () => {
        await next();
        answered = true;
        return c.res;
      });
      if (!answered) return response;
      // Replaced, not merged: the faulty answer already carries the healthy one's headers.
      c.res = undefined as unknown as Response;
      c.res = response;
      return undefined;
    });
  }

  /** A failure of the service's own code: a 500 that says nothing, logged with the secrets redacted. */
  function failed(error: unknown): Response {
    log(
      redactText(
        `Lookup service error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        secrets,
      ),
    );
    return jsonResponse(500, { code: SERVICE_ERROR_CODES.internal, message: "The service failed to answer." });
  }
  // Hono hands only Errors to onError: anything else a route throws would come out of its fetch
  // (a bare 500, unlogged). Caught here, inside the middleware that give every answer its headers.
  app.use("*", async (c, next) => {
    try {
      await next();
    } catch (thrown) {
      c.res = failed(thrown);
    }
  });

  function answerFromCatalog(c: Context, query: LookupQuery): Response {
    const nowMs = now();
    // On a bucket boundary: every answer of one bucket reuses the same signed record JSON.
    const expires = bucketedExpiry(nowMs, resolved.linkLifetimeSeconds, resolved.linkBucketSeconds);
    const links = { origin: linkOrigin(c, resolved), assetsPrefix, key: signing, expires };
    const answer = (body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>) =>
      new Response(body, {
        headers: {
          "content-type": "application/json; charset=utf-8",
          // The links are capabilities for one client: private, and stale before they die.
          "cache-control": `private, max-age=${Math.max(0, Math.floor(expires - resolved.cacheMarginSeconds - nowMs / 1000))}`,
        },
      });
    if (query.op === "name") {
      const entry = store!.index.findByName(query.value, query.fuzzy);
      if (!entry) throw new ServiceError(404, SERVICE_ERROR_CODES.notFound, "No model matches this name.");
      return answer(store!.recordBytes(entry, links));
    }
    if (query.op === "id") {
      const entry = store!.index.findById(query.value);
      if (!entry) throw new ServiceError(404, SERVICE_ERROR_CODES.notFound, "No model has this id.");
      return answer(store!.recordBytes(entry, links));
    }
    // maxResultNum (already held to maxResultsPerAnswer) caps a search, from offset on.
    const max = Math.min(query.maxResultNum ?? resolved.defaultMaxResultNum, resolved.maxResultsPerAnswer);
    const key = pageKey(links.origin, query, max);
    const kept = pages.get(key, expires);
    if (kept) return answer(kept);
    const found = store!.index.search(query.value, query.fuzzy);
    // The real service answers a search that finds nothing as it answers an unknown name; a page
    // past the last match of a search that found some is still an empty page.
    if (found.length === 0) throw new ServiceError(404, SERVICE_ERROR_CODES.notFound, SEARCH_NOT_FOUND_MESSAGE);
    const entries = found.slice(query.offset, query.offset + max);
    // Built and sent a few records at a time, signing included: a long page holds no other lookup.
    const body = pageBody(entries, (entry) => store!.recordBytes(entry, links), failed, pageTurns);
    const keep = (whole: Uint8Array<ArrayBuffer>) => pages.set(key, expires, whole);
    if (!(body instanceof ReadableStream)) keep(body);
    return answer(body instanceof ReadableStream ? keptWhenSent(body, PAGE_CACHE_LIMITS.maxPageBytes, keep) : body);
  }

  app.on(["GET", "HEAD"], `/${lookupPath}`, async (c) => {
    await admission.lookup(c);
    const parsed = parseLookupQuery(new URL(c.req.url).searchParams, resolved.maxQueryLength);
    const query = capResults(parsed, resolved.maxResultsPerAnswer);
    if (!proxy) return answerFromCatalog(c, query);
    if (!relay) return proxy.lookup(query);
    // The relay's links are made once per cached answer and origin, not on every request.
    const origin = linkOrigin(c, resolved);
    return proxy.lookup(query, { origin, apply: (body) => relay.rewriteBody(body, origin) });
  });

  app.on(["GET", "HEAD"], `/${NAMES_PATH}`, async (c) => {
    await admission.lookup(c);
    if (proxy) return proxy.names();
    return namesResponse(store!.namesBytes());
  });

  if (relay) {
    app.on(["GET", "HEAD"], `/${RELAY_PATH}/*`, async (c) => {
      await admission.asset(c);
      // Verified on the origin links are signed for, as on the asset route.
      return relay.serve(c.req.raw, onOrigin(c.req.url, linkOrigin(c, resolved)));
    });
  }

  app.on(["GET", "HEAD"], `${assetsPrefix}*`, async (c) => {
    if (!store)
      throw new ServiceError(404, SERVICE_ERROR_CODES.routeNotFound, "This service serves no assets in proxy mode.");
    await admission.asset(c);
    // Verified on the origin links are signed for, not on the Host the client sent.
    const url = onOrigin(c.req.url, linkOrigin(c, resolved));
    return serveAsset(c.req.raw, { dir: store.dir, prefix: assetsPrefix, keys: [signing], now, etags }, url);
  });

  app.post(`/${TEXT_COMMAND_PATH}`, (c) =>
    answerTextCommand(c, { admission, store, upstream: resolved.upstream, log }),
  );
  app.all(`/${TEXT_COMMAND_PATH}`, () => {
    throw new ServiceError(405, SERVICE_ERROR_CODES.methodNotAllowed, "Only POST requests are allowed.", {
      allow: "POST, OPTIONS",
    });
  });

  const methodNotAllowed = () => {
    throw new ServiceError(405, SERVICE_ERROR_CODES.methodNotAllowed, "Only GET requests are allowed.", {
      allow: ALLOWED_METHODS.join(", "),
    });
  };
  app.all(`/${lookupPath}`, methodNotAllowed);
  app.all(`/${NAMES_PATH}`, methodNotAllowed);
  app.all(`${assetsPrefix}*`, methodNotAllowed);
  if (relay) app.all(`/${RELAY_PATH}/*`, methodNotAllowed);

  app.notFound(() =>
    jsonResponse(404, {
      code: SERVICE_ERROR_CODES.routeNotFound,
      message: `No such route: use /${lookupPath} or ${assetsPrefix}.`,
    }),
  );
  app.onError((error) => (isServiceError(error) ? errorResponse(error) : failed(error)));

  return {
    app,
    fetch: async (request, env) => app.fetch(request, env),
    mode: proxy ? "proxy" : "catalog",
    faults,
    recordCount: store?.size ?? 0,
    options: resolved,
    close: async () => {
      await relay?.close();
      await redis?.close();
    },
  };
}
