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

/**
 * Delivers `first` before the source's events: what a subscriber missed before it was listening
 * (read after the source was subscribed, so nothing falls between the two). Ending the result ends
 * the source.
 * @param first - the events to deliver at once, in order
 * @param source - the subscription's events
 */
export function startWith<T>(first: readonly T[], source: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  const pending = [...first];
  const result: AsyncIterableIterator<T> = {
    async next() {
      if (pending.length === 0) {
        return source.next();
      }
      return { done: false, value: pending.shift() as T };
    },
    async return(value?: unknown) {
      pending.length = 0;
      return (await source.return?.(value)) ?? { done: true, value: undefined };
    },
    async throw(error?: unknown) {
      pending.length = 0;
      if (source.throw) {
        return source.throw(error);
      }
      throw error;
    },
    [Symbol.asyncIterator]() {
      return result;
    },
  };
  return result;
}
