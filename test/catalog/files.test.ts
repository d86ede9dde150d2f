import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LoadAssetContainerAsync } from "@babylonjs/core/Loading/sceneLoader.js";
import { MTLFileLoader, RegisterOBJFileLoader } from "@babylonjs/loaders/OBJ/index.js";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSceneryRecord } from "../../src/records/recordKind.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { type GeneratedCatalog, objRecords, type ParsedObj, parseObj, sharedCatalog } from "./catalogFixture.js";

/** Every OBJ file of the catalog: each part and each whole model. */
function objPaths(cat: GeneratedCatalog): string[] {
  return objRecords(cat).flatMap((r) => [...Object.values(r.model.parts), r.model.other.model!]);
}

describe("catalog files", () => {
  let cat: GeneratedCatalog;
  const texts = new Map<string, string>();
  const parsed = new Map<string, ParsedObj>();
  beforeAll(async () => {
    RegisterOBJFileLoader();
    cat = await sharedCatalog();
    for (const path of objPaths(cat)) {
      texts.set(path, await cat.read(path));
      parsed.set(path, parseObj(texts.get(path)!));
    }
  }, 60_000);
  afterAll(() => cat.cleanup());

  it("loads every OBJ with Babylon's OBJ loader under NullEngine", async () => {
    const { scene, dispose } = createNullScene();
    try {
      for (const [path, text] of texts) {
        const container = await LoadAssetContainerAsync(`data:${text}`, scene, {
          pluginExtension: ".obj",
          pluginOptions: { obj: { skipMaterials: true } },
        });
        const expected = parsed.get(path)!;
        const vertices = container.meshes.reduce((n, m) => n + m.getTotalIndices(), 0);
        expect(vertices, path).toBe(expected.triangles.length * 3);
        container.dispose();
      }
    } finally {
      dispose();
    }
  }, 60_000);

  it("names the model's one MTL in every OBJ, and gives heads (not scenery) a second (eye) material", () => {
    for (const r of objRecords(cat)) {
      const mtl = r.model.other.material!.split("/").pop();
      for (const path of [...Object.values(r.model.parts), r.model.other.model!])
        expect(parsed.get(path)!.mtllib, path).toEqual([mtl]);
      const head = parsed.get(r.model.parts["head"] ?? r.model.parts["body"]!)!;
      const materials = new Set(head.triangles.map((t) => t.material));
      const scenery = isSceneryRecord(r);
      expect(materials.size, r.name).toBeGreaterThanOrEqual(scenery ? 1 : 2);
      expect(
        [...materials].some((m) => m.endsWith("_eye")),
        r.name,
      ).toBe(!scenery);
    }
  });

  it("keeps UVs in [0, 1], normals unit length and triangles non-degenerate", () => {
    // Collected per file and asserted once: millions of expect() calls would dominate the run.
    const problems: string[] = [];
    for (const [path, obj] of parsed) {
      if (obj.uvs.some((uv) => uv.some((c) => !(c >= 0 && c <= 1)))) problems.push(`${path}: UV outside [0, 1]`);
      if (obj.normals.some((n) => Math.abs(Math.hypot(n[0]!, n[1]!, n[2]!) - 1) > 2e-4))
        problems.push(`${path}: normal not unit length`);
      for (const t of obj.triangles) {
        if (
          t.corners.some((k) => !(k[0]! < obj.positions.length && k[1]! < obj.uvs.length && k[2]! < obj.normals.length))
        )
          problems.push(`${path}: index out of range`);
        const [a, b, c] = t.corners.map((k) => obj.positions[k[0]!]!) as [number[], number[], number[]];
        const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
        const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
        const area2 = Math.hypot(
          u[1]! * v[2]! - u[2]! * v[1]!,
          u[2]! * v[0]! - u[0]! * v[2]!,
          u[0]! * v[1]! - u[1]! * v[0]!,
        );
        if (!(area2 > 0)) problems.push(`${path}: degenerate triangle ${JSON.stringify(t.corners)}`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(parsed.size).toBe(objPaths(cat).length);
  });

  it("parses every MTL with Babylon, and every material used by an OBJ is defined there", async () => {
    const { scene, dispose } = createNullScene();
    try {
      for (const r of objRecords(cat)) {
        const text = await cat.read(r.model.other.material!);
        const loader = new MTLFileLoader();
        // No root URL and no texture loading: only the material definitions are checked here.
        loader.parseMTL(scene, text.replace(/^map_Kd .*$/gm, ""), "", null);
        const defined = new Set(loader.materials.map((m) => m.name));
        const used = new Set(parsed.get(r.model.other.model!)!.triangles.map((t) => t.material));
        for (const m of used) expect(defined, `${r.name}: ${m}`).toContain(m);
      }
    } finally {
      dispose();
    }
  });

  it("names in map_Kd only bare texture files that exist, are listed in the record and decode as PNG", async () => {
    for (const r of objRecords(cat)) {
      const folder = r.model.other.material!.split("/")[0]!;
      const text = await cat.read(r.model.other.material!);
      const maps = [...text.matchAll(/^map_Kd (.+)$/gm)].map((m) => m[1]!);
      expect(maps.length, r.name).toBeGreaterThan(0);
      for (const file of maps) {
        expect(file, r.name).not.toContain("/");
        expect(r.model.other.texture, r.name).toContain(`${folder}/${file}`);
        const png = PNG.sync.read(await readFile(join(cat.dir, folder, file)));
        expect(png.width, file).toBeGreaterThanOrEqual(32);
      }
      const reference = PNG.sync.read(await readFile(join(cat.dir, r.model.other.reference!)));
      expect([reference.width, reference.height]).toEqual([256, 256]);
    }
  });

  it("loads left parts at -X in Babylon's default left-handed scene (OBJ data has them at +X)", async () => {
    const { scene, dispose } = createNullScene();
    try {
      const fox = objRecords(cat).find((r) => r.name === "fox")!;
      const text = texts.get(fox.model.parts["leg_front_left_top"]!)!;
      const container = await LoadAssetContainerAsync(`data:${text}`, scene, {
        pluginExtension: ".obj",
        pluginOptions: { obj: { skipMaterials: true } },
      });
      const mesh = container.meshes[0]!;
      mesh.computeWorldMatrix(true);
      expect(mesh.getBoundingInfo().boundingBox.centerWorld.x).toBeLessThan(0);
      container.dispose();
    } finally {
      dispose();
    }
  });
});
