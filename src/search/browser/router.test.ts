import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { searchSite } from '../model/site';
import { createSearchRouting, type RouterWindow } from './router';
import type { SearchState } from '../model/state';

const site = searchSite(testSite());
const INDEX = site.slug;
const vocabulary = { make: ['Toyota', 'Mazda'] };

/** A window with an address bar and a history list, enough for the router. */
function fakeWindow(url: string) {
  const entries: string[] = [url];
  let index = 0;
  const listeners = new Set<() => void>();
  const set = (next: string) => {
    const u = new URL(next, 'https://dealer.test');
    win.location.pathname = u.pathname;
    win.location.search = u.search;
  };
  const win: RouterWindow & { back(): void; entries: string[] } = {
    location: { pathname: '', search: '' },
    history: {
      pushState: (_data, _unused, next) => {
        entries.splice(index + 1, entries.length, String(next));
        index += 1;
        set(String(next));
      },
      replaceState: (_data, _unused, next) => {
        entries[index] = String(next);
        set(String(next));
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    back() {
      index -= 1;
      set(entries[index] ?? '/');
      for (const listener of listeners) listener();
    },
    entries,
  };
  set(url);
  return win;
}

describe('search routing', () => {
  it('maps UI state to the SEO path and back', () => {
    const { router, stateMapping } = createSearchRouting({ site, indexUid: INDEX, vocabulary });
    const route = stateMapping.stateToRoute({ [INDEX]: { refinementList: { car_type: ['used'], make: ['Toyota'] }, page: 2 } });
    expect(router.createURL(route)).toBe('/search/used-cars?make=Toyota&page=2');
    expect(stateMapping.routeToState(router.read())).toEqual({ [INDEX]: {} });
  });

  it('reads the prerendered URL until the island is live, then the address bar', () => {
    const win = fakeWindow('/search/used-cars?make=Toyota&page=2');
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, prerenderedUrl: '/search/used-cars', win });
    const updates: unknown[] = [];
    routing.router.onUpdate((route) => updates.push(routing.stateMapping.routeToState(route)));
    expect(routing.stateMapping.routeToState(routing.router.read())).toEqual({ [INDEX]: { refinementList: { car_type: ['used'] } } });
    routing.goLive();
    expect(updates).toEqual([{ [INDEX]: { page: 2, refinementList: { car_type: ['used'], make: ['Toyota'] } } }]);
  });

  it('leaves the address bar alone until the island is live', () => {
    const win = fakeWindow('/search/used-cars?make=Toyota');
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, prerenderedUrl: '/search/used-cars', win });
    routing.router.write(routing.router.read());
    expect(win.entries).toEqual(['/search/used-cars?make=Toyota']);
  });

  it('follows a shopper who refines before the island is live', () => {
    const win = fakeWindow('/search/used-cars');
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, prerenderedUrl: '/search/used-cars', win });
    routing.router.write(routing.stateMapping.stateToRoute({ [INDEX]: { refinementList: { car_type: ['used'] }, page: 2 } }));
    expect(win.entries).toEqual(['/search/used-cars', '/search/used-cars?page=2']);
  });

  it('does not search again on going live when the address bar is the prerendered page', () => {
    const win = fakeWindow('/search/used-cars/');
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, prerenderedUrl: '/search/used-cars', win });
    const updates: unknown[] = [];
    routing.router.onUpdate((route) => updates.push(route));
    routing.goLive();
    expect(updates).toEqual([]);
    expect(win.entries).toEqual(['/search/used-cars']);
  });

  it('reads a typed query into filters on going live, and puts their SEO path in the address bar', async () => {
    const win = fakeWindow('/search?query=used+suv+hilux');
    const asked: unknown[] = [];
    const understand = (state: SearchState) => {
      asked.push(state.query);
      return Promise.resolve<SearchState>({ refinements: { car_type: ['used'], body: ['SUV'] }, ranges: {}, query: 'hilux' });
    };
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, prerenderedUrl: '/search', win, understand });
    const updates: unknown[] = [];
    routing.router.onUpdate((route) => updates.push(routing.stateMapping.routeToState(route)));
    expect(routing.goLive()).toBe(true);
    await expect.poll(() => updates.length).toBe(1);
    expect(asked).toEqual(['used suv hilux']);
    expect(updates).toEqual([{ [INDEX]: { query: 'hilux', refinementList: { car_type: ['used'], body: ['SUV'] } } }]);
    expect(win.entries).toEqual(['/search/used-cars?query=hilux&body=SUV']);
  });

  // Issue 30: an unknown search path became a make filter with a garbled title.
  it('settles a path nothing names between a make and a search for its words', async () => {
    const win = fakeWindow('/search/qwerty-asdf?sortBy=price:asc');
    const asked: unknown[] = [];
    const readUnknownPath = (asMake: SearchState, asWords: SearchState) => {
      asked.push(asMake.refinements, asWords);
      return Promise.resolve(asWords);
    };
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, prerenderedUrl: '/search/new-used-and-demo-cars', win, readUnknownPath });
    const updates: unknown[] = [];
    routing.router.onUpdate((route) => updates.push(routing.stateMapping.routeToState(route)));
    expect(routing.goLive()).toBe(true);
    await expect.poll(() => updates.length).toBe(1);
    expect(asked).toEqual([{ make: ['Qwerty Asdf'] }, expect.objectContaining({ query: 'qwerty asdf', refinements: {}, sortBy: 'price:asc' })]);
    expect(win.entries).toEqual(['/search/new-used-and-demo-cars?query=qwerty+asdf&sortBy=price:asc']);

    // A make someone named is read at once.
    const known = fakeWindow('/search/mazda');
    const never = () => Promise.reject(new Error('not asked'));
    const plain = createSearchRouting({
      site,
      indexUid: INDEX,
      vocabulary,
      prerenderedUrl: '/search/new-used-and-demo-cars',
      win: known,
      readUnknownPath: never,
    });
    expect(plain.goLive()).toBe(true);
    expect(known.entries).toEqual(['/search/mazda']);
  });

  it('keeps the query as typed when reading it fails', async () => {
    const win = fakeWindow('/search?query=used+suv');
    const routing = createSearchRouting({
      site,
      indexUid: INDEX,
      vocabulary,
      prerenderedUrl: '/search',
      win,
      understand: () => Promise.reject(new Error('offline')),
    });
    const updates: unknown[] = [];
    routing.router.onUpdate((route) => updates.push(routing.stateMapping.routeToState(route)));
    expect(routing.goLive()).toBe(true);
    await expect.poll(() => updates.length).toBe(1);
    expect(updates).toEqual([{ [INDEX]: { query: 'used suv' } }]);
  });

  it('says whether a search follows going live', () => {
    const plain = createSearchRouting({
      site,
      indexUid: INDEX,
      vocabulary,
      prerenderedUrl: '/search/used-cars',
      win: fakeWindow('/search/used-cars?utm_source=mail'),
    });
    expect(plain.goLive()).toBe(false);
    const paged = createSearchRouting({ site, indexUid: INDEX, vocabulary, prerenderedUrl: '/search/used-cars', win: fakeWindow('/search/used-cars?page=2') });
    expect(paged.goLive()).toBe(true);
  });

  it('settles a shell page on the SEO path of what it shows', () => {
    const win = fakeWindow('/shell/search/?make=Toyota&car_type=used');
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, win });
    expect(routing.stateMapping.routeToState(routing.router.read())).toEqual({ [INDEX]: { refinementList: { car_type: ['used'], make: ['Toyota'] } } });
    routing.goLive();
    expect(win.entries).toEqual(['/search/used-cars?make=Toyota']);
  });

  it('pushes a new search onto history and replays it on back', () => {
    const win = fakeWindow('/search/used-cars');
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, win });
    const updates: unknown[] = [];
    routing.router.onUpdate((route) => updates.push(routing.stateMapping.routeToState(route)));
    routing.router.write(routing.stateMapping.stateToRoute({ [INDEX]: { refinementList: { car_type: ['used'], make: ['Toyota'] } } }));
    expect(win.entries).toEqual(['/search/used-cars', '/search/used-cars?make=Toyota']);
    win.back();
    expect(updates).toEqual([{ [INDEX]: { refinementList: { car_type: ['used'] } } }]);
  });

  it('corrects another spelling of the same search in place', () => {
    const win = fakeWindow('/search/used-cars?page=1');
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, win });
    routing.router.write(routing.router.read());
    expect(win.entries).toEqual(['/search/used-cars']);
  });

  it('stops listening when InstantSearch is disposed', () => {
    const win = fakeWindow('/search/used-cars');
    const routing = createSearchRouting({ site, indexUid: INDEX, vocabulary, win });
    const updates: unknown[] = [];
    routing.router.onUpdate((route) => updates.push(route));
    routing.router.write(routing.stateMapping.stateToRoute({ [INDEX]: { refinementList: { car_type: ['new'] } } }));
    routing.router.dispose();
    win.back();
    expect(updates).toEqual([]);
  });
});
