// Run a task for each element with at most N in flight; elements are taken in order. Stops taking
// new elements once the signal aborts (and rethrows its reason).

/** Call `task` on every element, at most `limit` at once. */
export async function forEachLimited<T>(
  elements: readonly T[],
  limit: number,
  task: (element: T, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < elements.length) {
      if (signal?.aborted) throw signal.reason;
      const index = next++;
      await task(elements[index], index);
    }
  };
  const workers = Math.max(1, Math.min(limit, elements.length));
  await Promise.all(Array.from({ length: workers }, worker));
}
