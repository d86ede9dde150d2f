/**
 * `npx tsx scripts/spawnPath.ts [--creature fox] [--no-frame]`: which files of src/babylon one
 * `spawnCreature` runs code in, from the call to a rendered frame, and which functions of
 * `menagerie.ts` it re-enters (issue #26 measured the spawn's zigzag this way). V8's precise
 * coverage counts calls per function; the Menagerie, its runtime chunk and the parse workers are
 * made and loaded before counting starts, so module set-up does not count, only the spawn.
 *
 * Run it on another checkout to compare (it imports only `src/index.ts` and the service).
 */
import { Session } from "node:inspector/promises";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { NullEngine } from "@babylonjs/core/Engines/nullEngine.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Scene } from "@babylonjs/core/scene.js";
import { Menagerie } from "../src/index.js";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { startLookupServer } from "../src/service/lookupServer.js";

const { values } = parseArgs({
  options: { creature: { type: "string", default: "fox" }, "no-frame": { type: "boolean", default: false } },
});
const root = fileURLToPath(new URL("..", import.meta.url));

const catalogDir = await ensureDefaultCatalog({ log: () => undefined });
const server = await startLookupServer({ catalogDir, port: 0, log: () => undefined });
const engine = new NullEngine();
const scene = new Scene(engine);
new FreeCamera("camera", new Vector3(0, 1, -5), scene);
const menagerie = new Menagerie(scene, { baseUrl: server.url, apiKey: "dev-key" });
// Let the runtime chunk and the parse workers arrive before counting.
await new Promise((resolve) => setTimeout(resolve, 1500));

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
await session.post("Profiler.takePreciseCoverage"); // resets the counts
await menagerie.spawnCreature(values.creature);
if (!values["no-frame"]) scene.render();
const { result } = await session.post("Profiler.takePreciseCoverage");
await session.post("Profiler.stopPreciseCoverage");
session.disconnect();

const files = new Map<string, string[]>();
for (const script of result) {
  if (!script.url.startsWith("file:")) continue;
  const file = relative(root, fileURLToPath(script.url));
  if (!file.startsWith("src/babylon/")) continue;
  const ran = script.functions.filter((f) => f.ranges[0]!.count > 0 && f.ranges[0]!.startOffset > 0);
  if (ran.length > 0)
    files.set(
      file,
      ran.map((f) => f.functionName),
    );
}
console.log(`spawnCreature("${values.creature}") ran code in ${files.size} files of src/babylon:`);
for (const [file, names] of [...files].sort()) console.log(`  ${file} (${names.length} functions)`);
const own = files.get("src/babylon/menagerie.ts") ?? [];
console.log(`functions of menagerie.ts it ran: ${own.length ? own.join(", ") : "none"}`);

menagerie.dispose();
scene.dispose();
engine.dispose();
await server.close();
