import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { linkedParams, linkedParamsKey, recordVisit, visitedPages, visitedPagesKey } from './visits';

describe('the visit stores', () => {
  it('are the ones a lead reads: a visit the page script records shows in the store at once', () => {
    const storage = new MemoryStorage();
    const seen: string[][] = [];
    visitedPages('k', storage).listen((pages) => seen.push([...pages]));
    recordVisit('k', { pathname: '/cars/x', search: '?utm_source=facebook' }, storage);
    expect(seen).toEqual([['/cars/x']]);
    expect(linkedParams('k', storage).get()).toEqual({ utm_source: 'facebook' });
  });

  it('keep the keys and JSON a returning tab already holds', () => {
    const storage = new MemoryStorage();
    storage.setItem(visitedPagesKey('k'), '["/","/contact"]');
    storage.setItem(linkedParamsKey('k'), '{"gclid":"abc"}');
    expect(visitedPages('k', storage).get()).toEqual(['/', '/contact']);
    recordVisit('k', { pathname: '/finance', search: '' }, storage);
    expect(storage.getItem(visitedPagesKey('k'))).toBe('["/","/contact","/finance"]');
    expect(storage.getItem(linkedParamsKey('k'))).toBe('{"gclid":"abc"}');
  });
});
