/**
 * The error family of the library and its reference service. Every error a user can catch is a
 * {@link MenagerieError}; its `kind` tells which one, and {@link isMenagerieError} works across
 * realms (iframes, duplicated bundles) because it checks a `Symbol.for` brand, not `instanceof`.
 * Nothing survives structured cloning (`postMessage`, `structuredClone`): the clone is a plain
 * `Error` with no brand, no `kind` and no subclass, so send an error across as plain data.
 *
 * Messages read `<what failed>: <METHOD> <redacted url>`; the API key never appears in them.
 */
import type { z } from "zod";

const BRAND = Symbol.for("babylon-menagerie.error");

/**
 * Discriminator of the error family.
 * @category Errors
 */
export type MenagerieErrorKind =
  | "http"
  | "network"
  | "timeout"
  | "validation"
  | "options"
  | "load"
  | "parse"
  | "catalog"
  | "setup"
  | "navigation";

/**
 * Base class of every error the library throws on purpose.
 * @category Errors
 */
export class MenagerieError extends Error {
  /** Which error of the family this is; the `is*` guards read it. */
  readonly kind: MenagerieErrorKind;
  /**
   * Always true; the registry-wide symbol is the same in every realm, so the `is*` guards
   * recognise an error made by another copy of the library. Structured cloning drops it.
   */
  readonly [BRAND] = true;

  constructor(kind: MenagerieErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.name = "MenagerieError";
  }
}

/** Request context shared by the errors that come from one HTTP exchange. */
export interface RequestInfo {
  /** The HTTP method, such as `GET`. */
  method: string;
  /** The request URL with secrets redacted (`key=***`). */
  url: string;
}

/**
 * The service answered with a status that is not a success.
 * @category Errors
 */
export class HTTPError extends MenagerieError {
  /** The HTTP status of the answer, such as 404 or 503. */
  readonly status: number;
  /** The service's error `code` (for example `Model not found`), when its body had one. */
  readonly code: string | undefined;
  /** The service's error `message`, when its body had one. */
  readonly serviceMessage: string | undefined;
  /** The request's HTTP method. */
  readonly method: string;
  /** The request URL with secrets redacted (`key=***`). */
  readonly url: string;
  /** The response body as text (secrets redacted), at most 2 000 characters. */
  readonly body: string;
  /** Seconds from a `Retry-After` header, when present and parseable. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    statusText?: string;
    code?: string;
    serviceMessage?: string;
    body: string;
    request: RequestInfo;
    retryAfterSeconds?: number;
  }) {
    const detail = [init.code, init.serviceMessage].filter(Boolean).join(" - ");
    super(
      "http",
      `Request failed with status ${init.status}${init.statusText ? ` ${init.statusText}` : ""}` +
        `${detail ? ` (${detail})` : ""}: ${init.request.method} ${init.request.url}`,
    );
    this.name = "HTTPError";
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.method = init.request.method;
    this.url = init.request.url;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/**
 * The request never got an answer (DNS, refused connection, reset, CORS...). Message:
 * `Network error[ (<hint>)]: <METHOD> <redacted url>`.
 * @category Errors
 */
export class NetworkError extends MenagerieError {
  /** The request's HTTP method. */
  readonly method: string;
  /** The request URL with secrets redacted (`key=***`). */
  readonly url: string;
  /**
   * The likely cause and its remedy, when the library can tell: in a browser, an asset on
   * another origin that fails with a bare `TypeError` is most likely refused by CORS.
   */
  readonly hint: string | undefined;
  constructor(request: RequestInfo, cause: unknown, hint?: string) {
    super("network", `Network error${hint ? ` (${hint})` : ""}: ${request.method} ${request.url}`, { cause });
    this.name = "NetworkError";
    this.method = request.method;
    this.url = request.url;
    this.hint = hint;
  }
}

/**
 * One attempt took longer than the configured timeout.
 * @category Errors
 */
export class TimeoutError extends MenagerieError {
  /** The request's HTTP method. */
  readonly method: string;
  /** The request URL with secrets redacted (`key=***`). */
  readonly url: string;
  /** The timeout that was exceeded, in milliseconds. */
  readonly timeoutMs: number;
  constructor(request: RequestInfo, timeoutMs: number, cause?: unknown) {
    super("timeout", `Request timed out after ${timeoutMs} ms: ${request.method} ${request.url}`, {
      cause,
    });
    this.name = "TimeoutError";
    this.method = request.method;
    this.url = request.url;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * One problem found while validating a response, with its path inside the body.
 * @category Errors
 */
export interface ValidationIssue {
  /** Where the problem is inside the body: keys and array indices, outermost first. */
  path: (string | number)[];
  /** What is wrong, in words. */
  message: string;
  /** zod's issue code (such as `invalid_type`), or `invalid_json`. */
  code: string;
}

/** Converts zod issues to plain {@link ValidationIssue}s (paths of symbols become strings). */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: issue.message,
    code: issue.code,
  }));
}

