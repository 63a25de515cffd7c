import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HEADERS_FILE,
  isDeployFile,
  metaPolicies,
  metaPoliciesOfPage,
  parseHeadersFile,
  renderCaddy,
  renderHeadersFile,
  renderNginx,
  writeSiteHeaders,
} from './header-files';
import { headersForPath, parsePolicy, platformHeaders, siteHeaderRules, SVG_POLICY } from './security';

const PAGE = "default-src 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='; frame-ancestors 'none'";
const rules = siteHeaderRules(PAGE);

const work = mkdtempSync(path.join(tmpdir(), 'header-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the _headers file', () => {
  it('parses back into the rules it was written from, with /* and SVG covered', () => {
    const text = renderHeadersFile(rules, 'alpha');
    const parsed = parseHeadersFile(text);
    expect(parsed).toEqual(rules);
    expect(parsed.map((r) => r.path)).toEqual(expect.arrayContaining(['/*', '/*.svg']));
    expect(headersForPath(parsed, '/favicon.svg')['Content-Security-Policy']).toBe(`${PAGE}, ${SVG_POLICY}`);
    expect(text.split('\n').every((line) => line.length <= 2000)).toBe(true);
  });

  it("reads Cloudflare's documented example as Cloudflare applies it", () => {
    const parsed = parseHeadersFile(
      [
        '# This is a comment',
        '/secure/page',
        '  X-Frame-Options: DENY',
        '  X-Content-Type-Options: nosniff',
        '  Referrer-Policy: no-referrer',
        '',
        '/static/*',
        '  Access-Control-Allow-Origin: *',
        '  X-Robots-Tag: nosnippet',
      ].join('\r\n'),
    );
    expect(headersForPath(parsed, '/secure/page')).toEqual({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    expect(headersForPath(parsed, '/static/image.jpg')).toEqual({ 'Access-Control-Allow-Origin': '*', 'X-Robots-Tag': 'nosnippet' });
    expect(headersForPath(parsed, '/home')).toEqual({});
  });

  it('joins a header given twice in one rule, with values that hold colons', () => {
    expect(parseHeadersFile('/*\n  Link: <https://a.example>; rel=preconnect\n  Link: </x.css>; rel=preload')).toEqual([
      { path: '/*', headers: { Link: '<https://a.example>; rel=preconnect, </x.css>; rel=preload' } },
    ]);
  });

  it('refuses what it does not understand, by line', () => {
    expect(() => parseHeadersFile('  X-A: b')).toThrow(/line 1: .* before any path/);
    expect(() => parseHeadersFile('/*\n  ! X-A')).toThrow(/line 2: expected "Name: value"/);
    expect(() => parseHeadersFile('/*\n  X-A:')).toThrow(/line 2/);
    expect(() => parseHeadersFile('https://example.com/*\n  X-A: b')).toThrow(/absolute URLs/);
  });

  it('refuses to write a line Cloudflare Pages would drop, or too many rules', () => {
    expect(() => renderHeadersFile(siteHeaderRules(`default-src 'none'; script-src ${'x'.repeat(2000)}`), 'alpha')).toThrow(/over the 2000/);
    expect(() =>
      renderHeadersFile(
        Array.from({ length: 101 }, () => ({ path: '/*', headers: {} })),
        'alpha',
      ),
    ).toThrow(/101 header rules/);
  });
});

describe('the nginx and Caddy files', () => {
  const countIn = (block: string, text: string): number => block.split(text).length - 1;

  it('nginx: every location carries the whole set, since nginx drops inherited add_header lines', () => {
    const conf = renderNginx(rules, 'alpha');
    const locations = conf.split(/\n(?=location )/).filter((b) => b.startsWith('location') && b.includes('add_header'));
    expect(locations.length).toBeGreaterThanOrEqual(3);
    for (const block of locations) expect(countIn(block, 'add_header '), block.split('\n')[0]).toBe(Object.keys(platformHeaders).length);
    const svg = locations.find((b) => b.startsWith('location ~* \\.(svg)$')) ?? '';
    expect(svg).toContain(`add_header Content-Security-Policy "${PAGE}, ${SVG_POLICY}" always;`);
    expect(conf).toContain(`add_header Content-Security-Policy "${PAGE}" always;`);
    expect(conf).toContain('location = /_headers { return 404; }');
    expect(conf).toContain('location ^~ /_deploy/ { return 404; }');
  });

  it('Caddy: the page set for everything but /api/, then each file type its policy, in a route that keeps that order', () => {
    const conf = renderCaddy(rules, 'alpha');
    expect(conf).toContain('@site_files not path /api/*');
    expect(conf).toContain('@site_svg path *.svg');
    expect(conf).toMatch(/route @site_files \{\n\theader \{\n(\t\t.+\n)+\t\}\n/);
    expect(conf).toContain(`\t\tContent-Security-Policy "${PAGE}"`);
    expect(conf).toContain(`\theader @site_svg Content-Security-Policy "${PAGE}, ${SVG_POLICY}"`);
    expect(conf).toContain('error @site_build_files 404');
  });

  it('refuse a value either server would read as syntax', () => {
    expect(() => renderNginx(siteHeaderRules("default-src 'none'; report-uri /r?a=$b"), 'alpha')).toThrow(/interpret/);
    expect(() => renderCaddy(siteHeaderRules('default-src {x}'), 'alpha')).toThrow(/interpret/);
  });
});

describe('metaPolicies', () => {
  it("reads a page's policy <meta> tags, entities decoded, and nothing else", () => {
    const html = `<head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><meta http-equiv="content-security-policy" content="default-src 'none'; img-src https://a.example/?x=1&amp;y=2"><meta content='script-src &#39;self&#39;' http-equiv=Content-Security-Policy></head>`;
    expect(metaPolicies(html)).toEqual(["default-src 'none'; img-src https://a.example/?x=1&y=2", "script-src 'self'"]);
    expect(metaPolicies('<p>no policy</p>')).toEqual([]);
    // A browser ignores a policy <meta> tag outside the head.
    expect(metaPolicies(`<head></head><body><meta http-equiv="content-security-policy" content="script-src *"></body>`)).toEqual([]);
  });
});

describe('writeSiteHeaders', () => {
  it("writes _headers and the nginx and Caddy files from the pages' policies", () => {
    const site = path.join(work, 'alpha');
    const page = (style: string) =>
      `<!doctype html><html><head><meta http-equiv="content-security-policy" content="default-src 'none'; script-src 'self' 'sha256-j='; style-src 'self' ${style}"></head></html>`;
    for (const [rel, html] of Object.entries({
      'index.html': page("'sha256-a='"),
      'about/index.html': page("'sha256-b='"),
      'plain/index.html': '<!doctype html><p>no policy</p>',
    })) {
      mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
      writeFileSync(path.join(site, rel), html);
    }
    const summary = writeSiteHeaders(site, 'alpha');
    expect(summary.pages).toBe(3);
    expect(summary.pagesWithoutPolicy).toEqual(['plain/index.html']);
    expect(parsePolicy(summary.pagePolicy).get('style-src')).toEqual(["'self'", "'sha256-a='", "'sha256-b='"]);
    const parsed = parseHeadersFile(readFileSync(path.join(site, HEADERS_FILE), 'utf8'));
    expect(parsed).toEqual(siteHeaderRules(summary.pagePolicy));
    expect(readFileSync(path.join(site, '_deploy/nginx.conf'), 'utf8')).toContain(summary.pagePolicy);
    expect(readFileSync(path.join(site, '_deploy/caddy.conf'), 'utf8')).toContain(summary.pagePolicy);
  });
});

describe('isDeployFile', () => {
  it('names _headers and _deploy/, whatever the case', () => {
    for (const p of ['/_headers', '/_HEADERS', '/_deploy', '/_deploy/nginx.conf']) expect(isDeployFile(p), p).toBe(true);
    for (const p of ['/', '/_headers.html', '/_deployment/', '/a/_headers', '/_astro/x.js']) expect(isDeployFile(p), p).toBe(false);
  });
});

describe('metaPoliciesOfPage', () => {
  it('reads the policies of a page’s bytes as metaPolicies reads its text', () => {
    const policy = (content: string) => `<meta http-equiv="content-security-policy" content="${content}">`;
    const pages = [
      `<html><head><title>Käfer – Ōtaki</title>${policy("script-src 'self'")}<style>p{}</style></head><body>${policy('img-src *')}ü</body></html>`,
      `<p>no head ${policy('img-src *')} é</p>`,
      `<head>${policy('a')}</head><head>${policy('b')}</head>`,
      '',
    ];
    for (const html of pages) {
      const bytes = new TextEncoder().encode(`xx${html}`).subarray(2);
      expect(metaPoliciesOfPage(bytes)).toEqual(metaPolicies(html));
    }
    expect(metaPoliciesOfPage(new TextEncoder().encode(pages[0]))).toEqual(["script-src 'self'"]);
  });
});
