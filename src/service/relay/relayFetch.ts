/**
 * One upstream asset fetched for the relay, trusting the asset host no further than the
 * proxy trusts the lookup host: no redirect is followed (it could lead to an internal
 * address), only public addresses are reached unless told otherwise (relayDestination.ts),
 * the body is read up to a byte cap whatever `Content-Length` claims, and only the kinds of
 * file a model is made of are relayed (OBJ, MTL, PNG, JPEG, GLB, glTF), typed by their bytes
 * (assetKind.ts), so the relay never serves a page, a script or anything else under the
 * proxy's origin.
 */
import { createHash } from "node:crypto";
import type { Dispatcher } from "undici";
import { SERVICE_ERROR_CODES, ServiceError } from "../serviceError.js";
import { readBytesCapped } from "../upstreamBody.js";
import { assetKindOf } from "./assetKind.js";
import { checkDestination, type DestinationRules } from "./relayDestination.js";

/** A relayed file, as the relay caches it. */
export interface RelayedAsset {
  bytes: Buffer;
  /** One of {@link RELAY_CONTENT_TYPES}. */
  contentType: string;
  /** A strong ETag made from the bytes. */
  etag: string;
}

/** The content types relayed, by the file extension that may stand for them. */
export const RELAY_CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  ".obj": "model/obj",
  ".mtl": "model/mtl",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".glb": "model/gltf-binary",
  ".gltf": "model/gltf+json",
});

const ALLOWED = new Set(Object.values(RELAY_CONTENT_TYPES));
/** Types a storage bucket gives files it cannot name: the file's extension decides then. */
const GENERIC = new Set(["", "application/octet-stream", "binary/octet-stream", "text/plain"]);
const ALIASES: Readonly<Record<string, string>> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg" };

/**
 * The type an upstream answer is relayed as, or `undefined` when it is not allowed: a declared
 * type from the allowlist as is; a generic one (`application/octet-stream`, `text/plain`, none)
 * by the extension of the URL's path; anything else (`text/html`, `image/svg+xml`...) refused.
 */
export function relayContentType(declared: string | null, url: string): string | undefined {
  const type = (declared ?? "").split(";", 1)[0]!.trim().toLowerCase();
  const named = ALIASES[type] ?? type;
  if (ALLOWED.has(named)) return named;
  if (!GENERIC.has(named)) return undefined;
  const path = new URL(url).pathname.toLowerCase();
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") ? RELAY_CONTENT_TYPES[path.slice(dot)] : undefined;
}

/** What {@link fetchRelayedAsset} needs. */
export interface RelayFetchOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  /** Told why a fetch failed; given the asset's URL without its query (no signature). */
  log: (line: string) => void;
  /** Which hosts and addresses may be fetched from. */
  destination: DestinationRules;
  /** Connects only where the destination rules allow (undefined: fetch's own). */
  dispatcher: Dispatcher | undefined;
}

const badGateway = (message: string) => new ServiceError(502, SERVICE_ERROR_CODES.upstream, message);

/**
 * GETs `url` from the asset host. Throws a {@link ServiceError}: 403 when the host refuses the
 * link (the client renews its record on a 403), 404 when it has no such file, 502 for
 * anything else (no answer, a redirect, another status, a type off the allowlist, too large).
 */
export async function fetchRelayedAsset(url: string, options: RelayFetchOptions): Promise<RelayedAsset> {
  // Only the path is ever told: the query holds the upstream's signature.
  const shown = url.split(/[?#]/, 1)[0]!;
  const fail = (line: string, error: ServiceError): never => {
    options.log(`Relay: ${line}: GET ${shown}`);
    throw error;
  };
  try {
    await checkDestination(new URL(url), options.destination);
  } catch (error) {
    return fail(
      `destination refused (${(error as Error)?.message ?? "error"})`,
      badGateway("The relay does not fetch from this host."),
    );
  }
  let response: Response;
  try {
    const init = { redirect: "manual", signal: AbortSignal.timeout(options.timeoutMs), dispatcher: options.dispatcher };
    response = await options.fetch(url, init as RequestInit);
  } catch (error) {
    return fail(
      `asset request failed (${(error as Error)?.name ?? "error"})`,
      badGateway("The asset host did not answer."),
    );
  }
  const { status } = response;
  const redirected = response.type === "opaqueredirect" || (status >= 300 && status < 400);
  if (redirected || status < 200 || status >= 300) await response.body?.cancel().catch(() => undefined);
  if (redirected)
    return fail(
      `asset host redirected (${status})`,
      badGateway("The asset host answered with a redirect, which the relay does not follow."),
    );
  if (status === 401 || status === 403)
    return fail(
      `asset host refused the link (${status})`,
      new ServiceError(403, SERVICE_ERROR_CODES.forbidden, "Forbidden"),
    );
  if (status === 404) throw new ServiceError(404, SERVICE_ERROR_CODES.routeNotFound, "Asset not found.");
  if (status < 200 || status >= 300)
    return fail(`asset host answered ${status}`, badGateway(`The asset host answered ${status}.`));
  const contentType = relayContentType(response.headers.get("content-type"), url);
  if (contentType === undefined) {
    await response.body?.cancel().catch(() => undefined);
    return fail(
      "asset of a type the relay does not serve",
      badGateway("The asset host answered with a type the relay does not serve."),
    );
  }
  let bytes: Buffer | undefined;
  try {
    bytes = await readBytesCapped(response, options.maxBytes);
  } catch (error) {
    return fail(
      `asset body failed (${(error as Error)?.name ?? "error"})`,
      badGateway("The asset host did not answer."),
    );
  }
  if (bytes === undefined) {
    return fail(
      `asset over ${options.maxBytes} bytes`,
      badGateway(`The asset is larger than ${options.maxBytes} bytes.`),
    );
  }
  // Typed by what the bytes are: a declared type is never passed on as it is.
  const kind = assetKindOf(bytes);
  if (kind === undefined)
    return fail(
      "asset bytes of no kind the relay serves",
      badGateway("The asset host answered with a type the relay does not serve."),
    );
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  return { bytes, contentType: kind, etag };
}
