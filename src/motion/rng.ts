/**
 * The seeded generator now lives in src/util/seededRandom.ts. This re-export keeps the motion
 * entry point's public `SeededRandom` and the importers not yet moved (src/babylon/populate.ts)
 * compiling; import from util in new code.
 */
export { SeededRandom } from "../util/seededRandom.js";
