/**
 * npm run worker: works publish jobs from the Postgres queue (DATABASE_URL), rendering each
 * dealer's site from the site bundle and swapping it in, as many dealers at once as this machine
 * has cores (PUBLISH_WORKERS overrides). Run it on as many machines as the work needs: jobs for
 * one dealer never run twice at once across them (docs/decisions/publish-queue.md). Every worker
 * writes to the same dist folder (DIST_DIR): a shared file system, or one per machine deployed
 * with npm run deploy.
 *
 * Without DATABASE_URL there is nothing to share: `npm start` works its own jobs.
 */
import os from 'node:os';
import { projectPaths } from '../src/build/stamps';
import { listDealerSlugs } from '../src/platform/config/load';
import { createPublishQueue } from '../src/publish/queue';
import { deployAfterPublishFromEnv } from '../src/publish/deploy/command';
import { sitemapPaths } from '../src/site/site-pages';
import { publishJobHandler } from '../src/publish/publisher';

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: without it the queue lives in the npm start process, which publishes by itself.');
    return 1;
  }
  const concurrency = Math.max(1, Number(process.env.PUBLISH_WORKERS ?? os.availableParallelism()) || 1);
  const paths = projectPaths();
  const queue = await createPublishQueue({ databaseUrl, log: (line) => console.error(line) });
  const log = (line: string): void => console.log(line);
  // Throws on a wrong PUBLISH_DEPLOY or target setting: a worker that cannot deploy does not start.
  const afterPublish = deployAfterPublishFromEnv({
    env: process.env,
    cwd: paths.root,
    distDir: paths.distDir,
    dealers: listDealerSlugs(paths.dealersDir),
    log,
  });
  const handler = publishJobHandler({ paths, concurrency, log, sitePages: sitemapPaths, ...(afterPublish ? { afterPublish } : {}) });
  // Workers load the bundle before the first job, which then starts rendering at once.
  await handler.warm();
  const stop = await queue.work(handler.handle, { concurrency });
  console.log(`Working publish jobs, ${concurrency} dealer${concurrency === 1 ? '' : 's'} at a time. Ctrl-C stops after the running ones.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await stop();
  await handler.close();
  await queue.close();
  return 0;
}

process.exitCode = await main();
