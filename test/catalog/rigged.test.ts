/**
 * The catalog's rigged GLBs (the service's newer dialect): which species, which clips, and
 * each GLB's skin, weights, pivots and clips, checked against the project's own rig layout and
 * gaits (not against the generator's code).
 */
import { Quaternion } from "@babylonjs/core/Maths/math.vector.js";
import type { Animation, Document } from "@gltf-transform/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_PLANS as CATALOG_PLANS } from "../../src/catalog/plans/index.js";
import { JUMP_CLIP_SPECIES, RIG_ONLY_SPECIES, RIGGED_SPECIES } from "../../src/catalog/species/rigged.js";
import type { BodyType } from "../../src/catalog/species/types.js";
import { flyGait, type Gait, gaitFor, swimGait, walkGait } from "../../src/motion/gaits/index.js";
import { jumpPose } from "../../src/motion/gaits/jumpPose.js";
import type { JumpPhase } from "../../src/motion/jumpArc.js";
import { Pose } from "../../src/motion/pose.js";
import { boxOf, type GeneratedCatalog, parseObj, sharedCatalog } from "./catalogFixture.js";
import { jointBoxes, type RiggedCreature, readRigged, restPosition, rigOfGlb } from "./riggedFixture.js";

const FPS = 30;
/** Clips by behaviour: flyers fly, swimmers swim, the rest walk and run. */
const CLIPS: Record<string, string[]> = { fly: ["idle", "walk", "fly"], swim: ["idle", "swim"] };
const JUMP_CLIPS = ["jump_start", "jump_fall", "jump_end"];
/** The moving clips by behaviour, then the SDK's jump clips for the records of the newest dialect. */
const clipsOf = (record: { name: string; behaviour: string }) => {
  const moving = CLIPS[record.behaviour] ?? ["idle", "walk", "run"];
  const jumps = JUMP_CLIP_SPECIES.includes(record.name);
  return jumps ? [...moving, ...JUMP_CLIPS] : moving;
};

