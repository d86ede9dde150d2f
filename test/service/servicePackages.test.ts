import { describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { isMenagerieError } from "../../src/core/errors.js";
import {
  importServicePart,
  missingPackagesError,
  REDIS_PACKAGES,
  SERVICE_PACKAGES,
} from "../../src/service/servicePackages.js";

/** Node's error for a static import of a package that is not installed. */
function notFound(name: string): Error {
  return Object.assign(new Error(`Cannot find package '${name}' imported from /app/dist/service/lookupServer.js`), {
    code: "ERR_MODULE_NOT_FOUND",
  });
}

describe("the service's packages", () => {
  it("are package.json's optional peer dependencies, at the same ranges, and none is a dependency", () => {
    const peers = pkg.peerDependencies as Record<string, string>;
    const meta = pkg.peerDependenciesMeta as Record<string, { optional?: boolean }>;
    // Babylon's packages and recast (the navmesh, an opt-in of the Babylon side) are the
    // library's peers, not the service's: checked below as optional peers too.
    const library = (name: string) => name.startsWith("@babylonjs/") || name.startsWith("@recast-navigation/");
    const service = Object.keys(peers).filter((name) => !library(name));
    expect(Object.fromEntries(service.map((name) => [name, peers[name]]))).toEqual({
      ...SERVICE_PACKAGES,
      ...REDIS_PACKAGES,
    });
    for (const name of service) {
      expect(meta[name]?.optional, name).toBe(true);
      expect((pkg.devDependencies as Record<string, string>)[name], name).toBe(peers[name]);
    }
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["meshoptimizer", "zod"]);
    for (const name of ["@babylonjs/addons", "@recast-navigation/core", "@recast-navigation/generators"]) {
      expect(meta[name]?.optional, name).toBe(true);
      expect((pkg.devDependencies as Record<string, string>)[name], name).toBe(peers[name]);
    }
  });

  it("a missing one fails with a ServiceSetupError naming it and the command that installs them all", async () => {
    const missing = notFound("hono");
    const rejected = await importServicePart(() => Promise.reject(missing)).catch((error: unknown) => error);
    // Here every package resolves, so the error is Node's own.
    expect(rejected).toBe(missing);
    const error = missingPackagesError(missing, SERVICE_PACKAGES, (name) => name !== "hono" && name !== "pngjs");
    expect(isMenagerieError(error, "setup")).toBe(true);
    expect(error?.missingPackages).toEqual(["hono", "pngjs"]);
    expect(error?.cause).toBe(missing);
    expect(error?.message).toBe(
      "The Menagerie service needs packages that are not installed: hono, pngjs. The service's packages are " +
        'optional peer dependencies of babylon-menagerie; install them with: npm install "@gltf-transform/core@^4.5.1" ' +
        '"@hono/node-server@^2.1.8" "hono@^4.13.19" "ipaddr.js@^2.5.0" "minisearch@^7.2.0" "pluralize@^8.0.0" ' +
        '"pngjs@^7.0.0" "undici@^6.29.1"',
    );
  });

  it("when the runtime cannot resolve, the missing one is the package Node's message names", () => {
    const error = missingPackagesError(notFound("ioredis"), REDIS_PACKAGES, () => undefined);
    expect(error?.missingPackages).toEqual(["ioredis"]);
    expect(error?.message).toContain('npm install "ioredis@^6.0.0" "rate-limiter-flexible@^11.4.0"');
  });

  it("other failures pass through", () => {
    expect(missingPackagesError(new Error("boom"), SERVICE_PACKAGES, () => false)).toBeUndefined();
    const inner = Object.assign(new Error("Cannot find module '/app/dist/x.js'"), { code: "ERR_MODULE_NOT_FOUND" });
    expect(missingPackagesError(inner, SERVICE_PACKAGES, () => true)).toBeUndefined();
  });

  it("the Node entry re-exports every value of the service's index", async () => {
    const index = await import("../../src/service/index.js");
    const entry = await import("../../src/service/entry.js");
    expect(Object.keys(entry).sort()).toEqual(Object.keys(index).sort());
  });
});