function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `  - ${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`).join("\n");
}

/**
 * A response body was not JSON, or did not have the shape of a model record.
 * @category Errors
 */
export class ResponseValidationError extends MenagerieError {
  /** The problems found; one `invalid_json` issue when the body was not JSON. */
  readonly issues: ValidationIssue[];
  /** The request's HTTP method. */
  readonly method: string;
  /** The request URL with secrets redacted (`key=***`). */
  readonly url: string;
  constructor(what: string, request: RequestInfo, issues: ValidationIssue[], cause?: unknown) {
    super(
      "validation",
      `${what}: ${request.method} ${request.url}${issues.length ? `\n${formatIssues(issues)}` : ""}`,
      { cause },
    );
    this.name = "ResponseValidationError";
    this.issues = issues;
    this.method = request.method;
    this.url = request.url;
  }
}

/**
 * An option passed to a factory or method is invalid; the message names the option.
 * @category Errors
 */
export class OptionsError extends MenagerieError {
  /** The name of the invalid option, as the message starts with it. */
  readonly option: string;
  constructor(option: string, message: string) {
    super("options", `${option} ${message}`);
    this.name = "OptionsError";
    this.option = option;
  }
}

/**
 * One dimension of `scale`.
 * @category Records
 */
export type ScaleDimension = "height" | "length" | "width";

/**
 * Thrown by {@link records!parseLength}: the value is not a positive length. The message names the
 * dimension and quotes the value: `Cannot parse <dimension> <value>: <reason>`.
 * @category Errors
 */
export class LengthParseError extends MenagerieError {
  /** The value that could not be parsed, as given. */
  readonly value: unknown;
  /** The `scale` dimension the value was read for. */
  readonly dimension: ScaleDimension;
  constructor(value: unknown, reason: string, dimension: ScaleDimension = "length") {
    super("parse", `Cannot parse ${dimension} ${JSON.stringify(value) ?? String(value)}: ${reason}`);
    this.name = "LengthParseError";
    this.value = value;
    this.dimension = dimension;
  }
}

/**
 * Thrown by {@link records!parseHeight} (a {@link LengthParseError} of the height).
 * @category Errors
 */
export class HeightParseError extends LengthParseError {
  constructor(value: unknown, reason: string) {
    super(value, reason, "height");
    this.name = "HeightParseError";
  }
}

/**
 * A catalog folder's index cannot be read, is not JSON, or does not have the catalog's shape.
 * Message: `<what failed>: <file>[: <detail>]`, then one line per issue.
 * @category Errors
 */
export class CatalogError extends MenagerieError {
  /** The catalog folder or index file that failed. */
  readonly file: string;
  /** The problems found in its content; empty when it could not be read or parsed. */
  readonly issues: ValidationIssue[];
  constructor(init: { what: string; file: string; detail?: string; issues?: ValidationIssue[]; cause?: unknown }) {
    const issues = init.issues ?? [];
    super(
      "catalog",
      `${init.what}: ${init.file}${init.detail ? `: ${init.detail}` : ""}${issues.length ? `\n${formatIssues(issues)}` : ""}`,
      { cause: init.cause },
    );
    this.name = "CatalogError";
    this.file = init.file;
    this.issues = issues;
  }
}

/**
 * The reference service cannot start as configured: a package it imports is not installed, a
 * keys file holds no key, a worker process failed to start.
 * @category Errors
 */
