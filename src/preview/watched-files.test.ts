import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeOf, unwatched, watchedFiles } from './watched-files';

const watched = watchedFiles('acme', { dealersDir: '/site/dealers', stockDir: '/site/.data/stock' });

describe('watchedFiles', () => {
  it('names the dealer file, its assets folder and its stock file', () => {
    expect(watched).toEqual({ dealerFile: '/site/dealers/acme.json', assets: '/site/dealers/assets/acme', stock: '/site/.data/stock/acme.json' });
  });
});

describe('changeOf', () => {
  it('tells which of the dealer files a path is', () => {
    expect(changeOf('/site/dealers/acme.json', watched)).toBe('dealer file');
    expect(changeOf('/site/dealers/assets/acme/logo.svg', watched)).toBe('assets');
    expect(changeOf('/site/dealers/assets/acme/cards/a.webp', watched)).toBe('assets');
    expect(changeOf('/site/dealers/assets/acme', watched)).toBe('assets');
    expect(changeOf('/site/.data/stock/acme.json', watched)).toBe('stock');
  });

  it('ignores other dealers and other files', () => {
    expect(changeOf('/site/dealers/acme-two.json', watched)).toBeUndefined();
    expect(changeOf('/site/dealers/assets/acme-two/logo.svg', watched)).toBeUndefined();
    expect(changeOf('/site/.data/stock/other.json', watched)).toBeUndefined();
    expect(changeOf(path.join('/site', 'src', 'pages', 'index.astro'), watched)).toBeUndefined();
  });
});

describe('unwatched', () => {
  const ignored = unwatched(['/site/dist', '/site/.data'], ['/site/.data/stock/acme.json', '/site/dealers/acme.json']);

  it('leaves out builds and data folders', () => {
    expect(ignored('/site/dist/acme/index.html')).toBe(true);
    expect(ignored('/site/.data/leads-db/base/1/2')).toBe(true);
    expect(ignored('/site/.data/stock/other.json')).toBe(true);
  });

  it("keeps the dealer's own files and the folders on the way to them", () => {
    expect(ignored('/site/.data')).toBe(false);
    expect(ignored('/site/.data/stock')).toBe(false);
    expect(ignored('/site/.data/stock/acme.json')).toBe(false);
    expect(ignored('/site/src/pages/index.astro')).toBe(false);
    expect(ignored('/site/dealers/acme.json')).toBe(false);
  });
});