describe("rigged catalog GLBs", () => {
  let cat: GeneratedCatalog;
  let rigged: RiggedCreature[];
  beforeAll(async () => {
    cat = await sharedCatalog();
    rigged = await readRigged(cat);
  }, 120_000);
  afterAll(() => cat.cleanup());

  /** Runs `check` on every rigged creature and reports every failure by name at once. */
  function everyRigged(check: (c: RiggedCreature, fail: (rule: string) => void) => void): void {
    const failures: string[] = [];
    for (const c of rigged) check(c, (rule) => failures.push(`${c.record.name}: ${rule}`));
    expect(failures).toEqual([]);
    expect(rigged.length).toBeGreaterThanOrEqual(12);
  }

  it("rigs the listed species, at least 12 across every body type, a flyer and a swimmer among them", () => {
    expect(rigged.map((c) => c.record.name).sort()).toEqual([...RIGGED_SPECIES].sort());
    // Every creature body type; scenery stands still, so it has nothing to rig.
    const creatureTypes = Object.keys(CATALOG_PLANS).filter((type) => type !== "scenery");
    expect(new Set(rigged.map((c) => c.record.type))).toEqual(new Set(creatureTypes));
    expect(rigged.some((c) => c.record.type === "winged_flyer" && c.record.behaviour === "fly")).toBe(true);
    expect(rigged.some((c) => c.record.type === "uniform" && c.record.behaviour === "swim")).toBe(true);
    for (const name of RIG_ONLY_SPECIES) expect(RIGGED_SPECIES).toContain(name);
    expect(RIG_ONLY_SPECIES.length).toBeGreaterThan(0);
    expect(RIG_ONLY_SPECIES.length).toBeLessThan(RIGGED_SPECIES.length);
  });

  it("links idle, walk and run (fly for flyers, swim for swimmers; jumps for rig-only walkers), each its own GLB, and the model alone", () => {
    expect(rigged.filter((c) => clipsOf(c.record).includes("jump_start")).length).toBeGreaterThanOrEqual(4);
    for (const name of JUMP_CLIP_SPECIES) expect(RIG_ONLY_SPECIES).toContain(name);
    everyRigged(({ record, clips, model }, fail) => {
      const slug = record.model.rig!.GLB!.split("/")[0]!;
      if (Object.keys(record.model.rig!.animations).join() !== clipsOf(record).join())
        fail(`clips ${[...clips.keys()]}`);
      for (const [clip, file] of Object.entries(record.model.rig!.animations))
        if (file.GLB !== `${slug}/rig/${clip}.glb`) fail(file.GLB);
      if (record.model.formats?.["glb"] !== record.model.rig!.GLB) fail("formats.glb is not the rigged model");
      if (model.getRoot().listAnimations().length !== 0) fail("the model alone holds an animation");
      for (const [clip, doc] of clips) {
        const names = doc
          .getRoot()
          .listAnimations()
          .map((a) => a.getName());
        if (names.join() !== clip) fail(`${clip}.glb holds animations ${names}`);
      }
      const moving = clipsOf(record)
        .slice(1)
        .filter((clip) => !JUMP_CLIPS.includes(clip));
      if (Object.keys(record.movement ?? {}).join() !== moving.join())
        fail(`movement ${JSON.stringify(record.movement)}`);
      if (!moving.every((clip) => record.movement![clip]! > 0)) fail("a clip without a ground speed");
      if (record.movement!["run"] !== undefined && !(record.movement!["run"] > record.movement!["walk"]!))
        fail("run is not faster than walk");
    });
  });

  it("holds one skinned mesh with one joint per part, named after it, weighted rigidly, the same in every GLB", () => {
    everyRigged(({ record, model, clips }, fail) => {
      const plan = CATALOG_PLANS[record.type as BodyType];
      for (const doc of [model, ...clips.values()]) {
        const root = doc.getRoot();
        if (root.listSkins().length !== 1 || root.listMeshes().length !== 1) fail("not one skin and one mesh");
        const joints = root
          .listSkins()[0]!
          .listJoints()
          .map((j) => j.getName());
        const parts = Object.keys(record.model.parts);
        if (parts.length > 0 && [...joints].sort().join() !== parts.sort().join())
          fail(`joints ${joints} are not the parts`);
        if (
          !plan.parts.every((p) => joints.includes(p)) ||
          !joints.every((j) => [...plan.parts, ...plan.optional].includes(j))
        )
          fail(`joints ${joints}`);
        const meshNodes = root.listNodes().filter((n) => n.getMesh());
        if (meshNodes.length !== 1 || meshNodes[0]!.getSkin() !== root.listSkins()[0])
          fail("the mesh node is not skinned");
        const weighted = new Set<number>();
        for (const primitive of root.listMeshes()[0]!.listPrimitives()) {
          const [w, j, uv] = ["WEIGHTS_0", "JOINTS_0", "TEXCOORD_0"].map((a) => primitive.getAttribute(a)!);
          const wv: number[] = [];
          const jv: number[] = [];
          const t: number[] = [];
          for (let i = 0; i < w!.getCount(); i++) {
            w!.getElement(i, wv);
            j!.getElement(i, jv);
            uv!.getElement(i, t);
            if (Math.abs(wv.reduce((a, b) => a + b, 0) - 1) > 1e-6 || wv[0] !== 1) fail(`weights ${wv}`);
            if (!(jv[0]! < joints.length)) fail(`joint ${jv[0]}`);
            if (!t.every((c) => c >= 0 && c <= 1)) fail(`uv ${t}`);
            weighted.add(jv[0]!);
          }
        }
        if (weighted.size !== joints.length) fail(`${joints.length - weighted.size} joints move no vertex`);
      }
      const positions = (doc: Document) =>
        doc
          .getRoot()
          .listAccessors()
          .filter((a) => a.getName().endsWith("/POSITION"))
          .map((a) => [...a.getArray()!].join())
          .join("|");
      for (const [clip, doc] of clips) if (positions(doc) !== positions(model)) fail(`${clip}.glb has another mesh`);
      const coat = model
        .getRoot()
        .listMaterials()
        .find((m) => m.getName().endsWith("_coat"));
      const image = coat?.getBaseColorTexture()?.getImage();
      if (!image || Buffer.from(image.subarray(1, 4)).toString() !== "PNG") fail("the coat has no embedded PNG");
    });
  });

  it("sets joints at the pivots of the project's rig layout: body -> head, tail; upper -> lower legs", async () => {
    const failures: string[] = [];
    for (const { record, model } of rigged) {
      const { layout } = rigOfGlb(record.type, model);
      const nodes = new Map(
        model
          .getRoot()
          .listSkins()[0]!
          .listJoints()
          .map((n) => [n.getName(), n]),
      );
      const inverse = model.getRoot().listSkins()[0]!.getInverseBindMatrices()!;
      for (const joint of layout.joints) {
        const node = nodes.get(joint.part)!;
        const at = restPosition(node);
        const off = Math.max(
          Math.abs(at[0] - joint.pivot.x),
          Math.abs(at[1] - joint.pivot.y),
          Math.abs(at[2] - joint.pivot.z),
        );
        if (off > 1e-5) failures.push(`${record.name} ${joint.part}: ${off} m from its pivot`);
        if ((node.getParentNode()?.getName() ?? null) !== joint.parent)
          failures.push(`${record.name} ${joint.part} hangs from ${node.getParentNode()?.getName()}`);
        const m: number[] = [];
        inverse.getElement([...nodes.keys()].indexOf(joint.part), m);
        if (Math.abs(m[12]! + at[0]) + Math.abs(m[13]! + at[1]) + Math.abs(m[14]! + at[2]) > 1e-5)
          failures.push(`${record.name} ${joint.part}: inverse bind matrix`);
      }
      if (record.model.parts["body"]) {
        // The GLB's parts are the OBJ's parts: same boxes (the OBJ writes 5 decimals).
        const boxes = jointBoxes(model);
        for (const [part, path] of Object.entries(record.model.parts)) {
          const obj = boxOf(parseObj(await cat.read(path)));
          const glb = boxes[part]!;
          const off = Math.max(...[0, 1, 2].map((k) => Math.abs(obj.min[k]! - [glb.min.x, glb.min.y, glb.min.z][k]!)));
          if (off > 1e-4) failures.push(`${record.name} ${part}: GLB box ${off} m off the OBJ's`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  /** The keys of the animation's channel for `node` and `path`. */
  function channel(animation: Animation, node: string, path: string): { times: Float32Array; keys: Float32Array } {
    const c = animation
      .listChannels()
      .find((ch) => ch.getTargetNode()!.getName() === node && ch.getTargetPath() === path)!;
    return {
      times: c.getSampler()!.getInput()!.getArray() as Float32Array,
      keys: c.getSampler()!.getOutput()!.getArray() as Float32Array,
    };
  }

  /** A jump clip plays once: its keys are the part-built jump pose of its phase, from its start to its end. */
  function checkJump(clip: string, animation: Animation, type: string, model: Document, fail: (rule: string) => void) {
    const { layout, roles } = rigOfGlb(type, model);
    const phase = clip.slice("jump_".length) as JumpPhase;
    const { times } = channel(animation, "body", "rotation");
    const frames = times.length - 1;
    if (frames < 2 || times[0] !== 0) fail(`${clip}: ${times.length} keys`);
    const pose = new Pose(roles.joints.length);
    const body = layout.joints.find((j) => j.part === "body")!.pivot;
    for (let i = 0; i <= frames; i++) {
      pose.reset();
      jumpPose(roles, phase, i / frames, pose);
      const y = channel(animation, "body", "translation").keys[i * 3 + 1]!;
      if (Math.abs(y - (body.y + pose.bodyY)) > 1e-5)
        fail(`${clip} key ${i}: body at ${y}, jump pose says ${body.y + pose.bodyY}`);
    }
  }

  it("loops every clip (its last key is its first) and samples one cycle of its gait at its movement speed", () => {
    const GAITS: Record<string, Gait> = { fly: flyGait, swim: swimGait };
    everyRigged(({ record, clips, model }, fail) => {
      const { layout, roles } = rigOfGlb(record.type, model);
      for (const [clip, doc] of clips) {
        const animation = doc.getRoot().listAnimations()[0]!;
        if (JUMP_CLIPS.includes(clip)) {
          checkJump(clip, animation, record.type, model, fail);
          continue;
        }
        for (const ch of animation.listChannels()) {
          const keys = ch.getSampler()!.getOutput()!.getArray()!;
          const size = ch.getSampler()!.getOutput()!.getElementSize();
          const first = [...keys.subarray(0, size)].join();
          if (first !== [...keys.subarray(keys.length - size)].join())
            fail(`${clip} ${ch.getTargetNode()!.getName()} ${ch.getTargetPath()} does not loop`);
        }
        if (clip === "idle") {
          const scale = channel(animation, "body", "scale").keys.filter((_, i) => i % 3 === 1);
          if (!(Math.max(...scale) > 1.01)) fail("idle does not breathe");
          continue;
        }
        const gait = GAITS[clip] ?? (record.behaviour === "fly" ? walkGait : gaitFor(record.behaviour, roles)!);
        const speed = record.movement![clip]!;
        const ctx = { roles, speed, turnRate: 0, phase: 0 };
        const cycle = gait.cycleSeconds(ctx);
        const frames = Math.round(cycle * FPS);
        const { times } = channel(animation, "body", "rotation");
        if (times.length !== frames + 1 || Math.abs(times.at(-1)! - cycle) > 1e-5 || times[0] !== 0)
          fail(`${clip}: ${times.length} keys over ${times.at(-1)} s, gait cycle ${cycle} s`);
        // Every key is the gait's pose at its phase, rotations as syncMotion applies them.
        const pose = new Pose(roles.joints.length);
        const body = layout.joints.find((j) => j.part === "body")!.pivot;
        for (let i = 0; i < frames; i++) {
          pose.reset();
          ctx.phase = i / frames;
          gait.pose(ctx, pose);
          roles.joints.forEach((part, j) => {
            const r = pose.rotations;
            const q = Quaternion.RotationYawPitchRoll(r[j * 3 + 1]!, r[j * 3]!, r[j * 3 + 2]!);
            const k = channel(animation, part, "rotation").keys.subarray(i * 4, i * 4 + 4);
            const off = Math.max(
              Math.abs(k[0]! - q.x),
              Math.abs(k[1]! - q.y),
              Math.abs(k[2]! - q.z),
              Math.abs(k[3]! - q.w),
            );
            if (off > 1e-5) fail(`${clip} key ${i} ${part}: rotation off by ${off}`);
          });
          const y = channel(animation, "body", "translation").keys[i * 3 + 1]!;
          if (Math.abs(y - (body.y + pose.bodyY)) > 1e-5)
            fail(`${clip} key ${i}: body at ${y}, gait says ${body.y + pose.bodyY}`);
        }
      }
    });
  });
});
