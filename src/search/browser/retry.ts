/**
 * When the search service fails, the island keeps what it showed, says so, and tries again on
 * its own: after 2, 4, 8 … seconds, at most 30 seconds apart, so a service that comes back is
 * picked up without hammering one that is down.
 */
export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 30_000;

/** Delay before automatic retry number `attempt` (0 for the first). */
export function retryDelay(attempt: number): number {
  const safe = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  return Math.min(RETRY_BASE_MS * 2 ** Math.min(safe, 16), RETRY_MAX_MS);
}
