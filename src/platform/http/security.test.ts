import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  GTAG_SCRIPT_URL,
  siteScriptUrls,
  FALLBACK_PAGE_POLICY,
  formatPolicy,
  headerLine,
  headersForPath,
  LOCKED_POLICY,
  MAX_HEADER_LINE,
  pagePolicyHeader,
  parsePolicy,
  pathMatches,
  platformHeaders,
  siteHeaderRules,
  SVG_POLICY,
} from './security';

const hash = (n: number, kind = 's'): string => `'sha256-${kind}${String(n).padStart(42, '0')}='`;
const meta = (styles: string[], scripts: string[] = [hash(1, 'j')]): string =>
  `default-src 'none';img-src 'self' data: https:;object-src 'none'; script-src 'self' ${scripts.join(' ')}; style-src 'self' ${styles.join(' ')};`;

/** The policies in a header value: a comma separates policies, and a browser enforces each one. */
const policies = (header: string | undefined): ReturnType<typeof parsePolicy>[] => (header ?? '').split(',').map((p) => parsePolicy(p));
/** Whether some policy in the header refuses every script (script-src, else default-src, is 'none'). */
const refusesScripts = (header: string | undefined): boolean =>
  policies(header).some((p) => (p.get('script-src') ?? p.get('default-src'))?.join(' ') === "'none'");

describe('contentSecurityPolicy (the <meta> policy Astro writes)', () => {
  it("starts from default-src 'none' and lists every fetch the sites make", () => {
    const { directives, scriptDirective, styleDirective } = contentSecurityPolicy();
    expect(directives[0]).toBe("default-src 'none'");
    const names = directives.map((d) => d.split(' ')[0]);
    for (const name of ['img-src', 'font-src', 'connect-src', 'frame-src', 'manifest-src', 'base-uri', 'form-action']) expect(names).toContain(name);
    expect(scriptDirective.resources).toEqual(["'self'"]);
    expect(styleDirective.resources).toEqual(["'self'"]);
  });

  it("adds outside scripts' origins, once each, to every page's script-src", () => {
    const { scriptDirective } = contentSecurityPolicy(['https://banner.example/widget.js?id=1', 'https://banner.example/other.js']);
    expect(scriptDirective.resources).toEqual(["'self'", 'https://banner.example']);
  });

  it('allows Google’s gtag only on sites that name GA4 measurement ids', () => {
    const banner = { script_url: 'https://banner.example/widget.js' };
    expect(siteScriptUrls({ features: {}, analytics: { measurement_ids: [] } })).toEqual([]);
    expect(siteScriptUrls({ features: { safety_banner: banner }, analytics: { measurement_ids: ['G-AB12CD34EF'] } })).toEqual([
      'https://banner.example/widget.js',
      GTAG_SCRIPT_URL,
    ]);
    expect(contentSecurityPolicy([GTAG_SCRIPT_URL]).scriptDirective.resources).toEqual(["'self'", 'https://www.googletagmanager.com']);
  });
});

describe('parsePolicy and formatPolicy', () => {
  it('read directives in order, lower-cased, ignoring empty parts and repeats as browsers do', () => {
    const policy = parsePolicy(" Default-Src 'none' ;img-src 'self'  data:;; default-src *");
    expect([...policy]).toEqual([
      ['default-src', ["'none'"]],
      ['img-src', ["'self'", 'data:']],
    ]);
    expect(formatPolicy(policy)).toBe("default-src 'none'; img-src 'self' data:");
  });
});

