/** Maps items with at most `limit` calls in flight, keeping the order of the results; stops at the first error. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * The same, as the results come: yields each result in order as soon as it and those before it are ready, with
 * at most `limit` calls in flight (it does not run further ahead than that). A failure is thrown where its result
 * would have been yielded.
 */
export async function* mapInOrder<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): AsyncGenerator<R> {
  const running: Promise<R>[] = [];
  let next = 0;
  const startNext = () => {
    const index = next++;
    const result = fn(items[index]!, index);
    // Awaited below in its turn; a failure ahead of its turn must not be reported as unhandled meanwhile.
    result.catch(() => undefined);
    running.push(result);
  };
  while (next < items.length && running.length < Math.max(1, limit)) startNext();
  while (running.length > 0) {
    const result = await running.shift()!;
    if (next < items.length) startNext();
    yield result;
  }
}
