/**
 * The one multi-tenant server: every dealer's static site plus the shared /api, on one port.
 * The dealer is chosen by Host (src/platform/http/dealer-host.ts): a dealer's own domains as a CDN
 * passes them on in production, `<slug>.localhost` locally. Each site is served at its own origin
 * root exactly as it is deployed.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { isDeployFile } from '../platform/http/header-files';
import { platformHeaders } from '../platform/http/security';
import { defaultDealersDir, loadDealer } from '../platform/config/load';
import { createApi, type ApiOptions } from './api';
import { createDealerConfigs, type DealerConfigs } from '../platform/config/dealer-configs';
import type { FailingDealer } from './served-dealers';
import { domainOwners, type DomainOwners } from '../platform/config/dealer-domains';
import type { AppEnv } from '../platform/http/app-env';
import { behindProxy, proxyTrust } from '../platform/http/client-ip';
import { dealerForHost, requestHost, type HostRules } from '../platform/http/dealer-host';
import { FallbackRoutes } from './fallback';
import { SiteHeaders } from './site-headers';
import type { LeadStorage } from '../leads/server/routes';
import { createStockIndexes, type SearchIndexProvider } from '../search/server/search-indexes';
import { createHeldCars } from '../checkout/server/held-cars';
import { siteStates } from '../publish/site-state';
import { BUILDING_RETRY_SECONDS, siteBuildPage, type SiteBuilds } from './site-builds';
import {
  cacheControlFor,
  candidateFiles,
  CompressionCache,
  etagMatches,
  isCompressible,
  MIN_COMPRESS_BYTES,
  pickEncoding,
  resolveSafePath,
  weakEtag,
} from './static';
import { contentTypeOf } from '../platform/http/content-types';

export type { AppEnv } from '../platform/http/app-env';

export interface AppOptions {
  /** Folder holding one built site per dealer: `<distDir>/<slug>/`. */
  distDir: string;
  /** Dealers to serve; each must have `<distDir>/<slug>/`. */
  dealers: readonly string[];
  /** Served for `localhost`, `127.0.0.1` and `[::1]`, unless TRUST_PROXY says a proxy stands in front. */
  defaultDealer: string;
  /** Dealer files: the dealers' domains, and for search and leads each dealer's settings (default `dealers/`). */
  dealersDir?: string;
  /**
   * The served dealers' domains (domain → slug); by default read from their files in `dealersDir`
   * when the app is made (a file that cannot be read stops it; a domain two dealers claim is
   * served by neither). npm start passes those src/server/served-dealers.ts decides.
   */
  domains?: DomainOwners;
  /**
   * Environment (default process.env): TRUST_PROXY (the client address, and whether loopback
   * hosts are local); STOCK_DIR for search; for leads LEADS_RATE_LIMIT_PER_MINUTE,
   * LEADS_FILES_DIR, LEADS_OUTBOX_DIR and SMTP_URL (which outbox rows a lead gets).
   */
  env?: NodeJS.ProcessEnv;
  /** Stock indexes for /api/search; by default built from `dealersDir` and the stock store. */
  search?: SearchIndexProvider;
  /** Counts /api/search requests per address (Redis when the platform has it); by default in memory. */
  searchLimiter?: ApiOptions['searchLimiter'];
  /** Lead storage (the opened database, rate limiter...); without it the lead routes answer 503. */
  leads?: LeadStorage;
  /** Project root that a relative LEADS_FILES_DIR is resolved from (default: the working directory). */
  projectRoot?: string;
  /** Parsed dealer files, when the caller shares them (the outbox worker); by default read from `dealersDir`. */
  configs?: DealerConfigs;
  /** The account routes' limiter, clock and mail sender (they keep their rows in the lead database). */
  accounts?: ApiOptions['accounts'];
  /** The checkout routes' providers, held cars (shared with the search overlay), clock and mail sender. */
  checkout?: ApiOptions['checkout'];
  /** Sites still being built (npm start on a fresh tree): their pages wait, their API works. */
  builds?: SiteBuilds;
  /**
   * Refused dealers for /api/health: those src/server/served-dealers.ts refused at the start and
   * files broken since (npm start passes them; none by default).
   */
  failingDealers?: () => Promise<FailingDealer[]>;
}

