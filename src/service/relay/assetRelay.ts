/**
 * The asset relay of proxy mode (`upstream.relayAssets`): asset links in answers are rewritten
 * to this service's own signed links (`<origin>/relay/<opaque id>/<file name>?Expires=&KeyName=&Signature=`,
 * the Cloud CDN scheme of the asset route, expiring with the upstream link they stand for), and
 * the relay route serves them: it checks the signature, opens the id (relayToken.ts), fetches
 * the upstream file (relayFetch.ts) and answers with CORS, a private cache life that ends with
 * the link, and an ETag. Files are cached by upstream path, bounded in bytes, until the link
 * they were fetched with expires, and concurrent requests for one path share one fetch: many
 * players cost the asset host one request per file while its link lives.
 *
 * An answer is a stream over the cached bytes, never a copy, and the bytes answers have yet to
 * send are capped (`maxBytesInFlight`): past the cap a request is answered 503 with
 * `Retry-After` rather than queued, as a queue would hold a connection per waiting client.
 */

import type { Dispatcher } from "undici";
import { InflightRequests } from "../../api/shared.js";
import { OptionsError } from "../../core/errors.js";
import { secretRedactor } from "../../core/redact.js";
import { getUrlExpiry } from "../../records/signedUrl.js";
import { matchesEtag } from "../assetRoute.js";
import type { ResolvedServiceOptions } from "../options.js";
import { SERVICE_ERROR_CODES, ServiceError } from "../serviceError.js";
import { type SigningKey, signUrl, verifySignedUrl } from "../signing.js";
import type { ResolvedUpstream } from "../upstreamOptions.js";
import { publicOnlyDispatcher } from "./relayDestination.js";
import { fetchRelayedAsset, type RelayedAsset } from "./relayFetch.js";
import { rewriteAssetLinks } from "./relayLinks.js";
import { RELAY_BYTES_IN_FLIGHT_DEFAULT, type ResolvedRelayAssets } from "./relayOptions.js";
import { createRelayCodec, type RelayCodec } from "./relayToken.js";

/** The path segment of relay links. */
export const RELAY_PATH = "relay";

interface Cached {
  asset: RelayedAsset;
  /** Until when it may be served again: the expiry of the link it was fetched with, in ms. */
  untilMs: number;
}

/**
 * The last path segment of an upstream link, as it is written there (percent-encoded). Relay
 * links end with it because the MTL names textures by file name, and the library matches
 * them with links by the last segment of their path.
 */
function fileSegment(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : "";
  return path.slice(path.lastIndexOf("/") + 1) || "file";
}

/** Query parameters of a signed link (the Cloud CDN scheme): they change with every link to one file. */
const SIGNATURE_PARAMS = ["Expires", "KeyName", "Signature"];

/** `url` without its signature parameters or fragment: one file, whatever link it came by. */
function unsignedUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of SIGNATURE_PARAMS) parsed.searchParams.delete(name);
  parsed.hash = "";
  return parsed.href;
}

const forbidden = () => new ServiceError(403, SERVICE_ERROR_CODES.forbidden, "Forbidden");

/** Bytes of one piece of an answer's body: small enough that a socket takes pieces often. */
const PIECE_BYTES = 64 * 1024;

/** Seconds a client told to wait for bytes in flight to drain is asked to wait. */
const BUSY_RETRY_SECONDS = 1;

/** Rewrites answers' asset links and serves the relay route; see the module comment. */
export class AssetRelay {
  readonly #upstream: ResolvedUpstream;
  readonly #limits: ResolvedRelayAssets;
  readonly #signing: SigningKey;
  readonly #linkLifetimeSeconds: number;
  readonly #now: () => number;
  readonly #log: (line: string) => void;
  readonly #codec: RelayCodec;
  /** Least recently used first (a Map keeps insertion order; a hit moves to the end). */
  readonly #cache = new Map<string, Cached>();
  #cacheBytes = 0;
  readonly #inflight = new InflightRequests();
  #upstreamRequests = 0;
  /** Bytes the answers being sent have yet to hand to their sockets. */
  #bytesInFlight = 0;
  /** Connects only to checked public addresses (none when private ones are allowed). */
  readonly #dispatcher: Dispatcher | undefined;

