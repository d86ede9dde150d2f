/**
 * The baseline of `npm run size`: a minimal Babylon app that loads one OBJ with Babylon's own
 * loader (@babylonjs/loaders) and instances it.
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { LoadAssetContainerAsync } from "@babylonjs/core/Loading/sceneLoader.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import "@babylonjs/core/Meshes/instancedMesh.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { Scene } from "@babylonjs/core/scene.js";
import "@babylonjs/loaders/OBJ/objFileLoader.js";

const engine = new Engine(document.querySelector("canvas"), true);
const scene = new Scene(engine);
new ArcRotateCamera("camera", 0, 1, 3, Vector3.Zero(), scene);
new HemisphericLight("sky", new Vector3(0, 1, 0), scene);
const container = await LoadAssetContainerAsync("/fox.obj", scene);
container.addAllToScene();
const source = container.meshes.find((mesh): mesh is Mesh => mesh instanceof Mesh);
source?.createInstance("fox 2").position.set(1, 0, 0);
engine.runRenderLoop(() => scene.render());
