/**
 * A Vite plugin that mounts the reference service in Vite's dev and preview servers, so a demo
 * is one process on one port, with no CORS set-up: the lookup path and the asset route go to
 * the service, everything else to Vite.
 */

import { realpathSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { Plugin } from "vite";
import { loadApiKeys } from "./apiKeys.js";
import { createLookupService, type LookupService } from "./lookupService.js";
import { NAMES_PATH } from "./namesRoute.js";
import { LOOKUP_SERVICE_DEFAULTS, type LookupServiceOptions } from "./options.js";
import { TEXT_COMMAND_PATH } from "./textCommand/textCommandRoute.js";

/**
 * Options of {@link menagerieServicePlugin}: the service's, all optional.
 * @category Service
 */
export interface MenagerieServicePluginOptions extends LookupServiceOptions {
  /**
   * Catalog folder to serve.
   * @default the generated default catalog (`ensureDefaultCatalog()`), unless `upstream` is set
   */
  catalogDir?: string;
  /**
   * API keys.
   * @default the keys of `MENAGERIE_API_KEYS`, else ["dev-key"]
   */
  apiKeys?: readonly string[];
}

type Next = (error?: unknown) => void;

/**
 * `path` with every symlink resolved, as the file system would open it; a part that does not
 * exist yet is kept as written under its nearest existing folder's real path.
 */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPath(parent), basename(path));
  }
}

function isInside(file: string, dir: string): boolean {
  const rel = relative(dir, file);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * The plugin. The service is created once, on the first server that starts, and shared by the
 * dev and preview servers of the same Vite process.
 *
 * @example
 * // vite.config.ts
 * import { menagerieServicePlugin } from "babylon-menagerie/service";
 * export default defineConfig({ plugins: [menagerieServicePlugin()] });
 * @category Service
 */
export function menagerieServicePlugin(options: MenagerieServicePluginOptions = {}): Plugin {
  const lookupPath = options.lookupPath ?? LOOKUP_SERVICE_DEFAULTS.lookupPath;
  const assetsPath = options.assetsPath ?? LOOKUP_SERVICE_DEFAULTS.assetsPath;
  let service: Promise<LookupService> | undefined;

  function start(log: (line: string) => void): Promise<LookupService> {
    service ??= (async () => {
      // Loaded on demand: a Vite config importing this plugin does not load the catalog generator.
      const defaultCatalog = async () => (await import("./defaultCatalog.js")).ensureDefaultCatalog({ log });
      const catalogDir = options.catalogDir ?? (options.upstream ? undefined : await defaultCatalog());
      const keys = options.apiKeys ? { keys: [...options.apiKeys], origin: "option" } : await loadApiKeys();
      const created = await createLookupService({
        ...options,
        catalogDir,
        apiKeys: keys.keys,
        log: options.log ?? log,
      });
      // The dev key is public and worth showing; configured keys are secrets and are only counted.
      const keyNote = keys.origin === "dev" ? `dev key: ${keys.keys[0]}` : `${keys.keys.length} configured key(s)`;
      log(
        `Menagerie reference service at /${lookupPath} (${created.mode}, ${created.recordCount} records, ${keyNote})`,
      );
      return created;
    })();
    return service;
  }

  /**
   * Whether a request would make Vite's own file server read the catalog folder (`/@fs/<path>`
   * or a path under the root): its files are served only through signed links, never by Vite.
   * Real paths are compared, so a symlink on either side (npm workspaces link packages into
   * node_modules/) does not hide the catalog.
   */
  function inCatalog(url: string, root: string, catalogDir: string): boolean {
    let path: string;
    try {
      path = decodeURIComponent(url.split(/[?#]/, 1)[0]!);
    } catch {
      return true; // undecodable: not for Vite to guess at
    }
    const file = resolve(path.startsWith("/@fs/") ? path.slice(4) : resolve(root, `.${path}`));
    return isInside(file, catalogDir) || isInside(realPath(file), realPath(catalogDir));
  }

  function guard(root: string, log: (line: string) => void): Middleware {
    return (req, res, next) => {
      start(log)
        .then((s) => {
          const dir = s.options.catalogDir;
          if (dir === undefined || !inCatalog(req.url ?? "/", root, resolve(dir))) return next();
          res.writeHead(404, { "content-type": "text/plain" });
          res.end("Not found");
        })
        .catch(next);
    };
  }

  function middleware(log: (line: string) => void): Middleware {
    // Vite's own globals stay untouched: the service answers with standard Responses. The
    // bindings carry the socket, which per-address limits and link origins read.
    const listener = getRequestListener((request, env) => start(log).then((s) => s.fetch(request, env)), {
      overrideGlobalObjects: false,
    });
    return (req, res, next) => {
      const [path = "/", query = ""] = (req.url ?? "/").split("?", 2);
      // Vite builds its own bundles into /assets/ too: only signed links go to the service
      // (with lookups, names and text commands).
      const signedAsset = path.startsWith(`/${assetsPath}/`) && /(^|&)Signature=/.test(query);
      const route = path === `/${lookupPath}` || path === `/${TEXT_COMMAND_PATH}` || path === `/${NAMES_PATH}`;
      if (!route && !signedAsset) return next();
      listener(req, res).catch(next);
    };
  }

  return {
    name: "menagerie-service",
    configureServer(server) {
      const log = (line: string) => server.config.logger.info(line);
      server.middlewares.use(middleware(log));
      // Before Vite's own middlewares: its file server never reads the catalog folder.
      server.middlewares.use(guard(server.config.root, log));
      // Start loading (or generating) the catalog now rather than on the first request.
      return start(log).then(() => undefined);
    },
    configurePreviewServer(server) {
      const log = (line: string) => server.config.logger.info(line);
      server.middlewares.use(middleware(log));
      server.middlewares.use(guard(server.config.root, log));
      return start(log).then(() => undefined);
    },
  };
}
