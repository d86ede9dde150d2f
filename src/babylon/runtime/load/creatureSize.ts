/**
 * The size a new creature is given: an explicit height, else what the record's `scale` says
 * (height, else length, else width: see `recordSize`), else the default height with a warning.
 */
import { HeightParseError, parseHeight } from "../../../api/height.js";
import type { MenagerieWarning } from "../../../api/loadEvents.js";
import { type RecordSize, recordSize } from "../../../api/recordSize.js";
import type { ModelRecord } from "../../../api/schemas.js";

/** What {@link creatureSize} needs from its owner. */
export interface CreatureSizeContext {
  defaultHeightMeters: number;
  /** Hides the key in service-provided text before a warning quotes it. */
  redact: (text: string) => string;
  warn: (warning: MenagerieWarning) => void;
}

/** See the module comment; `override` is a spawn's `height` option (it throws when unreadable). */
export function creatureSize(
  record: ModelRecord,
  override: number | string | undefined,
  ctx: CreatureSizeContext,
): RecordSize {
  if (override !== undefined) return { axis: "height", meters: parseHeight(override) };
  const size = recordSize(record);
  if (size) return size;
  // The value comes from the service: quoted in the warning only once redacted.
  const shown = new HeightParseError(ctx.redact(String(record.scale?.height)), "not a length");
  ctx.warn({
    code: "height-unreadable",
    model: record.name,
    message: `${shown.message}; using ${ctx.defaultHeightMeters} m`,
    error: shown,
  });
  return { axis: "height", meters: ctx.defaultHeightMeters };
}
