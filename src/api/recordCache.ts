/**
 * Answers kept while their records' signed links stay valid (with a margin); answers whose
 * records carry no signed link are kept for a fixed time.
 */
import type { ModelRecord } from "../records/schemas.js";
import { getRecordExpiry } from "../records/signedUrl.js";

interface CacheEntry {
  records: ModelRecord[];
  freshUntilMs: number;
}

export interface RecordCacheOptions {
  linkMarginSeconds: number;
  maxAgeMs: number;
  now: () => number;
}

export class RecordCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #options: RecordCacheOptions;

  constructor(options: RecordCacheOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Until when (ms) an answer made of these records may be served. */
  freshUntil(records: readonly ModelRecord[]): number {
    const now = this.#options.now();
    let until = now + this.#options.maxAgeMs;
    for (const record of records) {
      const expiry = getRecordExpiry(record);
      if (expiry !== undefined) until = Math.min(until, expiry * 1000 - this.#options.linkMarginSeconds * 1000);
    }
    return until;
  }

  get(key: string): ModelRecord[] | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.freshUntilMs <= this.#options.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.records;
  }

  set(key: string, records: ModelRecord[]): void {
    const freshUntilMs = this.freshUntil(records);
    if (freshUntilMs > this.#options.now()) this.#entries.set(key, { records, freshUntilMs });
    else this.#entries.delete(key);
  }

  /**
   * Puts a freshly fetched record in place of every cached record of the same name; with
   * `null`, drops the answers that held it.
   */
  replace(name: string, record: ModelRecord | null): void {
    for (const [key, entry] of this.#entries) {
      if (!entry.records.some((r) => r.name === name)) continue;
      if (record === null) {
        this.#entries.delete(key);
        continue;
      }
      const records = entry.records.map((r) => (r.name === name ? record : r));
      this.set(key, records);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
