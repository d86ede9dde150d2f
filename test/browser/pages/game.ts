/**
 * Browser test page: a small game on Menagerie's game APIs. A player (a box the page drives,
 * as WASD would) is an agent of the Menagerie; a herd populated on raised ground flees it and
 * calms down; a dog follows it; a barn is an obstacle; a click picks a creature; `moveTo`
 * arrivals are counted. The game steps motion itself at a fixed 1/30 s (`autoStep: false`).
 * Query: ?service=<url>
 *
 * `window.__game` drives it: `walkTo(x, z, frames)` moves the player at 4 m/s while stepping,
 * `step(frames)`, `report()` (states, distances, counters), `screen(name)` (where a creature is
 * on the canvas, for a real click), `render()`.
 */
import { FollowCamera } from "@babylonjs/core/Cameras/followCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3, Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { Scene } from "@babylonjs/core/scene.js";
import { type Creature, Menagerie } from "../../../src/index.js";

interface GameReport {
  herd: { name: string; state: string; distance: number }[];
  dog: { state: string; distance: number };
  player: { x: number; z: number };
  fleeStarts: number;
  calmDowns: number;
  arrivals: number;
  picked: string[];
  groundY: number[];
}

declare global {
  interface Window {
    __ready?: boolean;
    __error?: string;
    __game?: {
      walkTo(x: number, z: number, frames: number): GameReport;
      step(frames: number): GameReport;
      report(): GameReport;
      sendHome(index: number, x: number, z: number): void;
      screen(name: string): { x: number; y: number };
      render(): void;
    };
  }
}

const STEP = 1 / 30;
const PLAYER_SPEED = 4;
const GROUND_Y = 0.4;

async function main() {
  const service = new URLSearchParams(location.search).get("service")!;
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  new HemisphericLight("sky", new Vector3(0, 1, 0), scene).intensity = 0.8;
  new DirectionalLight("sun", new Vector3(-0.5, -1, 0.8), scene).intensity = 0.6;
  const ground = CreateGround("ground", { width: 80, height: 80 }, scene);
  ground.position.y = GROUND_Y; // raised: creatures must stand on it, not on y = 0
  const grass = new StandardMaterial("grass", scene);
  grass.diffuseColor = new Color3(0.35, 0.55, 0.25);
  ground.material = grass;

  const player = CreateBox("player", { width: 0.6, depth: 0.6, height: 1.7 }, scene);
  player.position.set(-20, GROUND_Y + 0.85, 0);
  const red = new StandardMaterial("player", scene);
  red.diffuseColor = new Color3(0.8, 0.2, 0.2);
  player.material = red;
  player.isPickable = false; // a click goes through the player to what it points at
  const barn = CreateBox("barn", { width: 4, depth: 3, height: 3 }, scene);
  barn.position.set(0, GROUND_Y + 1.5, 12);

  const camera = new FollowCamera("camera", new Vector3(-20, 8, -12), scene, player);
  camera.radius = 14;
  camera.heightOffset = 8;
  camera.rotationOffset = 180;

  const menagerie = new Menagerie(scene, { baseUrl: service, ground, autoStep: false, seed: 7 });
  const agent = menagerie.addAgent(player, { radius: 0.4 });
  menagerie.addObstacle(barn);
  let fleeStarts = 0;
  let calmDowns = 0;
  let arrivals = 0;
  const picked: string[] = [];
  const group = await menagerie.populate({
    habitat: "farm",
    count: 6,
    area: { center: { x: 0, z: 0 }, radius: 10 },
    tags: ["herd"],
    onCreatureAdded: (creature) => {
      creature.flee(agent, { radius: 6, calmRadius: 11 });
      creature.onStateChangedObservable.add(({ state, previous }) => {
        if (state === "flee") fleeStarts++;
        if (previous === "flee") calmDowns++;
      });
      creature.onArrivedObservable.add(() => arrivals++);
    },
  });
  const dog = await menagerie.spawnCreature("dog", {
    position: new Vector3(-24, 0, 3),
    tags: ["pet"],
    speeds: { run: 6 }, // a dog outruns its species rule: it keeps up with a running player
  });
  dog.follow(player, { distance: 2.5 });
  scene.onPointerDown = (_event, pick) => {
    const creature = menagerie.creatureFromPick(pick);
    picked.push(creature ? creature.name : "(nothing)");
  };

  const flat = (c: Creature) =>
    Math.hypot(c.root.position.x - player.position.x, c.root.position.z - player.position.z);
  const report = (): GameReport => ({
    herd: menagerie.getCreaturesByTag("herd").map((c) => ({ name: c.name, state: c.state, distance: flat(c) })),
    dog: { state: dog.state, distance: flat(dog) },
    player: { x: player.position.x, z: player.position.z },
    fleeStarts,
    calmDowns,
    arrivals,
    picked,
    groundY: menagerie.creatures.map((c) => c.root.position.y),
  });
  const step = (frames: number, before?: () => void) => {
    for (let i = 0; i < frames; i++) {
      before?.();
      menagerie.stepMotion(STEP);
    }
    scene.render();
    return report();
  };
  window.__game = {
    walkTo: (x, z, frames) =>
      step(frames, () => {
        const to = new Vector3(x - player.position.x, 0, z - player.position.z);
        const d = to.length();
        if (d > 1e-3) player.position.addInPlace(to.scaleInPlace(Math.min(d, PLAYER_SPEED * STEP) / d));
      }),
    step: (frames) => step(frames),
    report,
    sendHome: (index, x, z) => void group.creatures[index]!.moveTo({ x, z }),
    screen: (name) => {
      const creature = menagerie.creatures.find((c) => c.name === name)!;
      const at = creature.root.position.add(new Vector3(0, creature.heightMeters * 0.5, 0));
      const p = Vector3.Project(
        at,
        Matrix.Identity(),
        scene.getTransformMatrix(),
        camera.viewport.toGlobal(engine.getRenderWidth(), engine.getRenderHeight()),
      );
      const scale = canvas.clientWidth / engine.getRenderWidth();
      return { x: p.x * scale, y: p.y * scale };
    },
    render: () => scene.render(),
  };
  scene.render();
  window.__ready = true;
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
