/**
 * In-flight sharing: identical concurrent calls share one underlying request. Each caller may
 * abort on its own; the shared request is aborted only when every caller has left.
 */
import { abortReason } from "./request.js";

interface Entry<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

export class InflightRequests {
  readonly #entries = new Map<string, Entry<unknown>>();

  /** Number of distinct requests under way. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * Joins the request under `key`, starting it with `run` when none is under way.
   * `run` receives a signal that aborts when every caller has aborted.
   */
  join<T>(key: string, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    let entry = this.#entries.get(key) as Entry<T> | undefined;
    if (!entry || entry.controller.signal.aborted) {
      const controller = new AbortController();
      const created: Entry<T> = { controller, waiters: 0, promise: undefined as unknown as Promise<T> };
      created.promise = run(controller.signal).finally(() => {
        if (this.#entries.get(key) === created) this.#entries.delete(key);
      });
      // The shared promise may reject after every caller left; that rejection is expected.
      created.promise.catch(() => undefined);
      this.#entries.set(key, created as Entry<unknown>);
      entry = created;
    }
    const shared = entry;
    shared.waiters++;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const leave = () => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        shared.waiters--;
        return true;
      };
      const onAbort = () => {
        if (!leave()) return;
        if (shared.waiters === 0) shared.controller.abort(abortReason(signal!));
        reject(abortReason(signal!));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      shared.promise.then(
        (value) => leave() && resolve(value),
        (error: unknown) => leave() && reject(error),
      );
    });
  }
}
