/**
 * The demo's Canyon: a level of meshes (demo/canyonLevel.ts) navigated on a navmesh
 * (`menagerie.enableNavigation({ meshes })`) instead of the habitats' hills and grid paths. A
 * herd of goats grazes on the west plateau and a wolf keeps watch from the east rock; "Send the
 * herd across" (or `?habitat=canyon&cross=1`) walks the herd to the east bank: the only way over
 * the gorge is the bridge. What the page's tests read is {@link CanyonState}.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { type Creature, type Menagerie, MotionGroup } from "../src/index.js";
import { CANYON, type CanyonLevel, createCanyonLevel } from "./canyonLevel.js";
import type { DemoScene } from "./scene.js";

/** The habitat list's entry (and `?habitat=` word) that opens the Canyon. */
export const CANYON_CHOICE = "canyon";

/** What one herd member did since the herd was last sent across (sampled every frame). */
export interface CanyonMember {
  name: string;
  x: number;
  y: number;
  z: number;
  /** Its crossing order's end: true on arrival, false if it gave up, undefined while under way. */
  arrived: boolean | undefined;
  /** It stands on the east bank now. */
  farBank: boolean;
  /** Frames it was seen over the river (between the gorge's walls). */
  overRiver: number;
  /** Lowest height seen over the river, metres (Infinity before it got there). */
  lowestOverRiver: number;
  /** Farthest seen from the bridge's middle line (|z|) over the river, metres (0 before). */
  widestOverRiver: number;
  /** Times its order was given again after it gave up. */
  retries: number;
}

/** What the Canyon reports to the page's test hooks (`window.__demo.canyon`). */
export interface CanyonState {
  /** The Canyon is the scene shown. */
  open: boolean;
  /** Its navmesh is built and its creatures stand on it. */
  ready: boolean;
  /** Milliseconds recast took to build the level's navmesh (the navigation's `"ready"` progress). */
  buildMilliseconds: number;
  /** Triangles the navmesh was built from. */
  triangles: number;
  /** "grazing" before the herd is sent, "crossing" on its way, "across" once every member arrived. */
  phase: "grazing" | "crossing" | "across";
  /** The herd's members, in the order they set off. */
  members: CanyonMember[];
  /** Jumps seen: take-offs (`"start"`) told by the Canyon's creatures' `onJumpObservable`. */
  jumps: number;
  /** The Canyon's creatures are counted by their `onJumpObservable`. */
  jumpObservable: boolean;
  /** The level's sizes (where the banks, bridge and plateau are). */
  level: typeof CANYON;
}

export interface Canyon {
  readonly state: CanyonState;
  /** Builds the level and its navmesh and places its creatures; rejects if closed meanwhile. */
  open(): Promise<void>;
  /** Sends the herd to the east bank; false when there is no herd to send. */
  cross(): boolean;
  /** Takes the Canyon away (creatures, navmesh, meshes) and gives the habitats their ground back. */
  close(): void;
}

interface CanyonDeps {
  scene: Scene;
  demo: DemoScene;
  menagerie: Menagerie;
  /** Where the Canyon's panel goes: after this element. */
  panelAfter: HTMLElement;
  /** Shows a line of news to the player. */
  tell(text: string): void;
}

const HERD = { species: "goat", count: 6 };
const PREDATOR = "wolf";
/** Seconds between two members setting off: they file over the ramp and the bridge. */
const FILE_SECONDS = 0.8;
/** A member that makes no headway this long gives up (then is sent again, a few times). */
const STUCK_SECONDS = 12;
const MAX_RETRIES = 3;
/**
 * The navmesh keeps walkers this far from edges and walls, metres: the goats' own radius
 * (0.43 m). With the default 0.3 their bodies overhung the way round the ramp walls' ends, and
 * one in a few stuck at a corner there.
 */
const AGENT_RADIUS = 0.45;
/**
 * The goats' jump, metres: goats are climbers, and jump higher than their 0.95 m size gives a
 * walker (0.7 of it): the plateau's 1 m drop toward the bridge is their short way down.
 */
const GOAT_JUMP = { height: 1.2, length: 2 };

function freshState(): CanyonState {
  return {
    open: false,
    ready: false,
    buildMilliseconds: 0,
    triangles: 0,
    phase: "grazing",
    members: [],
    jumps: 0,
    jumpObservable: false,
    level: CANYON,
  };
}