describe('pagePolicyHeader', () => {
  it("joins every page's sources per directive and adds frame-ancestors 'none'", () => {
    const header = parsePolicy(pagePolicyHeader([meta([hash(1)]), meta([hash(2)]), meta([hash(1), hash(3)])]));
    expect(header.get('default-src')).toEqual(["'none'"]);
    expect(header.get('script-src')).toEqual(["'self'", hash(1, 'j')]);
    expect(header.get('style-src')).toEqual(["'self'", hash(1), hash(2), hash(3)]);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("gives style-src 'unsafe-inline' for its hashes only when the policy would not fit one _headers line", () => {
    const many = Array.from({ length: 40 }, (_, i) => hash(i));
    const header = pagePolicyHeader([meta(many.slice(0, 20)), meta(many.slice(20))]);
    expect(headerLine('Content-Security-Policy', header).length).toBeLessThanOrEqual(MAX_HEADER_LINE);
    const policy = parsePolicy(header);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Scripts keep every hash.
    expect(policy.get('script-src')).toEqual(["'self'", hash(1, 'j')]);
    // Few enough style hashes stay.
    expect(parsePolicy(pagePolicyHeader([meta(many.slice(0, 5))])).get('style-src')).toEqual(["'self'", ...many.slice(0, 5)]);
  });

  it('refuses a script-src too long for one line, and a site with no policy at all', () => {
    const scripts = Array.from({ length: 40 }, (_, i) => hash(i, 'j'));
    expect(() => pagePolicyHeader([meta([hash(1)], scripts)])).toThrow(/script-src alone has 40 hashes/);
    expect(() => pagePolicyHeader([])).toThrow(/no page/);
  });
});

describe('siteHeaderRules and headersForPath', () => {
  const page = pagePolicyHeader([meta([hash(1)])]);
  const rules = siteHeaderRules(page);

  it('give a page the page policy and every other header', () => {
    for (const path of ['/', '/cars/x/', '/cars/x/index.html', '/404.html']) {
      expect(headersForPath(rules, path), path).toEqual({ ...platformHeaders, 'Content-Security-Policy': page });
    }
  });

  it('lock an SVG: a second policy refuses everything and sandboxes it', () => {
    const headers = headersForPath(rules, '/assets/logo.svg');
    expect(headers['Content-Security-Policy']).toBe(`${page}, ${SVG_POLICY}`);
    expect(refusesScripts(headers['Content-Security-Policy'])).toBe(true);
    expect(policies(headers['Content-Security-Policy']).some((p) => p.has('sandbox'))).toBe(true);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });

  it('lock every other file that is not a page, whatever the case of its extension', () => {
    for (const path of ['/_astro/x.js', '/_astro/x.css', '/sitemap-index.xml', '/routes.json', '/robots.txt', '/assets/a.PNG', '/content-assets.mjs']) {
      expect(headersForPath(rules, path)['Content-Security-Policy'], path).toBe(`${page}, ${LOCKED_POLICY}`);
    }
    expect(refusesScripts(`${page}, ${LOCKED_POLICY}`)).toBe(true);
    expect(refusesScripts(page)).toBe(false);
  });

  it('stay within what Cloudflare Pages reads', () => {
    expect(rules.length).toBeLessThanOrEqual(100);
    expect(rules[0]?.path).toBe('/*');
  });

  it('fall back to a policy that cannot block what a page allows', () => {
    expect(parsePolicy(FALLBACK_PAGE_POLICY).has('default-src')).toBe(false);
    expect(parsePolicy(FALLBACK_PAGE_POLICY).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('pathMatches (Netlify and Cloudflare Pages path rules)', () => {
  it('matches a splat across slashes and a placeholder within one segment', () => {
    expect(pathMatches('/*', '/')).toBe(true);
    expect(pathMatches('/static/*', '/static/image.jpg')).toBe(true);
    expect(pathMatches('/static/*', '/other/static/image.jpg')).toBe(false);
    expect(pathMatches('/*.svg', '/a/b/c.svg')).toBe(true);
    expect(pathMatches('/*.svg', '/a.svg/page/')).toBe(false);
    expect(pathMatches('/*.svg', '/asvg')).toBe(false);
    expect(pathMatches('/movies/:title', '/movies/jaws')).toBe(true);
    expect(pathMatches('/movies/:title', '/movies/jaws/cast')).toBe(false);
    expect(pathMatches('/secure/page', '/secure/page')).toBe(true);
  });

  it('joins a header set by several matching rules, as both hosts document', () => {
    const headers = headersForPath(
      [
        { path: '/*', headers: { 'X-Robots-Tag': 'noindex' } },
        { path: '/static/*', headers: { 'x-robots-tag': 'nosnippet', 'Access-Control-Allow-Origin': '*' } },
      ],
      '/static/styles.css',
    );
    expect(headers).toEqual({ 'X-Robots-Tag': 'noindex, nosnippet', 'Access-Control-Allow-Origin': '*' });
  });
});
