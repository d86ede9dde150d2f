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
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The repository's root folder. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The consumer project's files (tsconfigs, the page, the Node script), copied in on every run. */
export const CONSUMER_SOURCES = join(REPO_ROOT, "test/package/consumer");

/**
 * Peer dependencies installed beside the tarball: Babylon's, and the reference service's optional
 * ones, which the consumer's Node script needs to start the service (the optional Havok peer is
 * left out). A browser game installs only Babylon's.
 */
const PEERS = Object.keys(
  (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { peerDependencies: Record<string, string> })
    .peerDependencies,
).filter((name) => name !== "@babylonjs/havok");
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
  // Read from node_modules: several packages do not export their package.json.
  const file = join(REPO_ROOT, "node_modules", name, "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
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

/** True while process `pid` runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes what earlier runs left in `root`: folders of processes that died mid-way, and
 * projects of other tarballs (about 200 MB each) not used for an hour, so a project another
 * run may be using right now stays.
 */
function removeStale(root: string, keep: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    const pid = /^(?:pack-|consumer-\w+\.tmp-)(\d+)$/.exec(name)?.[1];
    const stale =
      pid !== undefined
        ? Number(pid) !== process.pid && !alive(Number(pid))
        : name.startsWith("consumer-") && path !== keep && statSync(path).mtimeMs < hourAgo;
    if (stale) rmSync(path, { recursive: true, force: true });
  }
}

async function install(staging: string, tarball: string, hash: string, log: (line: string) => void): Promise<void> {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  renameSync(tarball, join(staging, "babylon-menagerie.tgz"));
  writeFileSync(
    join(staging, "package.json"),
    `${JSON.stringify({ name: "menagerie-consumer", private: true, type: "module" }, null, 2)}\n`,
  );
  const specs = [...PEERS, ...TOOLS].map((name) => `${name}@${repoVersion(name)}`);
  log(`npm install ./babylon-menagerie.tgz ${specs.join(" ")}`);
  const args = ["install", "--prefer-offline", "--no-audit", "--no-fund", "./babylon-menagerie.tgz", ...specs];
  await run("npm", args, staging);
  writeFileSync(join(staging, "node_modules/.menagerie-installed"), `${hash}\n`);
}

/**
 * Packs the library and returns an installed consumer project for that tarball, installing it
 * first unless one for the same tarball exists. `log` is told what takes time.
 */
export async function preparePackedProject(log: (line: string) => void = () => {}): Promise<PackedProject> {
  const root = process.env["MENAGERIE_PACKED_DIR"] ?? join(tmpdir(), "babylon-menagerie-packed");
  const packDir = join(root, `pack-${process.pid}`);
  mkdirSync(packDir, { recursive: true });
  try {
    log("npm pack (builds dist/ first)");
    const packOutput = await run("npm", ["pack", "--json", "--pack-destination", packDir], REPO_ROOT);
    const [packed] = JSON.parse(packOutput) as { filename: string }[];
    const bytes = readFileSync(join(packDir, packed!.filename));
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
    const dir = join(root, `consumer-${hash}`);
    const marker = join(dir, "node_modules/.menagerie-installed");
    let installed = false;
    if (!existsSync(marker)) {
      // Installed in a folder of its own and renamed into place, so that no caller ever sees a
      // half-installed project.
      const staging = `${dir}.tmp-${process.pid}`;
      await install(staging, join(packDir, packed!.filename), hash, log);
      try {
        if (!existsSync(marker)) rmSync(dir, { recursive: true, force: true });
        renameSync(staging, dir);
        installed = true;
      } catch (error) {
        // Another caller finished first with the same tarball: use its project.
        rmSync(staging, { recursive: true, force: true });
        if (!existsSync(marker)) throw error;
      }
    }
    // Touched on every use, so that removeStale keeps a project in use.
    writeFileSync(marker, `${hash}\n`);
    utimesSync(dir, new Date(), new Date());
    removeStale(root, dir);
    cpSync(CONSUMER_SOURCES, dir, { recursive: true });
    return { dir, tarball: join(dir, "babylon-menagerie.tgz"), tarballBytes: bytes.length, installed };
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
}