  constructor(options: ResolvedServiceOptions & { upstream: ResolvedUpstream & { relayAssets: ResolvedRelayAssets } }) {
    this.#upstream = options.upstream;
    this.#limits = options.upstream.relayAssets;
    this.#signing = { keyName: options.keyName, secret: options.signingKey };
    this.#linkLifetimeSeconds = options.linkLifetimeSeconds;
    this.#now = options.now;
    const redact = secretRedactor([options.upstream.key]);
    this.#log = (line) => options.log(redact(line));
    this.#codec = createRelayCodec(options.signingKey);
    this.#dispatcher = this.#limits.allowPrivateAddresses ? undefined : publicOnlyDispatcher();
  }

  /** Closes the relay's connections to asset hosts. */
  async close(): Promise<void> {
    await this.#dispatcher?.close();
  }

  /** Requests made to the asset host so far. */
  get upstreamRequests(): number {
    return this.#upstreamRequests;
  }

  /** Bytes of files cached. */
  get cacheBytes(): number {
    return this.#cacheBytes;
  }

  /** Bytes the answers being sent have yet to hand to their sockets. */
  get bytesInFlight(): number {
    return this.#bytesInFlight;
  }

  /** Files cached. */
  get cacheSize(): number {
    return this.#cache.size;
  }

