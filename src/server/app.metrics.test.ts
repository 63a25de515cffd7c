/**
 * /api/metrics through the whole app: who may read it, and that a lead, a search and a queued
 * delivery show in it for their dealer.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SearchEngine } from '@dealer-sites/search-engine';
import { indexSettings } from '../search/model/index-settings';
import { readOutboxBacklog } from '../leads/delivery/outbox/backlog';
import { cachedReading, reportOutboxBacklog } from '../platform/metrics/metrics';
import { DEALER, enquiry, NOW, OTHER_DEALER, send, type Send } from '../../tests/support/lead-api';
import { metricValue, sampleIn } from '../../tests/support/metrics';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../../tests/support/test-databases';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { createApp } from './app';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const LOCAL = { host: '127.0.0.1:4321', ip: '127.0.0.1' };

const cars = [
  { id: 1, name: '2023 Toyota RAV4 GX', make: 'Toyota', model: 'RAV4', body: 'SUV', car_type: 'new', price: 45990, custom_rank: 3 },
  { id: 2, name: '2019 Toyota Corolla Ascent', make: 'Toyota', model: 'Corolla', body: 'Hatchback', car_type: 'used', price: 19990, custom_rank: 2 },
];

describe.each(routeTestDatabaseKinds())('/api/metrics on %s', (kind) => {
  const db = useTestDatabase(kind);
  let app: ReturnType<typeof createApp>;
  const engine = new SearchEngine(cars, indexSettings);

  const make = (env: NodeJS.ProcessEnv = {}): ReturnType<typeof createApp> =>
    createApp({
      distDir: 'unused',
      dealers: [DEALER, OTHER_DEALER],
      defaultDealer: DEALER,
      dealersDir: DEALER_FILES_DIR,
      env,
      search: { get: (uid) => Promise.resolve(uid === DEALER ? { engine } : undefined) },
      leads: { database: db.current, filesDir: mkdtempSync(path.join(tmpdir(), 'lead-files-')), now: () => NOW },
    });

  beforeAll(() => {
    app = make();
  });
  beforeEach(() => resetTestDatabase(db.current));

  const metrics = (target: ReturnType<typeof createApp>, options: Partial<Send> = {}) =>
    send(target, { method: 'GET', path: '/api/metrics', ...LOCAL, ...options });
  const text = async (options: Partial<Send> = {}): Promise<string> => {
    const answer = await metrics(app, options);
    expect(answer.status).toBe(200);
    return String(answer.body.text);
  };

  it('answers this machine in Prometheus text format', async () => {
    const answer = await app.request(
      'http://127.0.0.1:4321/api/metrics',
      { headers: { host: '127.0.0.1:4321' } },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = await answer.text();
    expect(body).toContain('# TYPE leads_accepted_total counter');
    expect(body).toContain('# TYPE search_duration_seconds histogram');
    expect(body).toContain('# TYPE site_build_duration_seconds histogram');
    expect(body).toContain('# TYPE lead_outbox_deliveries gauge');
    expect(body).toContain('# TYPE publish_queue_jobs gauge');
    // It acts for no dealer: a local name that names none answers too.
    expect((await metrics(app, { host: 'ops.localhost:4321' })).status).toBe(200);
  });

  it('refuses an address elsewhere without the token (403, or 401 once METRICS_TOKEN is set), and answers it with the token', async () => {
    const stranger = { ip: '203.0.113.7' };
    expect((await metrics(app, stranger)).status).toBe(403);
    // On a dealer's own host, even from loopback: that is how a proxy on this machine passes shoppers on.
    expect((await metrics(app, { host: 'kingfishertoyota.example' })).status).toBe(403);
    const guarded = make({ METRICS_TOKEN: TOKEN });
    const refused = await metrics(guarded, stranger);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect((await metrics(guarded, { ...stranger, headers: { authorization: 'Bearer wrong-token-wrong-token-wrong' } })).status).toBe(401);
    const allowed = await metrics(guarded, { ...stranger, host: 'kingfishertoyota.example', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(String(allowed.body.text)).toContain('# TYPE leads_accepted_total counter');
  });

  it('counts a lead posted through the app as accepted for its dealer and form, once', async () => {
    const labels = { dealer: DEALER, kind: 'enquiry' };
    const before = await metricValue('leads_accepted_total', labels);
    const posted = await send(app, { body: enquiry(), key: 'metrics-lead-1' });
    expect(posted.status).toBe(201);
    // The same request again is a replay of the stored lead, not another lead.
    expect((await send(app, { body: enquiry(), key: 'metrics-lead-1' })).status).toBe(201);
    expect(await metricValue('leads_accepted_total', labels)).toBe(before + 1);
    expect(sampleIn(await text(), 'leads_accepted_total', labels)).toBe(before + 1);
    // A refused lead is not counted.
    expect((await send(app, { body: enquiry({ phone: 'not a phone' }) })).status).toBe(400);
    expect(await metricValue('leads_accepted_total', labels)).toBe(before + 1);
  });

  it('times a search for its dealer, and makes no label of an unknown host', async () => {
    const series = 'search_duration_seconds_count';
    const labels = { dealer: DEALER, route: 'multi-search' };
    const before = await metricValue('search_duration_seconds', labels, series);
    const others = await metricValue('search_duration_seconds', { dealer: 'other' }, series);
    const search = { path: '/api/search/multi-search', body: { queries: [{ indexUid: DEALER, q: 'toyota' }] } };
    const answer = await send(app, search);
    expect(answer.status).toBe(200);
    expect(await metricValue('search_duration_seconds', labels, series)).toBe(before + 1);
    expect(await metricValue('search_duration_seconds', labels, 'search_duration_seconds_sum')).toBeGreaterThan(0);
    expect((await send(app, { ...search, host: 'stranger.example' })).status).toBe(404);
    expect(await metricValue('search_duration_seconds', { dealer: 'other' }, series)).toBe(others);
    expect(await text()).not.toContain('stranger');
  });

  it('shows a queued delivery in the outbox backlog, read from the database', async () => {
    const stop = reportOutboxBacklog(cachedReading(() => readOutboxBacklog(db.current), { freshForMs: 0 }));
    try {
      const owed = { dealer: DEALER, state: 'owed' };
      expect(sampleIn(await text(), 'lead_outbox_deliveries', owed)).toBeUndefined();
      // A complete enquiry owes a copy to the outbox folder and a reply to the shopper.
      expect((await send(app, { body: enquiry() })).status).toBe(201);
      const page = await text();
      expect(sampleIn(page, 'lead_outbox_deliveries', owed)).toBe(2);
      expect(sampleIn(page, 'lead_outbox_oldest_owed_seconds', {})).toBeGreaterThanOrEqual(0);
    } finally {
      stop();
    }
  });
});
