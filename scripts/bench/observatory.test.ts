import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHeadersFile } from '../../src/platform/http/header-files';
import { siteHeaderRules, SVG_POLICY } from '../../src/platform/http/security';
import { formatObservatory, serveLikeCdn, summariseScan, throwawayCertificate, tlsFront, type Certificate } from './observatory';

const PAGE = "default-src 'none'; script-src 'self'; frame-ancestors 'none'";
let work: string;
let cdn: Awaited<ReturnType<typeof serveLikeCdn>>;
let certificate: Certificate;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'observatory-'));
  const site = path.join(work, 'alpha');
  const files: Record<string, string> = {
    'index.html': '<p>home</p>',
    'about/index.html': '<p>about</p>',
    '404.html': '<p>not found</p>',
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '_deploy/nginx.conf': '# private',
    _headers: renderHeadersFile(siteHeaderRules(PAGE), 'alpha'),
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
    writeFileSync(path.join(site, rel), text);
  }
  cdn = await serveLikeCdn(site);
  certificate = await throwawayCertificate();
});

afterAll(async () => {
  await cdn.close();
  rmSync(work, { recursive: true, force: true });
});

const get = (url: string) => fetch(`http://127.0.0.1:${cdn.port}${url}`, { redirect: 'manual' });

describe('serveLikeCdn', () => {
  it('serves pages and files with the _headers rules of their path', async () => {
    const home = await get('/');
    expect(await home.text()).toBe('<p>home</p>');
    expect(home.headers.get('content-security-policy')).toBe(PAGE);
    expect(home.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(await (await get('/about')).text()).toBe('<p>about</p>');
    const logo = await get('/logo.svg');
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('content-security-policy')).toBe(`${PAGE}, ${SVG_POLICY}`);
  });

  it('answers a miss with 404.html, and never serves _headers or _deploy/', async () => {
    for (const url of ['/nope', '/_headers', '/_deploy/nginx.conf']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toBe('<p>not found</p>');
    }
  });
});

describe('tlsFront', () => {
  it('redirects plain HTTP to https on the same host and path, and passes TLS on', async () => {
    const front = await tlsFront(cdn.port, certificate);
    try {
      const plain = await fetch(`http://127.0.0.1:${front.port}/about/?x=1`, { redirect: 'manual' });
      expect(plain.status).toBe(301);
      expect(plain.headers.get('location')).toBe(`https://127.0.0.1:${front.port}/about/?x=1`);
      const secure = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpsRequest({ host: '127.0.0.1', port: front.port, path: '/about/', ca: certificate.cert, agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      // Verified against the throwaway certificate for 127.0.0.1.
      expect(secure).toEqual({ status: 200, body: '<p>about</p>' });
    } finally {
      await front.close();
    }
  });
});

describe('summariseScan and formatObservatory', () => {
  it("read the scanner's output and name the failing tests", () => {
    const result = summariseScan('alpha', {
      scan: { score: 55, grade: 'C' },
      tests: {
        'strict-transport-security': { pass: false, result: 'hsts-not-implemented', scoreModifier: -20 },
        cookies: { pass: true, result: 'cookies-not-found', scoreModifier: 0 },
      },
    });
    expect(result).toEqual({
      target: 'alpha',
      score: 55,
      grade: 'C',
      tests: [
        { name: 'strict-transport-security', pass: false, result: 'hsts-not-implemented', scoreModifier: -20 },
        { name: 'cookies', pass: true, result: 'cookies-not-found', scoreModifier: 0 },
      ],
    });
    const text = formatObservatory(result);
    expect(text).toContain('alpha: score 55, grade C');
    expect(text).toMatch(/FAIL {2}strict-transport-security +-20 {2}hsts-not-implemented/);
    expect(text).toContain('failing: strict-transport-security');
  });

  it('report a scan that could not run', () => {
    const result = summariseScan('alpha', { error: 'The site seems to be down.' });
    expect(result.error).toBe('The site seems to be down.');
    expect(formatObservatory(result)).toBe('alpha: the scan failed: The site seems to be down.');
  });
});
