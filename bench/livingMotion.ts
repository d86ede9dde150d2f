/**
 * 4b. Motion of a living savanna: what one `menagerie.stepMotion(1/60)` costs when the
 * creatures live as the guide's savanna (examples/savanna.ts) makes them live, herds keeping
 * together, lions and leopards hunting them, grazers shying from the player, every walker keeping
 * out of the pond, fish in it, crows in flocks, and what share of the frame that is.
 *
 * The world is the example's, scaled to N movers at the example's density: its 52 movers (40 on
 * the plain, 6 fish, 6 crows) on a plain of radius 30 m with a 4 m pond and 14 props become N
 * movers on a plain, a pond and a scenery grown by √(N/52) in size and N/52 in number. Seeded,
 * NullEngine, the reference catalog through the counting server, models preloaded in a fixed
 * order (so every run plays the same), fixed steps.
 *
 * Per frame, `stepMotion` and then `scene.render()` are timed apart: the frame is their sum, and
 * each run reports the median and 95th percentile of its frames.
 */

import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import { isPredatorRecord, MotionGroup } from "../src/index.js";
import { createBenchScene } from "./benchScene.js";
import { startCountingServer } from "./countingServer.js";
import { installNodeXhr } from "./nodeXhr.js";
import { row, type Section } from "./report.js";
import { Samples, summarize } from "./stats.js";

export interface LivingMotionBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

const SUBJECT = "Menagerie, living savanna (herds, hunts, water)";
const MIX = { zebra: 4, sheep: 3, deer: 2, elephant: 1, lion: 1, leopard: 0.5 };
/** Movers of the example: 40 on the plain, 6 fish, a flock of 6 crows. */
const EXAMPLE_MOVERS = 52;
/** Game seconds lived before measuring: herds have formed and the first hunts are under way. */
const WARMUP_SECONDS = 3;
/** Frames per measured run: two game seconds at 60 frames a second. */
const FRAMES = 120;

export interface World {
  menagerie: Menagerie;
  /** Moving creatures when measuring starts (hunts may eat a few during the runs). */
  movers: () => number;
  dispose(): Promise<void>;
}

/** The example's terrain grown by `scale`: hills of the same wavelength, a bowl under the pond. */
function terrain(scale: number) {
  const pond = { center: { x: 8 * scale, z: 6 * scale }, radius: 4 * scale };
  const ground = (x: number, z: number): number => {
    const d = Math.hypot(x - pond.center.x, z - pond.center.z) / pond.radius;
    return 0.4 * Math.sin(x * 0.13) * Math.cos(z * 0.11) - (d < 1.2 ? 1.5 * (1 - (d / 1.2) ** 2) : 0);
  };
  return { pond, ground };
}

/** examples/savanna.ts with N movers: the same populate calls, counts and sizes scaled. */
export async function livingSavanna(catalogDir: string, movers: number): Promise<World> {
  const server = await startCountingServer(catalogDir);
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key", autoStep: false, seed: 42 });
  const close = () => {
    menagerie.dispose();
    bench.dispose();
    return server.close();
  };
  try {
    const copies = movers / EXAMPLE_MOVERS;
    const scale = Math.sqrt(copies);
    const flocks = Math.max(1, Math.round(copies));
    const { pond, ground } = terrain(scale);
    const area = { center: { x: 0, z: 0 }, radius: 30 * scale };
    for (const name of [...Object.keys(MIX), "crow"]) await menagerie.preload(name);
    const player = { position: { x: -26 * scale, z: -26 * scale } };
    const you = menagerie.addAgent(player, { radius: 0.4 });
    // The fish first: the pond holds fewer than asked (its spacing), and the plain makes up the N.
    const fish = await menagerie.populate({
      habitat: "pond",
      area: pond,
      water: pond,
      ground,
      count: 6 * flocks,
      seed: 42,
    });
    await menagerie.populate({
      habitat: "grass",
      count: movers - fish.creatures.length - 6 * flocks,
      area,
      ground,
      water: pond,
      scenery: Math.round(14 * copies),
      ecology: true,
      mix: MIX,
      seed: 42,
      onCreatureAdded: (creature) => {
        if (!isPredatorRecord(creature.record)) creature.flee(you, { radius: 4, calmRadius: 8 });
        creature.onCaughtObservable.add((caught) => caught.prey.dispose());
      },
    });
    for (let f = 0; f < flocks; f++) {
      const flock = new MotionGroup({ kind: "flock" });
      const angle = (f / flocks) * 2 * Math.PI;
      const at = { x: Math.cos(angle) * area.radius * 0.6, z: Math.sin(angle) * area.radius * 0.6 };
      for (let i = 0; i < 6; i++) {
        const crow = await menagerie.spawnCreature("crow", { position: new Vector3(at.x + i * 1.5 - 4, 0, at.z) });
        flock.add(crow.wander({ area }));
      }
    }
    return { menagerie, movers: () => menagerie.creatures.length, dispose: close };
  } catch (error) {
    await close();
    throw error;
  }
}

