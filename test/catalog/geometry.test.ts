import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../src/catalog/catalogFormat.js";
import { parseHeight } from "../../src/records/height.js";
import { isSceneryRecord } from "../../src/records/recordKind.js";
import { round } from "../helpers/round.js";
import {
  type Box,
  boxOf,
  type GeneratedCatalog,
  objRecords,
  type ParsedObj,
  parseObj,
  sharedCatalog,
} from "./catalogFixture.js";

interface Creature {
  record: CatalogEntry;
  parts: Map<string, ParsedObj>;
  boxes: Map<string, Box>;
  whole: Box;
}

describe("catalog geometry (OBJ space: right-handed, +Y up, head +Z, left +X)", () => {
  let cat: GeneratedCatalog;
  const creatures: Creature[] = [];
  beforeAll(async () => {
    cat = await sharedCatalog();
    for (const record of objRecords(cat)) {
      const parts = new Map<string, ParsedObj>();
      for (const [name, path] of Object.entries(record.model.parts)) parts.set(name, parseObj(await cat.read(path)));
      const boxes = new Map([...parts].map(([name, obj]) => [name, boxOf(obj)]));
      creatures.push({ record, parts, boxes, whole: boxOf(parseObj(await cat.read(record.model.other.model!))) });
    }
  }, 60_000);
  afterAll(() => cat.cleanup());

  /** Runs `check` on every creature and reports every failure by name at once. */
  function everyCreature(check: (c: Creature, fail: (rule: string) => void) => void): void {
    const failures: string[] = [];
    for (const c of creatures) check(c, (rule) => failures.push(`${c.record.name}: ${rule}`));
    expect(failures).toEqual([]);
    expect(creatures.length).toBeGreaterThanOrEqual(32);
  }

  it("stands on y = 0 with a bounding-box height equal to scale.height in metres", () => {
    everyCreature(({ record, whole }, fail) => {
      if (Math.abs(whole.min[1]!) > 1e-5) fail(`lowest point at y = ${whole.min[1]}`);
      const ratio = round((whole.max[1]! - whole.min[1]!) / parseHeight(record.scale.height), 3);
      if (ratio !== 1) fail(`bbox height / scale.height = ${ratio}`);
    });
  });

  it("assembles the whole model from the parts placed in one shared frame", () => {
    everyCreature(({ parts, whole }, fail) => {
      const min = [0, 1, 2].map((k) => Math.min(...[...parts.values()].map((p) => boxOf(p).min[k]!)));
      const max = [0, 1, 2].map((k) => Math.max(...[...parts.values()].map((p) => boxOf(p).max[k]!)));
      if ([...min, ...max].some((v, i) => Math.abs(v - [...whole.min, ...whole.max][i]!) > 1e-5))
        fail("parts' union box differs from the whole model's");
    });
  });

  it("keeps legs below the body's centre, each upper leg above its lower leg and touching the body", () => {
    everyCreature(({ boxes }, fail) => {
      const body = boxes.get("body")!;
      for (const [name, box] of boxes) {
        if (name.startsWith("leg_") && box.centre[1]! >= body.centre[1]!)
          fail(`${name} centre is not below the body's`);
        if (!name.endsWith("_top") || !name.startsWith("leg_")) continue;
        const bot = boxes.get(name.replace(/_top$/, "_bot"))!;
        if (box.centre[1]! <= bot.centre[1]!) fail(`${name} is not above its lower leg`);
        if (bot.max[1]! < box.min[1]!) fail(`${name}: lower leg does not reach up to the upper leg`);
        if (box.max[1]! < body.min[1]!) fail(`${name} does not reach the body`);
      }
    });
  });

  it("puts feet on the ground", () => {
    everyCreature(({ boxes, whole }, fail) => {
      const height = whole.max[1]! - whole.min[1]!;
      for (const [name, box] of boxes) {
        const isFoot =
          /^leg_.*_bot$/.test(name) || (/^leg_/.test(name) && !boxes.has(`${name}_bot`) && !name.endsWith("_top"));
        if (isFoot && box.min[1]! > 0.03 * height) fail(`${name} floats ${box.min[1]} above the ground`);
      }
    });
  });

  it("points the head toward +Z and the tail toward -Z, joined to the body", () => {
    everyCreature(({ record, boxes, parts }, fail) => {
      if (isSceneryRecord(record)) return; // a tree has no front
      const body = boxes.get("body")!;
      const head = boxes.get("head");
      if (head) {
        if (head.centre[2]! <= body.centre[2]!) fail("head is not toward +Z");
        if (head.min[2]! > body.max[2]!) fail("head does not reach back to the body");
      } else {
        // One-part creatures: the eyes are at the front.
        const obj = parts.get("body")!;
        const eyeZ = obj.triangles
          .filter((t) => t.material.endsWith("_eye"))
          .flatMap((t) => t.corners.map((k) => obj.positions[k[0]!]![2]!));
        if (!(eyeZ.length > 0 && eyeZ.every((z) => z > body.centre[2]!))) fail("eyes are not toward +Z");
      }
      const tail = boxes.get("tail");
      if (tail) {
        if (tail.centre[2]! >= body.centre[2]!) fail("tail is not toward -Z");
        if (tail.max[2]! < body.min[2]!) fail("tail does not reach forward to the body");
      }
    });
  });

  it("puts left parts at +X and right parts at -X, as mirror images", () => {
    everyCreature(({ boxes }, fail) => {
      let pairs = 0;
      for (const [name, box] of boxes) {
        if (!name.includes("_left")) continue;
        const right = boxes.get(name.replace("_left", "_right"))!;
        pairs++;
        if (box.centre[0]! <= 0) fail(`${name} is not at +X`);
        if (right.centre[0]! >= 0) fail(`${name.replace("_left", "_right")} is not at -X`);
        if (round(box.centre[0]! + right.centre[0]!, 4) !== 0) fail(`${name} is not mirrored by its right twin`);
      }
      if (boxes.size > 1 && pairs === 0) fail("no left/right pairs");
    });
  });

  it("joins wings to the body at their inner edge", () => {
    everyCreature(({ record, boxes }, fail) => {
      if (record.type !== "winged_flyer") return;
      const body = boxes.get("body")!;
      if (boxes.get("wing_left")!.min[0]! > body.max[0]!) fail("left wing's inner edge is off the body");
      if (boxes.get("wing_right")!.max[0]! < body.min[0]!) fail("right wing's inner edge is off the body");
      if (boxes.get("wing_left")!.max[0]! <= body.max[0]!) fail("left wing does not spread out");
    });
  });
});
