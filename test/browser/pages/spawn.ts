import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
/**
 * Browser test page: spawns `count` copies of `name` from the service at `service`, on a ground,
 * renders, and publishes counts on `window.__result` for the test to read.
 * Query: ?service=<url>&name=fox&count=50&key=<api key>[&crowd=1]
 * With `crowd=1`, motion is paused and the page compares the pixels the crowd draws (thin
 * instances) with those of the same creatures once they grew their own nodes.
 */
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { SceneInstrumentation } from "@babylonjs/core/Instrumentation/sceneInstrumentation.js";
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3, Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import type { InstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.js";
import { Scene } from "@babylonjs/core/scene.js";
import { type Creature, Menagerie } from "../../../src/index.js";

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

async function main() {
  const params = new URLSearchParams(location.search);
  const service = params.get("service")!;
  const name = params.get("name") ?? "fox";
  const count = Number(params.get("count") ?? "1");
  const key = params.get("key") ?? undefined;

  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  const camera = new ArcRotateCamera("camera", -Math.PI / 2 + 0.5, 1.15, 3, new Vector3(0, 0.25, 0), scene);
  camera.minZ = 0.01;
  new HemisphericLight("sky", new Vector3(0, 1, 0), scene).intensity = 0.8;
  new DirectionalLight("sun", new Vector3(-0.5, -1, 0.8), scene).intensity = 0.6;
  const ground = CreateGround("ground", { width: 40, height: 40 }, scene);
  const groundMaterial = new StandardMaterial("ground", scene);
  groundMaterial.diffuseColor = new Color3(0.35, 0.55, 0.25);
  groundMaterial.specularColor = Color3.Black();
  ground.material = groundMaterial;

  const menagerie = new Menagerie(scene, { baseUrl: service, apiKey: key });
  const warnings: string[] = [];
  menagerie.onWarningObservable.add((w) => warnings.push(`${w.code} ${w.asset ?? ""}: ${w.message}`));

  const creatures = [];
  const columns = Math.ceil(Math.sqrt(count));
  for (let i = 0; i < count; i++) {
    const x = (i % columns) - (columns - 1) / 2;
    const z = Math.floor(i / columns);
    // A lone creature turns its side to the camera; a crowd faces away from it at an angle.
    creatures.push(
      menagerie.spawnCreature(name, {
        position: new Vector3(x * 0.8, 0, z * 0.8),
        rotationY: count === 1 ? -2.1 : -0.6,
      }),
    );
  }
  const spawned = await Promise.all(creatures);
  const first = spawned[0]!;
  camera.radius = count > 1 ? Math.max(3, columns * 1.2) : first.heightMeters * 4;
  camera.target = count > 1 ? new Vector3(0, 0, (columns - 1) * 0.4) : new Vector3(0, first.heightMeters * 0.5, 0);

  await scene.whenReadyAsync();
  const instrumentation = new SceneInstrumentation(scene);
  const crowd = params.get("crowd") === "1" ? await compareCrowd(scene, spawned, menagerie, instrumentation) : null;
  for (let i = 0; i < 5; i++) scene.render();
  const drawCalls = instrumentation.drawCallsCounter.current;
  const sources = new Set(spawned.flatMap((c) => c.meshes.map((m) => (m as InstancedMesh).sourceMesh)));
  const textures = scene.textures.filter((t) => t.name.startsWith(`${first.record.name}/`));
  window.__result = {
    creatures: spawned.length,
    distinctPartMeshes: sources.size,
    drawCalls,
    texturesReady: textures.map((t) => t.isReady()),
    textureNames: textures.map((t) => t.name),
    warnings,
    height: first.heightMeters,
    crowd,
  };
  engine.runRenderLoop(() => scene.render());
}

/** Renders the crowd hidden, shown, then grown into nodes; counts the pixels each way. */
async function compareCrowd(
  scene: Scene,
  creatures: Creature[],
  menagerie: Menagerie,
  instrumentation: SceneInstrumentation,
) {
  menagerie.pause(); // the same pose in every frame
  const engine = scene.getEngine();
  const frame = async () => {
    for (let i = 0; i < 3; i++) scene.render();
    return (await engine.readPixels(0, 0, engine.getRenderWidth(), engine.getRenderHeight())) as Uint8Array;
  };
  const differing = (a: Uint8Array, b: Uint8Array) => {
    let n = 0;
    for (let i = 0; i < a.length; i += 4)
      if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 24) n++;
    return n;
  };
  for (const c of creatures) c.root.setEnabled(false);
  const empty = await frame();
  for (const c of creatures) c.root.setEnabled(true);
  const drawn = await frame();
  const drawCalls = instrumentation.drawCallsCounter.current;
  const nodesBefore = scene.transformNodes.length + scene.meshes.length;
  for (const c of creatures) void c.meshes; // grows every creature's nodes
  const grown = await frame();
  const result = {
    creaturePixels: differing(empty, drawn),
    pixelsDifferingFromNodes: differing(drawn, grown),
    drawCalls,
    nodesBefore,
    nodesGrown: scene.transformNodes.length + scene.meshes.length,
  };
  menagerie.resume();
  return result;
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
