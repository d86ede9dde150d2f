/**
 * Baking a rigged model's clips into bone matrices per frame (riggedBake.ts), on the hand-made toy
 * model of toyRig.ts in a NullEngine scene (no catalog, no HTTP), whose every row is known: the
 * values of each row, what is baked before startRiggedBake returns (row 0, the first clips) and
 * the rest pose every other row holds meanwhile, the slices cut by a fake clock, rows baked on
 * demand, the nodes back at rest whenever the caller runs, abort, dispose and errors, and
 * bakeForCrowds' warnings. Counts and fake clocks, never times.
 */
import type { Animation } from "@babylonjs/core/Animations/animation.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MenagerieWarning } from "../../../../../src/api/loadEvents.js";
import {
  bakeForCrowds,
  bakeRiggedClips,
  type RiggedBake,
  startRiggedBake,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedBake.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";
import { farthest, positionsOf, toyRig, toyRow } from "./toyRig.js";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  env = createNullScene();
});
afterEach(() => env.dispose());

/** The toy model's rows: 1 + 60 (walk) + 30 (wave). */
const ROWS = 91;
/** Floats a row: (2 bones + identity) × 16. */
const FLOATS = 48;

const rowOf = (bake: RiggedBake, row: number) => bake.data.subarray(row * FLOATS, (row + 1) * FLOATS);
/** Rows in `from..to` (inclusive) that are not the toy model's row `expected(row)`. */
function wrongRows(bake: RiggedBake, from: number, to: number, expected: (row: number) => number[] = toyRow) {
  const wrong: number[] = [];
  for (let row = from; row <= to; row++) if (!(farthest(rowOf(bake, row), expected(row)) < 1e-5)) wrong.push(row);
  return wrong;
}
const rest = () => toyRow(0);
const RESTING = [
  [1, 2, 3],
  [2, 2, 3],
];

/** A clock that moves one millisecond a read. */
const counter = () => {
  let t = 0;
  return () => t++;
};

/** Makes the animation of `rig`'s group `group` throw `error` at frames past `frame`. */
function breakAfter(rig: ReturnType<typeof toyRig>, group: number, frame: number, error: unknown) {
  const animation: Animation = rig.groups[group]!.targetedAnimations[0]!.animation;
  const evaluate = animation.evaluate.bind(animation);
  animation.evaluate = (f: number) => {
    if (f > frame) throw error;
    return evaluate(f);
  };
}

describe("the rows baked", () => {
  it("bakes row 0 at rest and each clip's frames at fps, each clip's rows from rest, the nodes back at rest", async () => {
    const rig = toyRig(env.scene);
    // A clock that never moves: one slice bakes every row, walk's and wave's in one run.
    const bake = await bakeRiggedClips(rig.template, { maxTextureSize: 4096, now: () => 0, cpuNow: () => 0 });
    expect(bake.stopped).toBeUndefined();
    expect([bake.width, bake.rows, bake.fps, bake.rowsBaked, bake.slices]).toEqual([12, ROWS, 60, ROWS, 2]);
    expect(bake.clips.map((c) => [c.name, c.start, c.frames])).toEqual([
      ["walk", 1, 60],
      ["wave", 61, 30],
    ]);
    expect(bake.skeleton).toBe(rig.skeleton);
    expect(bake.data).toHaveLength(ROWS * FLOATS);
    expect(wrongRows(bake, 0, ROWS - 1)).toEqual([]);
    // Spot checks of the formula, in the texture's floats: row 1 + k moves bone 0 to x = 1 + k / 10.
    expect(rowOf(bake, 11)[12]).toBeCloseTo(2, 5);
    expect(rowOf(bake, 61 + 15)[16 + 13]).toBeCloseTo(3.5, 5);
    expect(positionsOf(rig.nodes)).toEqual(RESTING);
    rig.skeleton.prepare(true);
    expect(farthest(rig.skeleton.getTransformMatrices(rig.mesh), rest())).toBeLessThan(1e-6);
  });

  it("samples at the fps asked, over one loop of each clip", async () => {
    const rig = toyRig(env.scene);
    const bake = await bakeRiggedClips(rig.template, { maxTextureSize: 4096, fps: 30 });
    expect([bake.fps, bake.rows]).toEqual([30, 46]);
    // Row 1 + k is walk's frame 2k; row 31 + k wave's frame 30 + 2k.
    const at30 = (row: number) => toyRow(row <= 30 ? 1 + (row - 1) * 2 : row <= 45 ? 61 + (row - 31) * 2 : 0);
    expect(wrongRows(bake, 0, 45, at30)).toEqual([]);
  });
});

