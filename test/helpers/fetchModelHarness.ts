/**
 * What a fetchModelAssets test drives it with: the deps a Menagerie would pass (the real asset
 * fetcher and the real lookup client's refresh), recording every request, refresh, warning and
 * progress report; and a signal whose abort listeners are counted.
 */
import { createAssetFetcher } from "../../src/api/assetFetcher.js";
import type { LookupClient } from "../../src/api/client.js";
import type { FetchModelDeps } from "../../src/api/fetchModelAssets.js";
import type { LoadProgress, MenagerieWarning } from "../../src/api/loadEvents.js";
import { resolveRetryOptions } from "../../src/api/retry.js";

/** Deps refreshing records through `client`; `onRequestStart` hears each asset request start (1, 2, ...). */
export function fetchModelHarness(
  client: LookupClient,
  onRequestStart?: (started: number) => void,
  fetchImpl: typeof fetch = globalThis.fetch,
) {
  const seen = {
    warnings: [] as MenagerieWarning[],
    reports: [] as LoadProgress[],
    refreshes: 0,
    started: 0,
    requests: [] as { signal: AbortSignal; answer: Promise<unknown>; settled: boolean }[],
  };
  const fetchAsset = createAssetFetcher({
    fetch: fetchImpl,
    timeoutMs: 10_000,
    retry: resolveRetryOptions(undefined),
    counters: { assetRequests: 0, assetBytes: 0 },
  });
  const deps: FetchModelDeps = {
    linkMarginSeconds: 60,
    now: Date.now,
    fetchAsset: async (url, as, signal) => {
      seen.started++;
      const request = { signal, answer: fetchAsset(url, as, signal), settled: false };
      seen.requests.push(request);
      onRequestStart?.(seen.started);
      try {
        return await request.answer;
      } finally {
        request.settled = true;
      }
    },
    refresh: (record, signal) => {
      seen.refreshes++;
      return client.refresh(record, { signal });
    },
    warn: (warning) => seen.warnings.push(warning),
    progress: (progress) => seen.reports.push(progress),
  };
  return { deps, seen };
}

/** A signal whose `abort` listeners are counted: added minus removed by the code under test. */
export function countedSignal(controller = new AbortController()) {
  const { signal } = controller;
  let live = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    if (type === "abort") live++;
    add(type, listener, options);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: EventListener, options?: EventListenerOptions) => {
    if (type === "abort") live--;
    remove(type, listener, options);
  }) as typeof signal.removeEventListener;
  return { controller, signal, listeners: () => live };
}
