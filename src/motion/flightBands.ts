/**
 * Height bands of fliers: how high above the ground or the water a kind of flier keeps, as data
 * a game can change (Style 12). A band is matched on the record's words (its name, taxa and
 * tags, lower case), first rule first; a flier no rule names gets a band from its size.
 */

/**
 * A flier's band: the lowest and highest it cruises above whatever is under it (the ground, or
 * the water's surface where that is higher), metres.
 * @category Motion
 */
export interface FlightBand {
  /** Lowest cruising height above the ground or water, metres. */
  readonly min: number;
  /** Highest cruising height above the ground or water, metres. */
  readonly max: number;
}

/**
 * One rule of {@link FLIGHT_BAND_RULES}: fliers one of whose words (name, taxa, tags, lower
 * case) is in `match` cruise in `band`.
 * @category Motion
 */
export interface FlightBandRule {
  /** Names, taxa (any rank) and tags, lower case. */
  readonly match: readonly string[];
  /** The band of those fliers. */
  readonly band: FlightBand;
}

/**
 * The default bands, first match wins: raptors high (8–20 m: eagles, hawks, falcons, owls,
 * kites, vultures), seabirds low over the water (1.5–7 m: gulls, terns, pelicans, albatrosses),
 * small birds, bats and insects close to the ground (0.8–4 m). A game changes them through
 * `menagerie.flightBands` (before spawning), or one flier's through `creature.motion.flight.band`.
 * @category Motion
 */
export const FLIGHT_BAND_RULES: readonly FlightBandRule[] = Object.freeze([
  Object.freeze({
    match: Object.freeze([
      "accipitriformes",
      "accipitridae",
      "falconiformes",
      "falconidae",
      "strigiformes",
      "strigidae",
      "cathartidae",
      "eagle",
      "hawk",
      "falcon",
      "owl",
      "kite",
      "buzzard",
      "vulture",
      "condor",
      "osprey",
      "harrier",
      "raptor",
    ]),
    band: Object.freeze({ min: 8, max: 20 }),
  }),
  Object.freeze({
    match: Object.freeze([
      "laridae",
      "procellariiformes",
      "pelecanidae",
      "sulidae",
      "gull",
      "seagull",
      "tern",
      "albatross",
      "pelican",
      "gannet",
      "petrel",
      "cormorant",
      "seabird",
    ]),
    band: Object.freeze({ min: 1.5, max: 7 }),
  }),
  Object.freeze({
    match: Object.freeze([
      "passeriformes",
      "trochilidae",
      "chiroptera",
      "lepidoptera",
      "insecta",
      "hymenoptera",
      "odonata",
      "sparrow",
      "finch",
      "robin",
      "swallow",
      "hummingbird",
      "bat",
      "butterfly",
      "moth",
      "bee",
      "dragonfly",
      "insect",
    ]),
    band: Object.freeze({ min: 0.8, max: 4 }),
  }),
]);

/**
 * The band of a flier no rule names, from its height (metres): about 4 to 14 body heights up,
 * at least 1.5 m to 4 m and at most 6 m to 16 m (a parrot 1.5–4.9 m, a 1 m bird 4–14 m).
 * @category Motion
 */
export function sizeFlightBand(heightMeters: number): FlightBand {
  const h = Number.isFinite(heightMeters) && heightMeters > 0 ? heightMeters : 0.3;
  const min = Math.min(6, Math.max(1.5, h * 4));
  return { min, max: Math.min(16, Math.max(min + 2.5, h * 14)) };
}

/**
 * The band of a flier: the first rule naming one of `words` (any case), else {@link sizeFlightBand}.
 * @category Motion
 */
export function flightBandFor(
  words: readonly string[],
  heightMeters: number,
  rules: readonly FlightBandRule[] = FLIGHT_BAND_RULES,
): FlightBand {
  const lower = words.map((word) => word.toLowerCase().trim());
  for (const rule of rules) if (rule.match.some((m) => lower.includes(m.toLowerCase()))) return rule.band;
  return sizeFlightBand(heightMeters);
}
