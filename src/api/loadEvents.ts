/**
 * What a model load reports besides its result: warnings (something degraded, the load went on)
 * and progress. Engine-free, so that fetching and building can both report them.
 */
import { redactError } from "../core/redact.js";

/**
 * Something went wrong that degraded a creature without stopping it.
 * @category Menagerie
 */
export interface MenagerieWarning {
  /** What happened. */
  code: "part-failed" | "texture-failed" | "material-failed" | "clip-failed" | "height-unreadable" | "record-skipped";
  /** The record name. */
  model: string;
  /** The part or asset concerned (`"material"`, `"texture:<file>"`, `"clip:<name>"`), when one is. */
  asset?: string;
  /** The asset URL, redacted. */
  url?: string;
  /** What happened, in words (URLs redacted). */
  message: string;
  /** The error that caused it, when there was one. */
  error?: unknown;
}

/**
 * Progress of one model's asset loading.
 * @category Menagerie
 */
export interface LoadProgress {
  /** The record name. */
  model: string;
  /** Assets fetched so far. */
  assetsLoaded: number;
  /** Assets to fetch in all (parts or models, material, textures); it shrinks once the MTL names its textures. */
  assetsTotal: number;
  /** Bytes received so far. */
  bytesLoaded: number;
  /** True on the last report of a load (also when it failed). */
  done: boolean;
}

/** `warning` with every text it shows passed through `redact` (the key hidden). */
export function redactWarning(warning: MenagerieWarning, redact: (text: string) => string): MenagerieWarning {
  return {
    ...warning,
    model: redact(warning.model),
    ...(warning.asset !== undefined ? { asset: redact(warning.asset) } : {}),
    message: redact(warning.message),
    ...(warning.url !== undefined ? { url: redact(warning.url) } : {}),
    // The error too, its causes included: its message is not the only text it shows.
    ...(warning.error !== undefined ? { error: redactError(warning.error, redact) } : {}),
  };
}
