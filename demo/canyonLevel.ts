/**
 * The Canyon's level as a game would model it: boxes, not a height function. A river runs north
 * to south through a gorge 4 m deep; a bridge crosses it; on the west bank a plateau 1 m high
 * (the herd's pasture) has a walled ramp down on its far side and a 1 m drop on the side that faces
 * the bridge (where a jump link would go: the short way down); on the east bank a rock 2 m
 * high with no way up (the wolf's lookout). Pure Babylon: no DOM, so Node can build it too.
 */
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3 } from "@babylonjs/core/Maths/math.color.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";

/** The level's sizes, metres; the test reads them from the page to judge where walkers went. */
export const CANYON = Object.freeze({
  /** The banks' inner edges (the gorge's walls) are at x = ±bankEdge. */
  bankEdge: 4,
  /** The banks' tops. */
  bankTop: 0,
  /** The river bed's top, below the banks. */
  bedTop: -4,
  /** The water's surface over the bed (not walkable: not in the navmesh). */
  waterLevel: -3.4,
  /** The bridge deck spans z in [-bridgeHalfWidth, bridgeHalfWidth]. */
  bridgeHalfWidth: 1.3,
  /** The deck's top (a step up from the banks). */
  deckTop: 0.2,
  /** The west plateau: the herd's pasture, with its 1 m drop on its east side (x = x1). */
  plateau: { x0: -14, x1: -8, z0: -10, z1: -2, top: 1 },
  /** The ramp down from the plateau's west side, between these z, reaching the bank at x = -18. */
  ramp: { z0: -8, z1: -4, foot: -18 },
  /** The east rock, with no way up. */
  rock: { x0: 10, x1: 15, z0: 5, z1: 10, top: 2 },
  /** The level's extent: |x| and |z| at most this. */
  extent: 20,
});

export interface CanyonLevel {
  /** Every mesh walkers walk on or round: give these to `enableNavigation`. */
  readonly walkable: readonly Mesh[];
  /** Everything the level shows (the walkable meshes, the water and the railings). */
  readonly meshes: readonly Mesh[];
  /** Height of the walkable top at (x, z), highest floor (for placing spawns). */
  height(x: number, z: number): number;
  dispose(): void;
}

type Triple = [number, number, number];

