import { describe, expect, it } from "vitest";
import { CLIP_MIXER_DEFAULTS, ClipMixer, clipRole, clipSpeeds, walkRunBand } from "../../src/motion/clipMixer.js";
import { walkGait } from "../../src/motion/gaits/walk.js";
import { sizeOnlyRoles } from "../../src/motion/rigRoles.js";
import { speciesSpeeds } from "../../src/motion/speeds.js";
import { settledBytesPerUnit } from "../helpers/allocations.js";
import { expectWeightsWhole } from "../helpers/mixerWeights.js";
import { round } from "../helpers/round.js";

const DT = 1 / 60;
const movement = { walk: 1, run: 3 };

/** Steps `mixer` for `seconds` at `speed`; checks the sum and range of the weights every step. */
function run(mixer: ClipMixer, speed: number, seconds: number): void {
  for (let t = 0; t < seconds; t += DT) {
    mixer.step(DT, speed);
    expectWeightsWhole(mixer);
  }
}

const weightsOf = (mixer: ClipMixer) => Object.fromEntries(mixer.clips.map((c, i) => [c, round(mixer.weights[i]!, 4)]));

describe("ClipMixer", () => {
  it("starts settled on idle, walks at walking speed, idles again once stopped", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run"], heightMeters: 1, movement });
    expect(weightsOf(mixer)).toEqual({ idle: 1, walk: 0, run: 0 });
    run(mixer, 1, 2);
    expect(mixer.weightOf("walk")).toBeGreaterThanOrEqual(0.5);
    expect(weightsOf(mixer)).toEqual({ idle: 0, walk: 1, run: 0 });
    run(mixer, 0, 2);
    expect(mixer.weights[0]).toBe(1); // exactly: a settled fade snaps
    expect(weightsOf(mixer)).toEqual({ idle: 1, walk: 0, run: 0 });
  });

  it("cross-fades over time: no step changes a weight by more than the fade allows", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run"], heightMeters: 1, movement });
    const maxStep = 1 - Math.exp((-3 * DT) / CLIP_MIXER_DEFAULTS.fadeSeconds) + 1e-9;
    const before = new Float64Array(3);
    let largest = 0;
    for (const speed of [0, 3, 0, 1, 2, 0]) {
      for (let i = 0; i < 30; i++) {
        before.set(mixer.weights);
        mixer.step(DT, speed);
        for (let c = 0; c < 3; c++) largest = Math.max(largest, Math.abs(mixer.weights[c]! - before[c]!));
      }
    }
    expect(largest).toBeGreaterThan(0.05); // it did fade
    expect(largest).toBeLessThanOrEqual(maxStep);
    // Halfway through a fade both clips show.
    const mixer2 = new ClipMixer({ clips: ["idle", "walk"], heightMeters: 1, movement });
    run(mixer2, 1, CLIP_MIXER_DEFAULTS.fadeSeconds / 6);
    expect(mixer2.weightOf("idle")).toBeGreaterThan(0.2);
    expect(mixer2.weightOf("walk")).toBeGreaterThan(0.2);
  });

  it("runs at running speed and blends walk and run between the two", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run"], heightMeters: 1, movement });
    run(mixer, 4, 2);
    expect(weightsOf(mixer)).toEqual({ idle: 0, walk: 0, run: 1 });
    // Walk (1 m/s) alone up to 1.25 m/s, run (3 m/s) alone from 2.4 m/s, a linear fade between.
    expect(walkRunBand(mixer.speeds).map((v) => round(v))).toEqual([1.25, 2.4]);
    run(mixer, 1.825, 2);
    expect(weightsOf(mixer)).toEqual({ idle: 0, walk: 0.5, run: 0.5 });
    run(mixer, 1.25, 2);
    expect(weightsOf(mixer)).toEqual({ idle: 0, walk: 1, run: 0 });
    run(mixer, 2.4, 2);
    expect(weightsOf(mixer)).toEqual({ idle: 0, walk: 0, run: 1 });
  });

  it("cross-fades around the geometric mean when walk and run clips have close natural speeds", () => {
    // 1 and 1.2 m/s: 1.25 × walk would be above 0.8 × run; the band straddles √1.2 instead.
    const [from, to] = walkRunBand({ walk: 1, run: 1.2 });
    expect(round(from * to)).toBe(1.2);
    expect(round(to / from, 4)).toBe(round(1.05 ** 2, 4));
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run"], heightMeters: 1, movement: { walk: 1, run: 1.2 } });
    run(mixer, (from + to) / 2, 2);
    expect(weightsOf(mixer)).toEqual({ idle: 0, walk: 0.5, run: 0.5 });
    // Equal speeds: run is kept just above walk, so the band is still a ramp, never a step.
    const [a, b] = walkRunBand(clipSpeeds(1, { walk: 2, run: 2 }));
    expect(b).toBeGreaterThan(a);
  });

  it("plays walk and run at exactly the rate the ground speed needs, however fast: no cap, no slide", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run", "fly"], heightMeters: 1, movement });
    for (const speed of [0.05, 0.5, 1, 2, 3, 7, 12, 40]) {
      mixer.step(DT, speed);
      // What each clip's feet cover at its rate is the ground speed, whichever shows.
      expect(round(mixer.rates[1]! * mixer.speeds.walk), `walk at ${speed}`).toBe(speed);
      expect(round(mixer.rates[2]! * mixer.speeds.run), `run at ${speed}`).toBe(speed);
      expect(mixer.rates[3]).toBeLessThanOrEqual(CLIP_MIXER_DEFAULTS.maxRate); // strokes, not feet
    }
    expect(mixer.rates[2]).toBeGreaterThan(CLIP_MIXER_DEFAULTS.maxRate);
  });

  it("scales the record's movement by sizeRatio: a creature twice the size covers twice the ground a cycle", () => {
    const base = clipSpeeds(1.9, { walk: 1.8, run: 6.5, fly: 3, swim: 2 });
    const twice = clipSpeeds(1.9, { walk: 1.8, run: 6.5, fly: 3, swim: 2 }, undefined, 2);
    expect(twice).toEqual({ walk: 3.6, run: 13, fly: 6, swim: 4 });
    expect(base).toEqual({ walk: 1.8, run: 6.5, fly: 3, swim: 2 });
    // Guessed speeds come from the height, which is already the creature's own.
    expect(clipSpeeds(1.9, {}, undefined, 2)).toEqual(clipSpeeds(1.9));
    expect(clipSpeeds(1.9, movement, undefined, Number.NaN)).toEqual(clipSpeeds(1.9, movement));
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run"], heightMeters: 3.8, movement, sizeRatio: 2 });
    mixer.step(DT, 2);
    expect(mixer.speeds.walk).toBe(2);
    expect(mixer.rates[1]).toBe(1); // at twice the size, 2 m/s is the walk clip's natural pace
  });

  it("plays each clip at a rate proportional to the ground speed", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run"], heightMeters: 1, movement });
    mixer.step(DT, 0.5);
    const [idle, walkAtHalf, runAtHalf] = mixer.rates;
    mixer.step(DT, 1);
    expect(round(mixer.rates[1]! / walkAtHalf!)).toBe(2);
    expect(round(mixer.rates[1]!)).toBe(1); // its natural pace at its natural speed
    expect(round(mixer.rates[2]! / runAtHalf!)).toBe(2);
    expect(idle).toBe(1);
    expect(mixer.rates[0]).toBe(1); // idle keeps its own pace
    mixer.step(DT, 100);
    expect(mixer.rates[1]).toBe(100); // never capped: a capped rate would slide
  });

  it("idles in place of a missing walk clip; a missing run walks", () => {
    const noWalk = new ClipMixer({ clips: ["idle", "run"], heightMeters: 1, movement });
    run(noWalk, 1, 2);
    expect(weightsOf(noWalk)).toEqual({ idle: 1, run: 0 });
    expect(noWalk.rates[0]).toBe(1);
    const noRun = new ClipMixer({ clips: ["idle", "walk"], heightMeters: 1, movement });
    run(noRun, 5, 2);
    expect(weightsOf(noRun)).toEqual({ idle: 0, walk: 1 });
    const onlyIdle = new ClipMixer({ clips: ["Idle"], heightMeters: 1, movement });
    run(onlyIdle, 2, 1);
    expect(weightsOf(onlyIdle)).toEqual({ Idle: 1 });
  });

  it("flies with the fly clip, hovers with it while airborne, walks when told to walk", () => {
    const bird = new ClipMixer({
      clips: ["idle", "walk", "fly"],
      behaviour: "fly",
      heightMeters: 0.3,
      movement: { fly: 4 },
    });
    run(bird, 4, 2);
    expect(weightsOf(bird)).toEqual({ idle: 0, walk: 0, fly: 1 });
    expect(round(bird.rates[2]!)).toBe(1);
    run(bird, 0, 2);
    expect(weightsOf(bird)).toEqual({ idle: 1, walk: 0, fly: 0 });
    bird.airborne = true;
    run(bird, 0, 2);
    expect(weightsOf(bird)).toEqual({ idle: 0, walk: 0, fly: 1 });
    expect(bird.rates[2]).toBe(CLIP_MIXER_DEFAULTS.minStrokeRate); // wings still beat
    bird.setBehaviour("walk");
    run(bird, bird.speeds.walk, 2);
    expect(weightsOf(bird)).toEqual({ idle: 0, walk: 1, fly: 0 });
    const fish = new ClipMixer({ clips: ["idle", "swim"], behaviour: "swim", heightMeters: 0.3 });
    run(fish, fish.speeds.swim, 2);
    expect(weightsOf(fish)).toEqual({ idle: 0, swim: 1 });
    const flyerWithoutFly = new ClipMixer({ clips: ["idle", "walk"], behaviour: "fly", heightMeters: 0.3, movement });
    run(flyerWithoutFly, 1, 2);
    expect(weightsOf(flyerWithoutFly)).toEqual({ idle: 0, walk: 1 });
  });

  it("takes natural speeds from the record's movement, else the species speeds for its size", () => {
    expect(clipSpeeds(1, { Walk: 1.2, run: 4, jump: 9 })).toMatchObject({ walk: 1.2, run: 4 });
    expect(clipSpeeds(1, { run: 5 })).toMatchObject({ walk: 2, run: 5 });
    const fallback = clipSpeeds(2, { walk: 0, run: "fast" });
    const species = speciesSpeeds(sizeOnlyRoles(2), undefined, walkGait);
    expect([fallback.walk, fallback.run]).toEqual([species.walk, species.run]);
    expect(round(clipSpeeds(2, { walk: 1 }).run)).toBe(CLIP_MIXER_DEFAULTS.runOverWalk); // a given walk, no run
    expect(clipSpeeds(2).walk).toBeGreaterThan(clipSpeeds(0.5).walk); // bigger creatures stride faster
    expect(clipRole("RUN")).toBe("run");
    expect(clipRole("jump_start")).toBe("other");
  });

  it("takes a tuning key given as undefined as its default", () => {
    const mixer = new ClipMixer({
      clips: ["idle", "walk"],
      heightMeters: 1,
      movement: { walk: 1 },
      tuning: { fadeSeconds: undefined, runOverWalk: undefined, maxRate: 5 },
    });
    expect(mixer.tuning).toEqual({ ...CLIP_MIXER_DEFAULTS, maxRate: 5 });
    run(mixer, 1, 1); // a fade of undefined seconds would make the weights NaN
  });

  it("handles a creature with no clips", () => {
    const mixer = new ClipMixer({ clips: [], heightMeters: 1 });
    mixer.step(DT, 1);
    expect(mixer.weights.length).toBe(0);
  });

  // Under mutation testing the instrumented code allocates on every call (see vitest.mutation.config.ts).
  it.skipIf(process.env.MENAGERIE_MUTATION === "1")("allocates nothing per step once optimised", () => {
    const mixers = Array.from(
      { length: 200 },
      (_, i) =>
        new ClipMixer({
          clips: ["idle", "walk", "run", "fly"],
          behaviour: i % 3 ? "walk" : "fly",
          heightMeters: 0.5 + (i % 5) * 0.3,
          movement,
        }),
    );
    const stepAll = (rounds: number) => {
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i < mixers.length; i++) {
          const m = mixers[i]!;
          m.dt = DT;
          m.speed = ((r + i) % 50) * 0.07; // stops, walks and runs
          m.airborne = (r + i) % 7 === 0;
          m.update();
        }
      }
    };
    const { median, message } = settledBytesPerUnit(stepAll, {
      warm: 500,
      units: 50,
      perCall: mixers.length,
      bound: 1,
    });
    expect(median, message).toBeLessThan(1);
  });
});

describe("a visit's pose clip", () => {
  it("stands in its clip of that name while a pose holds, idles without one, and back to idle after", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "Drink"], heightMeters: 1 });
    mixer.pose = "drink";
    for (let i = 0; i < 60; i++) mixer.step(1 / 30, 0);
    expect([mixer.weightOf("idle"), mixer.weightOf("Drink")]).toEqual([0, 1]);
    mixer.pose = "graze"; // no such clip: it idles
    for (let i = 0; i < 60; i++) mixer.step(1 / 30, 0);
    expect([mixer.weightOf("idle"), mixer.weightOf("Drink")]).toEqual([1, 0]);
    mixer.pose = undefined;
    for (let i = 0; i < 60; i++) mixer.step(1 / 30, 0);
    expect(mixer.weightOf("idle")).toBe(1);
  });
});
