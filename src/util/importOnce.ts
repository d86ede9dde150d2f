/**
 * A lazy chunk's `import()`, made once and shared by every caller of the page: once loaded, a new
 * caller does not ask the module loader again, which is not free (under a loader hook such as
 * tsx's, each `import()` is a round trip to the hook's thread). A failed import is not kept: the
 * next caller tries again. `load` must be an arrow that calls `import()` with a literal path, so
 * that bundlers still see the chunk.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    if (kept) return kept;
    const started = load();
    kept = started;
    started.catch(() => {
      if (kept === started) kept = undefined;
    });
    return started;
  };
}