describe("startRiggedBake's first slice", () => {
  it("returns with row 0 baked and every other row holding the rest pose, the rest baked in slices after", async () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096 });
    expect([bake.rowsFirst, bake.rowsBaked, bake.slices]).toEqual([1, 1, 1]);
    expect(bake.stopped).toBeUndefined();
    expect(wrongRows(bake, 0, ROWS - 1, rest)).toEqual([]);
    await bake.done;
    expect(bake.stopped).toBeUndefined();
    expect(bake.rowsBaked).toBe(ROWS);
    expect(bake.rowsFirst).toBe(1);
    expect(wrongRows(bake, 0, ROWS - 1)).toEqual([]);
    expect(positionsOf(rig.nodes)).toEqual(RESTING);
  });

  it("bakes the first `firstClips` clips before returning, the later rows at rest, the skeleton back at rest", async () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096, firstClips: 1 });
    expect([bake.rowsFirst, bake.rowsBaked]).toEqual([61, 61]);
    expect(wrongRows(bake, 0, 60)).toEqual([]);
    expect(wrongRows(bake, 61, ROWS - 1, rest)).toEqual([]);
    // Copies are cloned from these nodes, and a crowd reads the skeleton: both at rest.
    expect(positionsOf(rig.nodes)).toEqual(RESTING);
    expect(farthest(rig.skeleton.getTransformMatrices(rig.mesh), rest())).toBeLessThan(1e-6);
    await bake.done;
    expect(wrongRows(bake, 0, ROWS - 1)).toEqual([]);
    expect(positionsOf(rig.nodes)).toEqual(RESTING);
    expect(farthest(rig.skeleton.getTransformMatrices(rig.mesh), rest())).toBeLessThan(1e-6);
  });

  it("bakes everything at once when `firstClips` covers every clip, or more, and runs no other slice", async () => {
    for (const firstClips of [2, 5]) {
      const rig = toyRig(env.scene);
      const bake = startRiggedBake(rig.template, { maxTextureSize: 4096, firstClips });
      expect([bake.rowsFirst, bake.rowsBaked]).toEqual([ROWS, ROWS]);
      expect(wrongRows(bake, 0, ROWS - 1)).toEqual([]);
      expect(positionsOf(rig.nodes)).toEqual(RESTING);
      await bake.done;
      expect(bake.slices).toBe(1);
    }
  });

  it("throws an aborted signal's reason before baking anything", () => {
    const rig = toyRig(env.scene);
    const reason = new Error("gone");
    expect(() => startRiggedBake(rig.template, { maxTextureSize: 4096, signal: AbortSignal.abort(reason) })).toThrow(
      reason,
    );
  });

  it("throws why the template cannot be baked", () => {
    const rig = toyRig(env.scene);
    expect(() => startRiggedBake(rig.template, { maxTextureSize: 17 })).toThrow(
      "its clips (1.5 s) do not fit a texture 17 rows high",
    );
  });
});

