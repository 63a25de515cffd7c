/**
 * npm run dev -- --dealer <slug>
 *
 * Previews one dealer's site while its files are edited: Astro's dev server renders each page as
 * it is asked for (src/preview/integration.ts), a save to the dealer's file, its assets or its
 * stock reloads the page in the browser, and the build's checks show in the page and here. The
 * API the pages call (/api/search, leads, accounts...) is the platform's own (src/server/platform.ts),
 * started beside it on a port of its own and reached through the dev server, with the preview's
 * own data folders (src/preview/dev-options.ts) and no deliveries: a test lead reaches no dealer.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { dev } from 'astro';
import { UsageError } from '../src/build/plan';
import { projectPaths } from '../src/build/stamps';
import { listDealerSlugs } from '../src/platform/config/load';
import { DatabaseLockedError } from '../src/platform/db/lock';
import { startPlatform, type Platform } from '../src/server/platform';
import { parseDevArgs, previewEnv, previewPort } from '../src/preview/dev-options';
import { previewIntegration, refreshPreview, type PreviewOptions } from '../src/preview/integration';
import { previewState } from '../src/preview/preview-state';
import { unwatched, watchedFiles } from '../src/preview/watched-files';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  const paths = projectPaths();
  let slug: string;
  let port: { port: number; strict: boolean };
  try {
    slug = parseDevArgs(process.argv.slice(2), listDealerSlugs(paths.dealersDir));
    port = previewPort(process.env.PORT);
  } catch (error) {
    if (error instanceof UsageError) fail(error.message);
    throw error;
  }
  const env = previewEnv(process.env, paths.root, slug, paths.stockDir);
  // The pages read the stock and the dealer through process.env, as a render worker's do.
  Object.assign(process.env, env);
  const shown = (file: string): string => path.relative(paths.root, file) || '.';
  const options: PreviewOptions = { slug, dealersDir: paths.dealersDir, stockDir: paths.stockDir, env };

  await refreshPreview(options, `Checking ${slug}`);

  // The API, as npm start serves it, for this one dealer. A dealer file that does not read yet
  // keeps it from starting (it reads the dealer's domains); it starts after the first good save.
  const apiPort = await freePort();
  let platform: Platform | undefined;
  let starting: Promise<void> | undefined;
  const startApi = (): Promise<void> =>
    (starting ??= startPlatform({
      paths,
      dealers: [slug],
      defaultDealer: slug,
      port: apiPort,
      env,
      holder: `npm run dev -- --dealer ${slug}`,
      deliver: false,
    }).then(
      (started) => {
        platform = started;
        console.log(`API up: leads kept in ${env.DATABASE_URL?.trim() ? 'Postgres (DATABASE_URL)' : shown(env.LEADS_DB_DIR!)}, delivered to nobody.`);
      },
      (error: unknown) => {
        starting = undefined;
        if (error instanceof DatabaseLockedError) fail(`${error.message}\nSet LEADS_DB_DIR to another folder to preview beside it.`);
        console.error(`The API is not up yet (its pages' searches and forms fail meanwhile): ${error instanceof Error ? error.message : String(error)}`);
      },
    ));
  if (previewState()?.dealer) await startApi();

  const watched = watchedFiles(slug, paths);
  const ignored = unwatched(
    [path.join(paths.root, '.data'), paths.distDir, env.LEADS_DB_DIR!, env.LEADS_FILES_DIR!].map((folder) => path.resolve(paths.root, folder)),
    [watched.dealerFile, watched.assets, watched.stock],
  );
  const server = await dev({
    root: paths.root,
    logLevel: 'info',
    server: { port: port.port, host: '127.0.0.1' },
    integrations: [
      previewIntegration({
        ...options,
        onRefresh: (good) => {
          if (good && !platform) void startApi();
        },
      }),
    ],
    vite: {
      server: {
        strictPort: port.strict,
        // The Host is kept: the API chooses the dealer by it, as behind a CDN.
        proxy: {
          '/api': {
            target: `http://127.0.0.1:${apiPort}`,
            changeOrigin: false,
            // Until the API is up (a dealer file that has never passed): say so, in the API's envelope.
            configure: (proxy) =>
              proxy.on('error', (_error, _req, res) => {
                if (!('writeHead' in res) || res.headersSent) return void res.end();
                res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
                res.end(JSON.stringify({ error: 'The API starts once the dealer file passes its checks' }));
              }),
          },
        },
        // Builds and the databases write all the time and are nothing the pages import.
        watch: { ignored },
      },
    },
  }).catch((error: unknown) => fail(`Could not start the preview: ${error instanceof Error ? error.message : String(error)}`));

  const at = server.address.port;
  const stock = watched.stock;
  console.log(`\nPreviewing ${previewState()?.dealer?.name ?? slug} at http://${slug}.localhost:${at}/ (also http://127.0.0.1:${at}/)`);
  console.log(`  a save to ${shown(watched.dealerFile)}, ${shown(watched.assets)}/ or ${shown(stock)} reloads the page, with the checks`);
  console.log(`  API (search, leads, accounts): http://${slug}.localhost:${at}/api/health`);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n${signal}: stopping the preview.`);
    void Promise.allSettled([server.stop(), platform?.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => fail(`dev: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
