import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeOf, watchedFiles } from './watched-files';

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
