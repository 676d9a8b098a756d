/**
 * `source` with each value mapped by `map` to any number of values, in order. A throw from `map`
 * closes `source` and ends the iteration with that error.
 *
 * Unlike an async generator, `return()` reaches `source` at once even while a `next()` is waiting,
 * so a client that unsubscribes from a quiet topic releases its bus subscription immediately.
 */
export function flatMapAsyncIterator<T, R>(
  source: AsyncIterator<T>,
  map: (value: T) => readonly R[] | Promise<readonly R[]>,
): AsyncIterableIterator<R> {
  const done = (): IteratorResult<R> => ({ value: undefined, done: true });
  let pending: readonly R[] = [];
  let next = 0;
  const iterator: AsyncIterableIterator<R> = {
    async next() {
      while (next >= pending.length) {
        const result = await source.next();
        if (result.done) return done();
        try {
          pending = await map(result.value);
        } catch (error) {
          await source.return?.();
          throw error;
        }
        next = 0;
      }
      return { value: pending[next++], done: false };
    },
    async return() {
      pending = [];
      await source.return?.();
      return done();
    },
    async throw(error?: unknown) {
      pending = [];
      await source.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/** `source` with each value mapped by `map`; values it maps to null are skipped (see flatMapAsyncIterator). */
export function mapAsyncIterator<T, R>(
  source: AsyncIterator<T>,
  map: (value: T) => R | null | Promise<R | null>,
): AsyncIterableIterator<R> {
  return flatMapAsyncIterator(source, async (value) => {
    const mapped = await map(value);
    return mapped === null ? [] : [mapped];
  });
}

/** `first`, then the values of `rest`; closing it closes `rest`. */
export function startWith<T>(first: T, rest: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  let firstPending = true;
  const iterator: AsyncIterableIterator<T> = {
    next() {
      if (!firstPending) return rest.next();
      firstPending = false;
      return Promise.resolve({ value: first, done: false });
    },
    return() {
      firstPending = false;
      return rest.return ? rest.return() : Promise.resolve({ value: undefined, done: true });
    },
    throw(error?: unknown) {
      firstPending = false;
      return rest.throw ? rest.throw(error) : Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