function box(scene: Scene, name: string, min: Triple, max: Triple, material: StandardMaterial): Mesh {
  const mesh = CreateBox(name, { width: max[0] - min[0], height: max[1] - min[1], depth: max[2] - min[2] }, scene);
  mesh.position.set((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
  mesh.material = material;
  mesh.receiveShadows = true;
  mesh.isPickable = false;
  mesh.computeWorldMatrix(true);
  return mesh;
}

function material(scene: Scene, name: string, rgb: Triple, alpha = 1): StandardMaterial {
  const m = new StandardMaterial(name, scene);
  m.diffuseColor = new Color3(...rgb);
  m.specularColor = alpha < 1 ? new Color3(0.5, 0.5, 0.5) : Color3.Black();
  m.alpha = alpha;
  return m;
}

/**
 * A box tilted about z from `(foot, bankTop)` up to the plateau's west edge: its top is the
 * ramp's surface (a little longer than the slope, so its ends tuck into bank and plateau).
 */
function ramp(scene: Scene, rock: StandardMaterial): Mesh {
  const { plateau, ramp: r } = CANYON;
  const run = plateau.x0 - r.foot;
  const rise = plateau.top - CANYON.bankTop;
  const angle = Math.atan2(rise, run);
  const thick = 0.4;
  const mesh = CreateBox(
    "canyon-ramp",
    { width: Math.hypot(run, rise) + 0.3, height: thick, depth: r.z1 - r.z0 },
    scene,
  );
  // Rotating about z by +angle lifts the +x end; the box's top centre then sits at the slope's middle.
  mesh.rotation.z = angle;
  mesh.position.set(
    (r.foot + plateau.x0) / 2 + (thick / 2) * Math.sin(angle),
    CANYON.bankTop + rise / 2 - (thick / 2) * Math.cos(angle),
    (r.z0 + r.z1) / 2,
  );
  mesh.material = rock;
  mesh.receiveShadows = true;
  mesh.isPickable = false;
  mesh.computeWorldMatrix(true);
  return mesh;
}

/**
 * Walls along the ramp's sides. Without them, low on the ramp its side is a step down to the
 * bank within a walker's climb, and recast joins the two there: a walker taking that short cut
 * toward the bridge stuck where the step grew to the climb (at about 0.35 m), every time.
 */
function rampWalls(scene: Scene, rock: StandardMaterial): Mesh[] {
  const { plateau: p, ramp: r } = CANYON;
  const top = p.top + 0.8;
  return [r.z0 - 0.25, r.z1].map((z, i) =>
    box(scene, `canyon-ramp-wall-${i}`, [r.foot, CANYON.bankTop, z], [p.x0, top, z + 0.25], rock),
  );
}

/** Builds the Canyon's meshes in `scene`. */
export function createCanyonLevel(scene: Scene): CanyonLevel {
  const { bankEdge: e, bankTop, bedTop, extent: x, plateau: p, rock: k, bridgeHalfWidth: w, deckTop } = CANYON;
  const materials = {
    bank: material(scene, "canyon-bank", [0.62, 0.45, 0.3]),
    rock: material(scene, "canyon-rock", [0.52, 0.38, 0.28]),
    bed: material(scene, "canyon-bed", [0.42, 0.38, 0.3]),
    wood: material(scene, "canyon-wood", [0.45, 0.3, 0.16]),
    water: material(scene, "canyon-water", [0.15, 0.4, 0.6], 0.6),
  };
  const walkable = [
    box(scene, "canyon-bed", [-e, bedTop - 1, -x], [e, bedTop, x], materials.bed),
    box(scene, "canyon-west-bank", [-x, bedTop - 1, -x], [-e, bankTop, x], materials.bank),
    box(scene, "canyon-east-bank", [e, bedTop - 1, -x], [x, bankTop, x], materials.bank),
    box(scene, "canyon-deck", [-e - 0.6, bankTop, -w], [e + 0.6, deckTop, w], materials.wood),
    box(scene, "canyon-plateau", [p.x0, bankTop, p.z0], [p.x1, p.top, p.z1], materials.rock),
    ramp(scene, materials.rock),
    ...rampWalls(scene, materials.rock),
    box(scene, "canyon-rock", [k.x0, bankTop, k.z0], [k.x1, k.top, k.z1], materials.rock),
  ];
  const water = box(scene, "canyon-water", [-e, bedTop, -x], [e, CANYON.waterLevel, x], materials.water);
  // Railings only look the part: walkers keep to the deck by the navmesh's edges, not by them.
  const railings = [-1, 1].map((side) =>
    box(
      scene,
      `canyon-railing-${side}`,
      [-e - 0.6, deckTop, side * w - 0.05],
      [e + 0.6, deckTop + 0.7, side * w + 0.05],
      materials.wood,
    ),
  );
  const meshes = [...walkable, water, ...railings];
  return {
    walkable,
    meshes,
    height: (px, pz) => heightAt(px, pz),
    dispose() {
      for (const mesh of meshes) mesh.dispose();
      for (const m of Object.values(materials)) m.dispose();
    },
  };
}

/** The highest walkable top at (x, z), by the shapes above. */
function heightAt(x: number, z: number): number {
  const { bankEdge: e, plateau: p, ramp: r, rock: k } = CANYON;
  const inside = (x0: number, x1: number, z0: number, z1: number) => x >= x0 && x <= x1 && z >= z0 && z <= z1;
  if (Math.abs(x) < e + 0.6 && Math.abs(z) <= CANYON.bridgeHalfWidth) return CANYON.deckTop;
  if (Math.abs(x) < e) return CANYON.bedTop;
  if (inside(p.x0, p.x1, p.z0, p.z1)) return p.top;
  if (inside(r.foot, p.x0, r.z0, r.z1))
    return CANYON.bankTop + ((x - r.foot) / (p.x0 - r.foot)) * (p.top - CANYON.bankTop);
  if (inside(k.x0, k.x1, k.z0, k.z1)) return k.top;
  return CANYON.bankTop;
}
