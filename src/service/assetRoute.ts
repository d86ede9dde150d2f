/**
 * The asset route: serves a catalog file only through a valid, unexpired signed link, confined
 * to the catalog folder, with its content type, a cache life that ends with the link, and ETags.
 */
import { readFile, realpath, stat } from "node:fs/promises";
import { extname, join, sep } from "node:path";
import { SERVICE_ERROR_CODES, ServiceError } from "./serviceError.js";
import { type SignatureFailure, type SigningKey, verifySignedUrl } from "./signing.js";

/** Content types by file extension; anything else is served as bytes. */
export const ASSET_CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  ".obj": "model/obj",
  ".mtl": "model/mtl",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".json": "application/json",
  ".glb": "model/gltf-binary",
  ".gltf": "model/gltf+json",
});

const FAILURE_MESSAGES: Record<SignatureFailure, string> = {
  missing: "The asset link is not signed.",
  malformed: "The asset link's signature parameters are malformed.",
  expired: "The asset link has expired.",
  "unknown-key-name": "The asset link is signed with an unknown key name.",
  "bad-signature": "The asset link's signature is not valid.",
};

/** What the asset route needs. */
export interface AssetRouteContext {
  /** The catalog folder, already resolved through symlinks. */
  dir: string;
  /** Path prefix of the route, with leading and trailing `/` (`"/assets/"`). */
  prefix: string;
  keys: readonly SigningKey[];
  now: () => number;
}

function forbidden(message: string): ServiceError {
  return new ServiceError(403, SERVICE_ERROR_CODES.forbidden, message);
}

/** The catalog-relative segments of a request path; throws 403 for anything that could escape. */
function safeSegments(encodedPath: string): string[] {
  const segments = encodedPath.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw forbidden("The asset path is not valid.");
    }
  });
  const bad = segments.some((s) => s === "" || s === "." || s === ".." || /[/\\\0]/.test(s) || /^[A-Za-z]:/.test(s));
  if (segments.length === 0 || bad) throw forbidden("The asset path is not inside the catalog.");
  return segments;
}

/** Answers one asset request (GET or HEAD). */
export async function serveAsset(request: Request, context: AssetRouteContext): Promise<Response> {
  const url = request.url;
  const check = verifySignedUrl(url, { keys: context.keys, now: context.now });
  // The signature comes first: an unsigned request never touches the file system.
  if (!check.valid) throw forbidden(FAILURE_MESSAGES[check.reason]);
  const pathname = new URL(url).pathname;
  if (!pathname.startsWith(context.prefix)) throw forbidden("The asset path is not inside the catalog.");
  const segments = safeSegments(pathname.slice(context.prefix.length));
  let file: string;
  try {
    file = await realpath(join(context.dir, ...segments));
  } catch {
    throw new ServiceError(404, SERVICE_ERROR_CODES.routeNotFound, "Asset not found.");
  }
  // A symlink inside the catalog may point anywhere: what counts is where it resolves.
  if (!file.startsWith(context.dir + sep)) throw forbidden("The asset path is not inside the catalog.");
  const info = await stat(file);
  if (!info.isFile()) throw new ServiceError(404, SERVICE_ERROR_CODES.routeNotFound, "Asset not found.");

  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const maxAge = Math.max(0, check.expires - Math.floor(context.now() / 1000));
  const headers: Record<string, string> = {
    etag,
    // private: the link is a capability; shared caches must not hand it to others past its life.
    "cache-control": `private, max-age=${maxAge}`,
  };
  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const type = ASSET_CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
  const body = request.method === "HEAD" ? null : await readFile(file);
  return new Response(body, {
    status: 200,
    headers: { ...headers, "content-type": type, "content-length": String(info.size) },
  });
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}
