/**
 * The Snap21 rating behind GET /api/reviews/snap21?orgId={orgId}: the page reads `rating` and
 * `stars`; a failed fetch is only logged, the shopper sees no error.
 *
 * `rating` is the average out of 5 with one decimal; `stars` the whole stars it earns (the
 * rating rounded half up), which is what the widget draws.
 *
 * Offline default: the dealer's own review summary from its config. With SNAP21_URL set, Snap21
 * is asked (shape assumed below); a failure is logged and answers null.
 */
import { z } from 'zod';
import type { DealerConfig } from '../platform/config/schema';
import { reviewSummary } from '../dealer/model/reviews';
import { DEFAULT_TIMEOUT_MS, envUrl, errorText, fetchWithTimeout, logUrl, readJson, type HttpOptions } from '../platform/http/outbound';

export interface Snap21Rating {
  rating: number;
  stars: number;
}

/** Resolves to the rating, or null when there is none to show (failure already logged). */
export type Snap21Source = (orgId: string, site: Pick<DealerConfig, 'reviews'>) => Promise<Snap21Rating | null>;

export function ratingOf(average: number): Snap21Rating {
  const rating = Math.round(Math.min(5, Math.max(0, average)) * 10) / 10;
  return { rating, stars: Math.min(5, Math.floor(rating + 0.5)) };
}

/** From the configured summary (or the configured reviews); null when the dealer has no reviews. */
export function offlineSnap21Rating(site: Pick<DealerConfig, 'reviews'>): Snap21Rating | null {
  const summary = reviewSummary(site.reviews.items, site.reviews.summary);
  return summary.count > 0 ? ratingOf(summary.average_rating) : null;
}

export const offlineSnap21: Snap21Source = (_orgId, site) => Promise.resolve(offlineSnap21Rating(site));

const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);
const snap21Answer = z.object({ rating: numeric.pipe(z.number().min(0).max(5)) });

/**
 * Snap21 (assumed shape):
 *
 *   GET {SNAP21_URL}?orgId={orgId}      (or SNAP21_URL with "{orgId}" in it, substituted)
 *   200 {"rating": 4.8, "stars": 5}     rating 0–5, as a number or numeric text
 *
 * `stars` is recomputed from `rating` so the two always agree.
 */
export function httpSnap21(options: HttpOptions & { url: string }): Snap21Source {
  const { url, fetch: fetchFn = fetch, log = console.error, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  return async (orgId) => {
    const id = encodeURIComponent(orgId);
    let target: string;
    if (url.includes('{orgId}')) target = url.replace('{orgId}', id);
    else {
      const parsed = new URL(url);
      parsed.searchParams.set('orgId', orgId);
      target = parsed.toString();
    }
    try {
      const response = await fetchWithTimeout(fetchFn, target, { headers: { Accept: 'application/json' } }, timeoutMs);
      if (!response.ok) {
        void response.body?.cancel().catch(() => undefined);
        log(`snap21: ${logUrl(target)} answered ${response.status}`);
        return null;
      }
      const parsed = snap21Answer.safeParse(await readJson(response));
      if (!parsed.success) {
        log(`snap21: ${logUrl(target)} answered without a rating from 0 to 5`);
        return null;
      }
      return ratingOf(parsed.data.rating);
    } catch (error) {
      log(`snap21: ${logUrl(target)} failed: ${errorText(error)}`);
      return null;
    }
  };
}

export function snap21FromEnv(env: NodeJS.ProcessEnv, options: HttpOptions = {}): Snap21Source {
  const url = envUrl(env, 'SNAP21_URL');
  return url ? httpSnap21({ ...options, url }) : offlineSnap21;
}
