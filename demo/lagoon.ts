/**
 * The demo's lagoon scene (`?scene=lagoon`, or the Lagoon button): water 20 m across over a bowl
 * floor, a beach and dunes around it; gulls and parrots over the water that land on the beach
 * now and then and take off again, fish at three depths (goldfish just under the surface, clownfish
 * and trout in mid-water, carp on the bottom) and a shark hunting them. Every creature comes
 * from the service's catalog, as the habitats' do; the water is the Menagerie's (`addWater`),
 * so each creature keeps to its realm by the library's own rules.
 */

import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3 } from "@babylonjs/core/Maths/math.color.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateDisc } from "@babylonjs/core/Meshes/Builders/discBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Creature, Menagerie, Obstacle } from "../src/index.js";
import { preysOn } from "../src/index.js";
import type { SwimKind } from "../src/motion/index.js";
import type { DemoScene } from "./scene.js";

/** The lagoon's water: a circle 20 m across at the origin, its surface at y = 0 (the bowl's rim). */
export const LAGOON = Object.freeze({ center: Object.freeze({ x: 0, z: 0 }), radius: 10, surface: 0 });
/** Metres of water over the floor at the lagoon's centre. */
const DEPTH = 5;
/** The beach: a ring of sand from the water's edge, where birds land. */
const BEACH = { from: LAGOON.radius + 1, to: LAGOON.radius + 3.5 };
/** Who lives in the lagoon, in spawn order (ids and random streams follow it). */
const BIRDS = ["seagull", "seagull", "seagull", "seagull", "parrot", "parrot"];
const FISH = ["goldfish", "goldfish", "goldfish", "clownfish", "clownfish", "clownfish", "trout", "trout"];
const BOTTOM_FISH = ["carp", "carp", "carp"];
/** A bird lands on the beach every this many milliseconds, and rests there this long. */
const LANDING_EVERY_MS = 4000;
const REST_MS = 5000;
/** A fish the shark ate is replaced after this long, so the lagoon does not empty. */
const NEWCOMER_DELAY_MS = 3000;

/** The ground: the bowl under the water, a gentle beach from its rim, dunes beyond. */
export function lagoonHeight(x: number, z: number): number {
  const r = Math.hypot(x - LAGOON.center.x, z - LAGOON.center.z);
  const R = LAGOON.radius;
  if (r < R) return -DEPTH * (1 - (r / R) ** 2);
  const beach = Math.min(0.5, (r - R) * 0.12);
  const rise = Math.min(1, Math.max(0, (r - BEACH.to) / 5));
  return beach + rise * (1.4 + 0.8 * Math.sin(x * 0.33) * Math.cos(z * 0.29));
}

/** One creature's place, as the browser test reads it. */
export interface LagoonPosition {
  name: string;
  x: number;
  /** Its feet (a flier's lowest point, a swimmer's belly). */
  y: number;
  z: number;
  /** Its top: `y` plus its body's height. */
  top: number;
  /** The ground under it (the lagoon's floor, the beach or a dune). */
  ground: number;
  /** A flier's phase ("flying", "landing", "landed", "takingOff"); "" for a swimmer. */
  phase: string;
}

/** What the lagoon reports to the page's test hook (`window.__lagoon`). */
export interface LagoonState {
  /** True while the lagoon is the scene and every creature is in it. */
  ready: boolean;
  /** The water's surface (y) and radius. */
  surface: number;
  radius: number;
  /** Landings on the beach so far (a bird's `land()` that settled on the sand). */
  landings: number;
  /** Fish the shark caught so far. */
  catches: number;
  /**
   * Where every flier and swimmer (the shark too) is now, and the shark's state ("hunt" while it
   * chases) and distance in 3D to the nearest fish (undefined with no fish left).
   */
  sample(): {
    fliers: LagoonPosition[];
    swimmers: LagoonPosition[];
    shark: { state: string; gap: number | undefined } | undefined;
  };
}

