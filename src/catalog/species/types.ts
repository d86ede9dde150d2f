/**
 * What a catalog species is: record fields (group, behaviour, habitats, height with its unit),
 * its look (colours, pattern, texture file name) and its shape (body-plan parameters that
 * override the plan's defaults). Species tables are plain data built with {@link defineSpecies}.
 */
import type { Habitat } from "../../records/schemas.js";
import type { Pattern, Rgb } from "../texturePainter.js";

export type BodyType = "quadruped" | "quadruped_fat" | "winged_flyer" | "winged_standing" | "hopper" | "multileg_crawler" | "uniform" | "scenery";
export type Group = "mammals" | "birds" | "fish" | "reptiles" | "amphibians" | "insects" | "arachnids" | "crustaceans" | SceneryGroup;
/** Groups of static props (scenery records are not creatures). */
export type SceneryGroup = "plants" | "minerals" | "structures";
export type Detail = "low" | "medium" | "high";

/** Colours and pattern of a species. */
export interface Look {
  /** Main colour of the coat texture. */
  coat: Rgb;
  /** Colour of the pattern's marks. @default a darker coat */
  marks?: Rgb;
  pattern: Pattern;
  /** Underside colour, painted around u = 0.5. */
  belly?: Rgb;
  /** @default 0.12 when `belly` is set */
  bellyWidth?: number;
  /** Second textured material: tail tips, manes, beaks, feet, fins. */
  accent: Rgb;
  /** Untextured material: noses, hooves, horns, claws, combs. @default dark brown */
  trim?: Rgb;
  /** File name of the coat texture (bare, may hold spaces and accents). @default "<creature> <pattern>.png" */
  textureName?: string;
}

export interface Species {
  /** Record name; `#0002` marks a variant of the same creature. */
  name: string;
  creature: string;
  group: Group;
  type: BodyType;
  behaviour: string;
  pet: boolean;
  detail: Detail;
  /** `scale.height` exactly as the record gives it; the geometry is scaled to match it. */
  height: string;
  habitats: readonly Habitat[];
  taxonomy: readonly string[];
  tags: readonly string[];
  look: Look;
  /** Body-plan parameters overriding the plan's defaults (see plans/*.ts). */
  shape: object;
}

/** Species with optional fields defaulted: keeps table rows short. */
export function defineSpecies(
  s: Omit<Species, "pet" | "tags" | "creature"> & { pet?: boolean; tags?: readonly string[]; creature?: string },
): Species {
  const creature = s.creature ?? s.name.split("#")[0]!;
  return { ...s, creature, pet: s.pet ?? false, tags: s.tags ?? [] };
}
