/**
 * Ground heights from a mesh. Meshes other than Babylon's GroundMesh are sampled once into a
 * height grid (by raycasts), so following the ground costs no raycast per creature per frame.
 * Its own module because Babylon's Ray is large: a game that gives no ground mesh never loads it.
 */
import { Ray } from "@babylonjs/core/Culling/ray.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { HeightFunction } from "../../motion/types.js";

/**
 * A height function for a ground: a function is used as is; a GroundMesh answers directly; any
 * other mesh is sampled on a `resolution`² grid over its bounds and interpolated bilinearly.
 * @category Creatures
 */
export function toHeightFunction(ground: HeightFunction | AbstractMesh | undefined, resolution = 64): HeightFunction {
  if (!ground) return () => 0;
  if (typeof ground === "function") return ground;
  const mesh = ground;
  mesh.computeWorldMatrix(true);
  const asGround = mesh as AbstractMesh & { getHeightAtCoordinates?: (x: number, z: number) => number };
  if (typeof asGround.getHeightAtCoordinates === "function" && mesh.getClassName() === "GroundMesh") {
    return (x, z) => asGround.getHeightAtCoordinates!(x, z);
  }
  const { minimumWorld: min, maximumWorld: max } = mesh.getBoundingInfo().boundingBox;
  const n = resolution;
  const heights = new Float32Array((n + 1) * (n + 1));
  const ray = new Ray(new Vector3(), new Vector3(0, -1, 0), max.y - min.y + 2);
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      ray.origin.set(min.x + ((max.x - min.x) * i) / n, max.y + 1, min.z + ((max.z - min.z) * j) / n);
      const hit = ray.intersectsMesh(mesh as Parameters<Ray["intersectsMesh"]>[0]);
      heights[i * (n + 1) + j] = hit.hit && hit.pickedPoint ? hit.pickedPoint.y : min.y;
    }
  }
  const sx = (max.x - min.x) / n || 1;
  const sz = (max.z - min.z) / n || 1;
  return (x, z) => {
    const fx = Math.min(n, Math.max(0, (x - min.x) / sx));
    const fz = Math.min(n, Math.max(0, (z - min.z) / sz));
    const i = Math.min(n - 1, Math.floor(fx));
    const j = Math.min(n - 1, Math.floor(fz));
    const u = fx - i;
    const v = fz - j;
    const h = (a: number, b: number) => heights[a * (n + 1) + b]!;
    return (h(i, j) * (1 - u) + h(i + 1, j) * u) * (1 - v) + (h(i, j + 1) * (1 - u) + h(i + 1, j + 1) * u) * v;
  };
}
