/**
 * The library as a user gets it: `npm pack` (which runs `prepack`, so dist/ is freshly built),
 * then a fresh project outside the repository that installs the tarball and the peer
 * dependencies with npm, as a new user would. `npm run size` and test/package/ both use it, and
 * share one install: the project is kept in the system's temp folder under the tarball's hash, so
 * a second caller with the same build only packs (to learn the hash) and finds it installed.
 *
 * Besides the tarball and the peers, the project installs the consumer's own tools (Vite,
 * TypeScript, Node's types) at the versions this repository uses; none of the library's own
 * dependencies is installed by hand, so a dependency missing from package.json fails here.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The repository's root folder. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The consumer project's files (tsconfigs, the page, the Node script), copied in on every run. */
export const CONSUMER_SOURCES = join(REPO_ROOT, "test/package/consumer");

/** Peer dependencies installed beside the tarball (the optional Havok peer is left out). */
const PEERS = ["@babylonjs/core", "@babylonjs/loaders"] as const;
/** The consumer's own tools, not the library's: it builds and type-checks with them. */
const TOOLS = ["vite", "typescript", "@types/node"] as const;

/** A packed and installed copy of the library. */
export interface PackedProject {
  /** The consumer project's folder (`node_modules/babylon-menagerie` is the tarball's content). */
  dir: string;
  /** The tarball's path. */
  tarball: string;
  /** Its size in bytes. */
  tarballBytes: number;
  /** True when this call installed it, false when an earlier call with the same tarball had. */
  installed: boolean;
}

/** The version of `name` installed in this repository, so the consumer gets the same one. */
function repoVersion(name: string): string {
  const require = createRequire(join(REPO_ROOT, "package.json"));
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
}

/** Runs a command without blocking the event loop (a test worker must keep answering). */
async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    return (await promisify(execFile)(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${stdout}${stderr}`);
  }
}

/**
 * Packs the library and returns an installed consumer project for that tarball, installing it
 * first unless one for the same tarball exists. `log` is told what takes time.
 */
export async function preparePackedProject(log: (line: string) => void = () => {}): Promise<PackedProject> {
  const root = process.env["MENAGERIE_PACKED_DIR"] ?? join(tmpdir(), "babylon-menagerie-packed");
  const packDir = join(root, `pack-${process.pid}`);
  mkdirSync(packDir, { recursive: true });
  log("npm pack (builds dist/ first)");
  const [packed] = JSON.parse(await run("npm", ["pack", "--json", "--pack-destination", packDir], REPO_ROOT)) as {
    filename: string;
  }[];
  const bytes = readFileSync(join(packDir, packed!.filename));
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const dir = join(root, `consumer-${hash}`);
  const tarball = join(dir, "babylon-menagerie.tgz");
  let installed = false;
  if (!existsSync(join(dir, "node_modules/.menagerie-installed"))) {
    // Installed in a folder of its own and renamed into place, so two callers never share a
    // half-installed project.
    const staging = `${dir}.tmp-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    renameSync(join(packDir, packed!.filename), join(staging, "babylon-menagerie.tgz"));
    writeFileSync(
      join(staging, "package.json"),
      `${JSON.stringify({ name: "menagerie-consumer", private: true, type: "module" }, null, 2)}\n`,
    );
    const specs = [...PEERS, ...TOOLS].map((name) => `${name}@${repoVersion(name)}`);
    log(`npm install ./babylon-menagerie.tgz ${specs.join(" ")}`);
    await run(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", "./babylon-menagerie.tgz", ...specs],
      staging,
    );
    writeFileSync(join(staging, "node_modules/.menagerie-installed"), `${hash}\n`);
    // Projects of earlier tarballs are ~200 MB each: keep only this one.
    for (const old of readdirSync(root)) {
      if (old.startsWith("consumer-") && !old.includes(".tmp-"))
        rmSync(join(root, old), { recursive: true, force: true });
    }
    try {
      renameSync(staging, dir);
      installed = true;
    } catch (error) {
      // Another caller finished first with the same tarball: use its project.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(join(dir, "node_modules/.menagerie-installed"))) throw error;
    }
  }
  rmSync(packDir, { recursive: true, force: true });
  cpSync(CONSUMER_SOURCES, dir, { recursive: true });
  return { dir, tarball, tarballBytes: bytes.length, installed };
}
