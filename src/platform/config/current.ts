/**
 * The dealer whose pages are being rendered. Components import `site` and never read JSON
 * themselves.
 *
 * One bundle of the site's code renders every dealer (src/publish/), so the dealer is not fixed
 * when this module loads: the renderer sets it with `renderAsSite` before it renders a dealer's pages,
 * and `site` is a live binding that every importer then reads as that dealer. Until then (a tool
 * or test importing a page's modules) it is the dealer named by `DEALER`, else the first dealer
 * file.
 *
 * `site` is the dealer's own config object, not a stand-in, so caches keyed by it (the search
 * paths' vocabulary) stay per dealer. The price is that one process renders one dealer at a
 * time: `renderAsSite` refuses to switch while a render of another dealer is still open.
 */
import { loadDealer, listDealerSlugs } from './load';
import type { DealerConfig } from './schema';
import { withBuildSearchKey } from './search-endpoint';

function envSite(): DealerConfig {
  const slug = process.env.DEALER ?? listDealerSlugs()[0];
  if (!slug) throw new Error('DEALER is not set and dealers/ has no dealer files');
  // A dealer on a real Meilisearch with a key uid gets the tenant token the build signed in place of its key.
  return withBuildSearchKey(loadDealer(slug), process.env);
}

let current: DealerConfig | undefined;
let memo = new Map<string, unknown>();
let openRenders = 0;

/** The dealer being rendered; every module that imports it reads the one `renderAsSite` set last. */
export let site: DealerConfig = lazySite();

function lazySite(): DealerConfig {
  // Read on first use rather than at import: the renderer sets the dealer before any page reads it.
  return new Proxy({} as DealerConfig, {
    get: (_, key): unknown => Reflect.get(resolve(), key),
    has: (_, key) => Reflect.has(resolve(), key),
    ownKeys: () => Reflect.ownKeys(resolve()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(resolve(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

function resolve(): DealerConfig {
  if (!current) {
    current = envSite();
    site = current;
  }
  return current;
}

/**
 * Renders `render` as `dealer`'s: `site` is this dealer, and `perSite` values are worked out
 * afresh for it (its stock, feeds, car page context), then shared by all its pages until the next
 * `renderAsSite` with another dealer or a new `fresh` render.
 */
export async function renderAsSite<T>(dealer: DealerConfig, render: () => Promise<T>, options: { fresh?: boolean } = {}): Promise<T> {
  if (current !== dealer || options.fresh) {
    if (openRenders > 0) throw new Error(`cannot render ${dealer.slug} while ${current?.slug ?? 'another dealer'} is still rendering in this process`);
    current = dealer;
    site = dealer;
    memo = new Map();
  }
  openRenders += 1;
  try {
    return await render();
  } finally {
    openRenders -= 1;
  }
}

/**
 * A value every page of one dealer's render shares, worked out the first time a page asks: a
 * 2,400-car dealer renders a car page 2,400 times, and each must not read the stock again.
 */
export function perSite<T>(key: string, make: () => T): T {
  resolve();
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as T;
}

const DAY_MS = 86_400_000;

/**
 * The time a render shows its pages as of: the start of the current UTC day, the same for every
 * page of one dealer's render. Which sold cars are still within the dealer's sold window is
 * measured back from it, so two renders of the same stock on one day write the same bytes, and a
 * car leaves the prerendered lists on the first render after its window ends (the live search
 * in the browser measures from the shopper's clock).
 */
export function renderTime(): number {
  return perSite('render time', () => Math.floor(Date.now() / DAY_MS) * DAY_MS);
}
