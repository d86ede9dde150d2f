/**
 * The service's error answers: every failure becomes one JSON body `{ code, message }` with a
 * status, built in one place so the routes throw and the app maps (Hono's `onError`).
 */

/** The `code` of every error the reference service answers with, by status. */
export const SERVICE_ERROR_CODES = Object.freeze({
  missingKey: "Missing key",
  invalidKey: "Invalid key",
  badRequest: "Bad request",
  forbidden: "Forbidden",
  notFound: "Model not found",
  routeNotFound: "Not found",
  methodNotAllowed: "Method not allowed",
  rateLimited: "Rate limit exceeded",
  upstream: "Upstream error",
  busy: "Service busy",
  internal: "Internal error",
});

/** The JSON body of an error answer. */
export interface ServiceErrorBody {
  code: string;
  message: string;
}

/**
 * An HTTP failure a route throws; {@link errorResponse} turns it into the answer. The message is
 * shown to the client, so it must never carry a key.
 */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "ServiceError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  /** The JSON body sent to the client. */
  toBody(): ServiceErrorBody {
    return { code: this.code, message: this.message };
  }
}

/** True for a {@link ServiceError} (duck-typed, so a copy from another bundle also counts). */
export function isServiceError(value: unknown): value is ServiceError {
  return (
    value instanceof ServiceError || (value instanceof Error && value.name === "ServiceError" && "status" in value)
  );
}

/** A JSON answer with the given status and extra headers. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** The answer for a thrown {@link ServiceError}. */
export function errorResponse(error: ServiceError): Response {
  return jsonResponse(error.status, error.toBody(), error.headers);
}

/** 400 with the shared `Bad request` code. */
export function badRequest(message: string): ServiceError {
  return new ServiceError(400, SERVICE_ERROR_CODES.badRequest, message);
}
