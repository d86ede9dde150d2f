/**
 * Reading the service's answer to `GET <baseUrl>/names`: a JSON array of every model name.
 * Loaded with `import()` by the client, like the record schemas.
 */
import { z } from "zod/mini";
import { type RequestInfo, ResponseValidationError, toValidationIssues } from "../core/errors.js";
import { PARSE_OPTIONS } from "../records/schemas.js";
import { checkStatus, parseJson, redactIssues, type Secrets } from "./lookupAnswer.js";
import type { TextResponse } from "./request.js";

const NamesSchema = z.array(z.string());

/** The names of an answer; a service without the route, or an answer that is not a list of strings, throws. */
export function readNames(response: TextResponse, info: RequestInfo, secrets: Secrets): string[] {
  if (checkStatus(response, info, secrets) === "not-found") {
    throw new ResponseValidationError("No names route at this URL", info, []);
  }
  const parsed = NamesSchema.safeParse(parseJson(response, info, secrets), PARSE_OPTIONS);
  if (!parsed.success) {
    throw new ResponseValidationError(
      "Invalid names answer",
      info,
      redactIssues(toValidationIssues(parsed.error.issues), secrets),
    );
  }
  return parsed.data;
}
