/**
 * Stands in for the `meilisearch` package in the browser bundle (astro.config.mjs points
 * instant-meilisearch's import here, for the browser build only). instant-meilisearch asks the
 * client for two calls, a multi-search and a facet search, but the package is one class with
 * every index, task, key and settings call on it, which no bundler can shake (about 4.7 KB gzip
 * on every search page). The server code (search pushes, reserved flags) keeps the real client.
 *
 * Requests are built as meilisearch-js 0.57 builds them (URL, method, body and headers);
 * meilisearch-lite.test.ts holds the two side by side. The dealer sites always hand over an
 * `httpClient` (client.ts), which gets the request and answers with the parsed body; without one
 * this falls back to `fetch` and throws on an error status.
 */

/** What instant-meilisearch passes the client's constructor. */
export interface Config {
  host: string;
  apiKey?: string;
  clientAgents?: string[];
  httpClient?: (input: URL, init: RequestInit) => Promise<unknown>;
  requestInit?: RequestInit;
}

/** The agent meilisearch-js names itself with; the version is the one the architecture pins. */
const PACKAGE_AGENT = 'Meilisearch JavaScript (v0.57.0)';

function headersFor({ apiKey, clientAgents, requestInit }: Config): Headers {
  const headers = new Headers(requestInit?.headers);
  if (apiKey && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${apiKey}`);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  headers.set('X-Meilisearch-Client', [...(clientAgents ?? []), PACKAGE_AGENT].join(' ; '));
  return headers;
}

export class Meilisearch {
  readonly #base: URL;
  readonly #init: RequestInit;
  readonly #httpClient: Config['httpClient'];

  constructor(config: Config) {
    const host = /^https?:\/\//.test(config.host) ? config.host : `http://${config.host}`;
    this.#base = new URL(host.endsWith('/') ? host : `${host}/`);
    this.#init = { ...config.requestInit, headers: headersFor(config) };
    this.#httpClient = config.httpClient;
  }

  async #post<T>(path: string, body: unknown): Promise<T> {
    const url = new URL(path, this.#base);
    const init: RequestInit = { method: 'POST', body: JSON.stringify(body), ...this.#init };
    if (this.#httpClient) return (await this.#httpClient(url, init)) as T;
    const response = await fetch(url, init);
    const text = await response.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    if (!response.ok) throw new Error((parsed as { message?: string } | undefined)?.message ?? `search answered ${response.status}`);
    return parsed as T;
  }

  multiSearch<T>(queries: unknown): Promise<T> {
    return this.#post('multi-search', queries);
  }

  index(uid: string) {
    return { searchForFacetValues: <T>(params: unknown): Promise<T> => this.#post(`indexes/${uid}/facet-search`, params) };
  }
}