export interface Lagoon {
  readonly state: LagoonState;
  /** Builds the lagoon in the demo's scene: its ground, water and creatures. */
  enter(signal: AbortSignal): Promise<Creature[]>;
  /** Takes everything of the lagoon away again (safe to call when it is not there). */
  leave(): void;
}

interface LagoonDeps {
  menagerie: Menagerie;
  demo: DemoScene;
  /** Shows a line of news to the player. */
  tell(text: string): void;
}

function positionOf(c: Creature, flier: boolean): LagoonPosition {
  const { x, y, z } = c.motion;
  const phase = flier ? c.motion.flight.phase : "";
  return { name: c.name, x, y, z, top: y + c.motion.roles.height, ground: lagoonHeight(x, z), phase };
}

const distance3 = (a: Creature, b: Creature) =>
  Math.hypot(a.motion.x - b.motion.x, a.motion.y - b.motion.y, a.motion.z - b.motion.z);

export function createLagoon(deps: LagoonDeps): Lagoon {
  const { menagerie, demo } = deps;
  const creatures: Creature[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let water: { mesh: Mesh; obstacle: Obstacle } | undefined;
  let shark: Creature | undefined;
  let nextBird = 0;
  /** The carp's kind before the lagoon changed it, to put back on leaving. */
  let carpKind: { was: SwimKind | undefined } | undefined;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  // By what each was spawned as: a landed bird's realm is the ground's until it takes off.
  const birds: Creature[] = [];
  const swimmers: Creature[] = [];
  const alive = (list: Creature[]) => list.filter((c) => !c.isDisposed);

  const state: LagoonState = {
    ready: false,
    surface: LAGOON.surface,
    radius: LAGOON.radius,
    landings: 0,
    catches: 0,
    sample() {
      const hunter = shark && !shark.isDisposed ? shark : undefined;
      const gaps = hunter ? alive(swimmers).flatMap((f) => (f === hunter ? [] : [distance3(hunter, f)])) : [];
      return {
        fliers: alive(birds).map((c) => positionOf(c, true)),
        swimmers: alive(swimmers).map((c) => positionOf(c, false)),
        shark: hunter && { state: hunter.state, gap: gaps.length ? Math.min(...gaps) : undefined },
      };
    },
  };

  function makeWater(): void {
    const mesh = CreateDisc("lagoon-water", { radius: LAGOON.radius + 0.3, tessellation: 72 }, demo.scene);
    mesh.rotation.x = Math.PI / 2;
    mesh.position.set(LAGOON.center.x, LAGOON.surface, LAGOON.center.z);
    const material = new StandardMaterial("lagoon-water", demo.scene);
    material.diffuseColor = new Color3(0.1, 0.45, 0.6);
    material.specularColor = new Color3(0.6, 0.6, 0.6);
    material.alpha = 0.5;
    mesh.material = material;
    mesh.isPickable = false;
    // The Menagerie's water is the circle itself: the mesh's box would square its corners off.
    const obstacle = menagerie.addWater({ center: LAGOON.center, radius: LAGOON.radius }, { level: LAGOON.surface });
    water = { mesh, obstacle };
  }

  const spawn = async (name: string, x: number, z: number, signal: AbortSignal) => {
    const creature = await menagerie.spawnCreature(name, {
      position: new Vector3(x, lagoonHeight(x, z), z),
      ground: lagoonHeight,
      signal,
    });
    creatures.push(creature);
    return creature;
  };

  /** A spot on the beach, `i` steps round it (the golden angle apart). */
  const beachSpot = (i: number) => {
    const angle = i * 2.399963;
    const r = (BEACH.from + BEACH.to) / 2;
    return { x: Math.cos(angle) * r, z: Math.sin(angle) * r };
  };

  /** Now and then a flying bird lands on the beach, rests, and takes off again to wander. */
  function landSomeone(): void {
    const flying = alive(birds).filter((b) => b.motion.flight.phase === "flying");
    const bird = flying[nextBird++ % Math.max(1, flying.length)];
    later(LANDING_EVERY_MS, landSomeone);
    if (!bird) return;
    void bird.land(beachSpot(nextBird)).then((landed) => {
      if (!landed || bird.isDisposed) return;
      state.landings++;
      later(REST_MS, () => {
        if (!bird.isDisposed) bird.takeOff();
      });
    });
  }

  function hunter(creature: Creature): void {
    shark = creature;
    creature.hunt((prey) => prey.realm === "water" && preysOn(creature.record, prey.record));
    creature.onCaughtObservable.add(({ prey }) => {
      state.catches++;
      deps.tell(`The shark caught a ${prey.name} (${state.catches} so far).`);
      const { record } = prey;
      prey.dispose(); // eaten
      later(NEWCOMER_DELAY_MS, () => {
        const angle = Math.random() * Math.PI * 2;
        const x = Math.cos(angle) * LAGOON.radius * 0.6;
        const z = Math.sin(angle) * LAGOON.radius * 0.6;
        void spawn(record.name, x, z, new AbortController().signal).then((fish) => {
          swimmers.push(fish);
          fish.wander({ area: { center: LAGOON.center, radius: LAGOON.radius - 1 } });
        });
      });
    });
  }

  async function populate(signal: AbortSignal): Promise<void> {
    // Carp keep to the floor (while the lagoon lasts); goldfish swim just under the surface,
    // wholly under it.
    carpKind = { was: menagerie.swimKinds.get("carp") };
    menagerie.swimKinds.set("carp", "bottom");
    const swimArea = { center: LAGOON.center, radius: LAGOON.radius - 1 };
    for (const [i, name] of [...FISH, ...BOTTOM_FISH].entries()) {
      const angle = i * 2.399963;
      const r = LAGOON.radius * 0.7 * Math.sqrt((i + 0.5) / (FISH.length + BOTTOM_FISH.length));
      const fish = await spawn(name, Math.cos(angle) * r, Math.sin(angle) * r, signal);
      if (name === "goldfish") fish.motion.depthBand = { top: 0, bottom: 0.12, submerged: 1 };
      swimmers.push(fish);
      fish.wander({ area: swimArea });
    }
    const predator = await spawn("shark", 3, -2, signal);
    swimmers.push(predator);
    hunter(predator);
    predator.wander({ area: { center: LAGOON.center, radius: LAGOON.radius - 2 } });
    for (const [i, name] of BIRDS.entries()) {
      const angle = i * 1.047;
      const bird = await spawn(name, Math.cos(angle) * 6, Math.sin(angle) * 6, signal);
      bird.wander({ area: { center: LAGOON.center, radius: BEACH.to + 1 } });
      birds.push(bird);
    }
  }

  function leave(): void {
    state.ready = false;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const c of creatures.splice(0)) c.dispose();
    birds.length = 0;
    swimmers.length = 0;
    if (carpKind?.was) menagerie.swimKinds.set("carp", carpKind.was);
    else if (carpKind) menagerie.swimKinds.delete("carp");
    carpKind = undefined;
    shark = undefined;
    if (water) {
      menagerie.removeWater(water.obstacle);
      water.mesh.material?.dispose();
      water.mesh.dispose();
      water = undefined;
      demo.setShape(undefined);
    }
  }

  return {
    state,
    leave,
    async enter(signal) {
      leave();
      state.landings = 0;
      state.catches = 0;
      demo.setShape(lagoonHeight);
      makeWater();
      demo.camera.setTarget(new Vector3(0, -0.5, 0));
      demo.camera.radius = 27;
      demo.camera.beta = 0.95;
      await populate(signal);
      signal.throwIfAborted();
      later(1500, landSomeone);
      state.ready = true;
      return creatures.slice();
    },
  };
}
