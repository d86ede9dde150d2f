/**
 * The same app as ../obj with Menagerie instead of the OBJ loader: one fox spawned from the
 * lookup service, wandering. `npm run size` compares the two.
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Scene } from "@babylonjs/core/scene.js";
import { Menagerie } from "babylon-menagerie";

const engine = new Engine(document.querySelector("canvas"), true);
const scene = new Scene(engine);
new ArcRotateCamera("camera", 0, 1, 3, Vector3.Zero(), scene);
new HemisphericLight("sky", new Vector3(0, 1, 0), scene);
const menagerie = new Menagerie(scene, { baseUrl: "http://127.0.0.1:8787", apiKey: "dev-key" });
const fox = await menagerie.spawnCreature("fox");
fox.wander({ area: { center: { x: 0, z: 0 }, radius: 5 } });
engine.runRenderLoop(() => scene.render());
