/**
 * Telling the CDN which addresses of a dealer's site changed, after a deploy. The hook is told
 * site paths as shoppers ask for them (`/cars/x/`, `/feeds/google-vehicle-ads.xml`), never
 * storage keys, so one hook fits any CDN in front of any target.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

export interface PurgeRequest {
  dealer: string;
  /** Addresses whose cached copy is stale: changed, new (a CDN may have cached its 404) or removed. */
  paths: string[];
}

export interface PurgeHook {
  readonly description: string;
  purge(request: PurgeRequest): Promise<void>;
}

/**
 * The addresses that serve one site file. A page `cars/x/index.html` answers both `/cars/x/`
 * and `/cars/x` (trailing slashes are optional on these sites), and a CDN caches each
 * separately; `404.html` answers `/404.html` and, where the server tries `.html`, `/404`.
 */
export function addressesOf(sitePath: string): string[] {
  const encoded = encodeURI(sitePath);
  if (encoded === 'index.html') return ['/'];
  if (encoded.endsWith('/index.html')) {
    const folder = encoded.slice(0, -'/index.html'.length);
    return [`/${folder}/`, `/${folder}`];
  }
  if (encoded.endsWith('.html')) return [`/${encoded}`, `/${encoded.slice(0, -'.html'.length)}`];
  return [`/${encoded}`];
}

/** Every address to purge for these site files, each once, sorted. */
export function purgePaths(sitePaths: Iterable<string>): string[] {
  const addresses = new Set<string>();
  for (const sitePath of sitePaths) for (const address of addressesOf(sitePath)) addresses.add(address);
  return [...addresses].sort();
}

/**
 * The offline default: one JSON line per deploy appended to a log file, for an operator or a
 * job to act on, and a record of what each deploy changed. No CDN is needed to run a deploy.
 */
export function purgeLog(file: string, now: () => Date = () => new Date()): PurgeHook {
  return {
    description: `log ${file}`,
    async purge({ dealer, paths }) {
      await mkdir(path.dirname(file), { recursive: true });
      // One write per line: appends under the size of a pipe buffer are not interleaved by
      // another deploy appending at the same time.
      await appendFile(file, `${JSON.stringify({ at: now().toISOString(), dealer, paths })}\n`);
    },
  };
}

export class PurgeError extends Error {
  override name = 'PurgeError';
}

export interface HttpPurgeOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>`; never printed. */
  token?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The URL without credentials or query, for messages that may end up in a CI log. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(an invalid URL)';
  }
}

/**
 * POSTs `{ dealer, paths }` as JSON to the operator's purge endpoint (a small worker or function
 * that speaks the CDN's own purge API), and fails, naming the endpoint and what went wrong,
 * on anything but a 2xx within the timeout.
 */
export function httpPurge({ url, token, timeoutMs = 10_000, fetch: fetchFn = fetch }: HttpPurgeOptions): PurgeHook {
  const where = safeUrl(url);
  return {
    description: `POST ${where}`,
    async purge(request) {
      let response: Response;
      try {
        response = await fetchFn(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new PurgeError(`purge request to ${where} got no answer within ${timeoutMs} ms`);
        }
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        throw new PurgeError(`purge request to ${where} failed: ${error instanceof Error ? error.message : String(error)}${cause}`);
      }
      if (!response.ok) {
        const text = (await response.text().catch(() => '')).trim().slice(0, 200);
        throw new PurgeError(`purge request to ${where} answered ${response.status}${text ? `: ${text}` : ''}`);
      }
      // Read to the end so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
    },
  };
}
