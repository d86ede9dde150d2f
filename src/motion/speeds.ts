/**
 * How fast a species walks and runs, from its body type and size. Legged animals of one shape
 * move alike at equal Froude numbers (v² / g·L, L the leg length): walking near 0.3, trotting
 * and galloping from about 1 up to 4 or more. A table of Froude numbers per body type, read
 * against each creature's leg length, gives speeds that scale with size the way animals do:
 * a sheep walks about 1.2 m/s and runs away at over 4 m/s, a cat runs about 2.4 m/s, a horse
 * over 6 m/s. Flyers and swimmers cruise at what their gait gives and sprint at a multiple.
 * Data, not branches: a game extends {@link SPEED_RULES}.
 */
import type { Gait } from "./gaits/gait.js";
import type { RigRoles } from "./rigRoles.js";

/**
 * A creature's travel speeds, m/s. For every creature, rigged ones included, these are how fast
 * it really moves: its species' for its size and body type unless the
 * game sets them. A rigged creature's clips follow them: its record's `movement` (each clip's
 * natural speed, m/s for the model at its record's `scale`, scaled to the creature's size) sets
 * only the rate each clip plays at, so its feet do not slide at whatever speed is asked.
 * @category Creatures
 */
export interface SpeciesSpeeds {
  /** Its comfortable pace: what wandering and `moveTo` use. */
  walk: number;
  /** Its top speed: what fleeing and pursuing use. */
  run: number;
}

/**
 * How one kind of body moves: Froude numbers for its walk and its run (legged bodies), or a
 * multiple of its gait's cruise speed for its run (`runOverCruise`, flyers and swimmers).
 */
export interface SpeedRule {
  /** Froude number of its walk (v² / g·legLength). */
  walkFroude?: number;
  /** Froude number of its run. */
  runFroude?: number;
  /** Its run over its gait's cruise speed, when it has no Froude numbers. @default 2.5 */
  runOverCruise?: number;
}

/** Speed rules by body type (the record's `type`) and by gait, which wins for flyers and swimmers. */
export interface SpeedRules {
  /** By record body type (`quadruped`, `biped`, ...). */
  byType: Readonly<Record<string, SpeedRule>>;
  /** By gait name; a gait listed here overrides the body type (a swimming quadruped swims). */
  byGait: Readonly<Record<string, SpeedRule>>;
  /** For a legged body of a type not listed. */
  fallback: SpeedRule;
}

/** The default speed rules. */
export const SPEED_RULES: SpeedRules = Object.freeze({
  byType: Object.freeze({
    quadruped: { walkFroude: 0.3, runFroude: 4 },
    quadruped_fat: { walkFroude: 0.25, runFroude: 1.6 },
    biped: { walkFroude: 0.3, runFroude: 2.5 },
    hopper: { walkFroude: 0.4, runFroude: 5 },
    winged_standing: { walkFroude: 0.3, runFroude: 2 },
    multileg_crawler: { walkFroude: 1, runFroude: 4 },
  }),
  byGait: Object.freeze({
    fly: { runOverCruise: 2 },
    swim: { runOverCruise: 3 },
    float: { runOverCruise: 1.5 },
    slither: { walkFroude: 0.5, runFroude: 2 },
    wriggle: { walkFroude: 0.3, runFroude: 1 },
    waddle: { walkFroude: 0.2, runFroude: 0.8 },
  }),
  fallback: { walkFroude: 0.3, runFroude: 3 },
});

const G = 9.81;

/** The speed at a Froude number for a leg length. */
function froudeSpeed(froude: number, legLength: number): number {
  return Math.sqrt(froude * G * Math.max(legLength, 0.005));
}

/**
 * Walk and run speeds for a creature: its rig (leg length, height), its record's body type and
 * the gait it moves by (`null` when it idles: it walks at a body-type pace anyway when told to
 * move).
 */
export function speciesSpeeds(
  roles: RigRoles,
  bodyType: string | undefined,
  gait: Gait | null,
  rules: SpeedRules = SPEED_RULES,
): SpeciesSpeeds {
  const gaitName = gait?.name;
  const own = (table: Readonly<Record<string, SpeedRule>>, key: string | undefined) =>
    key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
  const rule = own(rules.byGait, gaitName) ?? own(rules.byType, bodyType?.toLowerCase()) ?? rules.fallback;
  if (rule.walkFroude !== undefined && rule.runFroude !== undefined) {
    const walk = froudeSpeed(rule.walkFroude, roles.legLength);
    return { walk, run: Math.max(walk, froudeSpeed(rule.runFroude, roles.legLength)) };
  }
  const cruise = gait ? gait.cruiseSpeed(roles) : 0.5;
  return { walk: cruise, run: cruise * (rule.runOverCruise ?? 2.5) };
}
