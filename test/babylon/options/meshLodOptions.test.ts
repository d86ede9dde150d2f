/** The `meshLod` option: defaults, checks with messages that name the bad field, `false`. */
import { describe, expect, it } from "vitest";
import { levelSpecs, MESH_LOD_DEFAULTS, meshLodSettings } from "../../../src/babylon/options/meshLodOptions.js";
import { OptionsError } from "../../../src/core/errors.js";
import { thrown } from "../../helpers/rejection.js";

describe("meshLod options", () => {
  it("fills defaults, and false turns levels off", () => {
    expect(meshLodSettings(undefined)).toEqual({ distances: [15, 40], ratios: [0.25, 0.06], hysteresis: 0.1 });
    expect(meshLodSettings({ hysteresis: 0.2 })).toEqual({ ...MESH_LOD_DEFAULTS, hysteresis: 0.2 });
    expect(meshLodSettings(false)).toBe(false);
    expect(levelSpecs(false)).toEqual([]);
    expect(levelSpecs(meshLodSettings({ distances: [10], ratios: [0.5] }))).toEqual([{ ratio: 0.5, error: 0.02 }]);
  });

  it.each([
    [{ distances: [40, 15] }, "meshLod.distances"],
    [{ distances: [0, 15] }, "meshLod.distances"],
    [{ ratios: [0.06, 0.25] }, "meshLod.ratios"],
    [{ ratios: [1.5, 0.25] }, "meshLod.ratios"],
    [{ ratios: [0.25] }, "meshLod.ratios"],
    [{ hysteresis: 1 }, "meshLod.hysteresis"],
    [{ hysteresis: -0.1 }, "meshLod.hysteresis"],
  ])("rejects %j naming %s", (option, name) => {
    const error = thrown(() => meshLodSettings(option));
    expect(error).toBeInstanceOf(OptionsError);
    expect((error as Error).message).toContain(name);
  });
});
