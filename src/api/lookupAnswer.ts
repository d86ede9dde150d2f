/**
 * Reading the service's answer to a lookup: its status (a JSON 404 means "no such model"),
 * its JSON, and the records in it. Pure functions of the response text; every piece of text
 * the service sent is redacted before it reaches an error or a report.
 */
import {
  HTTPError,
  type RequestInfo,
  ResponseValidationError,
  toValidationIssues,
  type ValidationIssue,
} from "../core/errors.js";
import { redactText } from "../core/redact.js";
import { ErrorBodySchema, type ModelRecord, ModelRecordSchema, PARSE_OPTIONS } from "../records/schemas.js";
import type { TextResponse } from "./request.js";

/** Secrets to redact from anything quoted (the API key). */
export type Secrets = readonly (string | undefined)[];

/** A search element that failed validation (the client adds the request URL). */
export interface SkippedElement {
  index: number;
  name: string | undefined;
  issues: ValidationIssue[];
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * `"ok"` for a 2xx answer, `"not-found"` for a 404 whose body is JSON (the service's way of
 * saying so, whatever its code and message say: their wording varies); throws the
 * {@link HTTPError} otherwise. A 404 whose body is not JSON (an HTML page, nothing) comes from
 * a wrong base URL or path, which must not pass for "no such model".
 */
export function checkStatus(response: TextResponse, info: RequestInfo, secrets: Secrets): "ok" | "not-found" {
  if (response.status >= 200 && response.status < 300) return "ok";
  const json = response.text.trim() === "" ? ({ ok: false } as const) : tryJson(response.text);
  if (response.status === 404 && json.ok) return "not-found";
  let body: { code?: string | undefined; message?: string | undefined } = {};
  if (json.ok) {
    const parsed = ErrorBodySchema.safeParse(json.value, PARSE_OPTIONS);
    if (parsed.success) body = parsed.data;
  }
  const retryAfter = response.headers.get("retry-after");
  throw new HTTPError({
    status: response.status,
    statusText: response.statusText,
    code: body.code === undefined ? undefined : redactText(body.code, secrets),
    serviceMessage: body.message === undefined ? undefined : redactText(body.message, secrets),
    // Redacted before it is cut: a key straddling the cut would otherwise survive in part.
    body: redactText(response.text, secrets).slice(0, 2000),
    request: info,
    retryAfterSeconds: retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined,
  });
}

/** Parses a body as JSON; `undefined` for an empty body. */
export function parseJson(response: TextResponse, info: RequestInfo, secrets: Secrets): unknown {
  if (response.text.trim() === "") return undefined;
  try {
    return JSON.parse(response.text);
  } catch {
    // The parser's message quotes a snippet of the body, which a misbehaving server may fill
    // with the key, and the snippet may cut the key where redaction no longer recognises it:
    // the message is the parser's on the body already redacted. No SyntaxError is kept as cause.
    throw new ResponseValidationError("Invalid JSON in response", info, [
      {
        path: [],
        code: "invalid_json",
        message: redactText(jsonErrorMessage(redactText(response.text, secrets)), secrets),
      },
    ]);
  }
}

function jsonErrorMessage(text: string): string {
  try {
    JSON.parse(text);
    return "the body is not valid JSON";
  } catch (error) {
    return (error as Error).message;
  }
}

export function redactIssues(issues: ValidationIssue[], secrets: Secrets): ValidationIssue[] {
  return issues.map((issue) => ({
    ...issue,
    message: redactText(issue.message, secrets),
    path: issue.path.map((p) => (typeof p === "string" ? redactText(p, secrets) : p)),
  }));
}

/** The record of a single lookup's answer (an object, or the first element of an array); `null` for none. */
export function readRecord(response: TextResponse, info: RequestInfo, secrets: Secrets): ModelRecord | null {
  if (checkStatus(response, info, secrets) === "not-found") return null;
  let body = parseJson(response, info, secrets);
  if (Array.isArray(body)) body = body[0];
  if (body === undefined || body === null) return null;
  const parsed = ModelRecordSchema.safeParse(body, PARSE_OPTIONS);
  if (!parsed.success) {
    throw new ResponseValidationError(
      "Invalid model record in response",
      info,
      redactIssues(toValidationIssues(parsed.error.issues), secrets),
    );
  }
  return parsed.data;
}

/** The valid records of a search's answer; each invalid element is passed to `skip` and left out. */
export function readRecords(
  response: TextResponse,
  info: RequestInfo,
  secrets: Secrets,
  skip: (element: SkippedElement) => void,
): ModelRecord[] {
  if (checkStatus(response, info, secrets) === "not-found") return [];
  const body = parseJson(response, info, secrets);
  if (body === undefined || body === null) return [];
  if (!Array.isArray(body)) {
    throw new ResponseValidationError("Search response is not an array", info, [
      { path: [], code: "invalid_type", message: `expected an array, got ${typeof body}` },
    ]);
  }
  const records: ModelRecord[] = [];
  body.forEach((element: unknown, index) => {
    const parsed = ModelRecordSchema.safeParse(element, PARSE_OPTIONS);
    if (parsed.success) {
      records.push(parsed.data);
      return;
    }
    const name = (element as { name?: unknown } | null)?.name;
    skip({
      index,
      name: typeof name === "string" ? redactText(name, secrets) : undefined,
      issues: redactIssues(toValidationIssues(parsed.error.issues), secrets),
    });
  });
  return records;
}
