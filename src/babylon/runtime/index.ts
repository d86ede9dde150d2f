/**
 * What a Menagerie needs once a creature is asked for, as one chunk: the model loader and its
 * asset fetcher (with the asset cache), the bodies (crowds of thin instances, rigged copies),
 * motion (agents, steering, gaits, clip mixing) and sizing. The Menagerie starts loading it with
 * `import()` when it is made, so a game's first download holds only the Menagerie's surface
 * while this arrives during the first lookup; `spawnCreature` awaits it.
 */
export { createAssetFetcher } from "../../api/assetFetcher.js";
export { acquireSharedObjParsePool } from "../../obj/objParsePool.js";
export { BODY_PLANS } from "../../rig/bodyPlans.js";
export { creatureBody } from "./body/creatureBody.js";
export { creatureSize } from "./load/creatureSize.js";
export { ModelLibrary } from "./load/modelLibrary.js";
export { bindMotion } from "./sync/bindMotion.js";
