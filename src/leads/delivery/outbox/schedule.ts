/**
 * When a failed delivery is tried again: 1 min, 5 min, 15 min, 1 h after the 1st to 4th
 * failures, then every 3 h, until 72 hours after the outbox row was written. The last retry is
 * pulled in to that 72-hour mark, and a failure at or after it makes the row dead, so a lead
 * is never given up on without one last try at the deadline.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const retryDelaysMs: readonly number[] = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, 1 * HOUR];
export const laterRetryDelayMs = 3 * HOUR;
export const giveUpAfterMs = 72 * HOUR;

/** Wait after the `failures`-th failure (1-based). */
export function retryDelayMs(failures: number): number {
  return retryDelaysMs[Math.max(1, failures) - 1] ?? laterRetryDelayMs;
}

export type AfterFailure = { status: 'pending'; nextAttemptAt: Date } | { status: 'dead' };

export function afterFailure({ failures, createdAt, now }: { failures: number; createdAt: Date; now: Date }): AfterFailure {
  const deadline = createdAt.getTime() + giveUpAfterMs;
  if (now.getTime() >= deadline) return { status: 'dead' };
  return { status: 'pending', nextAttemptAt: new Date(Math.min(now.getTime() + retryDelayMs(failures), deadline)) };
}
