/**
 * Our MTL reading against Babylon's MTLFileLoader (which Menagerie used before): over every MTL
 * of the reference catalog and hand-written edge cases, the same materials with every
 * serialized property equal (all but the name, which we prefix, and the ids).
 */
import type { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { MTLFileLoader } from "@babylonjs/loaders/OBJ/pure.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMtlMaterials } from "../../../../src/babylon/runtime/load/mtlMaterials.js";
import { splitMtl } from "../../../../src/obj/mtlText.js";
import { type GeneratedCatalog, objRecords, sharedCatalog } from "../../../catalog/catalogFixture.js";
import { createNullScene } from "../../../helpers/babylonScene.js";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => (env = createNullScene()));
afterEach(() => env.dispose());

function properties(material: StandardMaterial): Record<string, unknown> {
  const { id: _id, uniqueId: _uniqueId, name: _name, ...rest } = material.serialize() as Record<string, unknown>;
  return rest;
}

/** Both readers' materials of `text` as [MTL name, serialized properties], in MTL order. */
function both(text: string) {
  const loader = new MTLFileLoader();
  loader.parseMTL(env.scene, text, "", null);
  // MTLFileLoader keeps both materials of a name given twice; the later one is the one used.
  const theirs = new Map(loader.materials.map((m) => [m.name, properties(m)] as const));
  const ours = createMtlMaterials(env.scene, text, "fox");
  for (const [name, material] of ours) expect(material.name).toBe(`fox/${name}`);
  return { ours: [...ours].map(([name, m]) => [name, properties(m)]), theirs: [...theirs] };
}

describe("createMtlMaterials against MTLFileLoader", () => {
  let cat: GeneratedCatalog;
  beforeAll(async () => {
    cat = await sharedCatalog();
  }, 120_000);
  afterAll(() => cat?.cleanup());

  it("makes the same materials for every MTL of the catalog", async () => {
    const paths = [...new Set(objRecords(cat).map((r) => r.model.other.material!))];
    expect(paths.length).toBeGreaterThan(10);
    let materials = 0;
    for (const path of paths) {
      const { ours, theirs } = both(splitMtl(await cat.read(path)).text);
      expect(ours, path).toEqual(theirs);
      materials += ours.length;
    }
    expect(materials).toBeGreaterThan(paths.length * 2);
  }, 120_000);

  it.each([
    [
      "every colour, Ns and d",
      "newmtl a\nKa 0.1 0.2 0.3\nKd 0.4 0.5 0.6\nKs 0.7 0.8 0.9\nKe 1 0.5 0\nNs 96.1\nd 0.25\nillum 2\n",
    ],
    [
      "upper-case keywords, CRLF, comments and blank lines",
      "# x\r\n\r\nNEWMTL b\r\nKD 1 0 0\r\n# Kd 0 1 0\r\nNs 10\r\n",
    ],
    ["Tr, which MTLFileLoader ignores", "newmtl c\nTr 0.5\nKd 0 0 1\n"],
    ["a colour with one value, or garbage", "newmtl d\nKd 0.5\nKs x y z\n"],
    [
      "tabs, extra values, statements before any newmtl",
      "Kd 1 1 1\nnewmtl e\nKd\t0.1 0.2 0.3\nKa 0.1  0.2   0.3 0.4\n",
    ],
    ["a name given twice (the later wins)", "newmtl f\nKd 1 0 0\nd 0.5\nnewmtl g\nnewmtl f\nKd 0 1 0\n"],
  ])("reads %s the same", (_label, text) => {
    const { ours, theirs } = both(text);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours).toEqual(theirs);
  });

  it("reads the colours it is given (not only what the defaults happen to be)", () => {
    const fur = createMtlMaterials(env.scene, "newmtl fur\nKd 0.25 0.5 1\nNs 12\nd 0.5\n", "fox").get("fur")!;
    expect(fur.diffuseColor.asArray()).toEqual([0.25, 0.5, 1]);
    expect([fur.specularPower, fur.alpha]).toEqual([12, 0.5]);
  });
});
