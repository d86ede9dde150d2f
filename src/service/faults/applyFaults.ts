/**
 * How a request's fault decisions change its answer: delayed, replaced by an error (5xx, 429,
 * an expired link), or its body cut, corrupted or slowed down.
 */

import type { FaultDecision, FaultInjector } from "./faultInjector.js";
import { FAULT_DEFAULTS, type FaultRule } from "./faultRules.js";

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The failure a fault answers with, as the client would see it from a sick service. */
function injectedError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ code, message }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/**
 * Runs a request through its fault decisions: `answer` produces the healthy response, which the
 * faults delay, replace, cut, corrupt or slow down.
 */
export async function applyFaults(
  injector: FaultInjector,
  decisions: readonly FaultDecision[],
  answer: () => Promise<Response>,
): Promise<Response> {
  for (const { kind, rule } of decisions) {
    if (kind === "latency") await sleep(rule.latencyMs ?? FAULT_DEFAULTS.latencyMs);
  }
  for (const { kind, rule } of decisions) {
    if (kind === "status") {
      const status = rule.status ?? FAULT_DEFAULTS.status;
      return injectedError(status, status >= 500 ? "Internal error" : "Bad request", "Injected fault.");
    }
    if (kind === "rate-limit") {
      const seconds = rule.retryAfterSeconds ?? FAULT_DEFAULTS.retryAfterSeconds;
      return injectedError(429, "Rate limit exceeded", `Too many requests: try again in ${seconds} s.`, {
        "retry-after": String(seconds),
      });
    }
    if (kind === "expire") return injectedError(403, "Forbidden", "The asset link has expired.");
  }
  const bodyFaults = decisions.filter(
    (d) => d.kind === "drop" || d.kind === "truncate" || d.kind === "corrupt" || d.kind === "slow",
  );
  const response = await answer();
  if (bodyFaults.length === 0 || response.body === null || response.status !== 200) return response;
  let bytes: Uint8Array<ArrayBuffer> = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.delete("etag"); // the bytes differ from the file's
  let dropAt: number | undefined;
  let slow: FaultRule | undefined;
  for (const { kind, rule, key } of bodyFaults) {
    const cut = Math.floor(bytes.length * (rule.fraction ?? FAULT_DEFAULTS.fraction));
    if (kind === "truncate") bytes = bytes.slice(0, cut);
    else if (kind === "corrupt") bytes = injector.garbage(bytes.length, key);
    else if (kind === "drop") dropAt = cut;
    else slow = rule;
  }
  // The full length is announced even when the connection is dropped, as a real cut-off would.
  headers.set("content-length", String(bytes.length));
  return new Response(bodyStream(bytes, dropAt, slow), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * The error that ends a dropped body. The Node adapter logs it and destroys the socket; its
 * stack is one line, as the drop is intended and a trace says nothing.
 */
function droppedError(): Error {
  const error = new Error("connection dropped by fault injection");
  error.stack = `Error: ${error.message} (fault mode)`;
  return error;
}

/** A body that sends `bytes` (slowly, in chunks, for `slow`) and errors after `dropAt` bytes. */
function bodyStream(
  bytes: Uint8Array<ArrayBuffer>,
  dropAt: number | undefined,
  slow: FaultRule | undefined,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const end = dropAt ?? bytes.length;
  const chunk = slow ? (slow.chunkBytes ?? FAULT_DEFAULTS.chunkBytes) : Math.max(1, end);
  const delay = slow ? (slow.chunkDelayMs ?? FAULT_DEFAULTS.chunkDelayMs) : 0;
  let offset = 0;
  let cancelled = false;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      if (delay > 0) await sleep(delay);
      if (cancelled) return;
      if (offset >= end) {
        if (dropAt !== undefined) controller.error(droppedError());
        else controller.close();
        return;
      }
      const next = Math.min(end, offset + chunk);
      controller.enqueue(bytes.slice(offset, next));
      offset = next;
    },
    cancel() {
      cancelled = true;
    },
  });
}