  /**
   * The relay link standing for `upstreamUrl`, on `origin`. It expires when the upstream link
   * does, or after the service's link lifetime when that one carries no `Expires`.
   */
  link(upstreamUrl: string, origin: string): string {
    const expires = getUrlExpiry(upstreamUrl) ?? Math.floor(this.#now() / 1000) + this.#linkLifetimeSeconds;
    const path = `/${RELAY_PATH}/${this.#codec.seal(upstreamUrl)}/${fileSegment(upstreamUrl)}`;
    return signUrl(`${origin}${path}`, { ...this.#signing, expires });
  }

  /**
   * A lookup answer's body with every asset link turned into a relay link on `origin`; a body
   * that is not JSON as it is. The proxy memoizes it per cached answer and origin.
   */
  rewriteBody(text: string, origin: string): string {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return text;
    }
    // A link the URL parser refuses is left as it is: nothing could fetch it anyway.
    const relayed = (url: string) => (URL.canParse(url) ? this.link(url, origin) : url);
    return JSON.stringify(rewriteAssetLinks(parsed, relayed));
  }

  /**
   * Answers one relay request (GET or HEAD). `url` is the request's URL on the origin its link
   * was signed for. Every refusal reads only `Forbidden`, as on the asset route.
   */
  async serve(request: Request, url: string): Promise<Response> {
    const now = this.#now();
    const check = verifySignedUrl(url, { keys: [this.#signing], now: () => now });
    // The signature comes first: an unsigned request never reaches the asset host.
    if (!check.valid) throw forbidden();
    const prefix = `/${RELAY_PATH}/`;
    const pathname = new URL(url).pathname;
    if (!pathname.startsWith(prefix)) throw forbidden();
    const [id = "", file, ...rest] = pathname.slice(prefix.length).split("/");
    const upstreamUrl = this.#codec.open(id);
    if (upstreamUrl === undefined || file !== fileSegment(upstreamUrl) || rest.length > 0) throw forbidden();
    const upstreamExpiry = getUrlExpiry(upstreamUrl);
    if (upstreamExpiry !== undefined && upstreamExpiry * 1000 <= now) throw forbidden();

    const asset = await this.#get(upstreamUrl, upstreamExpiry);
    const headers: Record<string, string> = {
      etag: asset.etag,
      // private: the link is a capability; shared caches must not hand it on past its life.
      "cache-control": `private, max-age=${Math.max(0, check.expires - Math.floor(now / 1000))}`,
    };
    if (matchesEtag(request.headers.get("if-none-match"), asset.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const size = asset.bytes.byteLength;
    if (request.method !== "HEAD") this.#admit(size);
    return new Response(request.method === "HEAD" ? null : this.#body(asset.bytes, request.signal), {
      status: 200,
      headers: { ...headers, "content-type": asset.contentType, "content-length": String(size) },
    });
  }

  /**
   * Throws 503 when `size` more bytes would pass `maxBytesInFlight`; one answer is let through
   * while nothing is in flight, so a file larger than the cap is still served.
   */
  #admit(size: number): void {
    const cap = this.#limits.maxBytesInFlight ?? RELAY_BYTES_IN_FLIGHT_DEFAULT;
    if (this.#bytesInFlight === 0 || this.#bytesInFlight + size <= cap) return;
    throw new ServiceError(
      503,
      SERVICE_ERROR_CODES.busy,
      `The relay is sending too many bytes: try again in ${BUSY_RETRY_SECONDS} s.`,
      { "retry-after": String(BUSY_RETRY_SECONDS) },
    );
  }

  /**
   * The body of one answer: pieces of `bytes` (views, not copies) handed over as the socket
   * asks. Its bytes count in flight until they are all taken, the client hangs up or the
   * request is aborted.
   */
  #body(bytes: Buffer, signal: AbortSignal): ReadableStream<Uint8Array> {
    let at = 0;
    let left = bytes.byteLength;
    this.#bytesInFlight += left;
    const release = (taken: number) => {
      const n = Math.min(taken, left);
      left -= n;
      this.#bytesInFlight -= n;
    };
    const releaseAll = () => release(left);
    signal.addEventListener("abort", releaseAll, { once: true });
    return new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const piece = bytes.subarray(at, at + PIECE_BYTES);
          at += piece.byteLength;
          controller.enqueue(piece);
          release(piece.byteLength);
          if (at >= bytes.byteLength) {
            signal.removeEventListener("abort", releaseAll);
            controller.close();
          }
        },
        cancel: () => {
          signal.removeEventListener("abort", releaseAll);
          releaseAll();
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** The file behind `upstreamUrl`: cached by its URL less its signature, or fetched once for every waiter. */
  async #get(upstreamUrl: string, expiry: number | undefined): Promise<RelayedAsset> {
    const key = unsignedUrl(upstreamUrl);
    const cached = this.#cache.get(key);
    if (cached && cached.untilMs > this.#now()) {
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return cached.asset;
    }
    if (cached) this.#forget(key, cached);
    // No caller signal: a client that leaves does not cancel a fetch others may share.
    return this.#inflight.join(key, undefined, async () => {
      this.#upstreamRequests++;
      const asset = await fetchRelayedAsset(upstreamUrl, {
        fetch: this.#upstream.fetch,
        timeoutMs: this.#limits.timeoutMs,
        maxBytes: this.#limits.maxAssetBytes,
        log: this.#log,
        destination: this.#limits,
        dispatcher: this.#dispatcher,
      });
      const untilMs = expiry === undefined ? this.#now() + this.#upstream.maxCacheAgeMs : expiry * 1000;
      this.#remember(key, { asset, untilMs });
      return asset;
    });
  }

  #forget(key: string, entry: Cached): void {
    this.#cache.delete(key);
    this.#cacheBytes -= entry.asset.bytes.byteLength;
  }

  #remember(key: string, entry: Cached): void {
    const size = entry.asset.bytes.byteLength;
    if (size > this.#limits.maxCacheBytes || entry.untilMs <= this.#now()) return;
    const old = this.#cache.get(key);
    if (old) this.#forget(key, old);
    while (this.#cacheBytes + size > this.#limits.maxCacheBytes) {
      const [oldKey, oldest] = this.#cache.entries().next().value!;
      this.#forget(oldKey, oldest);
    }
    this.#cache.set(key, entry);
    this.#cacheBytes += size;
  }
}

/**
 * The relay of a service whose options turn it on, else `undefined`.
 * @throws OptionsError when `lookupPath` is the relay's own path segment.
 */
export function createAssetRelay(options: ResolvedServiceOptions): AssetRelay | undefined {
  const upstream = options.upstream;
  if (!upstream?.relayAssets) return undefined;
  if (options.lookupPath === RELAY_PATH) {
    throw new OptionsError("lookupPath", `must not be "${RELAY_PATH}" while upstream.relayAssets is on`);
  }
  return new AssetRelay({ ...options, upstream: { ...upstream, relayAssets: upstream.relayAssets } });
}
