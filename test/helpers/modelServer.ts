/**
 * A small lookup service with signed assets, for loader tests: records built from inline models
 * (OBJ parts, a whole OBJ, rigged GLB clips, a rigged model, whole-model formats), assets under
 * /assets/ that answer 403 unless the link's signature is valid and unexpired.
 * Counts every request by path.
 */
import { createHash } from "node:crypto";
import { HABITATS } from "../../src/records/schemas.js";
import { createTestServer, sendJson, type TestServer } from "./httpServer.js";

export interface InlineModel {
  type?: string;
  /** @default "walk" */
  behaviour?: string;
  height?: string | number;
  parts?: Record<string, string | Buffer>;
  mtl?: string;
  textures?: Record<string, Buffer>;
  /** The whole-model OBJ. */
  whole?: string;
  /** Rigged GLBs by clip name: `model.rig.animations[clip] = { GLB: <clip>.glb }`. */
  clips?: Record<string, Uint8Array>;
  /** The rigged model alone: `model.rig.GLB = rig.glb`. */
  rigModel?: Uint8Array;
  /** Whole-model files by format: `model.formats[format] = format.<format>`. */
  formats?: Record<string, Uint8Array | string>;
  /** Replaces `scale` (which is `{ height }` otherwise). */
  scale?: Record<string, number | string>;
  /** Habitat flags that are true. @default ["forest"] */
  habitats?: string[];
  /** Milliseconds every asset of this model waits before answering. */
  delayMs?: number;
  /** Assets (by file name) the server answers with 404. */
  missing?: string[];
  /**
   * Told of every asset request of this model as it arrives (file name), before it is answered;
   * the answer waits for the promise it returns (tests hold one asset until others were asked).
   */
  hold?: (file: string) => Promise<void> | undefined;
}

export interface ModelServer extends TestServer {
  models: Map<string, InlineModel>;
  /** Requests for one asset file of one model. */
  assetCount(model: string, file?: string): number;
  lookupCount(): number;
  /** Seconds a link lives; change it to hand out nearly expired links. */
  linkLifetimeSeconds: number;
  /** While true, every asset answers 403. */
  forbidAssets: boolean;
  /** Revoke every link issued so far: they now answer 403. */
  revokeIssuedLinks(): void;
}

function sign(path: string, expires: number, epoch: number): string {
  return createHash("sha1").update(`${path}|${expires}|${epoch}`).digest("base64url");
}

const slug = (name: string) => encodeURIComponent(name.replace(/[^a-z0-9]+/gi, "_"));