interface FrameTimes {
  step: number[];
  render: number[];
}

/** `frames` frames of one step and one render each, the two timed apart. */
function timeFrames(menagerie: Menagerie, frames: number, into: FrameTimes): void {
  const scene = menagerie.scene;
  for (let i = 0; i < frames; i++) {
    const t0 = performance.now();
    menagerie.stepMotion(1 / 60);
    const t1 = performance.now();
    scene.render();
    const t2 = performance.now();
    into.step.push(t1 - t0);
    into.render.push(t2 - t1);
  }
}

/** Lives the warm-up, so that herds have formed and the first hunts are under way. */
export async function warmUp(world: World): Promise<void> {
  world.menagerie.scene.onBeforeRenderObservable.clear(); // frames are stepped by hand, nothing else steps
  const times: FrameTimes = { step: [], render: [] };
  for (let s = 0; s < WARMUP_SECONDS; s++) {
    timeFrames(world.menagerie, FRAMES, times);
    await new Promise((resolve) => setImmediate(resolve)); // as a game's frames let promises settle
  }
}

/** One measured run of one world: its frames' medians and 95th percentile. */
async function measureRun(world: World): Promise<Record<string, number>> {
  const creatures = world.movers();
  const times: FrameTimes = { step: [], render: [] };
  timeFrames(world.menagerie, FRAMES, times);
  await new Promise((resolve) => setImmediate(resolve));
  const frames = times.step.map((s, i) => s + times.render[i]!);
  return {
    stepMs: summarize(times.step).median,
    stepP95: p95(times.step),
    renderMs: summarize(times.render).median,
    frameMs: summarize(frames).median,
    share: summarize(times.step.map((s, i) => s / frames[i]!)).median,
    creatures,
  };
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export async function benchLivingMotion(options: LivingMotionBenchOptions): Promise<Section> {
  installNodeXhr();
  // One world per size, each in a scene of its own, all alive at once: runs alternate between
  // them, so a busy spell of the shared machine falls on every size alike.
  const worlds: World[] = [];
  const samples = options.sizes.map(() => new Samples());
  try {
    for (const movers of options.sizes) {
      worlds.push(await livingSavanna(options.catalogDir, movers));
      await warmUp(worlds[worlds.length - 1]!);
      options.log(`livingMotion ${movers}: built and warmed up`);
    }
    for (let run = 0; run < options.runs; run++)
      for (const [i, world] of worlds.entries()) samples[i]!.add(await measureRun(world));
  } finally {
    for (const world of worlds) await world.dispose();
  }
  const rows = options.sizes.map((movers, i) =>
    row(`${movers} movers (${FRAMES} frames/run)`, SUBJECT, samples[i]!.summary()),
  );
  return {
    id: "livingMotion",
    title: "4b. Motion of a living savanna: stepMotion and its share of the frame (Node, NullEngine)",
    notes: [
      `The world of examples/savanna.ts grown to N movers at its density: its 52 movers (40 grazers and hunters of the mix ${JSON.stringify(MIX)} with ecology on, 6 fish in the pond, a flock of 6 crows) on a 30 m plain with a 4 m pond and 14 props become N movers on a plain, pond and scenery scaled by √(N/52), with N/52 times as many props, fish asked and crow flocks (the pond is populated first and holds fewer fish than asked; the plain makes up the N). Grazers flee the player; a catch eats the prey. Seed 42, models preloaded in a fixed order, fixed step 1/60 s.`,
      `${WARMUP_SECONDS} game seconds lived before measuring (herds formed, hunts under way); each run is ${FRAMES} frames, each frame \`menagerie.stepMotion(1/60)\` then \`scene.render()\` timed apart. Per run: the median and 95th percentile of the frames; cells are the median [min–max] of the runs.`,
      "Frame = step + render of one frame; share = stepMotion ÷ frame, frame by frame. Movers = creatures alive at the run's start (hunts eat a few). Goal (issue #38): stepMotion ≤ 2 ms median at 1 000.",
    ],
    columns: [
      { key: "stepMs", label: "stepMotion ms (median)", digits: 2, better: "lower" },
      { key: "stepP95", label: "stepMotion ms (p95)", digits: 2, better: "lower" },
      { key: "renderMs", label: "render ms", digits: 2, better: "lower" },
      { key: "frameMs", label: "frame ms", digits: 2, better: "lower" },
      { key: "share", label: "stepMotion ÷ frame", digits: 2, better: "lower" },
      { key: "creatures", label: "movers", digits: 0, better: "higher" },
    ],
    rows,
  };
}
