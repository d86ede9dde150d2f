/**
 * The typed-array OBJ reader against Babylon's SolidParser over every OBJ of the reference
 * catalog: every part OBJ and whole-model OBJ of every model that has OBJs, in a left-handed
 * and a right-handed scene. Same meshes, material names, indices and float32 buffers, bit for bit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GeneratedCatalog, objRecords, sharedCatalog } from "../catalog/catalogFixture.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { differences, ourMeshes, solidParserMeshes } from "../helpers/solidParserReference.js";

let cat: GeneratedCatalog;
let paths: string[];
beforeAll(async () => {
  cat = await sharedCatalog();
  paths = objRecords(cat).flatMap((r) => [
    ...Object.values(r.model.parts),
    ...(r.model.other.model ? [r.model.other.model] : []),
  ]);
}, 120_000);
afterAll(() => cat?.cleanup());

describe("parseObj over the catalog, against SolidParser", () => {
  it.each([false, true])(
    "gives the same meshes for every OBJ (right-handed: %s)",
    async (rightHanded) => {
      const env = createNullScene({ rightHanded });
      try {
        let meshes = 0;
        let materials = new Set<string>();
        const problems: string[] = [];
        for (const path of paths) {
          const text = await cat.read(path);
          const ours = ourMeshes(env.scene, text);
          const theirs = solidParserMeshes(env.scene, text);
          for (const p of differences(ours, theirs)) problems.push(`${path}: ${p}`);
          meshes += ours.length;
          materials = new Set([...materials, ...ours.map((m) => m.material)]);
        }
        expect(problems.slice(0, 20)).toEqual([]);
        // The catalog is what the comparison covered: many files, several materials per model.
        expect(paths.length).toBeGreaterThan(100);
        expect(meshes).toBeGreaterThan(paths.length);
        expect(materials.size).toBeGreaterThan(20);
        expect(env.scene.meshes).toHaveLength(0);
      } finally {
        env.dispose();
      }
    },
    300_000,
  );
});
