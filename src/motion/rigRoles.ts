/**
 * What each joint of a rig does in motion: which are legs (and which end and side), wings,
 * head, tail. Read once per creature from part names, so a gait works by index, not by name.
 */
import type { RigLayout } from "../rig/layoutRig.js";

/** Which side of the body a limb is on. */
export type Side = "left" | "right";
/** Where along the body a leg is; `""` for a biped's or a bird's legs. */
export type LegEnd = "front" | "middle" | "hind" | "";

/** One leg: its upper joint, optional lower joint, and lengths in metres. */
export interface LegRole {
  /** Index of the upper (or only) joint in `joints`. */
  upper: number;
  /** -1 for a one-segment leg. */
  lower: number;
  /** Its side of the body. */
  side: Side;
  /** Where along the body it is. */
  end: LegEnd;
  /** Hip height above the feet (≈ leg length), metres. */
  length: number;
  /** Upper segment length (hip to knee), metres. */
  upperLength: number;
}

/**
 * The roles of one rig's joints, as indices into `joints` (-1 where the rig has none).
 * @category Body plans and gaits
 */
export interface RigRoles {
  /** Joint names, in the layout's order; pose arrays index into this. */
  joints: string[];
  /** The body joint. */
  body: number;
  /** The head joint. */
  head: number;
  /** The neck joint. */
  neck: number;
  /** The tail joint. */
  tail: number;
  /** The two wing joints. */
  wings: { left: number; right: number };
  /** Arms (hopper, biped), treated as short legs. */
  arms: LegRole[];
  /** Legs, in the order of `joints`. */
  legs: LegRole[];
  /** Creature height in metres. */
  height: number;
  /** Mean leg length (a fraction of the height when legless), metres; fixed per rig. */
  legLength: number;
}

const LEG = /^leg_(?:(front|middle|hind)_)?(left|right)(?:_(top|bot))?$/;
const ARM = /^arm_(left|right)(?:_(top|bot))?$/;

/** Roles of a laid-out rig whose model is scaled by `scale` (metres per model unit). */
export function rigRoles(layout: RigLayout, scale: number): RigRoles {
  const joints = layout.joints.map((j) => j.part);
  const index = (name: string) => joints.indexOf(name);
  const pivotY = (i: number) => (layout.joints[i]!.pivot.y - layout.bounds.min.y) * scale;

  function limbs(pattern: RegExp, sideGroup: number, endGroup: number | undefined, segGroup: number): LegRole[] {
    const out: LegRole[] = [];
    for (const name of joints) {
      const m = pattern.exec(name);
      if (!m || m[segGroup] === "bot") continue;
      const side = m[sideGroup] as Side;
      const end = (endGroup !== undefined ? (m[endGroup] ?? "") : "") as LegEnd;
      const upper = index(name);
      const lower = m[segGroup] === "top" ? index(name.replace(/_top$/, "_bot")) : -1;
      const hip = pivotY(upper);
      const knee = lower >= 0 ? pivotY(lower) : 0;
      out.push({ upper, lower, side, end, length: Math.max(hip, 1e-3), upperLength: Math.max(hip - knee, 1e-3) });
    }
    return out;
  }

  const legs = limbs(LEG, 2, 1, 3);
  const height = (layout.bounds.max.y - layout.bounds.min.y) * scale;
  return {
    joints,
    body: index("body"),
    head: index("head"),
    neck: index("neck"),
    tail: index("tail"),
    wings: { left: index("wing_left"), right: index("wing_right") },
    legs,
    arms: limbs(ARM, 1, undefined, 2),
    height,
    legLength: legs.length === 0 ? height * 0.4 : legs.reduce((sum, leg) => sum + leg.length, 0) / legs.length,
  };
}

/**
 * Roles of a creature known only by its height, such as a rigged GLB whose bones are not the
 * project's parts: no joints, legs half its height. Enough for cruise speeds and footprints.
 */
export function sizeOnlyRoles(heightMeters: number): RigRoles {
  return {
    joints: [],
    body: -1,
    head: -1,
    neck: -1,
    tail: -1,
    wings: { left: -1, right: -1 },
    legs: [],
    arms: [],
    height: heightMeters,
    legLength: heightMeters * 0.5,
  };
}

/** The mean leg length, or a fraction of the height for legless creatures. */
export function typicalLegLength(roles: RigRoles): number {
  return roles.legLength;
}
