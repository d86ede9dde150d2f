/**
 * Redaction of secrets in URLs, free text and errors. Every URL that reaches an error message,
 * a log line or an event goes through {@link redactUrl}, so an API key is shown as `key=***`;
 * an error that may quote one (its message, stack, properties or causes) goes through
 * {@link redactError}.
 */

/** Query parameters whose values are secrets. */
const SECRET_PARAMS = ["key", "upstream_key", "api_key", "apikey"];

const SECRET_PARAM_PATTERN = new RegExp(`([?&](?:${SECRET_PARAMS.join("|")})=)[^&#\\s"']*`, "gi");

/**
 * Replaces the value of every secret query parameter (`key`, `api_key`, ...) with `***`.
 * Works on absolute and relative URLs and on URLs embedded in longer text; never throws.
 *
 * @example
 * redactUrl("https://x.test/anything?key=s3cret&name=fox"); // "https://x.test/anything?key=***&name=fox"
 * @category Lookup client
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM_PATTERN, "$1***");
}

/** The values of the secret query parameters of `url` (what {@link redactUrl} hides in it). */
export function secretParamValues(url: string): string[] {
  return [...url.matchAll(SECRET_PARAM_PATTERN)].map((m) => m[0].slice(m[1]!.length)).filter((v) => v !== "");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A redaction compiled once for `secrets`: secret query parameters, and every occurrence of
 * each secret, raw and URL-encoded, in any letter case (an echo that upper-cases the key is
 * still the key).
 */
export function secretRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    // Raw, and as encodeURIComponent and URLSearchParams encode it (they differ on space and ~!'()*).
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams({ k: secret }).toString().slice(2));
  }
  // Longest first, so a form that contains another is replaced whole.
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = alternatives.length > 0 ? new RegExp(alternatives.join("|"), "gi") : undefined;
  return (text) => {
    const out = redactUrl(text);
    return pattern ? out.replace(pattern, "***") : out;
  };
}

/**
 * Redacts secret query parameters and every occurrence of the given secrets (raw and
 * URL-encoded, any case) in a piece of text.
 * @category Lookup client
 */
export function redactText(text: string, secrets: readonly (string | undefined)[] = []): string {
  return secretRedactor(secrets)(text);
}

/** Nesting followed at most (a cause chain, nested objects); deeper values are dropped. */
const MAX_DEPTH = 16;

function isErrorLike(value: object): value is Error {
  return value instanceof Error || Object.prototype.toString.call(value) === "[object Error]";
}

/**
 * `value` with `redact` applied to every string it would show: an error's message, stack and
 * own properties, its `cause` chain and `errors` (an AggregateError's), and the plain objects
 * and arrays among them (an error's `{ input: url }`). Other objects (class instances) are
 * kept as they are. A changed error is copied as a real error with the same prototype, so
 * `instanceof`, `name`, `kind` and the library's type guards still hold; when nothing needs
 * redacting, `value` itself is returned.
 *
 * @example
 * throw new NetworkError(info, redactError(fetchError, (text) => redactText(text, [apiKey])));
 */
export function redactError<T>(value: T, redact: (text: string) => string): T {
  const state = { changed: false, copies: new Map<object, unknown>() };
  const copy = walk(value, redact, 0, state);
  return (state.changed ? copy : value) as T;
}

function walk(
  value: unknown,
  redact: (text: string) => string,
  depth: number,
  state: { changed: boolean; copies: Map<object, unknown> },
): unknown {
  if (typeof value === "string") {
    const out = redact(value);
    if (out !== value) state.changed = true;
    return out;
  }
  if (typeof value !== "object" || value === null) return value;
  // A DOMException (an abort's reason) keeps its fields in engine slots that a copy cannot hold
  // (its getters throw on anything else); its message is the platform's, so it is kept as it is.
  if (typeof DOMException !== "undefined" && value instanceof DOMException) return value;
  const seen = state.copies.get(value);
  if (seen !== undefined) return seen;
  const proto = Object.getPrototypeOf(value) as object | null;
  const error = isErrorLike(value);
  if (!error && !Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  // Too deep to follow: dropped rather than kept unread.
  if (depth >= MAX_DEPTH) {
    state.changed = true;
    return undefined;
  }
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    state.copies.set(value, items);
    for (const item of value) items.push(walk(item, redact, depth + 1, state));
    return items;
  }
  // An error is copied as a real one (with the engine's error slot, as util.inspect expects).
  const copy: object = error ? new Error() : Object.create(proto);
  if (error) Object.setPrototypeOf(copy, proto);
  state.copies.set(value, copy);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if ("value" in descriptor) descriptor.value = walk(descriptor.value, redact, depth + 1, state);
    Object.defineProperty(copy, key, { ...descriptor, configurable: true });
  }
  return copy;
}
