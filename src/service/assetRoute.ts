/**
 * The asset route: serves a catalog file only through a valid, unexpired signed link, confined
 * to the catalog folder, with its content type, a cache life that ends with the link, and an
 * ETag made from the file's content. Every refusal reads only `Forbidden`: which check failed
 * would help whoever is probing the links.
 *
 * The file is streamed, never read whole per request: a client that stops reading then holds
 * a stream's small buffer, not a copy of the file (many such clients held many copies).
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { extname, join, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { SERVICE_ERROR_CODES, ServiceError } from "./serviceError.js";
import { type SigningKey, verifySignedUrl } from "./signing.js";

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

/** What the asset route needs. */
export interface AssetRouteContext {
  /** The catalog folder, already resolved through symlinks. */
  dir: string;
  /** Path prefix of the route, with leading and trailing `/` (`"/assets/"`). */
  prefix: string;
  keys: readonly SigningKey[];
  now: () => number;
  /** The service's memo of content ETags (hashing a file once, not per request). */
  etags: EtagMemo;
}

function forbidden(): ServiceError {
  return new ServiceError(403, SERVICE_ERROR_CODES.forbidden, "Forbidden");
}

/** The catalog-relative segments of a request path; throws 403 for anything that could escape. */
function safeSegments(encodedPath: string): string[] {
  const segments = encodedPath.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw forbidden();
    }
  });
  const bad = segments.some((s) => s === "" || s === "." || s === ".." || /[/\\\0]/.test(s) || /^[A-Za-z]:/.test(s));
  if (segments.length === 0 || bad) throw forbidden();
  return segments;
}

/** Content ETags by file, each valid while the file's size and mtime stay the same. */
export type EtagMemo = Map<string, { size: number; mtimeMs: number; etag: string }>;
/** Files whose ETag is remembered at most. */
const MAX_ETAGS = 10_000;

/** The file's ETag: a hash of its bytes (the mtime would tell when the catalog was written). */
async function contentEtag(etags: EtagMemo, file: string, size: number, mtimeMs: number): Promise<string> {
  const known = etags.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.etag;
  const hasher = createHash("sha256");
  await pipeline(createReadStream(file), hasher);
  const hash = hasher.digest("base64url");
  const etag = `"${hash.slice(0, 27)}"`;
  if (etags.size >= MAX_ETAGS) etags.delete(etags.keys().next().value!);
  etags.set(file, { size, mtimeMs, etag });
  return etag;
}

/**
 * Answers one asset request (GET or HEAD). `url` is the request's URL on the origin its link
 * was signed for (the route never trusts the Host the client sent).
 * @default url request.url
 */
export async function serveAsset(
  request: Request,
  context: AssetRouteContext,
  url: string = request.url,
): Promise<Response> {
  const check = verifySignedUrl(url, { keys: context.keys, now: context.now });
  // The signature comes first: an unsigned request never touches the file system.
  if (!check.valid) throw forbidden();
  const pathname = new URL(url).pathname;
  if (!pathname.startsWith(context.prefix)) throw forbidden();
  const segments = safeSegments(pathname.slice(context.prefix.length));
  let file: string;
  try {
    file = await realpath(join(context.dir, ...segments));
  } catch {
    throw new ServiceError(404, SERVICE_ERROR_CODES.routeNotFound, "Asset not found.");
  }
  // A symlink inside the catalog may point anywhere: what counts is where it resolves.
  if (!file.startsWith(context.dir + sep)) throw forbidden();
  const info = await stat(file);
  if (!info.isFile()) throw new ServiceError(404, SERVICE_ERROR_CODES.routeNotFound, "Asset not found.");

  const etag = await contentEtag(context.etags, file, info.size, info.mtimeMs);
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
  const bytes = request.method === "HEAD" ? null : fileBody(file, info.size);
  return new Response(bytes, {
    status: 200,
    headers: { ...headers, "content-type": type, "content-length": String(info.size) },
  });
}

/**
 * The first `size` bytes of `file` as a stream read as the socket asks (`content-length` was
 * sent from `stat`; a file that grew since is cut there). An empty file reads no stream.
 */
function fileBody(file: string, size: number): ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> {
  if (size === 0) return new Uint8Array(0);
  return Readable.toWeb(createReadStream(file, { start: 0, end: size - 1 })) as ReadableStream<Uint8Array>;
}

/** True when an `If-None-Match` header names `etag` (or `*`), weak or strong. */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}
