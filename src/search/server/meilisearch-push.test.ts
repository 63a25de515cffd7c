import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Meilisearch, type Settings } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexSettings } from '../model/index-settings';
import { dealerTextSettings } from '../model/text-settings';
import {
  batches,
  dealerSearchConfig,
  ensureSearchKey,
  incomingIndexUid,
  meilisearchAdmin,
  meilisearchSettings,
  parsePushArgs,
  PushError,
  pushConfig,
  pushDealer,
  pushStock,
  searchKeyName,
  type SearchAdmin,
} from './meilisearch-push';
import type { Vehicle } from '../../stock/model/vehicle';

const vehicle = (id: number): Vehicle => ({ id }) as Vehicle; // only ids matter to the push

/** An in-memory Meilisearch: indexes with settings and documents, and a log of every call. */
function fakeAdmin(opts: { failOn?: string; loseDocuments?: boolean } = {}) {
  const indexes = new Map<string, { settings?: Settings; docs: Map<number, Vehicle> }>();
  const keys = new Map<string, { key: string; uid: string }>();
  const calls: string[] = [];
  const step = (call: string): void => {
    calls.push(call);
    if (opts.failOn && call.startsWith(opts.failOn)) throw new PushError(`${call} failed`);
  };
  const index = (uid: string) => {
    const found = indexes.get(uid);
    if (!found) throw new Error(`no index ${uid}`);
    return found;
  };
  const admin: SearchAdmin = {
    indexExists: (uid) => Promise.resolve(indexes.has(uid)),
    createIndex: (uid) => {
      step(`create ${uid}`);
      indexes.set(uid, { docs: new Map() });
      return Promise.resolve();
    },
    deleteIndex: (uid) => {
      step(`delete ${uid}`);
      indexes.delete(uid);
      return Promise.resolve();
    },
    updateSettings: (uid, settings) => {
      step(`settings ${uid}`);
      index(uid).settings = settings;
      return Promise.resolve();
    },
    addDocuments: (uid, docs) => {
      step(`add ${uid} ${docs.length}`);
      for (const doc of opts.loseDocuments ? docs.slice(1) : docs) index(uid).docs.set(doc.id, doc);
      return Promise.resolve();
    },
    countDocuments: (uid) => Promise.resolve(index(uid).docs.size),
    swapIndexes: (a, b) => {
      step(`swap ${a} ${b}`);
      const [x, y] = [index(a), index(b)];
      indexes.set(a, y);
      indexes.set(b, x);
      return Promise.resolve();
    },
    findKey: (name) => Promise.resolve(keys.get(name)),
    createSearchKey: (name) => {
      step(`key ${name}`);
      const key = { key: `key-${keys.size + 1}`, uid: `00000000-0000-4000-8000-00000000000${keys.size + 1}` };
      keys.set(name, key);
      return Promise.resolve(key);
    },
  };
  return {
    admin,
    indexes,
    calls,
    ids: (uid: string) => [...index(uid).docs.keys()],
    documents: (uid: string) => [...index(uid).docs.values()] as (Vehicle & { _geo?: unknown })[],
  };
}