describe("the slices", () => {
  it("bakes `sliceMs` of rows a slice (4 by default) by the `now` clock, the longest slice measured", async () => {
    for (const [sliceMs, slices] of [
      [undefined, 1 + Math.ceil(90 / 4)],
      [2, 1 + 90 / 2],
    ] as const) {
      const rig = toyRig(env.scene);
      let step = 10; // the first slice reads the clock twice: 10 ms; each later row 1 ms
      let t = 1000;
      const now = () => {
        const read = t;
        t += step;
        return read;
      };
      const bake = startRiggedBake(rig.template, { maxTextureSize: 4096, now, cpuNow: () => 0, sliceMs });
      expect(bake.longestSliceMs).toBe(10);
      step = 1;
      await bake.done;
      expect(bake.slices).toBe(slices);
      expect(bake.longestSliceMs).toBe(10);
      expect(wrongRows(bake, 0, ROWS - 1)).toEqual([]);
    }
  });

  it("reports the longest slice by the `cpuNow` clock, the first slice's included", async () => {
    const rig = toyRig(env.scene);
    // A CPU clock of r² at its r-th read: slice s reads it twice, 4s - 3 ms apart.
    let reads = 0;
    const cpuNow = () => (reads++) ** 2;
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096, now: counter(), cpuNow });
    expect(bake.longestSliceCpuMs).toBe(1);
    expect(bake.longestSliceMs).toBe(1);
    await bake.done;
    expect(bake.slices).toBe(24);
    expect(bake.longestSliceCpuMs).toBe(4 * 24 - 3);
    expect(bake.longestSliceMs).toBe(4);
  });

  it("measures CPU time with the platform's clock by default, else with `now`", async () => {
    type Usage = () => { user: number; system: number };
    const proc = process as unknown as { cpuUsage: Usage };
    const saved = proc.cpuUsage;
    try {
      // The process's clock (Node 20 has no thread clock): 1 ms a read.
      let reads = 0;
      proc.cpuUsage = () => ({ user: reads++ * 1000, system: 0 });
      const clocked = startRiggedBake(toyRig(env.scene).template, { maxTextureSize: 4096, now: () => 0 });
      expect([clocked.longestSliceCpuMs, clocked.longestSliceMs]).toEqual([1, 0]);
      // No CPU clock: `now` is read for it too, so a slice of 4 reads of `now` holds 3 rows.
      (proc as { cpuUsage?: Usage }).cpuUsage = undefined;
      const plain = startRiggedBake(toyRig(env.scene).template, { maxTextureSize: 4096, now: counter() });
      proc.cpuUsage = saved;
      await plain.done;
      expect(plain.slices).toBe(1 + 90 / 3);
      expect([plain.longestSliceMs, plain.longestSliceCpuMs]).toEqual([4, 4]);
    } finally {
      proc.cpuUsage = saved;
    }
  });

  it("gives the event loop a turn between slices", async () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096, now: counter(), cpuNow: () => 0 });
    let seen = -1;
    setImmediate(() => {
      seen = bake.rowsBaked;
    });
    await bake.done;
    expect(seen).toBeGreaterThan(1);
    expect(seen).toBeLessThan(ROWS);
  });
});

describe("rows needed now", () => {
  it("bakes the two rows asked at once, each from rest, the nodes back at rest", () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096 });
    bake.need(30, 70); // a walk row, then a wave row: walk's pose must not leak into it
    expect(bake.rowsBaked).toBe(3);
    expect(wrongRows(bake, 30, 30)).toEqual([]);
    expect(wrongRows(bake, 70, 70)).toEqual([]);
    expect(positionsOf(rig.nodes)).toEqual(RESTING);
    expect(farthest(rig.skeleton.getTransformMatrices(rig.mesh), rest())).toBeLessThan(1e-6);
    bake.need(80, 5);
    expect(bake.rowsBaked).toBe(5);
    expect(wrongRows(bake, 5, 5)).toEqual([]);
    expect(wrongRows(bake, 80, 80)).toEqual([]);
    // The others still at rest.
    expect(wrongRows(bake, 31, 69, rest)).toEqual([]);
  });

  it("bakes a row once: asked again, alone or beside a new one, it is not baked twice", () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096 });
    bake.need(7, 7);
    expect(bake.rowsBaked).toBe(2);
    bake.need(7, 8);
    expect(bake.rowsBaked).toBe(3);
    bake.need(9, 7);
    expect(bake.rowsBaked).toBe(4);
    expect(wrongRows(bake, 7, 9)).toEqual([]);
  });

  it("touches nothing when both rows are baked", () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096 });
    bake.need(7, 8);
    const positions = rig.nodes.map((n) => n.position);
    bake.need(8, 7);
    bake.need(0, 0);
    expect(rig.nodes.map((n) => n.position)).toEqual(positions);
    for (const [i, node] of rig.nodes.entries()) expect(node.position).toBe(positions[i]);
  });

  it("ignores rows past the last", () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096 });
    for (const [a, b] of [
      [ROWS, ROWS],
      [5, ROWS],
      [ROWS, 5],
    ] as const)
      expect(() => bake.need(a, b)).not.toThrow();
    expect(bake.rowsBaked).toBe(1);
    bake.need(ROWS - 1, ROWS - 1);
    expect(bake.rowsBaked).toBe(2);
    expect(wrongRows(bake, ROWS - 1, ROWS - 1)).toEqual([]);
  });

  it("leaves the slices the rows not needed, the whole bake as one bake in slices gives", async () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096, now: counter(), cpuNow: () => 0 });
    bake.need(1, 2);
    bake.need(60, 61);
    await bake.done;
    expect(bake.rowsBaked).toBe(ROWS);
    expect(bake.slices).toBe(1 + Math.ceil(86 / 4)); // 86 rows left, 4 a slice
    expect(wrongRows(bake, 0, ROWS - 1)).toEqual([]);
  });

  it("runs no slice when the rows needed finish the bake first", async () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096 });
    for (let row = 1; row < ROWS; row += 2) bake.need(row, Math.min(row + 1, ROWS - 1));
    expect(bake.rowsBaked).toBe(ROWS);
    await bake.done;
    expect([bake.slices, bake.rowsBaked]).toEqual([1, ROWS]);
    expect(bake.stopped).toBeUndefined();
    expect(wrongRows(bake, 0, ROWS - 1)).toEqual([]);
  });
});

