/**
 * Reading a lookup's query string: which operation (`name` or `search`), its value, and
 * `fuzzy`. Shared by the catalog and the proxy routes, so both refuse the same requests alike.
 */
import { badRequest } from "./serviceError.js";

/** One lookup, as asked for. */
export interface LookupQuery {
  op: "name" | "search";
  /** The value as given (the index trims and folds case itself). */
  value: string;
  fuzzy: boolean;
}

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw badRequest(`The ${name} parameter must be given once.`);
  return values[0];
}

/**
 * Parses `name=` / `search=` / `fuzzy=`. Throws a 400 {@link ServiceError} for both or neither
 * of name and search, an empty value, a value over `maxLength` characters, or a `fuzzy` other
 * than `true` or `false`.
 */
export function parseLookupQuery(params: URLSearchParams, maxLength: number): LookupQuery {
  const name = single(params, "name");
  const search = single(params, "search");
  if (name !== undefined && search !== undefined) {
    throw badRequest("Give either name or search, not both.");
  }
  if (name === undefined && search === undefined) {
    throw badRequest("Give a name or a search parameter.");
  }
  const op = name !== undefined ? "name" : "search";
  const value = (name ?? search)!;
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
  return { op, value, fuzzy };
}
