/**
 * Who hunts whom, from records: data a game can replace. A record is a predator when its
 * `taxonomy` names a predator taxon (big cats, wolves, bears ...) or its name is listed; it
 * preys on records that are not predators, of its own realm (walkers on walkers), whose size is
 * within a band of its own (a lion takes a zebra, not an elephant nor a beetle). Distances are
 * the hunt's and the flight's own defaults (the official SDK's 20 m / 10 m / 5 m).
 */
import { recordSize } from "../records/recordSize.js";
import { recordTaxonomy } from "../records/recordTaxonomy.js";
import type { ModelRecord } from "../records/schemas.js";
import { herdKey, REALM_BY_BEHAVIOUR } from "./populationRules.js";

/**
 * Rules of `populate({ ecology })`.
 * @category Populate
 */
export interface EcologyRules {
  /** Taxa (any entry of a record's `taxonomy`) or names whose creatures hunt. */
  predators: readonly string[];
  /** Names that never hunt, whatever their taxonomy (pets). */
  tame: readonly string[];
  /** Largest prey, as its size over the hunter's. */
  largestPrey: number;
  /** Smallest prey, as its size over the hunter's. */
  smallestPrey: number;
  /**
   * Taxa or names of hunters from the air (raptors): they hunt prey on the ground, at the
   * water's surface and in the air (stooping to it), from `aerialPreySize[0]` to
   * `aerialPreySize[1]` times their size. @default raptors' taxa and names (eagle, hawk, falcon, owl, osprey)
   */
  aerialPredators?: readonly string[] | undefined;
  /** Smallest and largest prey of a hunter from the air, as its size over the hunter's. @default [0.1, 1] */
  aerialPreySize?: readonly [number, number] | undefined;
  /**
   * Prey sizes [smallest, largest] over the hunter's by realm, over `smallestPrey` and
   * `largestPrey` for hunters of that realm (a shark takes fish a fiftieth of its size).
   * @default ECOLOGY_RULES' (water: [0.02, 0.5])
   */
  preyByRealm?: Readonly<Record<string, readonly [number, number]>>;
}

/** Hunters from the air by default: eagles, hawks, kites, vultures (Accipitriformes), falcons, owls, ospreys. */
const AERIAL_PREDATORS: readonly string[] = Object.freeze([
  "Accipitriformes",
  "Accipitridae",
  "Falconiformes",
  "Falconidae",
  "Strigiformes",
  "Strigidae",
  "Tytonidae",
  "Pandionidae",
  "eagle",
  "hawk",
  "falcon",
  "owl",
  "osprey",
]);

/**
 * The default ecology: felids, wild canids, bears, hyenas and crocodiles hunt prey of their
 * realm from a fifth to twice their size; in the water sharks, orcas and dolphins, barracudas,
 * pike and piranhas hunt fish from a fiftieth to half their size; raptors (`aerialPredators`:
 * eagles, hawks, falcons, owls, ospreys) hunt prey of any realm from a tenth of their size to
 * their own; dogs and cats are tame. Extend it by spreading it:
 * `{ ...ECOLOGY_RULES, predators: [...ECOLOGY_RULES.predators, "grouper"] }`.
 * @category Populate
 */
export const ECOLOGY_RULES: EcologyRules = Object.freeze({
  predators: Object.freeze([
    "Felidae",
    "Canidae",
    "Ursidae",
    "Hyaenidae",
    "Crocodylidae",
    "Crocodilia",
    // Sea and fresh water: sharks, toothed whales (orcas, dolphins), barracudas, pike, piranhas.
    "Selachimorpha",
    "Lamniformes",
    "Carcharhiniformes",
    "shark",
    "orca",
    "Orcinus",
    "Delphinidae",
    "barracuda",
    "Sphyraenidae",
    "pike",
    "Esocidae",
    "piranha",
    "Serrasalmidae",
  ]),
  tame: Object.freeze(["dog", "cat"]),
  largestPrey: 2,
  smallestPrey: 0.2,
  aerialPredators: AERIAL_PREDATORS,
  aerialPreySize: Object.freeze([0.1, 1] as const),
  preyByRealm: Object.freeze({
    water: Object.freeze([0.02, 0.5] as const),
  }),
});

/**
 * True when the record hunts under `rules`.
 * @category Populate
 */
export function isPredatorRecord(record: ModelRecord, rules: EcologyRules = ECOLOGY_RULES): boolean {
  const name = herdKey(record);
  if (rules.tame.includes(name) || record.pet === true) return false;
  return names(record, rules.predators) || isAerialHunter(record, rules);
}

/** True when one of the record's name and taxa is in `list`. */
function names(record: ModelRecord, list: readonly string[]): boolean {
  return list.includes(herdKey(record)) || recordTaxonomy(record).some((taxon) => list.includes(taxon));
}

/** A flier named by `rules.aerialPredators`: it hunts from the air, prey of any realm. */
function isAerialHunter(record: ModelRecord, rules: EcologyRules): boolean {
  const realm = REALM_BY_BEHAVIOUR[record.behaviour ?? ""] ?? "ground";
  return realm === "air" && names(record, rules.aerialPredators ?? AERIAL_PREDATORS);
}

/**
 * True when `hunter` hunts `prey` under `rules`.
 * @category Populate
 */
export function preysOn(hunter: ModelRecord, prey: ModelRecord, rules: EcologyRules = ECOLOGY_RULES): boolean {
  if (hunter === prey || !isPredatorRecord(hunter, rules) || isPredatorRecord(prey, rules)) return false;
  const h = recordSize(hunter)?.meters;
  const p = recordSize(prey)?.meters;
  if (h === undefined || p === undefined) return false;
  if (isAerialHunter(hunter, rules)) {
    const [smallest, largest] = rules.aerialPreySize ?? [0.1, 1];
    return p <= h * largest && p >= h * smallest;
  }
  const realm = (r: ModelRecord) => REALM_BY_BEHAVIOUR[r.behaviour ?? ""] ?? "ground";
  if (realm(hunter) !== realm(prey)) return false;
  const [smallest, largest] = rules.preyByRealm?.[realm(hunter)] ?? [rules.smallestPrey, rules.largestPrey];
  return p <= h * largest && p >= h * smallest;
}
