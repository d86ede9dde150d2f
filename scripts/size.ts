/**
 * `npm run size`: the bundle budget. Builds three minimal Vite apps (test/package/consumer/size/)
 * against the packed tarball, installed in a fresh project (scripts/packedProject.ts):
 *
 * - `obj`: Babylon loading one OBJ with @babylonjs/loaders and instancing it (the baseline);
 * - `menagerie`: the same app with `new Menagerie(...)`, `spawnCreature("fox")` and `wander`;
 * - `client`: only the lookup client from the root entry.
 *
 * The figure of each app is its initial JavaScript, gzip: the entry chunk and every chunk it
 * imports statically (what the page downloads before its code runs). Vite splits Babylon's own
 * code into shared chunks differently from one app to the next, so the entry chunk alone would
 * compare nothing. Chunks loaded later by `import()` are shown apart.
 *
 * Fails (exit 1) when the menagerie app's initial JS exceeds the obj app's by more than the
 * budget, or when the client app's bundle holds any @babylonjs module. `--profile` lists the
 * modules the menagerie app adds, heaviest first.
 */
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { preparePackedProject } from "./packedProject.js";

/** The most the menagerie app's initial JS may exceed the obj app's, in bytes of gzip (25 KB). */
export const BUDGET_BYTES = 25 * 1024;

/** What the script reads of Vite's build output (Rollup's / Rolldown's output chunks). */
interface OutputChunk {
  type: "chunk";
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  modules: Record<string, { renderedLength: number }>;
}

/** One app's figures. */
export interface AppSize {
  /** Gzip bytes of the entry chunk and the chunks it imports statically. */
  initialGzip: number;
  initialChunks: number;
  /** Gzip bytes of every other chunk (loaded by `import()` when needed). */
  lazyGzip: number;
  /** Module id (below node_modules when there) → rendered bytes, over the initial chunks. */
  initialModules: Map<string, number>;
  /** Every module of every chunk. */
  allModules: string[];
}

const gzip = (code: string) => gzipSync(code, { level: 9 }).length;
const moduleName = (id: string) => id.replace(/^.*\/node_modules\//, "");

/** Builds the app in `root` with the consumer project's own Vite and measures it. */
async function measureApp(projectDir: string, root: string): Promise<AppSize> {
  const require = createRequire(join(projectDir, "package.json"));
  const vite = (await import(pathToFileURL(require.resolve("vite")).href)) as typeof import("vite");
  const result = await vite.build({
    root,
    configFile: false,
    logLevel: "warn",
    build: { write: true, outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []));
  const chunks = new Map<string, OutputChunk>();
  for (const output of outputs as unknown as OutputChunk[])
    if (output.type === "chunk") chunks.set(output.fileName, output);
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`${root}: Vite made no entry chunk`);
  const initial = new Set<string>();
  const visit = (fileName: string) => {
    if (initial.has(fileName)) return;
    initial.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(entry.fileName);
  const size: AppSize = {
    initialGzip: 0,
    initialChunks: initial.size,
    lazyGzip: 0,
    initialModules: new Map(),
    allModules: [],
  };
  for (const chunk of chunks.values()) {
    const bytes = gzip(chunk.code);
    if (initial.has(chunk.fileName)) size.initialGzip += bytes;
    else size.lazyGzip += bytes;
    for (const [id, info] of Object.entries(chunk.modules)) {
      size.allModules.push(moduleName(id));
      if (initial.has(chunk.fileName)) size.initialModules.set(moduleName(id), info.renderedLength);
    }
  }
  return size;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The modules `app` has in its initial chunks that `base` has not, heaviest first. */
export function addedModules(base: AppSize, app: AppSize): [string, number][] {
  return [...app.initialModules].filter(([id]) => !base.initialModules.has(id)).sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<number> {
  const started = performance.now();
  const project = preparePackedProject((line) => console.log(`size: ${line}`));
  const apps = join(project.dir, "size");
  const [obj, menagerie, client] = [
    await measureApp(project.dir, join(apps, "obj")),
    await measureApp(project.dir, join(apps, "menagerie")),
    await measureApp(project.dir, join(apps, "client")),
  ];
  const difference = menagerie.initialGzip - obj.initialGzip;
  const babylonInClient = client.allModules.filter((id) => id.startsWith("@babylonjs/"));
  const line = (name: string, app: AppSize) =>
    `  ${name.padEnd(46)} ${kB(app.initialGzip).padStart(9)}  (${app.initialChunks} chunks; ${kB(app.lazyGzip)} more loaded lazily)`;
  console.log(
    `\nInitial JS, gzip (entry chunk + the chunks it imports statically), built from ${relative(process.cwd(), project.tarball) || project.tarball}:`,
  );
  console.log(line("obj: Babylon + OBJ loader, one instance", obj));
  console.log(line("menagerie: Babylon + Menagerie, a wandering fox", menagerie));
  console.log(`  ${"difference".padEnd(46)} ${kB(difference).padStart(9)}  (budget ${kB(BUDGET_BYTES)})`);
  console.log(line("client: the lookup client alone", client));
  console.log(`  ${"@babylonjs modules in the client app".padEnd(46)} ${String(babylonInClient.length).padStart(9)}`);
  if (process.argv.includes("--profile")) {
    console.log("\nModules the menagerie app adds to the initial JS (rendered bytes before gzip):");
    for (const [id, bytes] of addedModules(obj, menagerie)) console.log(`  ${String(bytes).padStart(8)}  ${id}`);
  }
  console.log(`\nsize: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  let failed = false;
  if (difference > BUDGET_BYTES) {
    console.error(
      `size: FAILED: Menagerie adds ${kB(difference)}, over the budget of ${kB(BUDGET_BYTES)} (run with --profile)`,
    );
    failed = true;
  }
  if (babylonInClient.length > 0) {
    console.error(`size: FAILED: the lookup client alone pulls in Babylon: ${babylonInClient.slice(0, 5).join(", ")}`);
    failed = true;
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
