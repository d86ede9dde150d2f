/**
 * 4c. Motion over a lagoon: what one `menagerie.stepMotion(1/60)` costs for a flock of fliers
 * over water (gulls, parrots, sparrows, eagles hunting) with a few swimmers in the lagoon,
 * beside the same number of walkers on its shore (the baseline: motion without a flight).
 *
 * The lagoon is a bowl 6 m deep under a circle of water, with dunes around it, grown with N so
 * the density stays that of 200 fliers on a lagoon of radius 40 m. Seeded, NullEngine, the
 * reference catalog through the counting server, models preloaded, fixed steps.
 *
 * `npx tsx bench/lagoon.ts --figures` prints instead the lagoon's figures at 120 s (12 fliers,
 * 2 eagles, crabs and fish): frames of fliers below the water's surface, the height ranges the
 * fliers used, catches by the prey's realm.
 */

import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Creature } from "../src/babylon/creature.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import { isPredatorRecord, preysOn } from "../src/index.js";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { createBenchScene } from "./benchScene.js";
import { startCountingServer } from "./countingServer.js";
import { installNodeXhr } from "./nodeXhr.js";
import { row, type Section, withRatios } from "./report.js";
import { Samples, summarize } from "./stats.js";

export interface LagoonBenchOptions {
  catalogDir: string;
  /** Per row: fliers (or walkers, for the baseline) and swimmers per world. */
  sizes: { movers: number; swimmers: number }[];
  runs: number;
  log: (line: string) => void;
}

const FLIERS = ["seagull", "parrot", "sparrow", "eagle"];
const WALKERS = ["zebra", "sheep", "deer", "crab"];
const SWIMMERS = ["carp"];
const WARMUP_SECONDS = 3;
const FRAMES = 120;

/** A bowl `depth` m deep under a lagoon of `radius`, dunes rising to 3 m around it. */
function lagoonGround(radius: number, depth = 6) {
  return (x: number, z: number): number => {
    const r = Math.hypot(x, z);
    if (r < radius) return -depth * (1 - (r / radius) ** 2);
    return Math.min(3, (r - radius) * 0.4) + 0.3 * Math.sin(x * 0.7) * Math.min(1, r - radius);
  };
}

interface Lagoon {
  menagerie: Menagerie;
  creatures: Creature[];
  ground: (x: number, z: number) => number;
  radius: number;
  dispose(): Promise<void>;
}

/** A lagoon with `movers` creatures of `kinds` (fliers over it, or walkers round it) and its swimmers. */
async function lagoon(
  catalogDir: string,
  movers: number,
  swimmers: number,
  kinds: readonly string[],
  radius: number,
): Promise<Lagoon> {
  const server = await startCountingServer(catalogDir);
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key", autoStep: false, seed: 42 });
  const ground = lagoonGround(radius);
  menagerie.addWater({ center: { x: 0, z: 0 }, radius });
  for (const name of [...kinds, ...SWIMMERS]) await menagerie.preload(name);
  const creatures: Creature[] = [];
  const spawn = async (name: string, x: number, z: number) => {
    const creature = await menagerie.spawnCreature(name, { position: new Vector3(x, 0, z), ground });
    creatures.push(creature);
    return creature;
  };
  const flies = kinds === FLIERS;
  for (let i = 0; i < movers; i++) {
    const angle = i * 2.399963; // the golden angle: an even spread
    const r = flies ? radius * 1.3 * Math.sqrt((i + 0.5) / movers) : radius * (1.1 + 0.5 * ((i * 7) % 10) * 0.1);
    const c = await spawn(kinds[i % kinds.length]!, Math.cos(angle) * r, Math.sin(angle) * r);
    c.wander({ area: { center: { x: 0, z: 0 }, radius: radius * 1.6 } });
  }
  for (let i = 0; i < swimmers; i++) {
    const angle = i * 2.399963;
    const r = radius * 0.7 * Math.sqrt((i + 0.5) / swimmers);
    const c = await spawn(SWIMMERS[i % SWIMMERS.length]!, Math.cos(angle) * r, Math.sin(angle) * r);
    c.wander({ area: { center: { x: 0, z: 0 }, radius: radius * 0.9 } });
  }
  return {
    menagerie,
    creatures,
    ground,
    radius,
    dispose: async () => {
      menagerie.dispose();
      bench.dispose();
      await server.close();
    },
  };
}

/** Steps `frames` frames of 1/60 s, timing each step (milliseconds each); swimmers.ts times with it too. */
export function timeSteps(menagerie: Menagerie, frames: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < frames; i++) {
    const t0 = performance.now();
    menagerie.stepMotion(1 / 60);
    times.push(performance.now() - t0);
  }
  return times;
}

