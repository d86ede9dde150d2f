import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerMenagerie } from "../../src/babylon/register.js";
import { bindClips, startClips, syncClips } from "../../src/babylon/runtime/sync/syncClips.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { ClipMixer } from "../../src/motion/clipMixer.js";
import {
  riggedCounts as counts,
  createRiggedScene,
  spawnRigged as spawn,
  foxTemplate as template,
} from "../helpers/riggedScene.js";
import { round } from "../helpers/round.js";
import { TINY_RIG, tinyRiggedGlb } from "../helpers/tinyGlb.js";

let idle: Uint8Array;
let walk: Uint8Array;
beforeAll(async () => {
  registerMenagerie();
  idle = await tinyRiggedGlb({ clip: "idle" });
  walk = await tinyRiggedGlb({ clip: "walk" });
});

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function setup() {
  const made = createRiggedScene();
  cleanup = made.dispose;
  return made.scene;
}

describe("clips of rigged creatures", () => {
  it("a missing walk clip is a warning, and the creature idles where it would walk", async () => {
    const scene = setup();
    const baseline = counts(scene);
    const warnings: MenagerieWarning[] = [];
    const still = await tinyRiggedGlb({ clip: "walk", animation: false });
    const t = await template(
      scene,
      [
        ["idle", idle],
        ["walk", new Uint8Array([9, 9, 9])],
        ["run", still],
      ],
      warnings,
    );
    expect(t.clips).toEqual(["idle"]);
    expect(warnings.map((w) => [w.code, w.asset])).toEqual([
      ["clip-failed", "clip:walk"],
      ["clip-failed", "clip:run"],
    ]);
    expect(warnings[1]!.message).toBe('Cannot load clip "run" of "fox": its GLB has no animation');
    expect(scene.animationGroups.length).toBe(0);
    expect(counts(scene).containers).toBe(baseline.containers + 1); // the failed clips' containers are gone

    const fox = spawn(scene, t);
    const mixer = new ClipMixer({
      clips: [...fox.animations.keys()],
      heightMeters: fox.heightMeters,
      movement: { walk: 1 },
    });
    const binding = bindClips(mixer, fox.animations);
    startClips(binding);
    for (let i = 0; i < 120; i++) {
      mixer.step(1 / 60, 1); // walking speed
      syncClips(binding);
    }
    expect(fox.animations.get("idle")!.weight).toBe(1);
    expect(fox.animations.get("idle")!.isPlaying).toBe(true);
  });

  it("the mixer's weights reach Babylon: walking bobs the body, standing nods the head", async () => {
    const scene = setup();
    scene.useConstantAnimationDeltaTime = true; // 16 ms a frame: the clips' poses are deterministic
    const t = await template(scene, [
      ["idle", idle],
      ["walk", walk],
    ]);
    const fox = spawn(scene, t);
    const mixer = new ClipMixer({
      clips: [...fox.animations.keys()],
      heightMeters: fox.heightMeters,
      movement: { walk: 1 },
    });
    const binding = bindClips(mixer, fox.animations);
    startClips(binding);
    const body = fox.getPart("body")!;
    const head = fox.getPart("head")!;
    /** Largest body rise and head nod seen over `frames` frames at `speed`. */
    const watch = (speed: number, frames: number) => {
      let rise = 0;
      let nod = 0;
      for (let i = 0; i < frames; i++) {
        mixer.step(1 / 60, speed);
        syncClips(binding);
        scene.render();
        rise = Math.max(rise, body.position.y - TINY_RIG.bodyJoint[1]);
        nod = Math.max(nod, Math.abs(head.rotationQuaternion!.x));
      }
      return { rise: round(rise, 3), nod: round(nod, 3) };
    };
    watch(1, 60); // fade in and settle
    expect(fox.animations.get("walk")!.weight).toBe(1);
    expect(round(fox.animations.get("walk")!.speedRatio)).toBe(1);
    const walking = watch(1, 90);
    expect(walking.nod).toBe(0); // idle shows nothing
    expect(walking.rise).toBeGreaterThan(0.9 * 0.03); // the walk clip's 3 cm bob (frames need not hit its peak)
    expect(walking.rise).toBeLessThanOrEqual(0.03);
    watch(0, 60); // fade out and settle
    expect(fox.animations.get("idle")!.weight).toBe(1);
    const standing = watch(0, 90);
    expect(standing.rise).toBe(0); // walk shows nothing
    expect(standing.nod).toBeGreaterThan(0.9 * Math.sin(0.1)); // the idle nod (0.2 rad: quaternion x = sin 0.1)
    expect(standing.nod).toBeLessThanOrEqual(round(Math.sin(0.1), 3));
    binding.timeScale = 0; // paused: clips freeze
    syncClips(binding);
    expect(fox.animations.get("idle")!.speedRatio).toBe(0);
  });
});
