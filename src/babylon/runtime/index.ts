/**
 * The spawn runtime chunk: what a Menagerie needs once a creature is asked for. The model loader
 * and its asset fetcher (with the asset cache), the bodies (crowds of thin instances, rigged
 * copies), motion (agents, steering, gaits, clip mixing) and sizing, behind one {@link Spawner}.
 * The Menagerie starts loading it with `import()` when it is made (runtimeChunk.ts), so a game's
 * first download holds only the Menagerie's surface while this arrives during the first lookup.
 */

export { ObstacleIndex } from "../../motion/obstacleIndex.js";
export { acquireSharedObjParsePool } from "../../obj/objParsePool.js";
export { type PlannedSpawn, type RecordSource, Spawner } from "./spawner.js";
