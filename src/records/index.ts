/**
 * babylon-menagerie/records: the record model and its readers, for a game or a tool that
 * reads records itself (a catalog browser, a size chart, a habitat picker, a script that checks
 * signed links). A game that only spawns and populates never needs it: the Menagerie reads
 * records for it, and the root entry keeps the types its signatures name (`ModelRecord`,
 * `ModelRecordInput`, `Habitat`) and the parse errors.
 *
 * Public API, bound by semver, listed by hand like the root entry (see `src/index.ts`); the
 * types and errors the root entry also exports are the same declarations, listed again so
 * that this entry is complete on its own. Importing it has no side effects.
 */

export { HABITATS, type Habitat, isHabitat } from "./habitats.js";
export {
  HABITAT_SYNONYMS,
  HABITAT_WORD_FLAGS,
  HABITAT_WORDS,
  type HabitatWord,
  habitatOfWord,
} from "./habitatWords.js";
export { HeightParseError, LengthParseError, parseHeight, parseLength } from "./height.js";
export { recordFormatUrl, recordRigClips, recordRigModelUrl } from "./recordAssets.js";
export { recordHabitats, recordHasHabitat } from "./recordHabitats.js";
export { isSceneryRecord } from "./recordKind.js";
export { type RecordSize, recordSize } from "./recordSize.js";
export { recordTaxonomy } from "./recordTaxonomy.js";
export { type ModelRecord, type ModelRecordInput, ModelRecordSchema } from "./schemas.js";
export { areLinksValid, getRecordExpiry } from "./signedUrl.js";