export async function createModelServer(models: Record<string, InlineModel>): Promise<ModelServer> {
  const map = new Map(Object.entries(models));
  let epoch = 0;
  const state = { linkLifetimeSeconds: 3600 };
  let origin = "";

  const link = (model: string, file: string) => {
    const path = `/assets/${slug(model)}/${encodeURIComponent(file)}`;
    const expires = Math.floor(Date.now() / 1000) + state.linkLifetimeSeconds;
    return `${origin}${path}?Expires=${expires}&KeyName=test&Signature=${sign(path, expires, epoch)}`;
  };

  const record = (name: string, m: InlineModel) => ({
    _id: `id-${slug(name)}`,
    name,
    creature: name,
    type: m.type ?? "quadruped",
    behaviour: m.behaviour ?? "walk",
    scale: m.scale ?? (m.height === undefined ? {} : { height: m.height }),
    tags: [name],
    ...Object.fromEntries(HABITATS.map((h) => [h, (m.habitats ?? ["forest"]).includes(h)])),
    model: {
      parts: Object.fromEntries(Object.keys(m.parts ?? {}).map((p) => [p, link(name, `${p}.obj`)])),
      other: {
        ...(m.mtl !== undefined ? { material: link(name, "model.mtl") } : {}),
        ...(m.whole !== undefined ? { model: link(name, "model.obj") } : {}),
        texture: Object.keys(m.textures ?? {}).map((f) => link(name, f)),
      },
      ...(m.clips || m.rigModel
        ? {
            rig: {
              ...(m.rigModel ? { GLB: link(name, "rig.glb") } : {}),
              ...(m.clips
                ? {
                    animations: Object.fromEntries(
                      Object.keys(m.clips).map((c) => [c, { GLB: link(name, `${c}.glb`) }]),
                    ),
                  }
                : {}),
            },
          }
        : {}),
      ...(m.formats
        ? { formats: Object.fromEntries(Object.keys(m.formats).map((f) => [f, link(name, `format.${f}`)])) }
        : {}),
    },
  });

  // eslint-disable-next-line prefer-const
  let result: ModelServer;
  const server = await createTestServer(async (_req, res, recorded) => {
    // Pages under test load from another origin (the Vite server).
    res.setHeader("access-control-allow-origin", "*");
    const url = new URL(recorded.url, "http://x");
    if (url.pathname === "/anything" && url.searchParams.has("search")) {
      // Every model "mentions" every query: clients must filter by the habitat flag themselves.
      return sendJson(
        res,
        200,
        [...map].map(([n, m]) => record(n, m)),
      );
    }
    if (url.pathname === "/anything") {
      const name = url.searchParams.get("name") ?? "";
      const m = map.get(name);
      if (!m) return sendJson(res, 404, { code: "Model not found", message: `No model named ${name}` });
      return sendJson(res, 200, record(name, m));
    }
    const match = /^\/assets\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!match) return sendJson(res, 404, { code: "Not found", message: "no route" });
    const expires = Number(url.searchParams.get("Expires"));
    const valid =
      !result.forbidAssets &&
      url.searchParams.get("Signature") === sign(url.pathname, expires, epoch) &&
      expires * 1000 > Date.now();
    if (!valid) return sendJson(res, 403, { code: "Forbidden", message: "bad or expired signature" });
    const [modelSlug, file] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
    const [name, m] = [...map].find(([n]) => slug(n) === encodeURIComponent(modelSlug)) ?? [];
    if (!name || !m || m.missing?.includes(file)) return sendJson(res, 404, { code: "Not found", message: file });
    const body = file.startsWith("format.")
      ? m.formats?.[file.slice("format.".length)]
      : file === "rig.glb"
        ? m.rigModel
        : file.endsWith(".glb")
          ? m.clips?.[file.slice(0, -4)]
          : file === "model.mtl"
            ? m.mtl
            : file === "model.obj"
              ? m.whole
              : file.endsWith(".obj")
                ? m.parts?.[file.slice(0, -4)]
                : m.textures?.[file];
    if (body === undefined) return sendJson(res, 404, { code: "Not found", message: file });
    if (m.delayMs) await new Promise((r) => setTimeout(r, m.delayMs));
    await m.hold?.(file);
    res.writeHead(200, {
      "content-type": file.endsWith(".png")
        ? "image/png"
        : /\.(glb|gltf)$/.test(file)
          ? "model/gltf-binary"
          : "text/plain",
      "access-control-allow-origin": "*",
    });
    res.end(body);
  });
  origin = server.url;

  result = Object.assign(server, {
    models: map,
    assetCount: (model: string, file?: string) =>
      server.requests.filter((r) => {
        const path = decodeURIComponent(r.url.split("?")[0]!);
        const folder = `/assets/${decodeURIComponent(slug(model))}/`;
        return file === undefined ? path.startsWith(folder) : path === `${folder}${file}`;
      }).length,
    lookupCount: () => server.requests.filter((r) => r.url.startsWith("/anything")).length,
    revokeIssuedLinks: () => void epoch++,
    linkLifetimeSeconds: 0,
    forbidAssets: false,
  });
  Object.defineProperty(result, "linkLifetimeSeconds", {
    get: () => state.linkLifetimeSeconds,
    set: (value: number) => void (state.linkLifetimeSeconds = value),
  });
  return result;
}
