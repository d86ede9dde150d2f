/**
 * The query parameters of each lookup, checked: `fuzzy`, the search `limit` (sent as
 * `maxResultNum`) and `offset`, and the client's `app` name. The key and the operation's own parameter are
 * the client's.
 */
import { OptionsError } from "../core/errors.js";

/** `fuzzy=true|false`, only when given (the service's default is true). */
export function fuzzyParams(fuzzy: unknown): Record<string, string> {
  if (fuzzy === undefined) return {};
  if (typeof fuzzy !== "boolean") throw new OptionsError("fuzzy", "must be a boolean");
  return { fuzzy: String(fuzzy) };
}

/** The search limit: a positive integer, `-1` for every match, or `undefined` (the service's default). */
export function resolveLimit(limit: unknown): number | undefined {
  if (limit === undefined) return undefined;
  if (limit !== -1 && !(typeof limit === "number" && Number.isSafeInteger(limit) && limit > 0)) {
    throw new OptionsError(
      "limit",
      `must be a positive integer or -1 (all), got ${typeof limit === "string" ? JSON.stringify(limit) : String(limit)}`,
    );
  }
  return limit;
}

/** The search offset: a non-negative integer, 0 when not given. */
export function resolveOffset(offset: unknown): number {
  if (offset === undefined) return 0;
  if (!(typeof offset === "number" && Number.isSafeInteger(offset) && offset >= 0)) {
    throw new OptionsError(
      "offset",
      `must be a non-negative integer, got ${typeof offset === "string" ? JSON.stringify(offset) : String(offset)}`,
    );
  }
  return offset;
}

/** `offset=<n>`, only past the first match (a service that pages not at all then sees nothing new). */
export function offsetParams(offset: number): Record<string, string> {
  return offset > 0 ? { offset: String(offset) } : {};
}

/** `maxResultNum=<limit>`, only when a limit is given. */
export function limitParams(limit: number | undefined): Record<string, string> {
  return limit === undefined ? {} : { maxResultNum: String(limit) };
}

/** The `app` name sent with every lookup: a non-empty string, or `undefined` for none. */
export function resolveApp(app: unknown): string | undefined {
  if (app === undefined) return undefined;
  if (typeof app !== "string" || app.trim() === "") {
    throw new OptionsError("app", `must be a non-empty string, got ${JSON.stringify(app) ?? String(app)}`);
  }
  return app;
}

/** At most `limit` of `records` (all of them for `-1` or no limit). */
export function applyLimit<T>(records: T[], limit: number | undefined): T[] {
  return limit === undefined || limit === -1 ? records : records.slice(0, limit);
}
