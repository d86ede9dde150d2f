/**
 * The one home of option checks: defaults filling and validators shared by the lookup client,
 * the Menagerie and the reference service. Every check throws an {@link OptionsError} whose
 * message names the option, ky style: `retry.limit must be a non-negative integer, got 1.5`.
 * Numbers must be finite everywhere (`Infinity` is never a valid timeout or rate), and each
 * validator returns the value it accepted, typed, so a check reads as an assignment.
 */
import { OptionsError } from "./errors.js";
import { redactText } from "./redact.js";

/**
 * The defaulted fields of `options`: each key of `defaults` takes the given value unless that
 * is `undefined` (so `{ timeoutMs: undefined }` means "the default", as an omitted key does).
 * Only the keys of `defaults` are returned; read the others from `options` directly.
 *
 * @example
 * const { limit, baseDelayMs } = assignDefaults(RETRY_DEFAULTS, { limit: 5, baseDelayMs: undefined });
 */
export function assignDefaults<T extends object>(
  defaults: Readonly<T>,
  options: { readonly [K in keyof T]?: T[K] | undefined } | undefined,
): T {
  const out = { ...defaults } as T;
  if (options === undefined) return out;
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = options[key];
    if (value !== undefined) out[key] = value as T[keyof T];
  }
  return out;
}

/** How a rejected value is shown after `got`: strings quoted, objects by their kind. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "function") return "a function";
  if (typeof value === "object" && value !== null) return "an object";
  return String(value);
}

function fail(name: string, expected: string, value: unknown): never {
  throw new OptionsError(name, `must be ${expected}, got ${describeValue(value)}`);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** A finite number greater than 0. */
export function positiveNumber(name: string, value: unknown): number {
  if (!isFiniteNumber(value) || value <= 0) fail(name, "a positive finite number", value);
  return value;
}

/** A finite number of at least 0. */
export function nonNegativeNumber(name: string, value: unknown): number {
  if (!isFiniteNumber(value) || value < 0) fail(name, "a non-negative finite number", value);
  return value;
}

/** An integer of at least 1. */
export function positiveInteger(name: string, value: unknown): number {
  if (!Number.isInteger(value) || (value as number) < 1) fail(name, "a positive integer", value);
  return value as number;
}

/** An integer of at least 0. */
export function nonNegativeInteger(name: string, value: unknown): number {
  if (!Number.isInteger(value) || (value as number) < 0) fail(name, "a non-negative integer", value);
  return value as number;
}

/**
 * A number from `min` to `max`, both included; with `integer`, a whole one.
 * @default integer false
 */
export function numberInRange(name: string, value: unknown, min: number, max: number, integer = false): number {
  const ok = isFiniteNumber(value) && value >= min && value <= max && (!integer || Number.isInteger(value));
  if (!ok) fail(name, `${integer ? "an integer" : "a number"} from ${min} to ${max}`, value);
  return value as number;
}

/** `true` or `false`. */
export function booleanOption(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") fail(name, "a boolean", value);
  return value;
}

/** A function; `T` is the signature the caller expects (not checkable at run time). */
export function functionOption<T extends (...args: never[]) => unknown>(name: string, value: unknown): T {
  if (typeof value !== "function") fail(name, "a function", value);
  return value as T;
}

/**
 * A string; with `nonEmpty`, one with more than white space. A `secret` one (an API key) is
 * never quoted back in the message.
 * @default nonEmpty false, secret false
 */
export function stringOption(
  name: string,
  value: unknown,
  check: { nonEmpty?: boolean; secret?: boolean } = {},
): string {
  const ok = typeof value === "string" && (!check.nonEmpty || value.trim() !== "");
  if (ok) return value;
  const expected = check.nonEmpty ? "a non-empty string" : "a string";
  if (check.secret) throw new OptionsError(name, `must be ${expected}`);
  fail(name, expected, value);
}

/** A string matching `pattern`; `expected` says in words what that means. */
export function matchingString(name: string, value: unknown, pattern: RegExp, expected: string): string {
  if (typeof value !== "string" || !pattern.test(value)) fail(name, expected, value);
  return value;
}

/** One of the `allowed` values. */
export function oneOf<T extends string | number>(name: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) fail(name, `one of ${allowed.join(", ")}`, value);
  return value as T;
}

/** A plain object (not `null`, not an array). */
export function objectOption<T extends object>(name: string, value: unknown): T {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(name, "an object", value);
  return value as T;
}

/**
 * An absolute http(s) URL without query or fragment, returned without trailing slashes. With
 * `base` (the page's address in a browser), a relative one such as `/` resolves against it.
 * A rejected URL is quoted with any key redacted.
 */
export function httpBaseUrl(name: string, value: unknown, base?: string): string {
  if (typeof value !== "string" || value.trim() === "") fail(name, "a non-empty URL string", value);
  let url: URL;
  try {
    url = base ? new URL(value, base) : new URL(value);
  } catch {
    throw new OptionsError(name, `must be an absolute http(s) URL, got ${describeValue(redactText(value))}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OptionsError(name, `must use http or https, got ${describeValue(url.protocol)}`);
  }
  if (url.search || url.hash) throw new OptionsError(name, "must not have a query or a fragment");
  return url.href.replace(/\/+$/, "");
}
