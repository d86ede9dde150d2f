import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ObjParseError, parseObj } from "../../../../src/babylon/runtime/load/parseObj.js";
import { createNullScene, sceneCounts } from "../../../helpers/babylonScene.js";
import { boxObj } from "../../../helpers/tinyModels.js";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => (env = createNullScene()));
afterEach(() => env.dispose());

describe("parseObj", () => {
  it("makes one mesh per material, named after the part, with their usemtl names and no material of its own", () => {
    const parsed = parseObj(env.scene, boxObj([0, 0, 0], [1, 1, 1], "fur", "eye"), "fox/head");
    expect(parsed.meshes.map((m) => m.name)).toEqual(["fox/head/0", "fox/head/1"]);
    expect(parsed.materialNames).toEqual(["fur", "eye"]);
    expect(env.scene.materials).toHaveLength(0);
  });

  it.each([
    ["vertices without faces", "v 0 0 0\nv 1 0 0\nv 0 1 0\n"],
    ["binary garbage", String.fromCharCode(0, 159, 146, 150, 10, 1, 2)],
    ["an empty file", ""],
  ])("rejects %s with a typed error and leaves the scene as it was", (_label, text) => {
    const before = sceneCounts(env.scene);
    expect(() => parseObj(env.scene, text, "x")).toThrow(ObjParseError);
    expect(sceneCounts(env.scene)).toEqual(before);
  });
});