export class ServiceSetupError extends MenagerieError {
  /** The npm packages to install, when missing packages are the problem; empty otherwise. */
  readonly missingPackages: readonly string[];
  constructor(message: string, init: { missingPackages?: readonly string[]; cause?: unknown } = {}) {
    super("setup", message, { cause: init.cause });
    this.name = "ServiceSetupError";
    this.missingPackages = init.missingPackages ?? [];
  }
}

function hasBrand(value: unknown): value is MenagerieError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/**
 * Each kind of {@link MenagerieError} with its class, for {@link isMenagerieError}.
 * @category Errors
 */
export interface MenagerieErrorClasses {
  /** The service answered with an error status. */
  http: HTTPError;
  /** The request failed before an answer. */
  network: NetworkError;
  /** No answer in time. */
  timeout: TimeoutError;
  /** An answer that is not what the interface promises. */
  validation: ResponseValidationError;
  /** A bad argument or option. */
  options: OptionsError;
  /** A model that could not be loaded. */
  load: LoadError;
  /** A `scale` dimension that is not a length. */
  parse: LengthParseError;
  /** A catalog folder whose index cannot be read. */
  catalog: CatalogError;
  /** A reference service that cannot start as configured. */
  setup: ServiceSetupError;
  /**
   * Navigation that could not be enabled: a `NavigationError` (`babylon-menagerie/motion`),
   * whose class lives in the navigation chunk, out of the first download.
   */
  navigation: MenagerieError & { readonly reason: NavigationFailure; readonly missingPackages: readonly string[] };
}

/**
 * Why navigation could not be enabled: its packages are not installed, it was given nothing
 * to walk on, recast could not build a navmesh of what it was given, or its Menagerie was disposed.
 * @category Motion
 */
export type NavigationFailure = "missing-packages" | "no-geometry" | "build" | "disposed";

/**
 * True for an error of the Menagerie family (of one `kind` when given), from any realm: use it
 * rather than `instanceof`, which fails for an error made by another copy of the package or in
 * another frame.
 *
 * @example
 * try {
 *   await menagerie.spawnCreature("fox");
 * } catch (error) {
 *   if (isMenagerieError(error, "load") && error.reason === "not-found") showNotFound();
 *   else if (isMenagerieError(error, "http")) console.warn(error.status);
 * }
 * @category Errors
 */
export function isMenagerieError(value: unknown): value is MenagerieError;
export function isMenagerieError<K extends MenagerieErrorKind>(
  value: unknown,
  kind: K,
): value is MenagerieErrorClasses[K];
export function isMenagerieError(value: unknown, kind?: MenagerieErrorKind): boolean {
  return hasBrand(value) && (kind === undefined || value.kind === kind);
}
/**
 * Why a creature or one of its parts could not be loaded.
 * @category Errors
 */
export type LoadFailure = "not-found" | "expired" | "http" | "network" | "parse" | "no-body" | "disposed";

/**
 * A model, or one of its assets, could not be loaded. Asset URLs are shown redacted.
 * Message: `Cannot load <what> of "<model>": <detail>[: GET <url>]`.
 * @category Errors
 */
export class LoadError extends MenagerieError {
  /** Why it failed, as one word a program can switch on. */
  readonly reason: LoadFailure;
  /** The record name (or the name asked for). */
  readonly model: string;
  /** The part, `"material"`, `"texture:<file>"` or `"model"`, when one asset failed. */
  readonly asset: string | undefined;
  /** The URL that failed, redacted, when one request did. */
  readonly url: string | undefined;
  /** The HTTP status, when the failure was an HTTP answer. */
  readonly status: number | undefined;

  constructor(init: {
    reason: LoadFailure;
    model: string;
    asset?: string;
    url?: string;
    status?: number;
    detail: string;
    cause?: unknown;
  }) {
    const what = init.asset ? `${init.asset}` : "model";
    super("load", `Cannot load ${what} of "${init.model}": ${init.detail}${init.url ? `: GET ${init.url}` : ""}`, {
      cause: init.cause,
    });
    this.name = "LoadError";
    this.reason = init.reason;
    this.model = init.model;
    this.asset = init.asset;
    this.url = init.url;
    this.status = init.status;
  }
}

/**
 * True for the error a fetch or a client call rejects with when its signal aborts.
 * @category Errors
 */
export function isAbortError(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { name?: unknown }).name === "AbortError";
}