/** The short page for an unknown `<x>.localhost`: plain text, so nothing from the host is ever markup. */
function unknownDealerPage(label: string, host: string | undefined, dealers: readonly string[]): string {
  const port = /:(\d+)$/.exec(host ?? '')?.[1];
  const suffix = port ? `:${port}` : '';
  const shown = label.length > 63 ? `${label.slice(0, 63)}…` : label;
  return [`No dealer "${shown}" on this server. Dealers here:`, '', ...dealers.map((d) => `  http://${d}.localhost${suffix}/`), ''].join('\n');
}

const plain = (text: string, status: 400 | 404 | 405 | 500, extra: Record<string, string> = {}): Response =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra } });

interface FoundFile {
  file: string;
  size: number;
  mtimeMs: number;
}

async function findFile(candidates: readonly string[]): Promise<FoundFile | undefined> {
  for (const file of candidates) {
    try {
      const info = await stat(file);
      if (info.isFile()) return { file, size: info.size, mtimeMs: info.mtimeMs };
    } catch {
      // Not there: try the next candidate.
    }
  }
  return undefined;
}

export function createApp({
  distDir,
  dealers,
  defaultDealer,
  dealersDir,
  domains,
  env = process.env,
  search,
  searchLimiter,
  leads,
  projectRoot,
  configs: sharedConfigs,
  accounts,
  checkout,
  builds,
  failingDealers,
}: AppOptions): Hono<AppEnv> {
  if (dealers.length === 0) throw new Error('createApp: no dealers to serve');
  if (!dealers.includes(defaultDealer)) throw new Error(`createApp: default dealer "${defaultDealer}" is not one of ${dealers.join(', ')}`);
  const configsDir = dealersDir ?? defaultDealersDir();
  const hostRules: HostRules = {
    owners: domains ?? domainOwners(dealers.map((slug) => loadDealer(slug, configsDir))),
    dealers,
    localDealer: behindProxy(proxyTrust(env)) ? undefined : defaultDealer,
  };
  const root = path.resolve(distDir);
  const compressed = new CompressionCache();
  const fallbacks = new FallbackRoutes(root);
  const siteHeaders = new SiteHeaders(root);
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path}:`, error);
    // An error answer is plain text, never the file whose headers may already be chosen.
    c.set('siteHeaders', undefined);
    return plain('Internal server error\n', 500);
  });

  // Applied after the handler so 404s, 304s, errors and API answers all carry them too: a dealer's
  // file gets its site's rules (as a CDN would send them), anything else the platform's own.
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(c.get('siteHeaders') ?? platformHeaders)) c.res.headers.set(name, value);
  });

  app.use('*', async (c, next) => {
    const match = dealerForHost(requestHost(c.req), hostRules);
    c.set('dealer', 'dealer' in match ? match.dealer : null);
    c.set('devHost', match.local);
    await next();
  });

  // One cache of parsed dealer files, shared by search and leads.
  const configs = sharedConfigs ?? createDealerConfigs({ dealersDir: configsDir });
  // Held cars show as reserved in search: the search overlay and the availability route read one set.
  const held = checkout?.held ?? createHeldCars(leads?.database.db);
  const searchIndexes = search ?? createStockIndexes({ dealers, dealersDir: configsDir, configs, env, held });
  app.route(
    '/api',
    createApi({
      dealers,
      search: searchIndexes,
      searchLimiter,
      leads: { storage: leads, configs, env, ...(projectRoot ? { root: projectRoot } : {}) },
      ...(accounts ? { accounts } : {}),
      checkout: { ...checkout, held },
      sites: () => siteStates(root, dealers),
      ...(failingDealers ? { failingDealers } : {}),
    }),
  );

  const serveFile = async (
    c: Context<AppEnv>,
    found: FoundFile,
    status: 200 | 404,
    cacheControl: string,
    extra: Record<string, string> = {},
  ): Promise<Response> => {
    // By the file sent, not the URL: /about/ is about/index.html, and the 404 page is a page.
    const [dealer = '', ...inSite] = path.relative(root, found.file).split(path.sep);
    c.set('siteHeaders', await siteHeaders.for(dealer, `/${inSite.join('/')}`));
    const type = contentTypeOf(found.file);
    const etag = weakEtag(found.size, found.mtimeMs);
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding', ...extra };
    if (status === 200) {
      headers.ETag = etag;
      if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    }

    let body: Buffer = await readFile(found.file);
    const encoding = isCompressible(type) && body.length > MIN_COMPRESS_BYTES ? pickEncoding(c.req.header('accept-encoding')) : undefined;
    if (encoding) {
      const smaller = await compressed.get(found.file, found.mtimeMs, body, encoding);
      if (smaller.length < body.length) {
        body = smaller;
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = String(body.length);
    // HEAD: same headers as GET, no body (Hono drops a body anyway; this skips building it).
    if (c.req.method === 'HEAD') return new Response(null, { status, headers });
    // readFile and zlib never return SharedArrayBuffer-backed buffers; the cast only narrows the type.
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status, headers });
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const dealer = c.get('dealer');
    const host = requestHost(c.req);
    if (dealer === null) {
      // The dealers are listed only on a development host: a stranger's host learns nothing.
      const match = dealerForHost(host, hostRules);
      if (!match.local) return plain('No dealer site at this address.\n', 404);
      return plain(unknownDealerPage('unknown' in match ? match.unknown : '', host, dealers), 404);
    }
    // The build being served, resolved once: a new build is swapped in by replacing the
    // `<distDir>/<slug>` link (src/publish/site-folders.ts), and a request that started on one build
    // reads all its files from it. A dealer with a site keeps serving it while the next one builds.
    const siteRoot = await realpath(path.join(root, dealer)).catch(() => undefined);
    const built = siteRoot === undefined ? (builds?.state(dealer) ?? 'ready') : 'ready';
    if (built !== 'ready') {
      // The slug stands in for the name when the dealer file cannot be read right now.
      const name = (await Promise.resolve(configs.get(dealer)).catch(() => undefined))?.name ?? dealer;
      return c.html(siteBuildPage(name, built, builds!.progress()), 503, {
        'Cache-Control': 'no-store',
        ...(built === 'building' ? { 'Retry-After': String(BUILDING_RETRY_SECONDS) } : {}),
      });
    }
    if (siteRoot === undefined) return plain('Not found\n', 404);
    // The raw pathname: Hono's c.req.path is already decoded, which would hide encoded traversal.
    const pathname = new URL(c.req.url).pathname;
    const resolved = resolveSafePath(siteRoot, pathname);
    if (resolved === null) return plain('Bad request\n', 400);

    // _headers and _deploy/ describe the site for its hosts; like a CDN, never serve them.
    const found = isDeployFile(decodeURIComponent(pathname)) ? undefined : await findFile(candidateFiles(resolved));
    if (found) return serveFile(c, found, 200, cacheControlFor(pathname));

    // A car added since the build, or a search path nobody prerendered: the shell page reads the
    // URL in the browser. It is a page of the site (200) but not one to index under this URL.
    const shell = await fallbacks.pageFor(dealer, pathname);
    const shellPath = shell === undefined ? null : resolveSafePath(siteRoot, shell);
    const shellFile = shellPath === null ? undefined : await findFile(candidateFiles(shellPath));
    if (shellFile) return serveFile(c, shellFile, 200, 'public, max-age=0, must-revalidate', { 'X-Robots-Tag': 'noindex' });

    const notFound = await findFile([path.join(siteRoot, '404.html')]);
    if (notFound) return serveFile(c, notFound, 404, 'public, max-age=0, must-revalidate');
    return plain('Not found\n', 404);
  });

  app.all('*', () => plain('Method not allowed\n', 405, { Allow: 'GET, HEAD' }));

  return app;
}
