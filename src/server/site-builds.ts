/**
 * Sites still being built when the server starts. `npm start` on a fresh clone builds every demo
 * dealer, which takes minutes; rather than answer nothing until the last one is done, the server
 * starts at once and each dealer's pages are served as soon as its own build finishes. Until
 * then its pages answer 503 with a short page that says how far the builds are and reloads by
 * itself (its API already works: search and leads read stock and dealer files, not built pages).
 * A site whose build failed says so, and points at the server log.
 */
import { escapeHtml } from '../platform/formats/text';

export interface SiteBuilds {
  /** 'building' until the dealer's build ends, then 'ready' or 'failed'; 'ready' for a dealer not being built. */
  state(slug: string): 'building' | 'ready' | 'failed';
  /** How many of the sites being built are done (ready or failed). */
  progress(): { done: number; total: number };
}

export interface SiteBuildTracker extends SiteBuilds {
  finished(slug: string, ok: boolean): void;
}

export function trackSiteBuilds(building: readonly string[]): SiteBuildTracker {
  const ended = new Map<string, boolean>();
  const pending = new Set(building);
  return {
    state(slug) {
      if (!pending.has(slug)) return 'ready';
      const ok = ended.get(slug);
      return ok === undefined ? 'building' : ok ? 'ready' : 'failed';
    },
    progress: () => ({ done: ended.size, total: pending.size }),
    finished(slug, ok) {
      if (pending.has(slug)) ended.set(slug, ok);
    },
  };
}

/** Seconds before the waiting page asks again. */
export const BUILDING_RETRY_SECONDS = 5;

/** The page a shopper (or developer) sees while a site is built, or after its build failed. */
export function siteBuildPage(name: string, state: 'building' | 'failed', progress: { done: number; total: number }): string {
  const site = escapeHtml(name);
  const heading = state === 'building' ? `${site} is being built` : `${site} could not be built`;
  const detail =
    state === 'building'
      ? `${progress.done} of ${progress.total} sites built so far. This page reloads by itself when it is ready.`
      : 'The build failed; the server log says why. Fix the dealer file or the code and start again.';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    ...(state === 'building' ? [`<meta http-equiv="refresh" content="${BUILDING_RETRY_SECONDS}">`] : []),
    `<title>${heading}</title>`,
    '<style>body{font:1.125rem/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}</style>',
    '</head>',
    '<body>',
    '<main>',
    `<h1>${heading}</h1>`,
    `<p role="status">${detail}</p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
