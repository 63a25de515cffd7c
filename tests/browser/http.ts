import { load, type CheerioAPI } from 'cheerio';
import { request } from 'node:http';
import { inject } from 'vitest';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as latin1, one character a byte (gzip bodies survive it). */
  body: string;
  /** The body read as UTF-8, as a browser reads the pages. */
  text: string;
}

/**
 * GET from the test server as `<slug>.localhost` would be asked. Node cannot resolve
 * `*.localhost` the way Chromium does, so the request goes to 127.0.0.1 with the Host header.
 */
export function get(slug: string, path: string, headers: Record<string, string> = {}): Promise<HttpResponse> {
  return getAt(inject('demoPort'), slug, path, headers);
}

/** `get` from a server of the test's own on `port`. */
export function getAt(port: number, slug: string, path: string, headers: Record<string, string> = {}): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${slug}.localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('latin1'), text: bytes.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A page as served, parsed (cheerio): for what is static in the built HTML (head tags, JSON-LD,
 * links, headings), which needs no browser. Throws unless the page answers 200.
 */
export async function servedPage(slug: string, path: string): Promise<CheerioAPI> {
  const response = await get(slug, path);
  if (response.status !== 200) throw new Error(`${slug} ${path} answered ${response.status}`);
  return load(response.text);
}
