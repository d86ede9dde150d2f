/**
 * The demo's living world (the "Living world" box): populate with `ecology: true`, so predators
 * hunt what they prey on and prey flee from them, while populate's herds keep together. What a
 * catch does is the game's: here the prey is eaten, and a few seconds later another of its
 * species walks in from the edge of the area, so the scene does not empty.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Creature, CreatureCatch, CreatureGroup, HeightFunction, Menagerie } from "../src/index.js";
import { preysOn } from "../src/index.js";

/** What the living world reports to the page's test hooks. */
export interface LivingState {
  /** The box is ticked: the next populate (and the current one) has predators and prey. */
  on: boolean;
  /** Catches so far in this scene (each an `onCaughtObservable` event). */
  catches: number;
  /** "lion caught a zebra", or "". */
  lastCatch: string;
  /** Creatures whose hunt is under way now (state `stalk` or `hunt`). */
  hunting: number;
  /** Newcomers that walked in after a catch. */
  newcomers: number;
  /**
   * Each herd still of two or more: its place in the scene's `groups`, its members and its spread
   * (`group.spread()`: metres from the herd's centre, root mean square).
   */
  herds: { id: number; members: number; spread: number }[];
}

export interface Living {
  readonly state: LivingState;
  /** Counts the catches of a new scene's creatures (call from populate's `onCreatureAdded`). */
  watch(creature: Creature): void;
  /** A new scene: counts start again; newcomers go into `group` while it lives. */
  reset(group: CreatureGroup | undefined): void;
  /** Refreshes the readouts that change as creatures move (herds, hunters). */
  update(): void;
}

interface LivingDeps {
  menagerie: Menagerie;
  ground: HeightFunction;
  /** The area's radius around the origin: newcomers walk in from its edge. */
  radius: number;
  /** Shows a line of news to the player. */
  tell(text: string): void;
}

/** Seconds before a newcomer replaces an eaten creature. */
const NEWCOMER_DELAY_MS = 4000;

export function createLiving(deps: LivingDeps): Living {
  const { menagerie } = deps;
  const state: LivingState = { on: false, catches: 0, lastCatch: "", hunting: 0, newcomers: 0, herds: [] };
  let group: CreatureGroup | undefined;

  function caught({ hunter, prey }: CreatureCatch): void {
    state.catches++;
    state.lastCatch = `${hunter.name} caught a ${prey.name}`;
    deps.tell(`${state.lastCatch} (${state.catches} so far).`);
    const record = prey.record;
    const walker = prey.motion.altitude === 0 && prey.motion.waterLevel === undefined;
    prey.dispose(); // eaten
    const scene = group;
    if (!walker || !scene) return; // flyers and swimmers are not replaced on the shore
    setTimeout(() => {
      if (scene !== group || scene.isDisposed) return;
      const angle = Math.random() * Math.PI * 2;
      const x = Math.cos(angle) * deps.radius * 0.95;
      const z = Math.sin(angle) * deps.radius * 0.95;
      menagerie
        .spawnCreature(record, { position: new Vector3(x, deps.ground(x, z), z), rotationY: angle + Math.PI })
        .then((newcomer) => {
          if (scene !== group || scene.isDisposed) return newcomer.dispose();
          newcomer.motion.ground = deps.ground;
          newcomer.wander({ area: scene.area });
          // It fears what its kind fears, as populate's ecology set up for the others.
          newcomer.fleeFrom((other) => preysOn(other.record, newcomer.record));
          scene.creatures.push(newcomer);
          newcomer.onDisposeObservable.addOnce(() => {
            const at = scene.creatures.indexOf(newcomer);
            if (at >= 0) scene.creatures.splice(at, 1);
          });
          watch(newcomer);
          state.newcomers++;
        })
        .catch((error: Error) => console.warn(`[demo] no newcomer: ${error.message}`));
    }, NEWCOMER_DELAY_MS);
  }

  function watch(creature: Creature): void {
    creature.onCaughtObservable.add(caught);
  }

  return {
    state,
    watch,
    reset(next) {
      group = next;
      state.catches = 0;
      state.lastCatch = "";
      state.newcomers = 0;
      state.hunting = 0;
      state.herds = [];
    },
    update() {
      const creatures = group && !group.isDisposed ? group.creatures : [];
      state.hunting = creatures.filter((c) => c.state === "stalk" || c.state === "hunt").length;
      state.herds = (group && !group.isDisposed ? group.groups : [])
        .map((g, id) => ({ id, g }))
        .filter(({ g }) => g.kind === "herd" && g.members.length > 1)
        .map(({ id, g }) => ({ id, members: g.members.length, spread: Math.round(g.spread() * 100) / 100 }));
    },
  };
}
