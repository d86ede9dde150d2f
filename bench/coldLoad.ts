/**
 * Cold loads in Node: five part-built species (the forest walkers) loaded by Menagerie's
 * `populate` and by competent way A, each run in a fresh process (coldLoadChild.ts), the two
 * taking turns, against one reference service on 127.0.0.1 in this process.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { ColdLoadJob } from "./coldLoadChild.js";
import { startCountingServer } from "./countingServer.js";
import { COMPETENT_A, FOREST_SPECIES } from "./populate.js";
import { row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";

export interface ColdLoadBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

const MENAGERIE = "Menagerie populate, cold process";
const MENAGERIE_AT_ONCE = "Menagerie populate, cold process, parseInWorkersAfterBytes: 0";
const COMPETENT = `${COMPETENT_A}, cold process`;
const run = promisify(execFile);
const CHILD = fileURLToPath(new URL("./coldLoadChild.ts", import.meta.url));

/**
 * One cold load in a fresh `tsx` process; its figures, and the creatures' names. `child` runs
 * another copy of coldLoadChild.ts (another tree's sources, to compare two versions).
 */
export async function coldLoad(
  job: ColdLoadJob,
  child = CHILD,
): Promise<{ figures: Record<string, number>; names: string[] }> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", child], {
    env: { ...process.env, MENAGERIE_COLD_JOB: JSON.stringify(job) },
    maxBuffer: 16 * 2 ** 20,
  });
  const {
    names,
    startUs: _start,
    endUs: _end,
    ...figures
  } = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, number> & { names: string[] };
  return { figures: { ...figures, creatures: names.length, species: new Set(names).size }, names };
}

export async function benchColdLoad(options: ColdLoadBenchOptions): Promise<Section> {
  const server = await startCountingServer(options.catalogDir);
  const rows = [];
  try {
    for (const count of options.sizes) {
      const base = { url: server.url, count, species: FOREST_SPECIES };
      // Warm-up: the service's file and signing caches, tsx's transform cache.
      const { names } = await coldLoad({ ...base, way: "menagerie" });
      await coldLoad({ ...base, way: "A", names });
      const m = new Samples();
      const a = new Samples();
      const atOnce = new Samples();
      for (let i = 0; i < options.runs; i++) {
        const mine = i % 2 === 0;
        const first = await coldLoad({ ...base, way: mine ? "menagerie" : "A", names });
        const second = await coldLoad({ ...base, way: mine ? "A" : "menagerie", names });
        const [mr, ar] = mine ? [first, second] : [second, first];
        m.add(mr.figures);
        a.add(ar.figures);
        const early = { ...base, way: "menagerie" as const, names, options: { parseInWorkersAfterBytes: 0 } };
        atOnce.add((await coldLoad(early)).figures);
        options.log(
          `cold ${count}: run ${i + 1}/${options.runs}: menagerie ${mr.figures.wallMs!.toFixed(0)} ms, A ${ar.figures.wallMs!.toFixed(0)} ms`,
        );
      }
      const scenario = `${count} creatures, cold process`;
      rows.push(
        row(scenario, COMPETENT, a.summary()),
        row(scenario, MENAGERIE, m.summary(), COMPETENT),
        row(scenario, MENAGERIE_AT_ONCE, atOnce.summary(), COMPETENT),
      );
    }
  } finally {
    await server.close();
  }
  return {
    id: "cold",
    title: "0. Cold loads in Node: five part-built species in a fresh process, Menagerie ÷ A",
    notes: [
      `Forest habitat filtered to ${FOREST_SPECIES.length} walkers (${FOREST_SPECIES.join(", ")}); seed 7; A spawns the creatures populate chose. Each run is a fresh Node process (tsx), the two ways taking turns, then Menagerie with its OBJ workers started at once (\`parseInWorkersAfterBytes: 0\`: every load paid their start); the service runs in the bench's process, warm.`,
      "Timed in the child from the first call (`new Menagerie` + `populate`, or A's `install` + search) to every creature spawned, after each way's static imports: Menagerie's lazy chunks, its OBJ worker's start and its crowd build count. CPU = the child process's user + system time over the same span (the worker thread's included).",
      "Ratio (×) = the row's median / A's median in the same run set.",
    ],
    columns: [
      { key: "wallMs", label: "wall ms", digits: 0, better: "lower" },
      { key: "cpuMs", label: "CPU ms", digits: 0, better: "lower" },
      { key: "meshes", label: "meshes", digits: 0, better: "lower" },
      { key: "nodes", label: "nodes", digits: 0, better: "lower" },
      { key: "species", label: "species", digits: 0, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
