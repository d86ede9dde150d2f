/**
 * An upstream shaped like the real service, on two loopback ports: an API host that answers
 * `/anything?key=K&name=...` with a ONE-ELEMENT ARRAY (and `{ code, message }` errors) and
 * `/names?key=K` with every model name, and a separate asset host (another origin) whose links
 * are signed in the Cloud CDN scheme by the service's own signer and which sends NO CORS
 * header, as nothing says the real one does.
 * OBJ and MTL files come as `application/octet-stream`, as a storage bucket names them.
 */
import type { ServerResponse } from "node:http";
import { signUrl, verifySignedUrl } from "../../src/service/signing.js";
import { createTestServer, type RecordedRequest, sendJson, type TestServer } from "./httpServer.js";

/** One file of the asset host, when a test needs an odd one (a type, a status, a redirect). */
export interface CdnFile {
  body: Buffer | string;
  /** @default "application/octet-stream" */
  type?: string;
  /** @default 200 */
  status?: number;
  /** A `Location` header (with a 3xx status). */
  location?: string;
}

/** One model of the upstream. */
export interface CdnModel {
  type?: string;
  height?: string | number;
  parts?: Record<string, string>;
  mtl?: string;
  textures?: Record<string, Buffer>;
  /** The whole-model OBJ (`model.other.model`). */
  whole?: string;
  /** The reference image (`model.other.reference`), a PNG. */
  reference?: Buffer;
  /** Rigged GLBs by clip (`model.rig.animations[clip].GLB`, the `walk` one as `glb`). */
  clips?: Record<string, Uint8Array>;
  /** `model.rig.GLB`. */
  rigModel?: Uint8Array;
  /** `model.formats[format]`. */
  formats?: Record<string, Uint8Array>;
  /** `thumbnails[name]` links to these files. */
  thumbnails?: Record<string, CdnFile>;
}

export interface CdnUpstream {
  /** The API host's base URL (the proxy's `upstream.url`). */
  url: string;
  /** The asset host's origin. */
  assetOrigin: string;
  api: TestServer;
  assets: TestServer;
  /** Seconds a link lives from the upstream's clock. */
  linkLifetimeSeconds: number;
  /** Requests the asset host got for one file of one model (every one: valid, refused...). */
  assetRequests(model: string, file?: string): RecordedRequest[];
  close(): Promise<void>;
}

export const CDN_KEY_NAME = "cdn-key";
/** The asset host's own signing secret: no client may ever see a signature made with it. */
const CDN_SECRET = "cdn-signing-secret";

function send(res: ServerResponse, status: number, type: string, body: Buffer | string | Uint8Array, extra = {}) {
  // No access-control-* header, on purpose: the relay must not need one.
  res.writeHead(status, { "content-type": type, ...extra });
  res.end(body);
}

const TYPES: Record<string, string> = { png: "image/png", glb: "model/gltf-binary" };

/**
 * Starts both hosts. `key` is the API key the API host accepts; `now` is its clock (share it
 * with the proxy under test so expiry means the same to both).
 */