describe('pushDealer', () => {
  it('pushes only the cars the site lists, to its index', async () => {
    const now = 1_760_000_000;
    const stock = [
      { id: 1, status: 'in_stock', show_on_dealer_website: false, sold_date_timestamp: null, location_id: 7 },
      { id: 2, status: 'sold', show_on_dealer_website: true, sold_date_timestamp: now - 86_400 },
      // Hidden: sold and not flagged; sold before the 3-day window.
      { id: 3, status: 'sold', show_on_dealer_website: false, sold_date_timestamp: now - 86_400 },
      { id: 4, status: 'sold', show_on_dealer_website: true, sold_date_timestamp: now - 10 * 86_400 },
    ] as Vehicle[];
    const fake = fakeAdmin();
    const yard = { id: 7, name: 'Yard', address: { lat: -27.5, long: 153 } };
    const site = { slug: 'acme', search: { index_uid: 'acme_stock', include_sold_cars_days: 3 }, locations: [yard] } as unknown as Parameters<
      typeof pushDealer
    >[1];
    const result = await pushDealer(fake.admin, site, stock, { nowSeconds: now });
    expect(result).toEqual({ uid: 'acme_stock', documents: 2, previous: undefined, left: 2 });
    expect(fake.ids('acme_stock')).toEqual([1, 2]);
    // Each car carries its location's point for distance search; one with no known location carries none.
    expect(fake.documents('acme_stock').map((car) => car._geo)).toEqual([{ lat: -27.5, lng: 153 }, undefined]);
  });

  it("sends the dealer's synonyms, stop words and typo tolerance with the index settings", async () => {
    const fake = fakeAdmin();
    const site = {
      slug: 'acme',
      search: { include_sold_cars_days: 3, synonyms: { bakkie: ['ute'] }, typo_tolerance: { no_typos_on_words: ['gx'] } },
      locations: [],
    } as unknown as Parameters<typeof pushDealer>[1];
    await pushDealer(fake.admin, site, [{ id: 1, status: 'in_stock' }] as Vehicle[], { nowSeconds: 1_760_000_000 });
    const settings = fake.indexes.get('acme')?.settings;
    expect(settings).toEqual(meilisearchSettings(dealerTextSettings(site.search)));
    expect(settings).toMatchObject({
      synonyms: { bakkie: ['ute'], ute: ['pickup', 'pick up'], '4wd': ['4x4', 'four wheel drive'] },
      stopWords: ['the', 'for', 'with', 'and'],
      typoTolerance: { minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnWords: ['gx'], disableOnAttributes: ['vin', 'stocknum'] },
    });
  });
});

describe('pushStock', () => {
  const cars = Array.from({ length: 2500 }, (_, i) => vehicle(i + 1));

  it('builds the new index beside the live one, settings first, then swaps it in', async () => {
    const fake = fakeAdmin();
    const result = await pushStock(fake.admin, { uid: 'acme', vehicles: cars });
    expect(result).toEqual({ uid: 'acme', documents: 2500, previous: undefined });
    expect(fake.calls).toEqual([
      'create acme__incoming',
      'settings acme__incoming',
      'add acme__incoming 1000',
      'add acme__incoming 1000',
      'add acme__incoming 500',
      'create acme',
      'swap acme acme__incoming',
      'delete acme__incoming',
    ]);
    expect([...fake.indexes.keys()]).toEqual(['acme']);
    expect(fake.ids('acme')).toHaveLength(2500);
    expect(fake.indexes.get('acme')?.settings).toEqual(meilisearchSettings());
  });

  it('replaces the stock completely: sold-and-gone cars leave, nothing is half-replaced', async () => {
    const fake = fakeAdmin();
    await pushStock(fake.admin, { uid: 'acme', vehicles: [vehicle(1), vehicle(2), vehicle(3)] });
    const result = await pushStock(fake.admin, { uid: 'acme', vehicles: [vehicle(3), vehicle(4)] });
    expect(result.previous).toBe(3);
    expect(fake.ids('acme')).toEqual([3, 4]);
    expect(fake.indexes.has('acme__incoming')).toBe(false);
  });

  it('leaves the live index untouched when a step fails, and clears the half-built one', async () => {
    const fake = fakeAdmin();
    await pushStock(fake.admin, { uid: 'acme', vehicles: [vehicle(1)] });
    const failing = { ...fake.admin, addDocuments: () => Promise.reject(new PushError('adding documents to acme__incoming failed: disk full')) };
    await expect(pushStock(failing, { uid: 'acme', vehicles: [vehicle(7), vehicle(8)] })).rejects.toThrow(/disk full/);
    expect(fake.ids('acme')).toEqual([1]);
    expect(fake.indexes.has('acme__incoming')).toBe(false);
  });

  it('refuses to swap when the new index does not hold every document', async () => {
    const fake = fakeAdmin({ loseDocuments: true });
    await expect(pushStock(fake.admin, { uid: 'acme', vehicles: [vehicle(1), vehicle(2)] })).rejects.toThrow(
      'acme__incoming holds 1 documents, expected 2; the live index was not changed',
    );
    expect(fake.calls).not.toContain('swap acme acme__incoming');
  });

  it('clears a leftover incoming index from an interrupted push first', async () => {
    const fake = fakeAdmin();
    await fake.admin.createIndex('acme__incoming', 'id');
    await fake.admin.addDocuments('acme__incoming', [vehicle(99)]);
    await pushStock(fake.admin, { uid: 'acme', vehicles: [vehicle(1)] });
    expect(fake.calls.slice(2, 4)).toEqual(['delete acme__incoming', 'create acme__incoming']);
    expect(fake.ids('acme')).toEqual([1]);
  });
});

