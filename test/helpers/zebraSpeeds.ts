/**
 * Reads a rigged catalog creature's ground speeds and clip rates over real HTTP (NullEngine):
 * its default walk and run speeds, then, driven at each of them, the weight and rate of every
 * clip and the ground speed that rate covers (rate × the clip's natural speed at the creature's
 * size). A clip's natural speed at size is the record's `movement` (m/s at the record's
 * `scale`) times the creature's height over the height of the same creature sized by its record.
 * Used by the true-speeds tests and by `npx tsx test/helpers/printZebraSpeeds.ts`.
 */
import type { Creature } from "../../src/babylon/creature.js";
import type { Menagerie } from "../../src/babylon/menagerie.js";

/** One clip while the creature travels at a steady speed. */
export interface ClipReading {
  clip: string;
  weight: number;
  /** Its playback rate (1 = natural pace). */
  rate: number;
  /** Ground speed at which it plays at rate 1, at the creature's size, m/s. */
  natural: number;
  /** What its feet cover at that rate: rate × natural, m/s. */
  covers: number;
}

/** The creature at one steady ground speed. */
export interface GaitReading {
  asked: number;
  groundSpeed: number;
  clips: ClipReading[];
}

/** A creature's speeds and its clips at its walk and at its run. */
export interface SpeedsReading {
  name: string;
  heightMeters: number;
  /** Creature height over the height its record's `scale` gives. */
  sizeRatio: number;
  movement: Readonly<Record<string, number>>;
  speeds: { walk: number; run: number };
  walk: GaitReading;
  run: GaitReading;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** Drives `creature` straight ahead at `speed` until steady, then reads its clips. */
export function readGait(
  creature: Creature,
  step: (frames: number) => void,
  speed: number,
  natural: (clip: string) => number,
): GaitReading {
  const p = creature.root.position;
  void creature.moveTo({ x: p.x, z: p.z + speed * 60 + 50 }, { speed });
  step(360); // up to speed, cross-fades settled
  const clips = [...creature.animations].map(([clip, group]) => {
    const rate = group.speedRatio;
    const n = natural(clip);
    return { clip, weight: r3(group.weight), rate: r3(rate), natural: r3(n), covers: r3(rate * n) };
  });
  const reading = { asked: r3(speed), groundSpeed: r3(creature.motion.speed), clips };
  creature.stop();
  step(240);
  return reading;
}

/**
 * Spawns `name` (sized by its record, then as `spawn` asks), applies `speeds` if given, and
 * reads it at its walk and its run.
 */
export async function readSpeeds(
  menagerie: Menagerie,
  step: (frames: number) => void,
  name: string,
  options: { height?: number; speeds?: { walk?: number; run?: number } } = {},
): Promise<SpeedsReading> {
  const reference = await menagerie.spawnCreature(name);
  const recordHeight = reference.heightMeters;
  reference.dispose();
  const creature = await menagerie.spawnCreature(name, options.height === undefined ? {} : { height: options.height });
  if (options.speeds) creature.setSpeeds(options.speeds);
  const sizeRatio = creature.heightMeters / recordHeight;
  const movement = (creature.record.movement ?? {}) as Record<string, number>;
  const natural = (clip: string) => (movement[clip] ?? 0) * sizeRatio;
  const speeds = { walk: r3(creature.speeds.walk), run: r3(creature.speeds.run) };
  const walk = readGait(creature, step, creature.speeds.walk, natural);
  const run = readGait(creature, step, creature.speeds.run, natural);
  creature.dispose();
  return {
    name,
    heightMeters: r3(creature.heightMeters),
    sizeRatio: r3(sizeRatio),
    movement,
    speeds,
    walk,
    run,
  };
}

/** A few lines for people: speeds, and per gait each playing clip's weight, rate and cover. */
export function formatSpeeds(title: string, r: SpeedsReading): string {
  const gait = (label: string, g: GaitReading) =>
    `  at ${label} (asked ${g.asked} m/s, moving ${g.groundSpeed} m/s): ${g.clips
      .filter((c) => c.weight > 0 || c.clip !== "idle")
      .map((c) => `${c.clip} weight ${c.weight} rate ${c.rate} (natural ${c.natural} m/s, covers ${c.covers} m/s)`)
      .join("; ")}`;
  return [
    `${title}: ${r.name} ${r.heightMeters} m tall (size ratio ${r.sizeRatio}), movement ${JSON.stringify(r.movement)}`,
    `  speeds walk ${r.speeds.walk} m/s, run ${r.speeds.run} m/s`,
    gait("walk", r.walk),
    gait("run", r.run),
  ].join("\n");
}
