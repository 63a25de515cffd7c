/**
 * `npm run dev -- --dealer <slug>`'s part inside Astro's dev server: one dealer's site, rendered
 * page by page as it is asked for, reloaded in the browser whenever the dealer's file, assets or
 * stock change, with the build's checks in the page and the terminal.
 *
 * - Every route is rendered the way the build renders it: Astro's dev server asks a dynamic
 *   route's `getStaticPaths` only when the route is prerendered, so each is marked so (as the
 *   site renderer marks its manifest's, src/publish/site-renderer.ts).
 * - The dealer's files are watched through Vite's own watcher; after a change the checks run, the
 *   shared state (src/preview/preview-state.ts) takes the new dealer when they pass, and the
 *   browser is told to reload. A file that fails keeps the last good dealer on screen.
 * - `/assets/...` is the dealer's assets folder, read as it is on each request, as the build
 *   copies it to the site's `/assets/`.
 */
import { createReadStream, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { contentTypeOf } from '../platform/http/content-types';
import { resolveSafePath } from '../server/static';
import { dealerAsPublished } from '../publish/publish-site';
import { checkDealer, checkLines, type CheckedDealer } from './checks';
import { previewState, setPreviewState } from './preview-state';
import { createRenderGate } from './render-gate';
import { waitingPage, withChecksPanel } from './checks-panel';
import { CHANGES_PATH, createChangeFeed, reloadScript } from './live-reload';
import { ASTRO_LOCALS, REVISION_LOCAL } from './preview-state';
import type { DealerConfig } from '../platform/config/schema';
import type { renderAsSite } from '../platform/config/current';
import { changeOf, watchedFiles, type PreviewChange } from './watched-files';

export interface PreviewOptions {
  slug: string;
  dealersDir: string;
  stockDir: string;
  /** STOCK_DIR and the rest, as the checks and pages read them. */
  env: NodeJS.ProcessEnv;
  /** Terminal lines; defaults to console.log. */
  log?: (line: string) => void;
  /** How long to wait for more events of one save before checking (an editor may write a file in steps). */
  settleMs?: number;
  /** Told after each check whether the dealer passed (the API starts on the first dealer file that does). */
  onRefresh?: (good: boolean) => void;
}

const DAY_MS = 86_400_000;

/** The dealer as the day's build would publish it (a real Meilisearch dealer's search token signed). */
const asPublished = (checked: CheckedDealer): CheckedDealer['dealer'] =>
  checked.dealer && dealerAsPublished(checked.dealer, Math.floor(Date.now() / DAY_MS) * (DAY_MS / 1000));

/** Runs the checks and takes a dealer that passes as the one to render; the first call sets the starting state. */
export async function refreshPreview(options: PreviewOptions, why: string): Promise<CheckedDealer> {
  const started = performance.now();
  const checked = await checkDealer({ slug: options.slug, dealersDir: options.dealersDir, env: options.env });
  const before = previewState();
  const good = checked.dealer !== undefined && checked.stockReads;
  const dealer = good ? asPublished(checked) : before?.dealer;
  setPreviewState({
    ...(dealer ? { dealer } : {}),
    version: (before?.version ?? 0) + (good ? 1 : 0),
    revision: (before?.revision ?? 0) + 1,
    checks: checked.checks,
  });
  const log = options.log ?? ((line: string) => console.log(line));
  const ms = Math.round(performance.now() - started);
  log(`${why}: checked in ${ms} ms${good ? '' : before?.dealer ? '; the page keeps the last version that passed' : ''}`);
  for (const line of checkLines(checked.checks)) log(`  ${line.replace(/\n/g, '\n  ')}`);
  options.onRefresh?.(good);
  return checked;
}

/** Serves `/assets/<path>` from the dealer's assets folder, fresh on every request. */
function assetsMiddleware(assetsDir: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://preview');
    if (!url.pathname.startsWith('/assets/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const file = resolveSafePath(assetsDir, url.pathname.slice('/assets'.length));
    let size: number | undefined;
    try {
      const info = file ? statSync(file) : undefined;
      if (info?.isFile()) size = info.size;
    } catch {
      // Not there: the site's 404.
    }
    if (!file || size === undefined) return next();
    res.writeHead(200, { 'Content-Type': contentTypeOf(file), 'Content-Length': String(size), 'Cache-Control': 'no-store' });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  };
}

/** Requests Vite answers itself (modules, its client) or that go elsewhere (the API, the dealer's assets). */
const notAPage = (url: string): boolean => /^\/(@|node_modules\/|src\/|__|\.well-known\/|api\/|assets\/)/.test(url) || url === '/api';

const CURRENT_MODULE = fileURLToPath(new URL('../platform/config/current.ts', import.meta.url));
type CurrentModule = { renderAsSite: typeof renderAsSite };

/**
 * Every page request, from Astro's first look at its route (a dynamic route's `getStaticPaths`,
 * which reads the stock) to its last byte, runs inside the pages' own `renderAsSite` as the dealer
 * the checks last passed, one request at a time: a new version starts a fresh render, and so
 * does the module itself being loaded again after a change to the site's code.
 */
function pagesAsDealer(server: ViteDevServer): Connect.NextHandleFunction {
  let loaded: CurrentModule | undefined;
  const gate = createRenderGate<DealerConfig>(async (dealer, render, { fresh }) => {
    const current = (await server.ssrLoadModule(CURRENT_MODULE)) as CurrentModule;
    const reloaded = current !== loaded;
    loaded = current;
    return current.renderAsSite(dealer, render, { fresh: fresh || reloaded });
  });
  return (req, res, next) => {
    const state = previewState();
    if (!state || notAPage(req.url ?? '/')) return next();
    if (!state.dealer) {
      res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(withChecksPanel(waitingPage(state.checks), reloadScript(state.revision)));
    }
    gate
      .run(
        state.dealer,
        state.version,
        () =>
          new Promise<void>((resolve) => {
            res.once('close', resolve);
            // The revision this page renders at, for its reload script (src/preview/middleware.ts).
            Reflect.set(req, ASTRO_LOCALS, { ...(Reflect.get(req, ASTRO_LOCALS) as object | undefined), [REVISION_LOCAL]: state.revision });
            next();
          }),
      )
      .catch((error: unknown) => next(error));
  };
}

function previewPlugin(options: PreviewOptions): Plugin {
  const watched = watchedFiles(options.slug, options);
  return {
    name: 'dealer-sites-preview',
    configureServer(server: ViteDevServer) {
      // Before Vite's own middlewares and Astro's: these run first.
      const changes = createChangeFeed(() => previewState()?.revision ?? 0);
      server.httpServer?.once('close', () => changes.close());
      server.middlewares.use(CHANGES_PATH, (req, res) => changes.handle(req, res));
      server.middlewares.use(assetsMiddleware(watched.assets));
      server.middlewares.use(pagesAsDealer(server));
      server.watcher.add([watched.dealerFile, watched.assets, watched.stock]);
      // One save can be several events (an editor's write, then its rename): the checks wait for
      // them to settle, and a change during a check is checked again after it.
      const changed = new Set<PreviewChange>();
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> | undefined;
      const run = (): void => {
        timer = undefined;
        if (running) return;
        const what = [...changed].join(', ');
        changed.clear();
        running = refreshPreview(options, `${what} changed`)
          .then(() => {
            // Astro keeps each route's getStaticPaths answer until a watched file changes; a page
            // asked for while the checks ran would keep the old stock's. A 'change' of its own
            // (not 'all', which this plugin listens to) clears them again.
            server.watcher.emit('change', watched.dealerFile);
            changes.changed(previewState()?.revision ?? 0);
          })
          .catch((error: unknown) => (options.log ?? console.error)(`preview: the checks failed: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            running = undefined;
            if (changed.size > 0) timer ??= setTimeout(run, options.settleMs ?? 30);
          });
      };
      server.watcher.on('all', (_event, file) => {
        const change = changeOf(file, watched);
        if (!change) return;
        changed.add(change);
        if (!running) timer ??= setTimeout(run, options.settleMs ?? 30);
      });
    },
  };
}

export function previewIntegration(options: PreviewOptions): AstroIntegration {
  return {
    name: 'dealer-sites-preview',
    hooks: {
      'astro:config:setup': ({ addMiddleware, updateConfig }) => {
        addMiddleware({ entrypoint: fileURLToPath(new URL('./middleware.ts', import.meta.url)), order: 'pre' });
        updateConfig({ vite: { plugins: [previewPlugin(options)] } });
      },
      'astro:route:setup': ({ route }) => {
        route.prerender = true;
      },
    },
  };
}