export async function benchLagoon(options: LagoonBenchOptions): Promise<Section> {
  installNodeXhr();
  const rows = [];
  for (const { movers, swimmers } of options.sizes) {
    const radius = 40 * Math.sqrt(movers / 200);
    const worlds = [
      {
        subject: "Menagerie, fliers over the lagoon",
        world: await lagoon(options.catalogDir, movers, swimmers, FLIERS, radius),
      },
      {
        subject: "walkers round the lagoon",
        world: await lagoon(options.catalogDir, movers, swimmers, WALKERS, radius),
      },
    ];
    const samples = worlds.map(() => new Samples());
    try {
      for (const { world } of worlds) {
        world.menagerie.scene.onBeforeRenderObservable.clear();
        timeSteps(world.menagerie, WARMUP_SECONDS * 60);
      }
      options.log(`lagoon ${movers}: built and warmed up`);
      for (let run = 0; run < options.runs; run++)
        worlds.forEach(({ world }, i) => {
          const times = timeSteps(world.menagerie, FRAMES);
          samples[i]!.add({ stepMs: summarize(times).median, creatures: world.menagerie.creatures.length });
        });
    } finally {
      for (const { world } of worlds) await world.dispose();
    }
    const scenario = `${movers} movers + ${swimmers} swimmers (${FRAMES} frames/run)`;
    rows.push(row(scenario, worlds[0]!.subject, samples[0]!.summary(), worlds[1]!.subject));
    rows.push(row(scenario, worlds[1]!.subject, samples[1]!.summary()));
  }
  return {
    id: "lagoon",
    title: "4c. Motion over a lagoon: stepMotion of fliers in their bands (Node, NullEngine)",
    notes: [
      `N fliers (${FLIERS.join(", ")} in turn, wandering over and round the water in their bands; eagles do not hunt here) and the row's swimmers (${SWIMMERS.join(", ")}, wandering in the water) over a lagoon of radius 40·√(N/200) m (a bowl 6 m deep, dunes round it); the baseline is N walkers (${WALKERS.join(", ")}) round the same lagoon with the same swimmers. Seed 42, fixed step 1/60 s, ${WARMUP_SECONDS} s warm-up.`,
      `Cells: the median over runs of each run's median step (${FRAMES} frames). Goal (issue #44): motion of 500 swimmers + 200 fliers ≤ 2 ms a step.`,
    ],
    columns: [
      { key: "stepMs", label: "stepMotion ms (median)", digits: 2, better: "lower" },
      { key: "creatures", label: "creatures", digits: 0, better: "higher" },
    ],
    rows: withRatios(rows),
  };
}

/** The lagoon's figures at 120 s (see the module comment). */
async function figures(catalogDir: string): Promise<void> {
  installNodeXhr();
  const radius = 10;
  const world = await lagoon(catalogDir, 0, 0, FLIERS, radius);
  const { menagerie, ground } = world;
  const spawn = async (name: string, x: number, z: number) => {
    const c = await menagerie.spawnCreature(name, { position: new Vector3(x, 0, z), ground });
    world.creatures.push(c);
    return c;
  };
  const fliers: Creature[] = [];
  const names = [
    "seagull",
    "seagull",
    "seagull",
    "seagull",
    "parrot",
    "parrot",
    "sparrow",
    "sparrow",
    "eagle",
    "eagle",
  ];
  for (const [i, name] of names.entries()) fliers.push(await spawn(name, Math.cos(i) * 8, Math.sin(i) * 8));
  for (let i = 0; i < 6; i++) await spawn("crab", Math.cos(i) * 13, Math.sin(i) * 13);
  for (let i = 0; i < 4; i++) await spawn("carp", Math.cos(i) * 4, Math.sin(i) * 4);
  const catches: Record<string, number> = {};
  for (const c of world.creatures) {
    c.wander({ area: { center: { x: 0, z: 0 }, radius: c.realm === "water" ? 9 : 16 } });
    if (isPredatorRecord(c.record)) c.hunt((prey) => preysOn(c.record, prey.record));
    c.onCaughtObservable.add(({ prey }) => {
      catches[prey.realm] = (catches[prey.realm] ?? 0) + 1;
      prey.dispose();
    });
  }
  const surface = 0;
  let over = 0;
  let under = 0;
  const ranges = new Map<string, [number, number]>();
  for (let i = 0; i < 120 * 60; i++) {
    menagerie.stepMotion(1 / 60);
    await new Promise((resolve) => setImmediate(resolve));
    for (const f of fliers) {
      if (f.isDisposed) continue;
      const { x, z, y } = f.motion;
      const wet = Math.hypot(x, z) < radius;
      if (wet) over++;
      if (wet && y < surface - 0.01) under++; // a centimetre: the surface is sampled from the ground
      const lift = y - Math.max(ground(x, z), wet ? surface : -Infinity);
      const [lo, hi] = ranges.get(f.species) ?? [Infinity, -Infinity];
      ranges.set(f.species, [Math.min(lo, lift), Math.max(hi, lift)]);
    }
  }
  console.log(
    `fliers' frames over the water: ${over}; below its surface: ${under} (${((100 * under) / over).toFixed(1)} %)`,
  );
  for (const [species, [lo, hi]] of ranges)
    console.log(`${species}: ${lo.toFixed(2)}–${hi.toFixed(2)} m above ground or water`);
  console.log(`catches by the prey's realm: ${JSON.stringify(catches)}`);
  await world.dispose();
}

if (process.argv.includes("--figures")) await figures(await ensureDefaultCatalog({ log: () => {} }));