export function createCanyon(deps: CanyonDeps): Canyon {
  const { menagerie, scene, demo } = deps;
  const state = freshState();
  const panel = createPanel(deps.panelAfter);
  let level: CanyonLevel | undefined;
  let lifetime: AbortController | undefined;
  let creatures: Creature[] = [];
  let herd: Creature[] = [];
  let group: MotionGroup | undefined;
  let sampler: Observer<Scene> | undefined;

  async function open(): Promise<void> {
    close();
    const controller = new AbortController();
    lifetime = controller;
    const signal = controller.signal;
    Object.assign(state, freshState(), { open: true });
    panel.show(state);
    showLevel();
    level = createCanyonLevel(scene);
    for (const mesh of level.meshes) demo.shadows.addShadowCaster(mesh, false);
    deps.tell("Building the Canyon's navmesh...");
    await menagerie.enableNavigation({
      meshes: level.walkable,
      agentRadius: AGENT_RADIUS,
      signal,
      onProgress: (p) => {
        state.triangles = p.triangles;
        state.buildMilliseconds = p.buildMilliseconds;
      },
    });
    signal.throwIfAborted();
    console.info(
      `[demo] the Canyon's navmesh: ${state.triangles} triangles built in ${state.buildMilliseconds.toFixed(1)} ms`,
    );
    await placeCreatures(level, signal);
    sampler = scene.onBeforeRenderObservable.add(sample);
    state.ready = true;
    panel.show(state);
    deps.tell(
      `The Canyon: ${herd.length} ${HERD.species}s on the west plateau, a ${PREDATOR} on the east rock ` +
        `(navmesh built in ${state.buildMilliseconds.toFixed(0)} ms).`,
    );
  }

  function showLevel(): void {
    demo.setLook({ ground: [0.62, 0.45, 0.3], sky: [0.78, 0.74, 0.66], hills: 0 }, 0);
    demo.setWater(undefined);
    demo.ground.setEnabled(false);
    demo.camera.setTarget(new Vector3(-2, -0.5, -3));
    demo.camera.radius = 26;
    demo.camera.alpha = -Math.PI / 2.6;
    demo.camera.beta = 0.95;
  }

  async function placeCreatures(at: CanyonLevel, signal: AbortSignal): Promise<void> {
    const { plateau: p, rock: k } = CANYON;
    group = new MotionGroup({ kind: "herd" });
    for (let i = 0; i < HERD.count; i++) {
      const x = p.x0 + 1.5 + (i % 3) * 1.5;
      const z = p.z0 + 2 + Math.floor(i / 3) * 2;
      const goat = await spawn(HERD.species, x, z, at, signal);
      goat.motion.jumpReach = GOAT_JUMP;
      group.add(goat);
      herd.push(goat);
      goat.wander({ area: { center: { x: (p.x0 + p.x1) / 2, z: (p.z0 + p.z1) / 2 }, radius: 2.5 } });
    }
    const centre = { x: (k.x0 + k.x1) / 2, z: (k.z0 + k.z1) / 2 };
    const wolf = await spawn(PREDATOR, centre.x, centre.z, at, signal);
    wolf.wander({ area: { center: centre, radius: 1.5 } });
  }

  async function spawn(name: string, x: number, z: number, at: CanyonLevel, signal: AbortSignal): Promise<Creature> {
    const creature = await menagerie.spawnCreature(name, { position: new Vector3(x, at.height(x, z), z), signal });
    if (signal.aborted) {
      creature.dispose();
      signal.throwIfAborted();
    }
    creatures.push(creature);
    countJumps(creature);
    return creature;
  }

  /** Counts the creature's take-offs, as its `onJumpObservable` tells them. */
  function countJumps(creature: Creature): void {
    state.jumpObservable = true;
    creature.onJumpObservable.add(({ phase }) => {
      if (phase === "start") state.jumps++;
    });
  }

  function cross(): boolean {
    if (!state.ready || herd.length === 0 || !group) return false;
    // Members keep their own ways over the ramp and the bridge: the herd's pull would drag the
    // last ones against the plateau's edge toward the first.
    group.cohesion = 0;
    group.alignment = 0;
    state.phase = "crossing";
    state.members = herd.map((c) => newMember(c));
    herd.forEach((creature, i) => {
      const start = setTimeout(() => send(creature, i), i * FILE_SECONDS * 1000);
      creature.onDisposeObservable.addOnce(() => clearTimeout(start));
    });
    panel.show(state);
    deps.tell(`The ${HERD.species}s set off for the east bank, by the bridge.`);
    return true;
  }

  function send(creature: Creature, i: number): void {
    if (creature.isDisposed || !state.open) return;
    const member = state.members[i]!;
    const target = { x: 10 + (i % 3) * 1.6, z: -8 + Math.floor(i / 3) * 1.6 };
    const speed = Math.min(creature.motion.runSpeed, 2);
    void creature.moveTo(target, { speed, stuckSeconds: STUCK_SECONDS }).then((ok) => {
      if (creature.isDisposed || state.members[i] !== member) return; // the Canyon was closed or sent again
      if (!ok && member.retries < MAX_RETRIES) {
        member.retries++;
        send(creature, i);
        return;
      }
      member.arrived = ok;
      if (state.members.every((m) => m.arrived !== undefined)) finish();
    });
  }

  function finish(): void {
    state.phase = "across";
    if (group) {
      group.cohesion = 1;
      group.alignment = 0.6;
    }
    panel.show(state);
    const there = state.members.filter((m) => m.arrived).length;
    deps.tell(`${there} of ${state.members.length} ${HERD.species}s crossed the bridge to the east bank.`);
  }

  /** Every frame: where each member is, and how it went over the river. */
  function sample(): void {
    if (state.phase === "grazing") return;
    state.members.forEach((member, i) => {
      const creature = herd[i];
      if (!creature || creature.isDisposed) return;
      const { x, y, z } = creature.motion;
      Object.assign(member, { x, y, z, farBank: x > CANYON.bankEdge + 0.5 });
      if (Math.abs(x) >= CANYON.bankEdge) return;
      member.overRiver++;
      member.lowestOverRiver = Math.min(member.lowestOverRiver, y);
      member.widestOverRiver = Math.max(member.widestOverRiver, Math.abs(z));
    });
  }

  function close(): void {
    lifetime?.abort();
    lifetime = undefined;
    sampler?.remove();
    sampler = undefined;
    group?.disband();
    group = undefined;
    for (const creature of creatures) creature.dispose();
    creatures = [];
    herd = [];
    if (level) {
      menagerie.disableNavigation();
      for (const mesh of level.meshes) demo.shadows.removeShadowCaster(mesh, false);
      level.dispose();
      level = undefined;
      demo.ground.setEnabled(true);
    }
    Object.assign(state, freshState());
    panel.show(state);
  }

  panel.button.addEventListener("click", () => void cross());
  return { state, open, cross, close };
}

