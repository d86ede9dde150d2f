/**
 * What a game relies on from the clip mixer of a rigged creature: the right clip shows for
 * standing, walking, running, swimming and flying wherever its name sits in the clip list and in
 * whatever case; the weights sum to 1 and ease by the documented law; a swim stroke keeps to its
 * bounds; a jump's clips play in order, each restarted once as its phase begins and timed to the
 * phase; a record without jump clips runs through the air and lands standing.
 */
import { describe, expect, it } from "vitest";
import { CLIP_MIXER_DEFAULTS, ClipMixer, clipRole, clipSpeeds, walkRunBand } from "../../src/motion/clipMixer.js";
import { expectWeightsWhole } from "../helpers/mixerWeights.js";
import { round } from "../helpers/round.js";

const DT = 1 / 60;
const movement = { walk: 1, run: 3 };

/** Steps `mixer` `steps` times at `speed`; checks every step that the weights stay in 0..1 and sum to 1. */
function stepN(mixer: ClipMixer, speed: number, steps: number): void {
  for (let i = 0; i < steps; i++) {
    mixer.step(DT, speed);
    expectWeightsWhole(mixer);
  }
}

/** Two seconds: several fades, enough to settle. */
const SETTLE = 120;

const weightsOf = (mixer: ClipMixer) => Object.fromEntries(mixer.clips.map((c, i) => [c, round(mixer.weights[i]!, 4)]));

describe("which clip shows", () => {
  it("reads roles from clip names in any case", () => {
    for (const name of ["idle", "Idle", "IDLE"]) expect(clipRole(name)).toBe("idle");
    for (const name of ["walk", "run", "fly", "swim"]) expect(clipRole(name.toUpperCase())).toBe(name);
    expect(clipRole("idle2")).toBe("other");
  });

  it("stands, walks and runs on the clips of those names wherever they sit in the list", () => {
    const mixer = new ClipMixer({ clips: ["walk", "run", "Idle"], heightMeters: 1, movement });
    expect(weightsOf(mixer)).toEqual({ walk: 0, run: 0, Idle: 1 });
    stepN(mixer, 1, SETTLE);
    expect(weightsOf(mixer)).toEqual({ walk: 1, run: 0, Idle: 0 });
    const runFirst = new ClipMixer({ clips: ["run", "walk", "idle"], heightMeters: 1, movement });
    stepN(runFirst, 4, SETTLE);
    expect(weightsOf(runFirst)).toEqual({ run: 1, walk: 0, idle: 0 });
  });

  it("stands on the first clip of a record without an idle clip", () => {
    const mixer = new ClipMixer({ clips: ["walk", "run"], heightMeters: 1, movement });
    expect(weightsOf(mixer)).toEqual({ walk: 1, run: 0 });
    stepN(mixer, 0, SETTLE);
    expect(weightsOf(mixer)).toEqual({ walk: 1, run: 0 });
    stepN(mixer, 4, SETTLE);
    expect(weightsOf(mixer)).toEqual({ walk: 0, run: 1 });
  });

  it("gives the walk's share to idle when the record has no walk clip", () => {
    const mixer = new ClipMixer({ clips: ["idle", "run"], heightMeters: 1, movement });
    const [from, to] = walkRunBand(mixer.speeds);
    stepN(mixer, (from + to) / 2, SETTLE);
    expect(weightsOf(mixer)).toEqual({ idle: 0.5, run: 0.5 });
  });

  it("flies on the fly clip wherever it sits; a pose clip first in the list still stands in", () => {
    const bird = new ClipMixer({
      clips: ["fly", "idle", "walk"],
      behaviour: "fly",
      heightMeters: 0.3,
      movement: { fly: 4 },
    });
    stepN(bird, 4, SETTLE);
    expect(weightsOf(bird)).toEqual({ fly: 1, idle: 0, walk: 0 });
    const drinker = new ClipMixer({ clips: ["Drink", "idle", "walk"], heightMeters: 1 });
    drinker.pose = "DRINK";
    stepN(drinker, 0, SETTLE);
    expect(weightsOf(drinker)).toEqual({ Drink: 1, idle: 0, walk: 0 });
  });

  it("walks by default, and reads 0 for a clip it does not have", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk"], heightMeters: 1 });
    expect(mixer.behaviour).toBe("walk");
    expect(mixer.weightOf("idle")).toBe(1);
    expect(mixer.weightOf("gallop")).toBe(0);
  });

  it("keeps the fly clip up while airborne only for a flier: an airborne swimmer at rest idles", () => {
    const fish = new ClipMixer({ clips: ["idle", "swim"], behaviour: "swim", heightMeters: 0.3 });
    fish.airborne = true;
    stepN(fish, 0, SETTLE);
    expect(weightsOf(fish)).toEqual({ idle: 1, swim: 0 });
  });

  it("has replaced idle at startFraction of the walk, fly or swim speed: halfway there at half of it", () => {
    const f = CLIP_MIXER_DEFAULTS.startFraction;
    const walker = new ClipMixer({ clips: ["idle", "walk"], heightMeters: 1, movement: { walk: 2 } });
    stepN(walker, f * 2 * 0.5, SETTLE);
    expect(weightsOf(walker)).toEqual({ idle: 0.5, walk: 0.5 });
    stepN(walker, f * 2, SETTLE);
    expect(weightsOf(walker)).toEqual({ idle: 0, walk: 1 });
    const bird = new ClipMixer({ clips: ["idle", "fly"], behaviour: "fly", heightMeters: 0.3, movement: { fly: 4 } });
    stepN(bird, f * 4 * 0.5, SETTLE);
    expect(weightsOf(bird)).toEqual({ idle: 0.5, fly: 0.5 });
    const fish = new ClipMixer({
      clips: ["idle", "swim"],
      behaviour: "swim",
      heightMeters: 0.3,
      movement: { swim: 2 },
    });
    stepN(fish, f * 2 * 0.5, SETTLE);
    expect(weightsOf(fish)).toEqual({ idle: 0.5, swim: 0.5 });
  });
});

