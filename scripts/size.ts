/**
 * `npm run size`: the bundle budget. Builds three minimal Vite apps (test/package/consumer/size/)
 * against the packed tarball, installed in a fresh project (scripts/packedProject.ts):
 *
 * - `obj`: Babylon loading one OBJ with @babylonjs/loaders and instancing it (the baseline);
 * - `menagerie`: the same app with `new Menagerie(...)`, `spawnCreature("fox")` and `wander`;
 * - `client`: only the lookup client from the root entry.
 *
 * An app's main chunk is its initial JavaScript: the entry chunk and every chunk it imports
 * statically, which the page downloads before its code runs. Vite (Rolldown) splits Babylon's
 * own code into a different number of shared chunks for each app (12 for one, 40 for the other),
 * so the entry chunk alone compares nothing, and summing each file's gzip counts the split as
 * much as the code. The budget is therefore on the initial JS as one gzip stream; the sum of the
 * files' gzip sizes (what a browser transfers with this split) is printed beside it, and chunks
 * loaded later by `import()` apart.
 *
 * Moving code into a chunk loaded by `import()` shrinks the main chunk without cutting a byte a
 * game downloads once its creatures appear: each app's total JS (every chunk, initial and lazy,
 * as one gzip stream) is printed too, with its difference, so a split never reads as a cut.
 *
 * Fails (exit 1) when the menagerie app's initial JS exceeds the obj app's by more than the
 * budget (`--budget <KB>`, 25 by default), or when the client app's bundle holds any @babylonjs
 * module. `--profile` lists the modules the menagerie app adds to its main chunk, heaviest first,
 * and its lazy chunks that hold Menagerie code.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { preparePackedProject } from "./packedProject.js";

/** The most the menagerie app's initial JS may exceed the obj app's, in KB (1024 bytes) of gzip. */
export const BUDGET_KB = 25;

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
  /** Gzip bytes of the entry chunk and the chunks it imports statically, as one stream. */
  initialGzip: number;
  /** The same chunks' gzip bytes, file by file, added up. */
  initialFilesGzip: number;
  initialChunks: number;
  /** Gzip bytes of every other chunk (loaded by `import()` when needed), file by file, added up. */
  lazyGzip: number;
  /** Gzip bytes of every chunk, initial and lazy, as one stream. */
  totalGzip: number;
  /** Lazy chunks holding any babylon-menagerie module: file name → gzip bytes. */
  lazyMenagerieChunks: Map<string, number>;
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
    initialGzip: gzip([...initial].map((fileName) => chunks.get(fileName)!.code).join("\n")),
    initialFilesGzip: 0,
    initialChunks: initial.size,
    lazyGzip: 0,
    totalGzip: gzip([...chunks.values()].map((chunk) => chunk.code).join("\n")),
    lazyMenagerieChunks: new Map(),
    initialModules: new Map(),
    allModules: [],
  };
  for (const chunk of chunks.values()) {
    const bytes = gzip(chunk.code);
    if (initial.has(chunk.fileName)) size.initialFilesGzip += bytes;
    else {
      size.lazyGzip += bytes;
      if (Object.keys(chunk.modules).some((id) => moduleName(id).startsWith("babylon-menagerie/")))
        size.lazyMenagerieChunks.set(chunk.fileName, bytes);
    }
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

function budgetKB(argv: readonly string[]): number {
  const at = argv.indexOf("--budget");
  if (at < 0) return BUDGET_KB;
  // Negative when Menagerie's main chunk is smaller than the OBJ app's: CI then holds that lead.
  const value = Number(argv[at + 1]);
  if (!Number.isFinite(value) || argv[at + 1]?.trim() === "")
    throw new Error(`--budget wants a number of KB, got ${argv[at + 1]}`);
  return value;
}

async function main(argv: readonly string[]): Promise<number> {
  const budget = budgetKB(argv) * 1024;
  const started = performance.now();
  const project = await preparePackedProject((line) => console.log(`size: ${line}`));
  const apps = join(project.dir, "size");
  const [obj, menagerie, client] = [
    await measureApp(project.dir, join(apps, "obj")),
    await measureApp(project.dir, join(apps, "menagerie")),
    await measureApp(project.dir, join(apps, "client")),
  ];
  const difference = menagerie.initialGzip - obj.initialGzip;
  const filesDifference = menagerie.initialFilesGzip - obj.initialFilesGzip;
  const totalDifference = menagerie.totalGzip - obj.totalGzip;
  const babylonInClient = client.allModules.filter((id) => id.startsWith("@babylonjs/"));
  const row = (name: string, stream: string, files: string, total: string, rest: string) =>
    `  ${name.padEnd(48)} ${stream.padStart(9)} ${files.padStart(11)} ${total.padStart(9)}  ${rest}`;
  const app = (name: string, size: AppSize) =>
    row(
      name,
      kB(size.initialGzip),
      kB(size.initialFilesGzip),
      kB(size.totalGzip),
      `${size.initialChunks} chunks; ${kB(size.lazyGzip)} lazy`,
    );
  console.log(`\nMain chunk (initial JS: the entry chunk and the chunks it imports), gzip, from ${project.tarball}:`);
  console.log(row("", "main", "main", "total JS", ""));
  console.log(row("", "as one", "file by file", "as one", ""));
  console.log(app("obj: Babylon + OBJ loader, one instance", obj));
  console.log(app("menagerie: Babylon + Menagerie, a wandering fox", menagerie));
  console.log(
    row("difference", kB(difference), kB(filesDifference), kB(totalDifference), `budget ${kB(budget)} (main, as one)`),
  );
  console.log(app("client: the lookup client alone", client));
  console.log(`  @babylonjs modules in the client app: ${babylonInClient.length}`);
  if (argv.includes("--profile")) {
    console.log("\nModules the menagerie app adds to the initial JS (rendered bytes before minifying):");
    for (const [id, bytes] of addedModules(obj, menagerie)) console.log(`  ${String(bytes).padStart(8)}  ${id}`);
    console.log("\nChunks of the menagerie app loaded later by import() that hold Menagerie code (gzip):");
    for (const [fileName, bytes] of [...menagerie.lazyMenagerieChunks].sort((a, b) => b[1] - a[1]))
      console.log(`  ${kB(bytes).padStart(9)}  ${fileName}`);
  }
  console.log(`\nsize: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  let failed = false;
  if (difference > budget) {
    console.error(`size: FAILED: Menagerie adds ${kB(difference)}, over the budget of ${kB(budget)} (see --profile)`);
    failed = true;
  }
  if (babylonInClient.length > 0) {
    console.error(`size: FAILED: the lookup client alone pulls in Babylon: ${babylonInClient.slice(0, 5).join(", ")}`);
    failed = true;
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
