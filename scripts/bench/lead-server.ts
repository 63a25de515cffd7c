/**
 * The platform service on its own, for the lead bench: serves DEALERS_DIR's dealers on PORT with
 * the lead database the environment names, and prints "lead-server ready" once it listens. The
 * bench kills it with SIGKILL mid-run, which is why it is a process of its own.
 */
import path from 'node:path';
import { listDealerSlugs } from '../../src/platform/config/load';
import { projectPaths } from '../../src/build/stamps';
import { apiProcessCount, servingPlan, startPlatformProcesses, stopOnSignal } from '../../src/server/processes';

const paths = projectPaths();
const dealersDir = path.resolve(process.env.DEALERS_DIR ?? paths.dealersDir);
const dealers = listDealerSlugs(dealersDir);
const defaultDealer = process.env.DEALER && dealers.includes(process.env.DEALER) ? process.env.DEALER : (dealers[0] ?? '');
const env = { ...process.env, STOCK_DIR: paths.stockDir };
// API_PROCESSES > 1 (with Postgres): this process forks the serving ones, which run this file too.
const platform = await startPlatformProcesses({
  paths: { ...paths, dealersDir },
  ...(servingPlan() ?? { dealers, defaultDealer }),
  port: Number(process.env.PORT),
  // No alert runs: this measures the lead API alone (the alert job has its own bench section).
  env: { ...env, ALERTS_POLL_MS: '0' },
  holder: 'the lead bench server',
  processes: apiProcessCount(env),
});
if (!servingPlan()) console.log(`lead-server ready on ${process.env.PORT} (${platform.database.kind})`);
stopOnSignal(platform);
