export interface Failure<T> {
  item: T;
  error: unknown;
  message: string;
}

/**
 * Runs `work` on every item, at most `limit` at once, in the items' order. After the first
 * failure no more items are started: those already running finish, and every failure is
 * returned, so a caller can stop a deploy before its next step and name each file that failed.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<Failure<T>[]> {
  const failures: Failure<T>[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && failures.length === 0) {
      const index = next++;
      const item = items[index] as T;
      try {
        await work(item, index);
      } catch (error) {
        failures.push({ item, error, message: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return failures;
}
