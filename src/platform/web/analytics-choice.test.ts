import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { chooseAnalytics, setConsentChoice } from './analytics-choice';
import { CONSENT_CHOICE_EVENT, CONSENT_KEY } from './consent';
import type { AscDataLayer } from './tracker';

type FakeWindow = { localStorage?: Storage; asc_datalayer?: AscDataLayer; dataLayer?: unknown[] };
const g = globalThis as unknown as { window?: FakeWindow; document?: unknown };

const layer = (): AscDataLayer => ({
  measurement_ids: [],
  store_name: 'Opt-in Motors',
  affiliation: 'native',
  event_owner: 'dealer sites',
  language: 'en',
  currency: 'aud',
  page_type: 'home',
  items: [],
  events: [],
});

/** An opt-in page's document: listeners only, which is all the choice and analytics' start use. */
class FakeDocument extends EventTarget {
  readonly documentElement = { dataset: { analyticsConsent: 'opt_in' } };
  readonly choices: unknown[] = [];
  constructor() {
    super();
    this.addEventListener(CONSENT_CHOICE_EVENT, (event) => this.choices.push((event as CustomEvent).detail));
  }
}

let doc: FakeDocument;
const choose = (choice: 'granted' | 'denied') => chooseAnalytics(choice, doc as unknown as Document, g.window as unknown as Window);

beforeEach(() => {
  doc = new FakeDocument();
  g.document = doc;
  g.window = { localStorage: new MemoryStorage(), asc_datalayer: layer() };
});
afterEach(() => {
  delete g.window;
  delete g.document;
});

describe('chooseAnalytics', () => {
  it('"denied" is kept and told to the page; nothing is measured', () => {
    expect(choose('denied')).toBe(true);
    expect(g.window?.localStorage?.getItem(CONSENT_KEY)).toBe('denied');
    expect(doc.choices).toEqual(['denied']);
    expect(g.window?.asc_datalayer?.events).toEqual([]);
  });

  it('"granted" is kept, told to the page, and starts analytics on this page view: its page view is sent', () => {
    expect(choose('granted')).toBe(true);
    expect(g.window?.localStorage?.getItem(CONSENT_KEY)).toBe('granted');
    expect(doc.choices).toEqual(['granted']);
    expect(g.window?.asc_datalayer?.events).toMatchObject([{ event: 'asc_pageview', page_type: 'home' }]);
  });

  it('keeps and starts nothing, and tells no one, where the browser refuses storage', () => {
    g.window = { asc_datalayer: layer() };
    expect(setConsentChoice('granted')).toBe(false);
    expect(choose('granted')).toBe(false);
    expect(doc.choices).toEqual([]);
    expect(g.window.asc_datalayer?.events).toEqual([]);
  });
});
