/** How each habitat's ground and sky look in the demo: data, one row per habitat. */
import type { Habitat } from "../src/index.js";

export interface HabitatLook {
  ground: [number, number, number];
  sky: [number, number, number];
  /** Gentle hills (0 = flat). */
  hills: number;
}

export const HABITAT_LOOKS: Readonly<Record<Habitat, HabitatLook>> = {
  forest: { ground: [0.22, 0.4, 0.18], sky: [0.6, 0.75, 0.85], hills: 0.6 },
  beach: { ground: [0.86, 0.79, 0.58], sky: [0.55, 0.78, 0.95], hills: 0.2 },
  city: { ground: [0.45, 0.45, 0.47], sky: [0.7, 0.75, 0.8], hills: 0 },
  desert: { ground: [0.85, 0.68, 0.42], sky: [0.75, 0.82, 0.9], hills: 0.8 },
  farm: { ground: [0.45, 0.55, 0.25], sky: [0.6, 0.78, 0.95], hills: 0.3 },
  sea: { ground: [0.76, 0.7, 0.5], sky: [0.5, 0.72, 0.92], hills: 0 },
  icescape: { ground: [0.92, 0.95, 0.98], sky: [0.78, 0.85, 0.92], hills: 0.5 },
  jungle: { ground: [0.15, 0.35, 0.12], sky: [0.62, 0.75, 0.7], hills: 0.7 },
  lake: { ground: [0.3, 0.48, 0.22], sky: [0.6, 0.76, 0.9], hills: 0.3 },
  pond: { ground: [0.33, 0.5, 0.25], sky: [0.62, 0.78, 0.9], hills: 0.2 },
  river: { ground: [0.32, 0.47, 0.24], sky: [0.6, 0.76, 0.9], hills: 0.3 },
  swamp: { ground: [0.28, 0.32, 0.16], sky: [0.6, 0.65, 0.6], hills: 0.1 },
  grass: { ground: [0.38, 0.6, 0.24], sky: [0.58, 0.78, 0.95], hills: 0.3 },
  rural: { ground: [0.42, 0.55, 0.28], sky: [0.6, 0.77, 0.92], hills: 0.4 },
  urban: { ground: [0.5, 0.5, 0.5], sky: [0.72, 0.76, 0.8], hills: 0 },
  garden: { ground: [0.32, 0.58, 0.26], sky: [0.6, 0.8, 0.95], hills: 0.15 },
};
