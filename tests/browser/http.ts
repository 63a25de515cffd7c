import { request } from 'node:http';
import { inject } from 'vitest';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * GET from the test server as `<slug>.localhost` would be asked. Node cannot resolve
 * `*.localhost` the way Chromium does, so the request goes to 127.0.0.1 with the Host header.
 */
export function get(slug: string, path: string, headers: Record<string, string> = {}): Promise<HttpResponse> {
  const port = inject('demoPort');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${slug}.localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }));
    });
    req.on('error', reject);
    req.end();
  });
}
