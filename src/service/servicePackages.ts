/**
 * The npm packages the reference service imports. They are optional peer dependencies of
 * babylon-menagerie, so that a browser game which installs the library gets none of them; a
 * program that runs the service installs them beside it. When one is missing, the service
 * fails with a {@link ServiceSetupError} that names it and gives the command that installs it.
 *
 * This module imports none of them (nor anything that does), so it can load first and report.
 */
import { ServiceSetupError } from "../core/errors.js";

/**
 * The packages every part of the service needs, with the version ranges of package.json's
 * `peerDependencies` (a test keeps the two in step).
 */
export const SERVICE_PACKAGES: Readonly<Record<string, string>> = {
  "@gltf-transform/core": "^4.5.1",
  "@hono/node-server": "^2.1.8",
  hono: "^4.13.19",
  "ipaddr.js": "^2.5.0",
  minisearch: "^7.2.0",
  pluralize: "^8.0.0",
  pngjs: "^7.0.0",
  undici: "^6.29.1",
};

/** The packages only the `redis` option needs: loaded on first use. */
export const REDIS_PACKAGES: Readonly<Record<string, string>> = {
  ioredis: "^6.0.0",
  "rate-limiter-flexible": "^11.4.0",
};

/** Whether `name` resolves from here; `undefined` when the runtime cannot tell. */
export type PackageResolver = (name: string) => boolean | undefined;

function resolvesFromHere(name: string): boolean | undefined {
  if (typeof import.meta.resolve !== "function") return undefined;
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

function isModuleNotFound(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND");
}

/**
 * The error for a failed import when one of `packages` is missing, else `undefined`. The
 * missing ones are those that do not resolve; when the runtime cannot resolve, those the error
 * message names.
 */
export function missingPackagesError(
  error: unknown,
  packages: Readonly<Record<string, string>>,
  resolves: PackageResolver = resolvesFromHere,
): ServiceSetupError | undefined {
  if (!isModuleNotFound(error)) return undefined;
  const names = Object.keys(packages);
  const missing = names.filter((name) => {
    const found = resolves(name);
    // Node's message reads "Cannot find package 'hono' imported from ...".
    return found === undefined ? error.message.includes(`'${name}'`) : !found;
  });
  if (missing.length === 0) return undefined;
  const install = names.map((name) => `"${name}@${packages[name]}"`).join(" ");
  return new ServiceSetupError(
    `The Menagerie service needs packages that are not installed: ${missing.join(", ")}. The service's ` +
      `packages are optional peer dependencies of babylon-menagerie; install them with: npm install ${install}`,
    { missingPackages: missing, cause: error },
  );
}

/**
 * Runs `load` (an `import()` of a part of the service); a missing package among `packages`
 * rejects with a {@link ServiceSetupError} naming it, any other failure as it is.
 */
export async function importServicePart<T>(
  load: () => Promise<T>,
  packages: Readonly<Record<string, string>> = SERVICE_PACKAGES,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw missingPackagesError(error, packages) ?? error;
  }
}
