/**
 * One cold load in a fresh process (coldLoad.ts starts one per run): the five forest walkers
 * loaded by Menagerie's `populate` or by competent way A, with nothing warm but the modules each
 * imports statically. Timed from the first call to the creatures all spawned, so Menagerie's lazy
 * chunks, its OBJ worker's start and its crowd build count, as on a page's first load. Prints one
 * JSON line of figures.
 */
import { createBenchScene, sceneCounts } from "./benchScene.js";
import { installNodeXhr } from "./nodeXhr.js";

export interface ColdLoadJob {
  way: "menagerie" | "A";
  url: string;
  count: number;
  species: string[];
  /** What A spawns: the creatures Menagerie's populate chose, by name. */
  names?: string[];
  /** Menagerie options beside the service's (`parseInWorkers`, for a comparison). */
  options?: { parseInWorkers?: boolean; parseInWorkersAfterBytes?: number };
}

const job = JSON.parse(process.env["MENAGERIE_COLD_JOB"] ?? "{}") as ColdLoadJob;

async function menagerieLoad(): Promise<Record<string, number | string[]>> {
  const { Menagerie } = await import("../src/babylon/menagerie.js");
  const bench = createBenchScene();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const menagerie = new Menagerie(bench.scene, { baseUrl: job.url, apiKey: "dev-key", ...job.options });
  const group = await menagerie.populate({
    habitat: "forest",
    count: job.count,
    seed: 7,
    area: { center: { x: 0, z: 0 }, radius: Math.max(10, Math.sqrt(job.count) * 2.5) },
    filter: (record) => job.species.includes(record.name),
  });
  const wallMs = performance.now() - start;
  const endUs = Number(process.hrtime.bigint() / 1000n);
  const used = process.cpuUsage(cpu);
  const names = group.creatures.map((c) => c.record.name);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, ...sceneCounts(bench.scene), names, startUs, endUs };
}

async function competentLoad(): Promise<Record<string, number | string[]>> {
  const { CompetentLoader } = await import("./competentWay.js");
  installNodeXhr();
  const bench = createBenchScene();
  const names = job.names ?? [];
  const cpu = process.cpuUsage();
  const start = performance.now();
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const loader = new CompetentLoader(bench.scene, job.url, "dev-key", "A").install();
  const records = new Map((await loader.search("forest")).map((r) => [r.name, r]));
  const columns = Math.ceil(Math.sqrt(names.length));
  await Promise.all(
    names.map((name, i) =>
      loader.spawn(records.get(name)!, { x: (i % columns) * 1.5, z: Math.floor(i / columns) * 1.5 }),
    ),
  );
  const wallMs = performance.now() - start;
  const endUs = Number(process.hrtime.bigint() / 1000n);
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, ...sceneCounts(bench.scene), names, startUs, endUs };
}

const figures = job.way === "menagerie" ? await menagerieLoad() : await competentLoad();
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.exit(0);
