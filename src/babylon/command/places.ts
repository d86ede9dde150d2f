/**
 * Where a text command's place puts things: relative to a place the game named
 * (`menagerie.addPlace`), a named node of the scene (a mesh called "water hole"), a named
 * creature or prop, or to the viewer (the active camera) for `here` or when nothing has the name.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { TextCommandAction } from "../../api/textCommandAnswer.js";
import { type Area, areaCenter, isCircleArea } from "../../motion/area.js";
import { boundedEditDistance } from "../../util/editDistance.js";
import type { Creature } from "../creature.js";
import { isMesh, toArea } from "../options/areaInput.js";
import type { PlaceInput } from "../options/commandOptions.js";

type Relative = NonNullable<TextCommandAction["models"][number]["location"]>["relative"];

/** A point with a facing, on the ground plane (y kept for `above`). */
export interface Anchor {
  position: Vector3;
  /** Unit, horizontal. */
  forward: Vector3;
  /** What it is, for notes: "the lion", "the oak tree", "the camera". */
  label: string;
  /** How far its edge is from `position` (a pond's radius): spots are put beyond it. 0 for a point. */
  reach: number;
}

/** A record name without the catalog's `#0002` variant suffix, lower-cased. */
export function baseName(name: string): string {
  return name.replace(/#\d+$/, "").toLowerCase();
}

/** True when `name` (as a command says it) names a record called `recordName`: "tree" names "oak tree". */
export function names(name: string, recordName: string): boolean {
  const wanted = name.toLowerCase();
  const base = baseName(recordName);
  return base === wanted || base.endsWith(` ${wanted}`);
}

function flat(v: Vector3): Vector3 {
  const out = new Vector3(v.x, 0, v.z);
  return out.lengthSquared() > 1e-9 ? out.normalize() : new Vector3(0, 0, 1);
}

/** Where a node is now (its world matrix brought up to date: motion moves roots between frames). */
export function whereIs(node: TransformNode): Vector3 {
  return node.computeWorldMatrix(true).getTranslation();
}

/** The active camera, `distance` metres ahead of it on the ground, facing away from it. */
export function viewerAnchor(scene: Scene, distance: number): Anchor {
  const camera = scene.activeCamera;
  if (!camera)
    return { position: new Vector3(0, 0, distance), forward: new Vector3(0, 0, 1), label: "the camera", reach: 0 };
  const forward = flat(camera.getDirection(Vector3.Forward(scene.useRightHandedSystem)));
  const eye = camera.globalPosition;
  return {
    position: new Vector3(eye.x + forward.x * distance, 0, eye.z + forward.z * distance),
    forward,
    label: "the camera",
    reach: 0,
  };
}

/**
 * The place called `name`: one the game added, else the scene node of that name nearest the
 * viewer, else the creature or prop of that name nearest it; undefined when nothing has it.
 */
export function findAnchor(
  scene: Scene,
  creatures: readonly Creature[],
  name: string,
  places: ReadonlyMap<string, PlaceInput> = new Map(),
): Anchor | undefined {
  const wanted = nameWords(name);
  for (const [placeName, place] of places)
    if (wordsName(wanted, nameWords(placeName))) return placeAnchor(place, `the ${placeName}`);
  return sceneNodeAnchor(scene, wanted) ?? creatureOrPropAnchor(scene, creatures, name);
}

/** The creature or prop called `name` nearest the viewer, or undefined. */
function creatureOrPropAnchor(scene: Scene, creatures: readonly Creature[], name: string): Anchor | undefined {
  const viewer = viewerAnchor(scene, 0).position;
  let best: { node: TransformNode; label: string; d: number } | undefined;
  const consider = (node: TransformNode, label: string) => {
    const d = Vector3.DistanceSquared(whereIs(node), viewer);
    if (!best || d < best.d) best = { node, label, d };
  };
  for (const c of creatures)
    if (!c.isDisposed && names(name, c.record.name)) consider(c.root, `the ${baseName(c.record.name)}`);
  if (!best)
    for (const node of scene.transformNodes) {
      const tag = (node.metadata as { menagerie?: { scenery?: { root: TransformNode; name: string } } } | null)
        ?.menagerie;
      if (tag?.scenery && tag.scenery.root === node && names(name, tag.scenery.name))
        consider(node, `the ${baseName(tag.scenery.name)}`);
    }
  if (!best) return undefined;
  const found = best as { node: TransformNode; label: string };
  return { position: whereIs(found.node), forward: flat(found.node.forward), label: found.label, reach: 0 };
}

/**
 * The `index`-th of several spots `relative` to `anchor`: 4 m off (beyond its edge, for a place
 * with a reach) to its front, back, left or right, 3 m up, 20 m away from the viewer for `far`, around it for `near` and `here`; several
 * creatures spread on a small spiral (golden angle) so that none stands on another.
 */
export function spot(anchor: Anchor, relative: Relative, index: number, viewer: Anchor): Vector3 {
  const f = anchor.forward;
  const right = new Vector3(f.z, 0, -f.x);
  const base = anchor.position.clone();
  const off = 4 + anchor.reach; // 4 m beyond its edge
  switch (relative) {
    case "front":
      base.addInPlace(f.scale(off));
      break;
    case "behind":
      base.addInPlace(f.scale(-off));
      break;
    case "left":
      base.addInPlace(right.scale(-off));
      break;
    case "right":
      base.addInPlace(right.scale(off));
      break;
    case "above":
      base.y += 3;
      break;
    case "far": {
      const away = flat(anchor.position.subtract(viewer.position));
      base.addInPlace(away.scale(20));
      break;
    }
    default:
      break;
  }
  // Around the spot: `near` (and `here`) start a ring out, the others at the spot itself.
  const ring = relative === "near" || relative === "below" ? 2.5 + anchor.reach : 0;
  const r = ring + 1.6 * Math.sqrt(index);
  if (r === 0) return base;
  const angle = index * 2.399963;
  return new Vector3(base.x + Math.cos(angle) * r, base.y, base.z + Math.sin(angle) * r);
}

/**
 * The words of a name, as people say them: `WaterHole.001`, `water_hole` and `water holes` are
 * all "water hole" (camel case split, digits and marks dropped, lower case, a plural `s` off).
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/#\d+$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0)
    .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
}

/**
 * True when the words `wanted` name a thing called `words`: its last words, each the same or,
 * for words of five letters or more, one typo apart ("hole" names "water hole").
 */
function wordsName(wanted: readonly string[], words: readonly string[]): boolean {
  if (wanted.length === 0 || wanted.length > words.length) return false;
  const tail = words.slice(words.length - wanted.length);
  return wanted.every((w, i) => {
    const t = tail[i]!;
    return w === t || (w.length >= 5 && t.length >= 5 && boundedEditDistance(w, t, 1) <= 1);
  });
}

/** The anchor of a place: an area's centre and reach, a mesh's footprint, or a node's point. */
function placeAnchor(place: PlaceInput, label: string): Anchor {
  if (isMesh(place) && place.getTotalVertices() > 0) {
    const area = toArea(place);
    const c = areaCenter(area);
    return {
      position: new Vector3(c.x, whereIs(place).y, c.z),
      forward: flat(place.forward),
      label,
      reach: areaReach(area, c),
    };
  }
  if ("computeWorldMatrix" in place) return { position: whereIs(place), forward: flat(place.forward), label, reach: 0 };
  const area = toArea(place);
  const c = areaCenter(area);
  return { position: new Vector3(c.x, 0, c.z), forward: new Vector3(0, 0, 1), label, reach: areaReach(area, c) };
}

/** How far an area's edge reaches from its centre: a circle's radius, a polygon's farthest corner. */
function areaReach(area: Area, c: { x: number; z: number }): number {
  if (isCircleArea(area)) return area.radius;
  return Math.max(0, ...area.points.map((p) => Math.hypot(p.x - c.x, p.z - c.z)));
}

/** The enabled scene node (mesh or transform node, not Menagerie's own) called `wanted` nearest the viewer. */
function sceneNodeAnchor(scene: Scene, wanted: readonly string[]): Anchor | undefined {
  const viewer = viewerAnchor(scene, 0).position;
  let best: { node: TransformNode; d: number } | undefined;
  for (const node of [...scene.meshes, ...scene.transformNodes]) {
    if (!node.name || !node.isEnabled() || (node.metadata as { menagerie?: unknown } | null)?.menagerie) continue;
    if (!wordsName(wanted, nameWords(node.name))) continue;
    const d = Vector3.DistanceSquared(whereIs(node), viewer);
    if (!best || d < best.d) best = { node, d };
  }
  if (!best) return undefined;
  return placeAnchor(best.node, `the ${wanted.join(" ")}`);
}