export async function startCdnUpstream(
  models: Record<string, CdnModel>,
  key: string,
  now: () => number = Date.now,
): Promise<CdnUpstream> {
  const state = { linkLifetimeSeconds: 600 };
  const files = new Map<string, CdnFile>();
  const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, "_");

  const assets = await createTestServer((req, res) => {
    const url = new URL(req.url ?? "/", assetOrigin);
    const check = verifySignedUrl(`${assetOrigin}${req.url}`, {
      keys: [{ keyName: CDN_KEY_NAME, secret: CDN_SECRET }],
      now,
    });
    if (!check.valid) return send(res, 403, "application/xml", "<Error><Code>AccessDenied</Code></Error>");
    const file = files.get(decodeURIComponent(url.pathname));
    if (!file) return send(res, 404, "application/xml", "<Error><Code>NoSuchKey</Code></Error>");
    const extension = url.pathname.slice(url.pathname.lastIndexOf(".") + 1);
    send(res, file.status ?? 200, file.type ?? TYPES[extension] ?? "application/octet-stream", file.body, {
      ...(file.location ? { location: file.location } : {}),
    });
  });
  const assetOrigin = assets.url;

  const link = (model: string, file: string, body: CdnFile) => {
    const path = `/models/${slug(model)}/${file}`;
    files.set(path, body);
    const expires = Math.floor(now() / 1000) + state.linkLifetimeSeconds;
    return signUrl(`${assetOrigin}${encodeURI(path)}`, { keyName: CDN_KEY_NAME, secret: CDN_SECRET, expires });
  };
  const bytes = (body: Buffer | Uint8Array | string): CdnFile => ({
    body: typeof body === "string" ? body : Buffer.from(body),
  });

  const record = (name: string, m: CdnModel) => {
    const rec = (file: string, body: Buffer | Uint8Array | string) => link(name, file, bytes(body));
    const clips = Object.entries(m.clips ?? {}).map(([clip, glb]) => [
      clip,
      clip === "walk" ? { glb: rec(`${clip}.glb`, glb) } : { GLB: rec(`${clip}.glb`, glb) },
    ]);
    return {
      _id: `id-${slug(name)}`,
      name,
      type: m.type ?? "quadruped",
      behaviour: "walk",
      scale: m.height === undefined ? { height: 0, length: 0, width: 0 } : { height: m.height },
      habitats: ["forest"],
      tags: [name],
      model: {
        parts: Object.fromEntries(Object.entries(m.parts ?? {}).map(([p, obj]) => [p, rec(`${p}.obj`, obj)])),
        other: {
          ...(m.mtl !== undefined ? { material: rec("material.mtl", m.mtl) } : {}),
          ...(m.whole !== undefined ? { model: rec("model.obj", m.whole) } : {}),
          ...(m.reference ? { reference: rec("reference.png", m.reference) } : {}),
          texture: Object.entries(m.textures ?? {}).map(([f, png]) => rec(f, png)),
        },
        ...(m.clips || m.rigModel
          ? {
              rig: {
                ...(m.rigModel ? { GLB: rec("rig.glb", m.rigModel) } : {}),
                ...(m.clips ? { animations: Object.fromEntries(clips) } : {}),
              },
            }
          : {}),
        ...(m.formats
          ? { formats: Object.fromEntries(Object.entries(m.formats).map(([f, b]) => [f, rec(`whole.${f}`, b)])) }
          : {}),
      },
      ...(m.thumbnails
        ? { thumbnails: Object.fromEntries(Object.entries(m.thumbnails).map(([n, f]) => [n, link(name, n, f)])) }
        : {}),
      original_source: "https://example.com/a/page/about/this/model",
    };
  };

  const api = await createTestServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://api.test");
    if (url.pathname !== "/anything" && url.pathname !== "/names")
      return sendJson(res, 404, { code: "Not found", message: "No such route" });
    if (url.searchParams.get("key") !== key) return sendJson(res, 401, { code: "Invalid key", message: "Bad key" });
    if (url.pathname === "/names") return sendJson(res, 200, Object.keys(models).sort());
    const name = url.searchParams.get("name");
    if (name !== null) {
      const m = models[name];
      if (!m) return sendJson(res, 404, { code: "Model not found", message: "Model not found" });
      return sendJson(res, 200, [record(name, m)]);
    }
    return sendJson(
      res,
      200,
      Object.entries(models).map(([n, m]) => record(n, m)),
    );
  });

  return {
    url: api.url,
    assetOrigin,
    api,
    assets,
    get linkLifetimeSeconds() {
      return state.linkLifetimeSeconds;
    },
    set linkLifetimeSeconds(value: number) {
      state.linkLifetimeSeconds = value;
    },
    assetRequests: (model, file) =>
      assets.requests.filter((r) => {
        const path = decodeURIComponent(r.url.split("?", 1)[0]!);
        const folder = `/models/${slug(model)}/`;
        return file === undefined ? path.startsWith(folder) : path === `${folder}${file}`;
      }),
    close: async () => {
      await Promise.all([api.close(), assets.close()]);
    },
  };
}
