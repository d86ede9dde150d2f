import { access } from "node:fs/promises";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContactSheet } from "../../src/catalog/contactSheet.js";
import { BODY_PLANS } from "../../src/catalog/plans/index.js";
import type { BodyType } from "../../src/catalog/species/types.js";
import { parseHeight } from "../../src/records/height.js";
import { HABITATS, ModelRecordSchema } from "../../src/records/schemas.js";
import { creatureRecords, type GeneratedCatalog, objRecords, sceneryRecords, sharedCatalog } from "./catalogFixture.js";

const GROUPS = ["mammals", "birds", "fish", "reptiles", "amphibians", "insects", "arachnids", "crustaceans"];
const BEHAVIOURS = ["walk", "fly", "swim", "hop", "waddle", "crawl", "slither"];
const SCENERY_GROUPS = ["plants", "minerals", "structures"];
/** The minimum count per body type. */
const MINIMUM_PER_TYPE: Record<BodyType, number> = {
  quadruped: 12,
  quadruped_fat: 2,
  winged_flyer: 4,
  winged_standing: 2,
  hopper: 2,
  multileg_crawler: 2,
  uniform: 5,
  scenery: 15,
};

describe("catalog records", () => {
  let cat: GeneratedCatalog;
  beforeAll(async () => {
    cat = await sharedCatalog();
  }, 60_000);
  afterAll(() => cat.cleanup());
  const records = () => cat.catalog.records;
  const count = (pick: (r: ReturnType<typeof records>[number]) => boolean) => records().filter(pick).length;

  it("has at least 32 creatures and 20 scenery models with unique names, ids and folders", () => {
    expect(creatureRecords(cat).length).toBeGreaterThanOrEqual(32);
    expect(sceneryRecords(cat).length).toBeGreaterThanOrEqual(20);
    expect(new Set(records().map((r) => r.name)).size).toBe(records().length);
    expect(new Set(records().map((r) => r._id)).size).toBe(records().length);
    expect(new Set(records().map((r) => r.model.other.reference!.split("/")[0])).size).toBe(records().length);
  });

  it("has the issue's minimum per body type, 4 swimmers and a snake", () => {
    for (const [type, minimum] of Object.entries(MINIMUM_PER_TYPE)) {
      expect(
        count((r) => r.type === type),
        type,
      ).toBeGreaterThanOrEqual(minimum);
    }
    expect(count((r) => r.type === "uniform" && r.behaviour === "swim")).toBeGreaterThanOrEqual(4);
    expect(count((r) => r.type === "uniform" && r.behaviour === "slither")).toBeGreaterThanOrEqual(1);
  });

  it("puts at least 4 creatures in every one of the 16 habitats (by flag, or by list for rig-only records)", () => {
    for (const habitat of HABITATS)
      expect(
        creatureRecords(cat).filter((r) => r[habitat] === true || (r.habitats ?? []).includes(habitat)).length,
        habitat,
      ).toBeGreaterThanOrEqual(4);
    expect(count((r) => r.habitats !== undefined)).toBeGreaterThan(0);
  });

  it("puts at least 3 kinds of scenery in every one of the 16 habitats, in both record forms", () => {
    for (const habitat of HABITATS)
      expect(sceneryRecords(cat).filter((r) => r[habitat] === true).length, habitat).toBeGreaterThanOrEqual(3);
    const forms = new Set(sceneryRecords(cat).map((r) => `${r.type}/${r.behaviour}`));
    expect([...forms].sort()).toEqual(["scenery/static", "uniform/none"]);
    for (const r of sceneryRecords(cat)) {
      expect(SCENERY_GROUPS, r.name).toContain(r.group);
      expect(Object.keys(r.model.parts), r.name).toEqual(["body"]);
      expect(r.detail, r.name).toBe("low");
      expect(r.pet, r.name).toBe(false);
    }
  });

  it("uses known groups and behaviours, marks pets and names variants with #0002", () => {
    for (const r of creatureRecords(cat)) {
      expect(GROUPS, r.name).toContain(r.group);
      expect(BEHAVIOURS, r.name).toContain(r.behaviour);
    }
    expect(new Set(creatureRecords(cat).map((r) => r.group)).size).toBe(GROUPS.length);
    expect(count((r) => r.pet)).toBeGreaterThanOrEqual(4);
    expect(records().filter((r) => /#\d{4}$/.test(r.name)).length).toBeGreaterThanOrEqual(3);
  });

  it("gives every record author, source, endpoint, tags, taxonomy and a parseable height in varied units", () => {
    const units = new Set<string>();
    for (const r of objRecords(cat)) {
      expect(r.author && r.source && r.source_endpoint, r.name).toBeTruthy();
      expect(r.tags, r.name).toContain(r.creature);
      expect(Array.isArray(r["taxonomy"]) && (r["taxonomy"] as unknown[]).length > 0, r.name).toBe(true);
      expect(typeof r.scale.height, r.name).toBe("string");
      expect(parseHeight(r.scale.height), r.name).toBeGreaterThan(0);
      units.add(String(r.scale.height).replace(/[\d.,]/g, ""));
    }
    for (const unit of [" m", "cm", " cm", "mm", " ft", " in"]) expect(units).toContain(unit);
  });

  it("sets detail to low / medium / high with roughly 0.5k / 2k / 8k triangles", () => {
    const target = { low: 500, medium: 2000, high: 8000 } as Record<string, number>;
    for (const detail of ["low", "medium", "high"])
      expect(
        count((r) => r.detail === detail),
        detail,
      ).toBeGreaterThan(0);
    for (const r of records()) {
      const triangles = r["triangles"] as number;
      expect(triangles / target[r.detail]!, `${r.name} ${r.detail} ${triangles}`).toBeGreaterThan(0.6);
      expect(triangles / target[r.detail]!, `${r.name} ${r.detail} ${triangles}`).toBeLessThan(1.5);
    }
  });

  it("names exactly the parts of its body plan (rig-only records name them as joints, see rigged.test.ts)", () => {
    for (const r of objRecords(cat)) {
      const plan = BODY_PLANS[r.type as BodyType];
      const names = Object.keys(r.model.parts);
      for (const part of plan.parts) expect(names, `${r.name} lacks ${part}`).toContain(part);
      for (const part of names) expect([...plan.parts, ...plan.optional], `${r.name} has ${part}`).toContain(part);
    }
  });

  it("links files that exist, including a texture name with a space and one with a non-ASCII letter", async () => {
    const paths = records().flatMap((r) => {
      const { parts, other, rig, formats } = r.model;
      const rigPaths = rig ? [rig.GLB!, ...Object.values(rig.animations).map((a) => a.GLB)] : [];
      return [
        ...Object.values(parts),
        ...(other.texture ?? []),
        other.material,
        other.model,
        other.reference,
        ...rigPaths,
        ...Object.values(formats ?? {}),
        ...Object.values(r.thumbnails ?? {}),
      ];
    });
    const present = paths.filter((p) => p !== undefined);
    // Each rigged record links its model GLB twice (rig.GLB, formats.glb) and one GLB per clip.
    const glbs = records().reduce((n, r) => n + (r.model.rig ? Object.keys(r.model.rig.animations).length + 2 : 0), 0);
    expect(present.filter((p) => p.endsWith(".glb")).length).toBe(glbs);
    expect(glbs).toBeGreaterThan(12 * 3);
    await Promise.all(present.map((p) => access(join(cat.dir, p))));
    const textures = records().flatMap((r) => (r.model.other.texture ?? []).map((t) => t.split("/").pop()!));
    expect(textures.some((t) => t.includes(" "))).toBe(true);
    expect(textures.some((t) => /[^\p{ASCII}]/u.test(t))).toBe(true);
  });

  it("validates as model records once the service turns paths into URLs", () => {
    // rig-only: the client accepts them once it reads model.rig (issue 13, branch rigged)
    for (const r of objRecords(cat)) {
      const url = (p: string) => `https://assets.example/${encodeURI(p)}`;
      const linked = {
        ...r,
        model: {
          parts: Object.fromEntries(Object.entries(r.model.parts).map(([k, p]) => [k, url(p)])),
          other: { ...r.model.other, model: url(r.model.other.model!) },
        },
      };
      expect(ModelRecordSchema.safeParse(linked).success, r.name).toBe(true);
    }
  });

  it("composes a contact sheet with one labelled cell per creature", async () => {
    const sheet = PNG.sync.read(await buildContactSheet({ dir: cat.dir, columns: 8, cell: 96 }));
    expect(sheet.width).toBe(8 * 96);
    expect(sheet.height).toBe(Math.ceil(records().length / 8) * (96 + 30));
  });
});