function newMember(creature: Creature): CanyonMember {
  const { x, y, z } = creature.motion;
  return {
    name: creature.name,
    x,
    y,
    z,
    arrived: undefined,
    farBank: false,
    overRiver: 0,
    lowestOverRiver: Infinity,
    widestOverRiver: 0,
    retries: 0,
  };
}

/** The Canyon's panel: its button, and a line of what it is doing. */
function createPanel(after: HTMLElement): { button: HTMLButtonElement; show(state: CanyonState): void } {
  const section = document.createElement("section");
  section.id = "canyon-panel";
  section.className = "group";
  section.setAttribute("aria-label", "Canyon");
  section.hidden = true;
  const title = document.createElement("h2");
  title.textContent = "Canyon";
  const button = document.createElement("button");
  button.id = "canyon-cross";
  button.type = "button";
  button.textContent = "Send the herd across";
  const line = document.createElement("p");
  line.id = "canyon-status";
  line.setAttribute("role", "status");
  section.append(title, button, line);
  after.after(section);
  return {
    button,
    show(state) {
      section.hidden = !state.open;
      button.disabled = !state.ready || state.phase === "crossing";
      line.textContent = state.ready
        ? `Navmesh of ${state.triangles} triangles built in ${state.buildMilliseconds.toFixed(0)} ms. Herd: ${state.phase}.`
        : "Building the level's navmesh...";
    },
  };
}
