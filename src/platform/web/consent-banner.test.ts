import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { CONSENT_CHOICE_EVENT, CONSENT_KEY } from './consent';
import { bannerWanted, choiceOf, initConsentBanner } from './consent-banner';

const g = globalThis as unknown as { window?: unknown; document?: unknown; Element?: unknown };

/** Just enough of the DOM for the banner: elements that take listeners, a document that finds them. */
class FakeElement extends EventTarget {
  hidden = true;
  focused = false;
  readonly dataset: Record<string, string>;
  constructor(
    dataset: Record<string, string> = {},
    readonly children: FakeElement[] = [],
  ) {
    super();
    this.dataset = dataset;
  }
  closest(selector: string): FakeElement | null {
    return selector === 'button[data-consent-choice]' && this.dataset.consentChoice ? this : null;
  }
  contains(other: unknown): boolean {
    return other === this || this.children.includes(other as FakeElement);
  }
  focus(): void {
    this.focused = true;
  }
}

class FakeDocument extends EventTarget {
  readonly documentElement: { dataset: Record<string, string> };
  activeElement: unknown = null;
  readonly main = new FakeElement();
  constructor(
    consent: string,
    readonly banner: FakeElement | null,
  ) {
    super();
    this.documentElement = { dataset: { analyticsConsent: consent } };
  }
  querySelector(): FakeElement | null {
    return this.banner;
  }
  getElementById(id: string): FakeElement | null {
    return id === 'main' ? this.main : null;
  }
}

const allow = new FakeElement({ consentChoice: 'granted' });
const refuse = new FakeElement({ consentChoice: 'denied' });
let storage: MemoryStorage;

function page(consent = 'opt_in') {
  const banner = new FakeElement({}, [allow, refuse]);
  const doc = new FakeDocument(consent, banner);
  g.document = doc;
  return { doc, banner, init: () => initConsentBanner(doc as unknown as Document, g.window as Window) };
}

const click = (banner: FakeElement, button: FakeElement) => {
  const event = new Event('click');
  Object.defineProperty(event, 'target', { value: button });
  banner.dispatchEvent(event);
};

beforeEach(() => {
  storage = new MemoryStorage();
  g.window = { localStorage: storage };
  g.Element = FakeElement;
});
afterEach(() => {
  delete g.window;
  delete g.document;
  delete g.Element;
});

describe('bannerWanted', () => {
  it('asks on an opt-in site while the browser holds no choice', () => {
    expect(bannerWanted(page().doc as unknown as Document)).toBe(true);
  });

  it('never asks on an implied-consent site', () => {
    expect(bannerWanted(page('implied').doc as unknown as Document)).toBe(false);
  });

  it('never asks again once the shopper chose, either way', () => {
    const { doc } = page();
    for (const choice of ['granted', 'denied']) {
      storage.setItem(CONSENT_KEY, choice);
      expect(bannerWanted(doc as unknown as Document)).toBe(false);
    }
  });

  it('asks again when what is stored is not a choice', () => {
    storage.setItem(CONSENT_KEY, 'maybe');
    expect(bannerWanted(page().doc as unknown as Document)).toBe(true);
  });
});

describe('choiceOf', () => {
  it('reads only "granted" as yes', () => {
    expect(choiceOf(allow as unknown as HTMLElement)).toBe('granted');
    expect(choiceOf(refuse as unknown as HTMLElement)).toBe('denied');
    expect(choiceOf(new FakeElement({ consentChoice: 'yes' }) as unknown as HTMLElement)).toBe('denied');
  });
});

describe('initConsentBanner', () => {
  it('shows the banner only where it is wanted', () => {
    const wanted = page();
    wanted.init();
    expect(wanted.banner.hidden).toBe(false);
    const implied = page('implied');
    implied.init();
    expect(implied.banner.hidden).toBe(true);
    storage.setItem(CONSENT_KEY, 'denied');
    const chosen = page();
    chosen.init();
    expect(chosen.banner.hidden).toBe(true);
  });

  it('"No thanks" keeps "denied" and closes the banner, handing focus to the page', async () => {
    const { doc, banner, init } = page();
    init();
    doc.activeElement = refuse;
    click(banner, refuse);
    await vi.waitFor(() => expect(banner.hidden).toBe(true));
    expect(storage.getItem(CONSENT_KEY)).toBe('denied');
    expect(doc.main.focused).toBe(true);
  });

  it('closes when the choice is made elsewhere on the page (the privacy page’s switch)', () => {
    const { doc, banner, init } = page();
    init();
    doc.dispatchEvent(new CustomEvent(CONSENT_CHOICE_EVENT, { detail: 'granted' }));
    expect(banner.hidden).toBe(true);
    expect(doc.main.focused).toBe(false);
  });

  it('closes for this page when the browser refuses to keep the choice', async () => {
    g.window = {};
    const { banner, init } = page();
    init();
    click(banner, refuse);
    await vi.waitFor(() => expect(banner.hidden).toBe(true));
  });

  it('ignores clicks elsewhere in the banner (its privacy link)', async () => {
    const { banner, init } = page();
    init();
    click(banner, new FakeElement());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(banner.hidden).toBe(false);
    expect(storage.getItem(CONSENT_KEY)).toBeNull();
  });
});