describe('settings', () => {
  it('are the one declaration, without the primary key, with custom_rank:desc last', () => {
    const { primaryKey: _primaryKey, ...rest } = indexSettings;
    expect(meilisearchSettings()).toEqual(rest);
    expect(meilisearchSettings().rankingRules?.at(-1)).toBe('custom_rank:desc');
    // Copies, so the client cannot mutate the shared declaration.
    expect(meilisearchSettings().filterableAttributes).not.toBe(indexSettings.filterableAttributes);
  });

  it('name the incoming index and batch documents', () => {
    expect(incomingIndexUid('kingfisher-toyota')).toBe('kingfisher-toyota__incoming');
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 1000)).toEqual([]);
    expect(() => batches([1], 0)).toThrow(RangeError);
  });
});

describe('search-only keys', () => {
  it('are created once and reused on later pushes', async () => {
    const fake = fakeAdmin();
    const first = await ensureSearchKey(fake.admin, 'acme');
    expect(await ensureSearchKey(fake.admin, 'acme')).toEqual(first);
    expect(fake.calls.filter((c) => c.startsWith('key '))).toEqual([`key ${searchKeyName('acme')}`]);
  });

  it('come with the config snippet for the dealer file', () => {
    const key = { key: 'abc', uid: '5e2442b8-8cb8-4059-904d-dc2d13677c01' };
    expect(dealerSearchConfig('https://search.example', key, 'acme', 'acme')).toBe(
      '"search": {"host":"https://search.example","read_only_key":"abc","read_only_key_uid":"5e2442b8-8cb8-4059-904d-dc2d13677c01"}',
    );
    expect(dealerSearchConfig('https://search.example', key, 'stock_a', 'acme')).toContain('"index_uid":"stock_a"');
  });
});

describe('pushConfig', () => {
  it('explains what to set when MEILISEARCH_HOST is missing', () => {
    expect(() => pushConfig({})).toThrow(/MEILISEARCH_HOST is not set/);
    expect(() => pushConfig({ MEILISEARCH_HOST: '  ' })).toThrow(/embedded search API/);
  });

  it('reads the host and admin key, and refuses non-URLs', () => {
    expect(pushConfig({ MEILISEARCH_HOST: 'http://127.0.0.1:7700/', MEILISEARCH_ADMIN_KEY: 'k' })).toEqual({ host: 'http://127.0.0.1:7700', apiKey: 'k' });
    expect(pushConfig({ MEILISEARCH_HOST: 'https://ms.example' }).apiKey).toBeUndefined();
    expect(() => pushConfig({ MEILISEARCH_HOST: 'ms.example:7700' })).toThrow(/must be http\(s\)|not a URL/);
    expect(() => pushConfig({ MEILISEARCH_HOST: 'not a url' })).toThrow(/not a URL/);
  });
});

describe('parsePushArgs', () => {
  it('reads dealers and the key option', () => {
    expect(parsePushArgs([])).toEqual({ createReadKey: false });
    expect(parsePushArgs(['--dealer', 'a,b', '--dealer=c', '--create-read-key'])).toEqual({ dealers: ['a', 'b', 'c'], createReadKey: true });
  });

  it('refuses what it does not know', () => {
    expect(() => parsePushArgs(['--dealer'])).toThrow(/needs at least one slug/);
    expect(() => parsePushArgs(['--force'])).toThrow(/unknown argument "--force"/);
  });
});

