/**
 * What the catalog's `movement` means, checked on the GLBs themselves (not on the generator's
 * code): the ground speed, m/s, of each clip played at rate 1 for the model at its record's
 * `scale`. The GLB is in metres at exactly the record's size, and in every legged walk or run
 * clip the foot on the ground moves back under the body at exactly that speed; those speeds
 * are the species' own walk and run (a zebra walks 1–2.5 m/s and runs ≥ 4 m/s).
 */
import { Matrix, Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Document, Node as GltfNode } from "@gltf-transform/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walkGait } from "../../src/motion/gaits/walk.js";
import { speciesSpeeds } from "../../src/motion/speeds.js";
import { recordSize } from "../../src/records/recordSize.js";
import { type GeneratedCatalog, sharedCatalog } from "./catalogFixture.js";
import { jointBoxes, type RiggedCreature, readRigged, restPosition, rigOfGlb } from "./riggedFixture.js";

/** Behaviours whose walk and run clips step on the ground with the legged walk/trot. */
const STEPPING = new Set(["walk"]);

/** The lowest vertex of each leg's lowest joint, in that joint's frame (joints rest unrotated). */
function feet(doc: Document): Map<string, Vector3> {
  const boxes = jointBoxes(doc);
  const out = new Map<string, Vector3>();
  for (const node of doc.getRoot().listSkins()[0]!.listJoints()) {
    const name = node.getName();
    if (!/^leg_/.test(name) || name.endsWith("_top")) continue;
    const box = boxes[name]!;
    const [x, y, z] = restPosition(node);
    out.set(name, new Vector3((box.min.x + box.max.x) / 2 - x, box.min.y - y, (box.min.z + box.max.z) / 2 - z));
  }
  return out;
}

/** World matrix of `node` at key `i` of the clip's one animation (rest values where it has no channel). */
function worldAt(doc: Document, node: GltfNode, i: number): Matrix {
  const animation = doc.getRoot().listAnimations()[0]!;
  const key = (path: string, size: number): number[] | undefined => {
    const ch = animation.listChannels().find((c) => c.getTargetNode() === node && c.getTargetPath() === path);
    const keys = ch?.getSampler()?.getOutput()?.getArray();
    return keys ? [...keys.subarray(i * size, i * size + size)] : undefined;
  };
  const t = key("translation", 3) ?? node.getTranslation();
  const r = key("rotation", 4) ?? node.getRotation();
  const s = key("scale", 3) ?? node.getScale();
  const local = Matrix.Compose(
    new Vector3(s[0], s[1], s[2]),
    new Quaternion(r[0], r[1], r[2], r[3]),
    new Vector3(t[0], t[1], t[2]),
  );
  const parent = node.getParentNode();
  return parent ? local.multiply(worldAt(doc, parent, i)) : local;
}

/**
 * How fast a clip's planted foot moves back under the body, m/s: at each key the lowest foot
 * is the one on the ground; its travel along -Z over the keys it stays lowest, over their time.
 */
function plantedFootSpeed(doc: Document): number {
  const animation = doc.getRoot().listAnimations()[0]!;
  const times = animation.listSamplers()[0]!.getInput()!.getArray()!;
  const joints = doc.getRoot().listSkins()[0]!.listJoints();
  const points = [...feet(doc)].map(([name, local]) => ({ node: joints.find((j) => j.getName() === name)!, local }));
  const at = (i: number) => points.map(({ node, local }) => Vector3.TransformCoordinates(local, worldAt(doc, node, i)));
  let distance = 0;
  let seconds = 0;
  for (let i = 0; i + 1 < times.length; i++) {
    const [now, next] = [at(i), at(i + 1)];
    const lowest = now.reduce((best, p, f) => (p.y < now[best]!.y ? f : best), 0);
    const stillLowest = next.reduce((best, p, f) => (p.y < next[best]!.y ? f : best), 0) === lowest;
    if (!stillLowest) continue;
    distance += now[lowest]!.z - next[lowest]!.z;
    seconds += times[i + 1]! - times[i]!;
  }
  return distance / seconds;
}

describe("the catalog's movement", () => {
  let cat: GeneratedCatalog;
  let rigged: RiggedCreature[];
  beforeAll(async () => {
    cat = await sharedCatalog();
    rigged = await readRigged(cat);
  }, 120_000);
  afterAll(() => cat.cleanup());

  it("is m/s at the record's scale: the GLB measures the record's size in metres", () => {
    for (const { record, model } of rigged) {
      const size = recordSize(record)!;
      const boxes = Object.values(jointBoxes(model));
      const axis = ({ height: "y", length: "z", width: "x" } as const)[size.axis];
      const extent = Math.max(...boxes.map((b) => b.max[axis])) - Math.min(...boxes.map((b) => b.min[axis]));
      expect(Math.abs(extent - size.meters), `${record.name} ${size.axis}`).toBeLessThan(0.002);
    }
  });

  it("is how fast a stepping clip's planted foot moves back under the body, at rate 1", () => {
    const checked: string[] = [];
    for (const { record, clips } of rigged) {
      for (const [clip, doc] of clips) {
        const steps = clip === "walk" || (clip === "run" && STEPPING.has(record.behaviour));
        if (!steps || !(STEPPING.has(record.behaviour) || record.behaviour === "fly")) continue;
        const speed = record.movement![clip]!;
        expect(plantedFootSpeed(doc) / speed, `${record.name} ${clip}`).toBeCloseTo(1, 1);
        checked.push(`${record.name} ${clip}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(["zebra walk", "zebra run", "dog run", "crow walk"]));
  });

  it("is the species' own walk and run: a zebra walks 1–2.5 m/s and runs at 4 m/s or more", () => {
    for (const { record, model } of rigged) {
      if (!STEPPING.has(record.behaviour)) continue;
      const { roles } = rigOfGlb(record.type, model);
      const { walk, run } = speciesSpeeds(roles, record.type, walkGait);
      expect(record.movement, record.name).toEqual({ walk: round3(walk), run: round3(run) });
    }
    const zebra = rigged.find((c) => c.record.name === "zebra")!.record.movement!;
    expect(zebra["walk"]).toBeGreaterThanOrEqual(1);
    expect(zebra["walk"]).toBeLessThanOrEqual(2.5);
    expect(zebra["run"]).toBeGreaterThanOrEqual(4);
  });
});

const round3 = (v: number) => Math.round(v * 1000) / 1000;
