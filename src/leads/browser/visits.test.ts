import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { readFileSync } from 'node:fs';
import { linkedParamsKey, readLinkedParams, readVisitedPages, recordVisit, visitedPagesKey } from './visits';

describe('the visit trail', () => {
  it('is the one a lead reads: a visit the page script records is read at once', () => {
    const storage = new MemoryStorage();
    expect(readVisitedPages('k', storage)).toEqual([]);
    recordVisit('k', { pathname: '/cars/x', search: '?utm_source=facebook' }, storage);
    expect(readVisitedPages('k', storage)).toEqual(['/cars/x']);
    expect(readLinkedParams('k', storage)).toEqual({ utm_source: 'facebook' });
  });

  it('is read as the tab holds it now, not as this page first read it', () => {
    const storage = new MemoryStorage();
    recordVisit('k', { pathname: '/', search: '' }, storage);
    expect(readVisitedPages('k', storage)).toEqual(['/']);
    // Another page of the tab (restored from the back/forward cache, this one kept its scripts).
    storage.setItem(visitedPagesKey('k'), '["/","/finance"]');
    expect(readVisitedPages('k', storage)).toEqual(['/', '/finance']);
    recordVisit('k', { pathname: '/contact', search: '' }, storage);
    expect(readVisitedPages('k', storage)).toEqual(['/', '/finance', '/contact']);
  });

  it('leaves the trail as it was when storage refuses a write, and never throws', () => {
    const storage = new MemoryStorage();
    storage.setItem(visitedPagesKey('k'), '["/"]');
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => recordVisit('k', { pathname: '/contact', search: '?gclid=x' }, storage)).not.toThrow();
    expect(readVisitedPages('k', storage)).toEqual(['/']);
  });

  it('records a visit with no store library: it is all the page script loads for it on every page', () => {
    // nanostores and its session stores were 0.8 KB gzip on every brochure page for a trail that
    // nothing watches; a brochure page's whole budget is 10 KB.
    const source = readFileSync(new URL('./visits.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['../../platform/web/storage']);
  });

  it('keep the keys and JSON a returning tab already holds', () => {
    const storage = new MemoryStorage();
    storage.setItem(visitedPagesKey('k'), '["/","/contact"]');
    storage.setItem(linkedParamsKey('k'), '{"gclid":"abc"}');
    expect(readVisitedPages('k', storage)).toEqual(['/', '/contact']);
    recordVisit('k', { pathname: '/finance', search: '' }, storage);
    expect(storage.getItem(visitedPagesKey('k'))).toBe('["/","/contact","/finance"]');
    expect(storage.getItem(linkedParamsKey('k'))).toBe('{"gclid":"abc"}');
  });
});