/**
 * Just enough of Meilisearch's HTTP API (indexes, tasks, settings, documents, stats, swap, keys)
 * to check that meilisearchAdmin calls the client the way the server expects. Tasks finish at once.
 */
function fakeMeilisearchServer() {
  const indexes = new Map<string, { primaryKey: string | null; settings: Record<string, unknown>; docs: Map<string, unknown> }>();
  const tasks: Record<string, unknown>[] = [];
  const keys: { name: string; key: string; uid: string; actions: string[]; indexes: string[] }[] = [];
  const requests: string[] = [];
  const enqueue = (res: ServerResponse, type: string, indexUid: string | null, run: () => { code: string; message: string } | undefined): void => {
    const error = run();
    const uid = tasks.length;
    tasks.push({
      uid,
      batchUid: uid,
      indexUid,
      type,
      status: error ? 'failed' : 'succeeded',
      error: error ? { ...error, type: 'invalid_request', link: '' } : null,
      canceledBy: null,
      duration: 'PT0S',
      enqueuedAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
    });
    send(res, 202, { taskUid: uid, indexUid, status: 'enqueued', type, enqueuedAt: new Date().toISOString() });
  };
  const send = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, uid: string): void =>
    send(res, 404, { message: `Index \`${uid}\` not found.`, code: 'index_not_found', type: 'invalid_request', link: '' });
  const handle = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}`);
    const json = (body ? JSON.parse(body) : undefined) as Record<string, unknown> | Record<string, unknown>[] | undefined;
    const parts = url.pathname.split('/').filter(Boolean);
    const [root, uid, sub] = parts;
    if (root === 'tasks' && uid) return send(res, 200, tasks[Number(uid)]);
    if (root === 'keys' && req.method === 'GET') return send(res, 200, { results: keys, offset: 0, limit: 1000, total: keys.length });
    if (root === 'keys' && req.method === 'POST') {
      const key = {
        ...(json as { name: string; actions: string[]; indexes: string[] }),
        key: `search-key-${keys.length + 1}`,
        uid: `5e2442b8-8cb8-4059-904d-dc2d13677c0${keys.length + 1}`,
      };
      keys.push(key);
      return send(res, 201, key);
    }
    if (root === 'swap-indexes') {
      const [a, b] = (json as { indexes: [string, string] }[])[0]?.indexes ?? ['', ''];
      return enqueue(res, 'indexSwap', null, () => {
        const x = indexes.get(a);
        const y = indexes.get(b);
        if (!x || !y) return { code: 'index_not_found', message: 'swap needs both indexes' };
        indexes.set(a, y);
        indexes.set(b, x);
        return undefined;
      });
    }
    if (root !== 'indexes') return send(res, 404, { message: 'no route', code: 'not_found', type: 'invalid_request', link: '' });
    if (!uid && req.method === 'POST') {
      const { uid: newUid, primaryKey } = json as { uid: string; primaryKey?: string };
      return enqueue(res, 'indexCreation', newUid, () => {
        if (indexes.has(newUid)) return { code: 'index_already_exists', message: 'exists' };
        indexes.set(newUid, { primaryKey: primaryKey ?? null, settings: {}, docs: new Map() });
        return undefined;
      });
    }
    const index = uid ? indexes.get(uid) : undefined;
    if (!uid || (!index && !(req.method === 'DELETE' && !sub))) return notFound(res, uid ?? '');
    if (!sub && req.method === 'GET') return send(res, 200, { uid, primaryKey: index!.primaryKey, createdAt: '', updatedAt: '' });
    if (!sub && req.method === 'DELETE')
      return enqueue(res, 'indexDeletion', uid, () => (indexes.delete(uid) ? undefined : { code: 'index_not_found', message: 'missing' }));
    if (sub === 'settings' && req.method === 'PATCH') return enqueue(res, 'settingsUpdate', uid, () => void Object.assign(index!.settings, json));
    if (sub === 'settings' && req.method === 'GET') return send(res, 200, index!.settings);
    if (sub === 'stats') return send(res, 200, { numberOfDocuments: index!.docs.size, isIndexing: false, fieldDistribution: {} });
    if (sub === 'documents' && req.method === 'POST') {
      const key = url.searchParams.get('primaryKey') ?? index!.primaryKey ?? 'id';
      return enqueue(res, 'documentAdditionOrUpdate', uid, () => {
        for (const doc of json as Record<string, unknown>[]) index!.docs.set(String(doc[key]), doc);
        return undefined;
      });
    }
    return send(res, 404, { message: 'no route', code: 'not_found', type: 'invalid_request', link: '' });
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handle(req, res, body));
  });
  return { server, indexes, requests };
}

describe('meilisearchAdmin over HTTP', () => {
  const fake = fakeMeilisearchServer();
  let host = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    host = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('pushes, replaces and creates a search key through the real client', async () => {
    const admin = meilisearchAdmin(new Meilisearch({ host, apiKey: 'admin' }));
    expect(await admin.indexExists('shop')).toBe(false);
    await pushStock(admin, { uid: 'shop', vehicles: [vehicle(1), vehicle(2), vehicle(3)], batchSize: 2 });
    const result = await pushStock(admin, { uid: 'shop', vehicles: [vehicle(3), vehicle(4)] });
    expect(result).toEqual({ uid: 'shop', documents: 2, previous: 3 });
    expect([...fake.indexes.keys()]).toEqual(['shop']);
    expect([...fake.indexes.get('shop')!.docs.keys()]).toEqual(['3', '4']);
    expect(fake.indexes.get('shop')!.settings).toEqual(meilisearchSettings());
    expect(fake.indexes.get('shop')!.primaryKey).toBe('id');
    expect(fake.requests).toEqual(
      expect.arrayContaining([
        'POST /swap-indexes',
        'PATCH /indexes/shop__incoming/settings',
        'POST /indexes/shop__incoming/documents',
        'DELETE /indexes/shop__incoming',
      ]),
    );
    const key = await ensureSearchKey(admin, 'shop');
    expect(key).toEqual({ key: 'search-key-1', uid: '5e2442b8-8cb8-4059-904d-dc2d13677c01' });
    expect(await ensureSearchKey(admin, 'shop')).toEqual(key);
  });

  it('turns a failed task into an error naming the step', async () => {
    const admin = meilisearchAdmin(new Meilisearch({ host }));
    await admin.createIndex('dup', 'id');
    await expect(admin.createIndex('dup', 'id')).rejects.toThrow('creating index dup failed: exists');
  });
});

// Against a real Meilisearch only when one is given; there is no server binary on these machines.
const realHost = process.env.MEILISEARCH_HOST;
if (!realHost) console.info('meilisearch-push: real Meilisearch push skipped (set MEILISEARCH_HOST and MEILISEARCH_ADMIN_KEY to run it)');

describe.skipIf(!realHost)('pushStock against a real Meilisearch (MEILISEARCH_HOST)', () => {
  it('pushes, replaces and swaps a small stock', { timeout: 120_000 }, async () => {
    const { generateDemoStock } = await import('../../stock/model/demo');
    const { testSite } = await import('../../../tests/support/test-site');
    const config = pushConfig();
    const client = new Meilisearch({ host: config.host, ...(config.apiKey ? { apiKey: config.apiKey } : {}) });
    const admin = meilisearchAdmin(client);
    const uid = `push_test_${Date.now()}`;
    const cars = generateDemoStock(testSite(), 50);
    try {
      expect((await pushStock(admin, { uid, vehicles: cars, batchSize: 20 })).documents).toBe(50);
      const result = await pushStock(admin, { uid, vehicles: cars.slice(0, 30) });
      expect(result.previous).toBe(50);
      const search = await client.index(uid).search('', { filter: 'status = in_stock OR status = coming_soon OR status = sold', limit: 0 });
      expect(search.estimatedTotalHits).toBe(30);
      expect((await client.index(uid).getSettings()).rankingRules?.at(-1)).toBe('custom_rank:desc');
      expect(await admin.indexExists(incomingIndexUid(uid))).toBe(false);
    } finally {
      await client.deleteIndexIfExists(uid);
    }
  });
});
