/**
 * The species that also get rigged, animated GLBs: the real service's newer dialect
 * (`model.rig.animations`, one GLB per clip). Two or more per body type: some keep their
 * OBJ parts, the others are sent rig-only. Species that tests, the bench or the demo name (fox, wolf,
 * horse, owl, ...) are left out, so their behaviour does not change under them.
 */

/** Species whose records carry `model.rig` (and keep their OBJ parts unless rig-only). */
export const RIGGED_SPECIES: readonly string[] = [
  // kept with their OBJ parts as well
  "dog", "hippo", "parrot", "penguin", "rabbit#0002", "spider", "shark", "python",
  // rig-only (see RIG_ONLY_SPECIES)
  "zebra", "reindeer", "crocodile", "crow", "chicken", "kangaroo", "scorpion", "dolphin",
];

/**
 * The one switch for rig-only records, as the real service sends them: no parts, no
 * `other.model`, `scale` as numbers with `height: 0` and `length`/`width` set, and `habitats`
 * as a list instead of the 16 flags. A subset of {@link RIGGED_SPECIES}; tests that read
 * every creature's OBJ files skip these.
 */
export const RIG_ONLY_SPECIES: readonly string[] = ["zebra", "reindeer", "crocodile", "crow", "chicken", "kangaroo", "scorpion", "dolphin"];

/**
 * Rig-only walkers whose records also link the newest SDK's jump clips (`jump_start`,
 * `jump_fall`, `jump_end`): every rig-only species that walks, crawls or hops, except the zebra,
 * whose clip list tests, the bench and the demo name, so it does not change under them.
 */
export const JUMP_CLIP_SPECIES: readonly string[] = ["reindeer", "crocodile", "chicken", "kangaroo", "scorpion"];
