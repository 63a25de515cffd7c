import { describe, expect, it } from 'vitest';
import { readAscData, startAscAfterLoad } from './asc-layer';

describe('the page’s ASC data layer', () => {
  it('is what the build wrote, with an empty event log', () => {
    const written = { measurement_ids: ['G-AAAA1111'], store_name: 'Kingfisher Toyota', page_type: 'item', items: [{ item_id: 'JT1' }] };
    expect(readAscData(JSON.stringify(written))).toEqual({ ...written, events: [] });
  });

  it('is nothing when the page has none, or its block is empty or not JSON', () => {
    for (const json of [null, undefined, '', 'not json', 'null']) expect(readAscData(json), String(json)).toBeUndefined();
  });
});

describe('the ASC page view after load', () => {
  const page = (layer: boolean) => {
    const win = new EventTarget() as unknown as Window & { asc_datalayer?: unknown };
    if (layer) win.asc_datalayer = { measurement_ids: [], events: [] };
    return win;
  };
  const started = async (win: Window, allowed: boolean) => {
    const loads: string[] = [];
    startAscAfterLoad(
      win,
      () => allowed,
      () => {
        loads.push('asc-page');
        return Promise.resolve({ initAsc: () => void loads.push('page view') });
      },
    );
    await Promise.resolve();
    expect(loads, 'nothing before the page has loaded').toEqual([]);
    win.dispatchEvent(new Event('load'));
    win.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return loads;
  };

  it('loads once the page has loaded, with consent, and sends the page view once', async () => {
    expect(await started(page(true), true)).toEqual(['asc-page', 'page view']);
  });

  it('fetches nothing without consent (an opt-in site before a choice, a shopper who said no)', async () => {
    expect(await started(page(true), false)).toEqual([]);
  });

  it('fetches nothing on a page without a data layer', async () => {
    expect(await started(page(false), true)).toEqual([]);
  });
});
