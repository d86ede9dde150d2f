/**
 * Babylon's scene loader fetches files with XMLHttpRequest, which Node lacks; `xhr2` is the
 * polyfill Babylon documents. Installed only by the benchmark that needs it, once.
 */
import XMLHttpRequestPolyfill from "xhr2";

export function installNodeXhr(): void {
  const g = globalThis as { XMLHttpRequest?: unknown };
  g.XMLHttpRequest ??= XMLHttpRequestPolyfill;
}
