import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { collectPageJs, findTags, gzipSize, hasIsland, isExecutable, pageScripts, sitePath, staticImports } from './assets';

describe('pageScripts', () => {
  it('keeps executable inline scripts and drops JSON-LD, templates and nomodule', () => {
    const html = [
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="module">a()</script>',
      '<script>b()</script>',
      '<SCRIPT TYPE="text/javascript">c()</SCRIPT>',
      '<script type="text/template"><p>x</p></script>',
      '<script nomodule>legacy()</script>',
      '<script type="module">  </script>',
    ].join('');
    expect(pageScripts(html)).toEqual({ inline: ['a()', 'b()', 'c()'], refs: [] });
  });

  it('collects script src, modulepreload and island URLs, not other links', () => {
    const html = `<link rel="stylesheet" href="/_astro/a.css"><link rel="modulepreload" href="/_astro/pre.js">
      <script type="module" src="/_astro/page.js"></script><script type="application/ld+json" src="/x.json"></script>
      <astro-island uid="1" component-url="/_astro/Widget.js" renderer-url="/_astro/client.js"></astro-island>`;
    expect(pageScripts(html).refs).toEqual(['/_astro/pre.js', '/_astro/page.js', '/_astro/Widget.js', '/_astro/client.js']);
  });

  it('is not fooled by ">" in attributes, comments, or "<script" inside other scripts and raw text', () => {
    const html = `<!-- <script>commented()</script> -->
      <div data-x="a>b"><script data-note="1 > 0" type="module">const s = "<script>"; run(s)</script></div>
      <title>About <script> tags</title><style>/* <script>no()</script> */</style>
      <script type='module'>if (a </scriptx> b) go()</script><script src=/_astro/bare.js></script>`;
    const found = pageScripts(html);
    expect(found.inline).toEqual(['const s = "<script>"; run(s)', 'if (a </scriptx> b) go()']);
    expect(found.refs).toEqual(['/_astro/bare.js']);
  });

  it('decodes entities in attribute values and survives an unclosed script', () => {
    expect(findTags('<script src="/a.js?x=1&amp;y=2"></script><script>tail(', ['script']).map((t) => [t.attrs.get('src'), t.content])).toEqual([
      ['/a.js?x=1&y=2', ''],
      [undefined, 'tail('],
    ]);
  });
});

describe('isExecutable', () => {
  it('treats missing, empty and JavaScript MIME types as executable', () => {
    for (const type of [undefined, '', 'module', ' Module ', 'text/javascript']) {
      expect(isExecutable(new Map(type === undefined ? [] : [['type', type]]))).toBe(true);
    }
    expect(isExecutable(new Map([['type', 'application/ld+json']]))).toBe(false);
    expect(isExecutable(new Map([['type', 'importmap']]))).toBe(false);
  });
});

describe('staticImports', () => {
  it('finds minified and spaced static imports and re-exports, once each', () => {
    const js = `import{a as b}from"./chunk.A1.js";import"./side.js";export*from './re.js';import x from "../up.js";import"./side.js";`;
    expect(staticImports(js)).toEqual(['./chunk.A1.js', './side.js', './re.js', '../up.js']);
  });

  it('skips dynamic imports and bare or remote specifiers', () => {
    expect(staticImports(`const m=import("./lazy.js");import"react";import"https://cdn.example/x.js";`)).toEqual([]);
  });
});

describe('sitePath', () => {
  it('resolves against the page or file path and rejects other origins', () => {
    expect(sitePath('/_astro/a.js', '/contact')).toBe('/_astro/a.js');
    expect(sitePath('./b.js', '/_astro/a.js')).toBe('/_astro/b.js');
    expect(sitePath('x.js', '/our-location/main')).toBe('/our-location/x.js');
    expect(sitePath('https://cdn.example/x.js', '/')).toBeUndefined();
    expect(sitePath('//cdn.example/x.js', '/')).toBeUndefined();
  });
});

describe('collectPageJs', () => {
  const files: Record<string, string> = {
    '/_astro/page.js': 'import{h}from"./shared.js";import"./side.js";h()',
    '/_astro/shared.js': 'export const h=()=>import("./lazy.js")',
    '/_astro/side.js': 'import"./shared.js";console.log(1)',
    '/_astro/lazy.js': 'never loaded with the page',
  };
  const read = (p: string): Buffer | undefined => (files[p] === undefined ? undefined : Buffer.from(files[p]));

  it('sums inline scripts and referenced files with their static imports, each counted once', () => {
    const html = '<script type="module" src="/_astro/page.js"></script><link rel="modulepreload" href="/_astro/shared.js"><script>inline()</script>';
    const js = collectPageJs(html, '/', read);
    expect(js.files.map((f) => f.url)).toEqual(['/_astro/page.js', '/_astro/shared.js', '/_astro/side.js']);
    expect(js.inline).toEqual([{ bytes: 8, gzip: gzipSize('inline()') }]);
    const expected = ['inline()', files['/_astro/page.js'], files['/_astro/shared.js'], files['/_astro/side.js']].reduce(
      (n, code) => n + gzipSize(code ?? ''),
      0,
    );
    expect(js.gzip).toBe(expected);
  });

  it('lists missing and off-site files without counting them', () => {
    const js = collectPageJs('<script src="/_astro/gone.js"></script><script src="https://cdn.example/x.js"></script>', '/', read);
    expect(js.files).toEqual([
      { url: '/_astro/gone.js', bytes: 0, gzip: 0, found: false },
      { url: 'https://cdn.example/x.js', bytes: 0, gzip: 0, found: false },
    ]);
    expect(js.gzip).toBe(0);
  });

  it('reports zero for a page without scripts', () => {
    expect(collectPageJs('<p>hi</p><script type="application/ld+json">{}</script>', '/', read).gzip).toBe(0);
  });
});

describe('helpers', () => {
  it('detects islands and measures level-9 gzip size', () => {
    expect(hasIsland('<astro-island uid="x"></astro-island>')).toBe(true);
    expect(hasIsland('<astro-slot></astro-slot>')).toBe(false);
    const text = 'abc'.repeat(1000);
    expect(gzipSize(text)).toBe(gzipSync(text, { level: 9 }).length);
  });
});
