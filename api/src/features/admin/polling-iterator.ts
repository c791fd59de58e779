/**
 * An async iterator that yields `read()` at once and then every `intervalMs`, until the consumer
 * returns (a graphql-ws client completing or disconnecting): the timer is cleared and a pending
 * `next()` resolves as done at once, so nothing outlives the subscription.
 */
export function pollingIterator<T>(read: () => Promise<T>, intervalMs: number): AsyncIterableIterator<T> {
  let done = false;
  let first = true;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const finish = (): IteratorResult<T> => ({ done: true, value: undefined });
  const it: AsyncIterableIterator<T> = {
    async next() {
      if (done) return finish();
      if (!first) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, intervalMs);
        });
        if (done) return finish();
      }
      first = false;
      return { done: false, value: await read() };
    },
    async return() {
      done = true;
      clearTimeout(timer);
      wake?.();
      return finish();
    },
    [Symbol.asyncIterator]() {
      return it;
    },
  };
  return it;
}