describe("stopping short", () => {
  it("is complete, not stopped, when every row was baked before an abort", async () => {
    // All rows baked before returning, the signal aborted right after.
    const rig = toyRig(env.scene);
    const abort = new AbortController();
    const whole = startRiggedBake(rig.template, { maxTextureSize: 4096, firstClips: 2, signal: abort.signal });
    abort.abort(new Error("late"));
    await whole.done;
    expect([whole.stopped, whole.rowsBaked, whole.slices]).toEqual([undefined, ROWS, 1]);
    // The last slice bakes the last row, the signal aborted as it does.
    const later = new AbortController();
    let bake: RiggedBake | undefined;
    const now = () => {
      if (bake?.rowsBaked === ROWS) later.abort(new Error("late"));
      return 0;
    };
    bake = startRiggedBake(rig.template, { maxTextureSize: 4096, now, cpuNow: () => 0, signal: later.signal });
    await bake.done;
    expect(later.signal.aborted).toBe(true);
    expect([bake.stopped, bake.rowsBaked, bake.slices]).toEqual([undefined, ROWS, 2]);
  });

  it("stops at the next slice when aborted, with the signal's reason, bakes no row asked after", async () => {
    const rig = toyRig(env.scene);
    const abort = new AbortController();
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096, signal: abort.signal });
    const reason = new Error("stop");
    abort.abort(reason);
    await bake.done;
    expect(bake.stopped).toBe(reason);
    expect([bake.rowsBaked, bake.slices]).toEqual([1, 1]);
    bake.need(5, 6);
    expect(bake.rowsBaked).toBe(1);
    expect(wrongRows(bake, 1, ROWS - 1, rest)).toEqual([]);
    await expect(bakeRiggedClips(rig.template, { maxTextureSize: 4096, signal: abort.signal })).rejects.toBe(reason);
  });

  it("rejects bakeRiggedClips with the reason of an abort mid-bake, the nodes at rest", async () => {
    const rig = toyRig(env.scene);
    const abort = new AbortController();
    let reads = 0;
    const now = () => {
      if (++reads === 20) abort.abort(new Error("stop"));
      return reads;
    };
    await expect(
      bakeRiggedClips(rig.template, { maxTextureSize: 4096, now, cpuNow: () => 0, signal: abort.signal }),
    ).rejects.toThrow("stop");
    expect(positionsOf(rig.nodes)).toEqual(RESTING);
  });

  it("stops when the model is disposed, and bakes no row asked after", async () => {
    const rig = toyRig(env.scene);
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096 });
    rig.template.dispose();
    bake.need(5, 6);
    expect(bake.rowsBaked).toBe(1);
    await bake.done;
    expect(bake.stopped).toEqual(new Error("the model was disposed while its clips were baked"));
    expect(bake.rowsBaked).toBe(1);
  });

  it("stops at an error in a slice, the rows before it baked, the nodes at rest", async () => {
    const rig = toyRig(env.scene);
    const error = new Error("bad key");
    breakAfter(rig, 0, 30.5, error); // walk's row 32 (frame 31) throws
    const bake = startRiggedBake(rig.template, { maxTextureSize: 4096, now: counter(), cpuNow: () => 0 });
    await bake.done;
    expect(bake.stopped).toEqual(error);
    expect(bake.rowsBaked).toBe(32);
    expect(wrongRows(bake, 0, 31)).toEqual([]);
    expect(positionsOf(rig.nodes)).toEqual(RESTING);
    await expect(bakeRiggedClips(rig.template, { maxTextureSize: 4096 })).rejects.toEqual(error);
  });
});

