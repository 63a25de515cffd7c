import { describe, expect, it } from 'vitest';
import { readAscData } from './asc-layer';

describe('the page’s ASC data layer', () => {
  it('is what the build wrote, with an empty event log', () => {
    const written = { measurement_ids: ['G-AAAA1111'], store_name: 'Kingfisher Toyota', page_type: 'item', items: [{ item_id: 'JT1' }] };
    expect(readAscData(JSON.stringify(written))).toEqual({ ...written, events: [] });
  });

  it('is nothing when the page has none, or its block is empty or not JSON', () => {
    for (const json of [null, undefined, '', 'not json', 'null']) expect(readAscData(json), String(json)).toBeUndefined();
  });
});
