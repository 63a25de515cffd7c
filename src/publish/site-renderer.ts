/**
 * Renders a dealer's pages from the one site bundle (src/publish/adapter.ts). This module is
 * bundled with the pages, so `renderAsSite` here is the same module the pages read `site` from.
 *
 * Every route is rendered the way Astro's static build renders it: a dynamic route's pages and
 * props come from its `getStaticPaths`, asked as the dealer being rendered. Astro's server
 * runtime asks `getStaticPaths` only for routes marked prerendered, so this renderer marks every
 * route of its own copy of the manifest so (in place: Astro finds a route's styles and scripts by
 * the identity of its route object); the answers are kept per render (a new App each time),
 * never across dealers.
 */
import type { SSRManifest } from 'astro';
import { App } from 'astro/app';
import { renderAsSite } from '../platform/config/current';
import { contentHash, recordPageInputs, type PageInputs, type RecordedSearch } from '../platform/config/page-inputs';
import type { DealerConfig } from '../platform/config/schema';
import { embeddedAnswer } from '../search/model/embedded-answer';
import { dealerIndexSettings } from '../search/model/text-settings';
import { stockForPathsAndSearch } from '../stock/server/site-stock';

type RouteData = SSRManifest['routes'][number]['routeData'];

/** One file of a dealer's site: where it goes under the site's folder, and the route that makes it. */
export interface SitePage {
  /** The address shoppers ask for: `/`, `/cars/2021-toyota-hilux-123`, `/feeds/google.xml`. */
  path: string;
  /** Where it is written under the site's folder: `index.html`, `cars/…/index.html`, `feeds/google.xml`. */
  file: string;
  /** The page's route (`/cars/[slug]`), so a caller can tell which kind of page it is. */
  route: string;
  /** sha256 of the props its route's `getStaticPaths` gives it (a car, a landing page's search); absent for a static route. */
  props?: string;
}

export interface RenderedPage extends SitePage {
  body: Uint8Array;
  /** What the page read while rendering besides its props (src/platform/config/page-inputs.ts). */
  inputs: PageInputs;
}

export interface SiteRenderer {
  /**
   * Every file the dealer's site has now, in the order Astro lists its routes. It reads the
   * dealer's file and stock afresh; `render` calls after it share what it read.
   */
  pages(dealer: DealerConfig): Promise<SitePage[]>;
  /** Renders these pages of the dealer; a page that does not render throws, naming it. */
  render(dealer: DealerConfig, pages: readonly SitePage[], options?: { concurrency?: number }): AsyncGenerator<RenderedPage>;
  /**
   * Asks recorded searches again of the embedded engine over the dealer's stock now, answering
   * each answer's hash in order: a page whose searches all answer as before shows what it showed.
   */
  answers(dealer: DealerConfig, searches: readonly Pick<RecordedSearch, 'indexUid' | 'request'>[]): Promise<string[]>;
}

// Astro's own routes (image endpoint, server islands) have no place in a static site.
const isSiteRoute = (route: RouteData): boolean => route.origin !== 'internal' && (route.type === 'page' || route.type === 'endpoint');

/** The file a static build writes for a path, with `build.format: 'directory'`. */
export function outputFile(route: Pick<RouteData, 'type' | 'route'>, path: string): string {
  if (route.type === 'endpoint') return path.replace(/^\/+/, '');
  if (path === '/') return 'index.html';
  // Astro writes the not-found page as 404.html, where hosts look for it.
  if (route.route === '/404') return '404.html';
  return `${path.replace(/^\/+|\/+$/g, '')}/index.html`;
}

/** The first call's answer (a module's promise), for every call: a module loaded once stays loaded. */
function once<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}