describe("bakeForCrowds", () => {
  function setup() {
    const rig = toyRig(env.scene);
    const warnings: MenagerieWarning[] = [];
    const abort = new AbortController();
    const start = () => bakeForCrowds(env.scene, rig.template, (w) => void warnings.push(w), abort.signal);
    return { rig, warnings, abort, start };
  }

  it("starts the bake on a NullEngine (no canvas: no float textures needed), in the engine's texture size", async () => {
    const t = setup();
    env.engine.getCaps().maxTextureSize = 18;
    const bake = t.start()!;
    expect([bake.rowsFirst, bake.fps]).toEqual([1, 10]);
    await bake.done;
    expect(bake.rowsBaked).toBe(bake.rows);
    await Promise.resolve();
    expect(t.warnings).toEqual([]);
  });

  it("warns and gives null when the engine cannot hold the bake", () => {
    const t = setup();
    env.engine.getCaps().maxTextureSize = 17;
    expect(t.start()).toBeNull();
    expect(t.warnings).toEqual([
      {
        code: "clip-failed",
        model: "toy",
        asset: "bake",
        message:
          'Cannot bake the clips of "toy" to draw its creatures together (its clips (1.5 s) do not fit a texture 17 rows high): each gets a skeleton of its own',
        error: new Error("its clips (1.5 s) do not fit a texture 17 rows high"),
      },
    ]);
  });

  it("refuses a canvas without float textures, and bakes on one with them", () => {
    const t = setup();
    env.engine.getRenderingCanvas = () => ({}) as HTMLCanvasElement;
    env.engine.getCaps().textureFloat = false;
    expect(t.start()).toBeNull();
    expect(t.warnings.map((w) => [w.message, (w as { error?: unknown }).error])).toEqual([
      [
        'Cannot bake the clips of "toy" to draw its creatures together (the engine has no float textures): each gets a skeleton of its own',
        new Error("the engine has no float textures"),
      ],
    ]);
    env.engine.getCaps().textureFloat = true;
    expect(t.start()).not.toBeNull();
    expect(t.warnings).toHaveLength(1);
  });

  it("says what was thrown when it is not an Error", () => {
    const t = setup();
    const template = Object.create(t.rig.template, {
      container: {
        get() {
          throw "no container";
        },
      },
    });
    expect(bakeForCrowds(env.scene, template, (w) => void t.warnings.push(w), t.abort.signal)).toBeNull();
    expect(t.warnings[0]!.message).toBe(
      'Cannot bake the clips of "toy" to draw its creatures together (no container): each gets a skeleton of its own',
    );
  });

  it("throws an aborted signal's reason, with no warning", () => {
    const t = setup();
    const reason = new Error("gone");
    t.abort.abort(reason);
    expect(() => t.start()).toThrow(reason);
    expect(t.warnings).toEqual([]);
  });

  it("warns when the slices stop on an error, saying what was thrown", async () => {
    for (const thrown of [new Error("bad key"), "bad key"]) {
      const t = setup();
      breakAfter(t.rig, 1, 40, thrown);
      const bake = t.start()!;
      await bake.done;
      await Promise.resolve();
      expect(t.warnings).toEqual([
        {
          code: "clip-failed",
          model: "toy",
          asset: "bake",
          message: 'Baking the clips of "toy" stopped (bad key): the clips not baked show its rest pose',
          error: thrown,
        },
      ]);
    }
  });

  it("stops quietly when aborted or when the model is disposed", async () => {
    const aborted = setup();
    const a = aborted.start()!;
    aborted.abort.abort(new Error("menagerie disposed"));
    const disposed = setup();
    const d = disposed.start()!;
    disposed.rig.template.dispose();
    await Promise.all([a.done, d.done]);
    await Promise.resolve();
    expect([a.stopped, d.stopped].map((s) => (s as Error).message)).toEqual([
      "menagerie disposed",
      "the model was disposed while its clips were baked",
    ]);
    expect([aborted.warnings, disposed.warnings]).toEqual([[], []]);
  });
});
