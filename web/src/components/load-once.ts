/**
 * A loader (usually a dynamic `import()`) run at most once: every call shares its promise. A failed
 * load is forgotten, so the next call tries again instead of repeating the failure for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