describe("how the weights ease", () => {
  it("approaches its target exponentially, 95 % of the way in fadeSeconds", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk"], heightMeters: 1, movement });
    const steps = Math.round(CLIP_MIXER_DEFAULTS.fadeSeconds / DT);
    for (let i = 1; i <= steps; i++) {
      mixer.step(DT, 1);
      const expected = 1 - Math.exp((-3 * i * DT) / CLIP_MIXER_DEFAULTS.fadeSeconds);
      expect(mixer.weightOf("walk")).toBeCloseTo(expected, 9);
      expect(mixer.weightOf("idle")).toBeCloseTo(1 - expected, 9);
    }
    expect(mixer.weightOf("walk")).toBeGreaterThanOrEqual(0.95);
  });

  it("holds a settled blend exactly: once there, a step changes no weight", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run"], heightMeters: 1, movement });
    const [from, to] = walkRunBand(mixer.speeds);
    const speed = from + (to - from) / 4; // a quarter of the way to the run
    stepN(mixer, 1, SETTLE); // walking first: the blend is reached from another
    stepN(mixer, speed, 60);
    expect(weightsOf(mixer)).toEqual({ idle: 0, walk: 0.75, run: 0.25 });
    const before = Array.from(mixer.weights);
    mixer.step(DT, speed);
    expect(Array.from(mixer.weights)).toEqual(before);
  });

  it("leaves the weights where they are on a step of no time or a negative one", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk"], heightMeters: 1, movement });
    mixer.step(0, 1);
    expect(weightsOf(mixer)).toEqual({ idle: 1, walk: 0 });
    mixer.step(-0.1, 1);
    expect(weightsOf(mixer)).toEqual({ idle: 1, walk: 0 });
  });
});

describe("natural speeds and rates", () => {
  it("ignores a size ratio that is zero, negative or infinite", () => {
    const mv = { walk: 1.8, run: 6.5, fly: 3, swim: 2 };
    for (const ratio of [0, -2, Number.POSITIVE_INFINITY]) {
      expect(clipSpeeds(1.9, mv, undefined, ratio), `sizeRatio ${ratio}`).toEqual(clipSpeeds(1.9, mv));
    }
    const mixer = new ClipMixer({ clips: ["idle", "walk"], heightMeters: 1.9, movement: mv, sizeRatio: 0 });
    expect(mixer.speeds.walk).toBe(1.8);
  });

  it("keeps the run's natural speed above the walk's, even when the record gives it at or below", () => {
    for (const run of [2, 1]) {
      const speeds = clipSpeeds(1, { walk: 2, run });
      expect(speeds.walk).toBe(2);
      expect(speeds.run).toBeGreaterThan(2);
    }
  });

  it("strokes a swim clip at its pace over its natural speed, between minStrokeRate and maxRate", () => {
    const { minStrokeRate, maxRate } = CLIP_MIXER_DEFAULTS;
    const fish = new ClipMixer({
      clips: ["idle", "swim"],
      behaviour: "swim",
      heightMeters: 0.3,
      movement: { swim: 2 },
    });
    const rateAt = (speed: number) => {
      fish.step(DT, speed);
      return round(fish.rates[1]!);
    };
    expect(rateAt(2)).toBe(1);
    expect(rateAt(3)).toBe(1.5);
    expect(rateAt(0)).toBe(minStrokeRate);
    expect(rateAt(1)).toBe(minStrokeRate); // 0.5 of its pace: the slowest stroke instead
    expect(rateAt(100)).toBe(maxRate);
    expect(fish.rates[0]).toBe(1); // idle keeps its own pace
  });
});

