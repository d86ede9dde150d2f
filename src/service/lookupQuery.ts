/**
 * Reading a lookup's query string: which operation (`name`, `search` or `id`), its value,
 * `fuzzy`, `maxResultNum` and `offset`. Shared by the catalog and the proxy routes, so both refuse the
 * same requests alike. `app` (sent by the service's official clients) and any other parameter
 * are ignored.
 */
import { badRequest } from "./serviceError.js";

/** The operations, by the parameter that selects each. */
const OPS = ["name", "search", "id"] as const;

/** One lookup, as asked for. */
export interface LookupQuery {
  op: (typeof OPS)[number];
  /** The value as given (the index trims and folds case itself; ids match exactly). */
  value: string;
  fuzzy: boolean;
  /** `maxResultNum` as given: a positive cap, `-1` for every match, `undefined` when absent. */
  maxResultNum: number | undefined;
  /** Matches skipped before the first one answered (paging a search); 0 when absent. */
  offset: number;
}

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw badRequest(`The ${name} parameter must be given once.`);
  return values[0];
}

/**
 * Parses `name=` / `search=` / `id=` / `fuzzy=` / `maxResultNum=` / `offset=`. Throws a 400
 * {@link ServiceError} for more than one or none of name, search and id, an empty value, a
 * value over `maxLength` characters, a `fuzzy` other than `true` or `false`, or a
 * `maxResultNum` other than a positive integer or `-1`, or an `offset` other than a
 * non-negative integer.
 */
export function parseLookupQuery(params: URLSearchParams, maxLength: number): LookupQuery {
  const given = OPS.flatMap((op) => {
    const value = single(params, op);
    return value === undefined ? [] : [{ op, value }];
  });
  if (given.length > 1) throw badRequest("Give only one of name, search or id.");
  const chosen = given[0];
  if (chosen === undefined) throw badRequest("Give a name, search or id parameter.");
  const { op, value } = chosen;
  if (value.trim() === "") throw badRequest(`The ${op} parameter must not be empty.`);
  if (value.length > maxLength) {
    throw badRequest(`The ${op} parameter must be at most ${maxLength} characters long.`);
  }
  const rawFuzzy = single(params, "fuzzy");
  let fuzzy = true;
  if (rawFuzzy !== undefined) {
    const folded = rawFuzzy.trim().toLowerCase();
    if (folded !== "true" && folded !== "false") {
      throw badRequest("The fuzzy parameter must be true or false.");
    }
    fuzzy = folded === "true";
  }
  return {
    op,
    value,
    fuzzy,
    maxResultNum: parseMaxResultNum(single(params, "maxResultNum")),
    offset: parseOffset(single(params, "offset")),
  };
}

function parseOffset(raw: string | undefined): number {
  if (raw === undefined) return 0;
  if (/^\s*\d{1,15}\s*$/.test(raw)) return Number(raw);
  throw badRequest("The offset parameter must be a non-negative integer.");
}

function parseMaxResultNum(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^\s*-?\d{1,15}\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (value === -1 || value > 0) return value;
  throw badRequest("The maxResultNum parameter must be a positive integer or -1 (all).");
}

/**
 * `query` with `maxResultNum` held to `cap` records: `-1` (all) and anything larger become
 * `cap`, so no answer is bigger than the service's `maxResultsPerAnswer`.
 */
export function capResults(query: LookupQuery, cap: number): LookupQuery {
  const asked = query.maxResultNum;
  return asked === -1 || (asked !== undefined && asked > cap) ? { ...query, maxResultNum: cap } : query;
}
