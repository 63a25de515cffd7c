import { describe, expect, it } from 'vitest';
import { labelValues, metricValue, sampleIn } from '../../../tests/support/metrics';
import {
  cachedReading,
  collectProcessMetrics,
  dealerLabel,
  knowDealers,
  processMetrics,
  recordBuild,
  recordLeadAccepted,
  recordSearch,
  reportOutboxBacklog,
  reportPublishQueue,
} from './metrics';

describe('dealer labels', () => {
  it('are the slugs dealer files name, and "other" for anything else', () => {
    knowDealers(['metrics-alpha']);
    expect(dealerLabel('metrics-alpha')).toBe('metrics-alpha');
    expect(dealerLabel('evil.example')).toBe('other');
    expect(dealerLabel(null)).toBe('other');
  });

  it('never gain a value from an unknown dealer', async () => {
    knowDealers(['metrics-alpha']);
    recordLeadAccepted('not-a-dealer-file', 'enquiry');
    recordSearch('/search/toyota?q=x', 'multi-search', 0.01);
    recordBuild('../etc', 'full', 'ok', 1);
    for (const name of ['leads_accepted_total', 'search_duration_seconds', 'site_build_duration_seconds']) {
      const dealers = await labelValues(name, 'dealer');
      expect(
        [...dealers].filter((dealer) => /not-a-dealer|search|etc/.test(dealer)),
        name,
      ).toEqual([]);
      expect(dealers.has('other'), name).toBe(true);
    }
  });
});

describe('recording', () => {
  it('counts builds and their duration by dealer, kind and outcome', async () => {
    knowDealers(['metrics-alpha']);
    const labels = { dealer: 'metrics-alpha', kind: 'incremental', outcome: 'failed' };
    const count = await metricValue('site_build_duration_seconds', labels, 'site_build_duration_seconds_count');
    const sum = await metricValue('site_build_duration_seconds', labels, 'site_build_duration_seconds_sum');
    recordBuild('metrics-alpha', 'incremental', 'failed', 2.5);
    expect(await metricValue('site_build_duration_seconds', labels, 'site_build_duration_seconds_count')).toBe(count + 1);
    expect(await metricValue('site_build_duration_seconds', labels, 'site_build_duration_seconds_sum')).toBeCloseTo(sum + 2.5);
  });
});

describe('sources read when the metrics are read', () => {
  it('give the outbox backlog by dealer and state, and the oldest owed age', async () => {
    knowDealers(['metrics-alpha']);
    const stop = reportOutboxBacklog(() =>
      Promise.resolve({
        rows: [
          { dealer: 'metrics-alpha', state: 'owed' as const, count: 3 },
          { dealer: 'metrics-alpha', state: 'dead' as const, count: 1 },
          { dealer: 'removed-dealer', state: 'owed' as const, count: 2 },
        ],
        oldestOwedSeconds: 42,
      }),
    );
    try {
      const { body } = await processMetrics();
      expect(sampleIn(body, 'lead_outbox_deliveries', { dealer: 'metrics-alpha', state: 'owed' })).toBe(3);
      expect(sampleIn(body, 'lead_outbox_deliveries', { dealer: 'metrics-alpha', state: 'dead' })).toBe(1);
      expect(sampleIn(body, 'lead_outbox_deliveries', { dealer: 'other', state: 'owed' })).toBe(2);
      expect(sampleIn(body, 'lead_outbox_oldest_owed_seconds', {})).toBe(42);
    } finally {
      stop();
    }
    const { body } = await processMetrics();
    expect(sampleIn(body, 'lead_outbox_deliveries', { dealer: 'metrics-alpha', state: 'owed' })).toBeUndefined();
  });

  it('give the publish queue depth', async () => {
    const stop = reportPublishQueue(() => Promise.resolve({ queued: 2, running: 1 }));
    try {
      const { body, contentType } = await processMetrics();
      expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(sampleIn(body, 'publish_queue_jobs', { state: 'queued' })).toBe(2);
      expect(sampleIn(body, 'publish_queue_jobs', { state: 'running' })).toBe(1);
    } finally {
      stop();
    }
  });

  it("include prom-client's default process metrics once started", async () => {
    collectProcessMetrics();
    collectProcessMetrics();
    const { body } = await processMetrics();
    expect(body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
    expect(body.match(/^# TYPE process_resident_memory_bytes /gm)).toHaveLength(1);
  });
});

describe('cachedReading', () => {
  const clock = () => {
    let at = 0;
    return { now: () => at, pass: (ms: number) => (at += ms) };
  };

  it('asks again only once a reading is older than freshForMs', async () => {
    const time = clock();
    let reads = 0;
    const read = cachedReading(() => Promise.resolve(++reads), { freshForMs: 5000, now: time.now });
    expect(await read()).toBe(1);
    time.pass(4999);
    expect(await read()).toBe(1);
    time.pass(1);
    expect(await read()).toBe(2);
  });

  it('answers the last reading when a read is slow or fails, and never starts a second read meanwhile', async () => {
    const time = clock();
    let release: (value: number) => void = () => undefined;
    let reads = 0;
    let mode: 'fast' | 'slow' | 'fail' = 'fast';
    const read = cachedReading(
      () => {
        reads += 1;
        if (mode === 'fail') return Promise.reject(new Error('database down'));
        if (mode === 'slow') return new Promise<number>((resolve) => (release = resolve));
        return Promise.resolve(7);
      },
      { freshForMs: 0, timeoutMs: 20, now: time.now },
    );
    expect(await read()).toBe(7);
    mode = 'slow';
    time.pass(1);
    const started = Date.now();
    expect(await read()).toBe(7);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await read()).toBe(7);
    expect(reads).toBe(2);
    release(8);
    await new Promise((resolve) => setImmediate(resolve));
    mode = 'fail';
    expect(await read()).toBe(8);
    expect(reads).toBe(3);
  });

  it('answers undefined before any read has succeeded', async () => {
    const read = cachedReading(() => Promise.reject(new Error('no database')), { timeoutMs: 20 });
    expect(await read()).toBeUndefined();
  });
});
