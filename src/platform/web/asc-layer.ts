/**
 * Puts the page's ASC data layer (the `#asc-data` JSON the build wrote, src/site/asc-data.ts) on
 * `window.asc_datalayer`, with consent or without: it describes the page and its cars, not the
 * shopper, and tools on the page read it from the start. Tiny on purpose: every page runs it as
 * it loads; the events come later (./asc-page.ts).
 */
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