describe("a jump's clips", () => {
  // The SDK's names in mixed case, jump_start first in the list.
  const clips = ["jump_start", "Idle", "walk", "run", "Jump_Fall", "JUMP_END"];
  const START = 0;
  const FALL = 4;
  const END = 5;
  /** Seconds each clip lasts at rate 1, as the binding fills them. */
  const seconds = [0.4, 2, 1, 0.8, 1, 0.5];

  function jumper(): ClipMixer {
    const mixer = new ClipMixer({ clips, heightMeters: 1, movement });
    mixer.clipSeconds.set(seconds);
    return mixer;
  }

  /** Enters `phase` lasting `phaseSeconds` at `speed`: the restart it asks for, then cleared as the binding does. */
  function enter(mixer: ClipMixer, phase: ClipMixer["jump"], phaseSeconds: number, speed: number): number {
    mixer.jump = phase;
    mixer.jumpSeconds = phaseSeconds;
    stepN(mixer, speed, 1);
    const restart = mixer.restart;
    mixer.restart = -1;
    return restart;
  }

  it("asks for no restart before any jump", () => {
    const mixer = jumper();
    expect(mixer.restart).toBe(-1);
    stepN(mixer, 2, 30);
    expect(mixer.restart).toBe(-1);
  });

  it("plays start, fall and end in turn, each alone, cut in within a few frames, restarted once as it begins", () => {
    const mixer = jumper();
    stepN(mixer, 3, SETTLE);
    const phases: [NonNullable<ClipMixer["jump"]>, number, number][] = [
      ["start", START, 0.2],
      ["fall", FALL, 0.25],
      ["end", END, 0.25],
    ];
    for (const [phase, clip, phaseSeconds] of phases) {
      expect(enter(mixer, phase, phaseSeconds, 3), phase).toBe(clip);
      stepN(mixer, 3, 2); // 0.05 s in all
      expect(mixer.restart, `${phase}: no second restart`).toBe(-1);
      expect(mixer.weights[clip], phase).toBeGreaterThanOrEqual(0.95);
      // Its length over its phase's: it ends as the phase does.
      expect(round(mixer.rates[clip]! * phaseSeconds), phase).toBe(seconds[clip]);
      stepN(mixer, 3, 10);
      expect(mixer.weights[clip], phase).toBe(1);
    }
    mixer.jump = undefined;
    mixer.jumpSeconds = 0;
    stepN(mixer, 0, SETTLE);
    expect(mixer.restart).toBe(-1);
    expect(weightsOf(mixer)).toMatchObject({ Idle: 1, jump_start: 0, Jump_Fall: 0, JUMP_END: 0 });
  });

  it("restarts a phase that begins again after the jump ended", () => {
    const mixer = jumper();
    expect(enter(mixer, "start", 0.2, 0)).toBe(START);
    mixer.jump = undefined;
    stepN(mixer, 0, 5);
    expect(enter(mixer, "start", 0.2, 0)).toBe(START);
  });

  it("plays a jump clip of unknown length, or a phase of unknown time, at its natural pace", () => {
    const mixer = jumper();
    mixer.clipSeconds[START] = 0;
    enter(mixer, "start", 0.2, 0);
    expect(mixer.rates[START]).toBe(1);
    enter(mixer, "fall", 0, 0);
    expect(mixer.rates[FALL]).toBe(1);
  });

  it("leaves a restart it asked for to whoever applies it", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run", "jump_start"], heightMeters: 1, movement });
    mixer.jump = "start";
    mixer.jumpSeconds = 0.2;
    mixer.step(DT, 0);
    expect(mixer.restart).toBe(3);
    mixer.jump = "fall"; // no clip of its own: the run plays, nothing to restart
    mixer.step(DT, 0);
    expect(mixer.restart).toBe(3);
  });

  it("without jump clips, runs through the air at least at the run's natural pace and lands standing", () => {
    const mixer = new ClipMixer({ clips: ["idle", "walk", "run"], heightMeters: 1, movement });
    mixer.clipSeconds.set([2, 1, 0.8]);
    stepN(mixer, 6, SETTLE);
    mixer.jump = "start";
    mixer.jumpSeconds = 0.2;
    stepN(mixer, 6, 3);
    expect(mixer.restart).toBe(-1);
    expect(mixer.weightOf("run")).toBeGreaterThanOrEqual(0.95);
    expect(round(mixer.rates[2]!)).toBe(2); // 6 m/s over its 3: the ground's pace
    mixer.jump = "fall";
    stepN(mixer, 0, 3); // straight up: no ground speed
    expect(mixer.weightOf("run")).toBe(1);
    expect(mixer.rates[2]).toBe(1);
    mixer.jump = "end";
    stepN(mixer, 0, 6);
    expect(mixer.weightOf("idle")).toBeGreaterThanOrEqual(0.95);
    stepN(mixer, 0, 10);
    expect(weightsOf(mixer)).toEqual({ idle: 1, walk: 0, run: 0 });
  });
});
