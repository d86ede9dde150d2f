/**
 * `POST /parse-text-command`: the form field `text` (and `key`, as a form field or in the query,
 * as everywhere) → `{ actions: [...] }`, with `unknown_models: [...]` when the sentence asked
 * for models the catalog does not have. From the catalog, the sentence is read here
 * (parseTextCommand.ts) with the catalog's own name index; in proxy mode it is forwarded to the
 * upstream with the server's key (never the browser's), its answer redacted of that key as a
 * lookup's is, and not cached. The same key check, rate limits, errors and CORS as a lookup.
 */
import type { Context } from "hono";
import { redactText, secretRedactor } from "../../core/redact.js";
import type { Admission } from "../admission.js";
import type { CatalogStore } from "../catalogStore.js";
import { SERVICE_ERROR_CODES, ServiceError } from "../serviceError.js";
import { readBytesCapped, readCapped, redactedJson } from "../upstreamBody.js";
import type { ResolvedUpstream } from "../upstreamOptions.js";
import { readTextCommandAnswer } from "./parseTextCommand.js";

/** The route's path, as the real service names it. */
export const TEXT_COMMAND_PATH = "parse-text-command";
/** Longest `text` read, in characters (a longer one is refused with 400). */
export const MAX_COMMAND_CHARS = 1000;
/**
 * Rate-limit tokens a command read here costs (a lookup costs one): reading a sentence makes up
 * to 16 fuzzy name lookups. A forwarded command costs one, as the upstream limits its own work.
 */
export const TEXT_COMMAND_TOKENS = 4;
/** Largest request body read, in bytes. */
const MAX_BODY_BYTES = 16 * 1024;

const badRequest = (message: string) => new ServiceError(400, SERVICE_ERROR_CODES.badRequest, message);

/** What the route needs of the service. */
export interface TextCommandRouteDeps {
  admission: Admission;
  store: CatalogStore | undefined;
  upstream: ResolvedUpstream | undefined;
  log: (line: string) => void;
}

/** The form fields of the request (urlencoded or multipart), read up to a byte cap. */
async function formOf(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  if (
    !multipart &&
    type !== "" &&
    !type.startsWith("application/x-www-form-urlencoded") &&
    !type.startsWith("text/plain")
  ) {
    throw badRequest("Send the text as a form field (application/x-www-form-urlencoded or multipart/form-data).");
  }
  const bytes = await readBytesCapped(c.req.raw as unknown as Response, MAX_BODY_BYTES);
  if (bytes === undefined) throw badRequest(`The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  if (!multipart) return new URLSearchParams(new TextDecoder().decode(bytes));
  const form = await new Response(new Uint8Array(bytes), { headers: { "content-type": type } }).formData().catch(() => {
    throw badRequest("The request body is not a readable form.");
  });
  const out = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") out.append(name, value);
  return out;
}

/** Answers one text command. */
export async function answerTextCommand(c: Context, deps: TextCommandRouteDeps): Promise<Response> {
  const form = await formOf(c);
  const query = new URL(c.req.url).searchParams;
  const keys = [...form.getAll("key"), ...query.getAll("key")];
  await deps.admission.lookup(c, keys, deps.upstream ? 1 : TEXT_COMMAND_TOKENS);
  const texts = form.getAll("text");
  if (texts.length !== 1) throw badRequest("Send the command as one form field named text.");
  const text = texts[0]!;
  if (text.length > MAX_COMMAND_CHARS) throw badRequest(`The text is longer than ${MAX_COMMAND_CHARS} characters.`);
  if (deps.upstream) return forward(text, deps.upstream, deps.log);
  const index = deps.store!.index;
  const answer = readTextCommandAnswer(
    text,
    (name, fuzzy, byKind) => (byKind ? index.findByKind(name) : index.findByName(name, fuzzy))?.name,
  );
  return new Response(JSON.stringify(answer), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

/** Proxy mode: the upstream's answer, asked with the server's key. */
async function forward(text: string, upstream: ResolvedUpstream, log: (line: string) => void): Promise<Response> {
  const target = `${upstream.url}/${TEXT_COMMAND_PATH}`;
  const form = new URLSearchParams({ text });
  if (upstream.key !== undefined) form.set("key", upstream.key);
  const redact = secretRedactor([upstream.key]);
  const fail = (line: string, message: string) => {
    log(redactText(`${line}: POST ${target}`, [upstream.key]));
    return new ServiceError(502, SERVICE_ERROR_CODES.upstream, message);
  };
  let response: Response;
  let body: string | undefined;
  try {
    response = await upstream.fetch(target, {
      method: "POST",
      body: form,
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(upstream.timeoutMs),
      redirect: "manual",
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw fail(
        `Upstream answered with a redirect (${response.status})`,
        "The upstream service answered with a redirect.",
      );
    }
    body = await readCapped(response, upstream.maxResponseBytes);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw fail(
      `Upstream request failed: ${redactText(String(error), [upstream.key])}`,
      "The upstream service did not answer.",
    );
  }
  if (body === undefined) throw fail("Upstream answer too large", "The upstream service's answer is too large.");
  if (response.status === 401 || response.status === 403) {
    throw fail(
      `Upstream refused the server key (${response.status})`,
      "The upstream service refused the server's key.",
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw fail("Upstream answered with something other than JSON", "The upstream service's answer is not JSON.");
  }
  if (response.status !== 200) {
    const status = response.status === 429 || response.status === 400 ? response.status : 502;
    const retryAfter = response.headers.get("retry-after");
    throw new ServiceError(
      status,
      status === 502
        ? SERVICE_ERROR_CODES.upstream
        : status === 429
          ? SERVICE_ERROR_CODES.rateLimited
          : SERVICE_ERROR_CODES.badRequest,
      status === 502 ? "The upstream service failed to answer." : "The upstream service refused the command.",
      // A digits-only key is also a well-formed Retry-After: an echo of it is dropped.
      status === 429 && retryAfter && /^\d{1,9}$/.test(retryAfter) && redact(retryAfter) === retryAfter
        ? { "retry-after": retryAfter }
        : undefined,
    );
  }
  // Re-serialised with the server's key redacted from every string: nothing but JSON reaches
  // the browser, and never the key an upstream that echoes its request sends back.
  const json = redactedJson(parsed, redact);
  if (json === undefined) {
    throw fail("Upstream answer nested too deeply", "The upstream service's answer is nested too deeply.");
  }
  return new Response(json, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
