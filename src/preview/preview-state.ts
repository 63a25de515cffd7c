/**
 * What the preview's file watcher (in the dev server's own process, src/preview/integration.ts)
 * tells the pages' middleware (loaded by Vite with the pages, src/preview/middleware.ts): the
 * dealer to render and the checks to show. The two run in one Node process but load their own
 * copies of modules, so the state lives on `globalThis` under one symbol rather than in a module.
 */
import type { DealerConfig } from '../platform/config/schema';
import type { PreviewChecks } from './checks';

export interface PreviewState {
  /** The last dealer file that passed its checks, as the build publishes it; none while no version has. */
  dealer?: DealerConfig;
  /**
   * Goes up when the page must be rendered afresh: a good dealer file, an asset or a stock file
   * that reads. A broken file leaves it as it was, so the page keeps showing the last good one.
   */
  version: number;
  /** Goes up with every check, good or not: a page rendered before it reloads (src/preview/live-reload.ts). */
  revision: number;
  /** The checks of the latest save, good or not. */
  checks: PreviewChecks;
}

const KEY = Symbol.for('dealer-sites.preview');

type Holder = { [KEY]?: PreviewState };

export function previewState(): PreviewState | undefined {
  return (globalThis as Holder)[KEY];
}

export function setPreviewState(state: PreviewState): void {
  (globalThis as Holder)[KEY] = state;
}

/**
 * Where the preview's first middleware tells the page middleware the revision a page renders at:
 * in the page's `locals`, which Astro's dev server takes from the Node request under this symbol
 * (as its Node adapter does). A request header would do, but reading headers on a prerendered
 * route makes Astro warn on every page.
 */
export const ASTRO_LOCALS = Symbol.for('astro.locals');
export const REVISION_LOCAL = 'dealerPreviewRevision';