export function createSiteRenderer(manifest: SSRManifest): SiteRenderer {
  const routes = manifest.routes.map((info) => info.routeData).filter(isSiteRoute);
  for (const route of routes) route.prerender = true;
  // Astro asks for a page's module, the actions and the middleware with a dynamic import() on
  // every page it renders. The module is loaded after the first, but each import() still goes
  // through the module loader, and a worker started with tsx's hooks sends every one to the hooks'
  // thread and waits for its answer: about 5 % of its main thread in a profile.
  if (manifest.pageMap) for (const [component, load] of manifest.pageMap) manifest.pageMap.set(component, once(load));
  for (const name of ['actions', 'middleware'] as const) {
    const load = manifest[name];
    if (load) Object.assign(manifest, { [name]: once(load as () => unknown) });
  }
  // A fresh App per dealer render: its route cache holds the dealer's getStaticPaths answers.
  const appFor = (): App => new App(manifest, false);

  async function pathsOf(route: RouteData): Promise<{ path: string; props?: string }[]> {
    if (route.params.length === 0) return [{ path: route.pathname ?? route.route }];
    const mod = await pageModule(route);
    const getStaticPaths = (mod as { getStaticPaths?: () => unknown }).getStaticPaths;
    if (!getStaticPaths) throw new Error(`${route.component} is a dynamic route without getStaticPaths: a static site cannot list its pages`);
    const entries = (await getStaticPaths()) as { params: Record<string, string | number | undefined>; props?: unknown }[];
    return entries.map((entry) => {
      const params = Object.fromEntries(
        Object.entries(entry.params)
          .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
          .map(([key, value]) => [key, String(value).replace(/^\/+|\/+$/g, '')]),
      );
      return { path: route.generate(params), props: contentHash(entry.props ?? null) };
    });
  }

  async function pageModule(route: RouteData): Promise<Record<string, unknown>> {
    const load = manifest.pageMap?.get(route.component);
    if (!load) throw new Error(`the site bundle has no module for ${route.component}`);
    const instance = await load();
    return (await instance.page()) as unknown as Record<string, unknown>;
  }

  return {
    async pages(dealer) {
      return renderAsSite(
        dealer,
        async () => {
          const out: SitePage[] = [];
          for (const route of routes) {
            for (const { path, props } of await pathsOf(route))
              out.push({ path, file: outputFile(route, path), route: route.route, ...(props ? { props } : {}) });
          }
          return out;
        },
        { fresh: true },
      );
    },

    async *render(dealer, pages, options = {}) {
      const byRoute = new Map(routes.map((route) => [route.route, route]));
      const app = appFor();
      const concurrency = Math.max(1, options.concurrency ?? 4);
      const renderOne = (page: SitePage): Promise<RenderedPage> =>
        renderAsSite(dealer, async () => {
          const route = byRoute.get(page.route);
          if (!route) throw new Error(`${page.path}: no route ${page.route} in the site bundle`);
          const request = new Request(new URL(page.path, dealer.url));
          const { value: body, inputs } = await recordPageInputs(async () => {
            const response = await app.render(request, { routeData: route });
            if (response.status !== 200 && !(route.route === '/404' && response.status === 404)) {
              throw new Error(`${page.path} answered ${response.status} when rendered: ${(await response.text()).slice(0, 500)}`);
            }
            return new Uint8Array(await response.arrayBuffer());
          });
          return { ...page, body, inputs };
        });
      // Pages render a few at a time: most wait on nothing, but a page's search prerender awaits.
      const queue = [...pages];
      const inFlight = new Set<Promise<RenderedPage>>();
      const done: RenderedPage[] = [];
      const start = (): void => {
        const page = queue.shift();
        if (!page) return;
        const running = renderOne(page).then((rendered) => {
          inFlight.delete(running);
          done.push(rendered);
          return rendered;
        });
        inFlight.add(running);
      };
      while (inFlight.size < concurrency && queue.length > 0) start();
      while (inFlight.size > 0) {
        await Promise.race(inFlight);
        while (done.length > 0) yield done.shift() as RenderedPage;
        while (inFlight.size < concurrency && queue.length > 0) start();
      }
    },

    async answers(dealer, searches) {
      return renderAsSite(dealer, async () => {
        const stock = stockForPathsAndSearch();
        const settings = dealerIndexSettings(dealer);
        const hashes: string[] = [];
        for (const search of searches) {
          // The same engine and answer the pages' prerendered searches use, recorded nowhere.
          const answer = await embeddedAnswer(stock, search.indexUid, settings)(JSON.parse(search.request));
          hashes.push(contentHash(answer));
        }
        return hashes;
      });
    },
  };
}
