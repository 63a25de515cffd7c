/**
 * "Session data gives navigation and special_hours, fetched cached with no revalidation on
 * focus." "Car-types query: counts of stock per type, keeping types with count above 0; falls
 * back to configured counts on failure."
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { navigationDigest } from '../model/navigation';
import { applyLiveData, createLiveData, LIVE_DATA_TTL_MS, readCarTypeCounts, readSessionData, readSnap21Rating } from './live-data';

describe('live car-type counts', () => {
  it('reads the counts per car type and ignores anything else', () => {
    expect(
      readCarTypeCounts({
        car_types: [
          { car_type: 'used', count: 12 },
          { car_type: 'new', count: 3 },
          { car_type: 'boat', count: 9 },
          { car_type: 'demo', count: '2' },
        ],
        source: 'search',
      }),
    ).toEqual({ used: 12, new: 3 });
    expect(readCarTypeCounts({ error: 'Unknown dealer' })).toBeUndefined();
    expect(readCarTypeCounts(null)).toBeUndefined();
  });
});

describe('live session data', () => {
  it('keeps special hours entries with a date and a header navigation list of menu items', () => {
    const header = testSite().navigation.header;
    const hours = [{ date: '2030-12-25', status: 'Closed' }, 'nope'];
    expect(readSessionData({ navigation: { header }, special_hours: hours })).toEqual({ header, special_hours: [{ date: '2030-12-25', status: 'Closed' }] });
    expect(readSessionData({ navigation: { header: [{ name: 'x' }] } })).toEqual({});
    expect(readSessionData({ navigation: { header, footer: header } })).toEqual({ header, footer: header });
    expect(readSessionData({ navigation: { header, footer: 'nope' } })).toEqual({ header });
    expect(readSessionData('<html>')).toEqual({});
  });

  it('tells a changed navigation from the built one by its digest', () => {
    const header = testSite().navigation.header;
    expect(navigationDigest(structuredClone(header))).toBe(navigationDigest(header));
    expect(navigationDigest([...header].reverse())).not.toBe(navigationDigest(header));
  });
});

describe('the live data cache', () => {
  const store = new Map<string, string>();
  const sessionStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    store.clear();
  });

  it('asks once for concurrent callers, then answers from the tab copy until it is five minutes old', async () => {
    let calls = 0;
    let clock = 1000;
    vi.stubGlobal('sessionStorage', sessionStorage);
    const load = () => Promise.resolve({ n: ++calls });
    const data = createLiveData(load, () => clock);
    const [a, b] = await Promise.all([data.get('/api/x'), data.get('/api/x')]);
    expect([a, b, calls]).toEqual([{ n: 1 }, { n: 1 }, 1]);
    clock += LIVE_DATA_TTL_MS - 1;
    await expect(createLiveData(load, () => clock).get('/api/x')).resolves.toEqual({ n: 1 });
    clock += 1;
    await expect(createLiveData(load, () => clock).get('/api/x')).resolves.toEqual({ n: 2 });
  });

  it('rejects a failed answer and keeps nothing of it', async () => {
    vi.stubGlobal('sessionStorage', sessionStorage);
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 503 })));
    const data = createLiveData();
    await expect(data.get('/api/y')).rejects.toThrow('503');
    expect(data.state('/api/y')).toMatchObject({ status: 'error' });
    expect(store.size).toBe(0);
  });

  it('tells of a failed session data fetch, keeps it as an error state, and asks again once back online', async () => {
    vi.stubGlobal('sessionStorage', sessionStorage);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = { querySelector: () => null, querySelectorAll: () => [] } as unknown as Document;
    let online: (() => void) | undefined;
    const win = { addEventListener: (type: string, listener: () => void) => void (type === 'online' && (online = listener)) } as Pick<
      Window,
      'addEventListener'
    >;
    let up = false;
    const asked: string[] = [];
    const data = createLiveData((path) => {
      asked.push(path);
      return up ? Promise.resolve({}) : Promise.reject(new Error(`${path} answered 503`));
    });
    await expect(applyLiveData(page, data, win)).resolves.toEqual(['/api/session-data']);
    expect(data.state('/api/session-data')).toMatchObject({ status: 'error', error: new Error('/api/session-data answered 503') });
    expect(warn).toHaveBeenCalledWith('Session data could not be fetched:', new Error('/api/session-data answered 503'));

    up = true;
    online?.();
    await vi.waitFor(() => expect(data.state('/api/session-data')).toMatchObject({ status: 'success' }));
    expect(asked).toEqual(['/api/session-data', '/api/session-data']);
  });
});

// "GET /api/reviews/snap21?orgId={orgId}: reads rating and stars." "Snap21 rating fetch failure: console only."
describe('the Snap21 rating', () => {
  it('reads a rating from 0 to 5 and nothing else', () => {
    expect(readSnap21Rating({ rating: 4.7, stars: 5 })).toBe(4.7);
    expect(readSnap21Rating({ rating: 7 })).toBeUndefined();
    expect(readSnap21Rating({ error: 'No Snap21 rating is available right now' })).toBeUndefined();
  });
});
