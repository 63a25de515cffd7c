/**
 * Puts the page's ASC data layer (the `#asc-data` JSON the build wrote, src/site/asc-data.ts) on
 * `window.asc_datalayer`, with consent or without: it describes the page and its cars, not the
 * shopper, and tools on the page read it from the start. Tiny on purpose: every page runs it as
 * it loads; the events come later (./asc-page.ts).
 */
import { analyticsAllowed } from './consent';
import type { AscDataLayer } from './tracker';

export const ASC_DATA_ID = 'asc-data';

/**
 * The build's data layer with an empty event log; undefined when the page has none. The JSON is
 * the build's own, not the network's: a page view checks only that it is there
 * (`ascDataLayer` in ./tracker.ts checks the shape before any event is logged in it).
 */
export function readAscData(json: string | null | undefined): AscDataLayer | undefined {
  try {
    const layer = JSON.parse(json || '0') as AscDataLayer | null;
    return layer ? { ...layer, events: [] } : undefined;
  } catch {
    return undefined;
  }
}

export function defineAscDataLayer(doc: Document = document, win: Window = window): void {
  const layer = readAscData(doc.getElementById(ASC_DATA_ID)?.textContent);
  if (layer) (win as Window & { asc_datalayer?: AscDataLayer }).asc_datalayer = layer;
}

/**
 * The page view and the click listeners (./asc-page.ts, one file of about 2.1 KB gzip with the
 * tracker they share with the forms: src/platform/astro/chunks.ts) load after the page's `load` event, and only where they will send
 * something: a page with a data layer, measured with the shopper's consent. On an opt-in site
 * before any choice, or for a shopper who said no, none of it is fetched; a shopper who turns
 * analytics on later (the opt-in banner, the privacy page's switch) starts it from there
 * (./analytics-choice.ts). Consent is read at `load`, so a choice made before it counts.
 */
export function startAscAfterLoad(
  win: Window = window,
  allowed: () => boolean = analyticsAllowed,
  load: () => Promise<{ initAsc: () => void }> = () => import('./asc-page'),
): void {
  win.addEventListener(
    'load',
    () => {
      if (!(win as Window & { asc_datalayer?: AscDataLayer }).asc_datalayer || !allowed()) return;
      load()
        .then((m) => m.initAsc())
        .catch(() => undefined);
    },
    { once: true },
  );
}
