/**
 * Passes on only the events a predicate accepts, each turned into what the resolver needs; ending
 * the result ends the source, so an unsubscribed client leaves no subscription behind on the emitter.
 * @param source - the pub/sub subscription
 * @param accept - decides per event, after the event arrived
 * @param map - what is passed on for an accepted event
 */
export function filterEvents<T, R = T>(
  source: AsyncIterable<T>,
  accept: (event: T) => Promise<boolean> | boolean,
  map: (event: T) => R = (event) => event as unknown as R,
): AsyncIterableIterator<R> {
  const iterator = source[Symbol.asyncIterator]();
  const result: AsyncIterableIterator<R> = {
    async next() {
      for (;;) {
        const step = await iterator.next();
        if (step.done) {
          return { done: true, value: undefined };
        }
        if (await accept(step.value)) {
          return { done: false, value: map(step.value) };
        }
      }
    },
    async return(value?: unknown) {
      await iterator.return?.(value);
      return { done: true, value: undefined };
    },
    async throw(error?: unknown) {
      await iterator.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return result;
    },
  };
  return result;
}
