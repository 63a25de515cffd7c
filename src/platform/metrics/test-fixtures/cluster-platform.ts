/**
 * A first process and three forked ones, as the API runs with API_PROCESSES, for cluster.test.ts:
 *   node --import tsx cluster-platform.ts
 * The first records a publish; two forked processes share their metrics and record 1 and 2 leads;
 * a third records 5 leads but never reports (stuck). Each sharing process then reads the platform's
 * metrics, and the first prints their answers as a JSON array of strings and stops them all.
 */
import cluster from 'node:cluster';
import { gatherForServingProcesses, shareWithFirstProcess } from '../cluster';
import { collectProcessMetrics, knowDealers, platformMetrics, recordBuild, recordLeadAccepted } from '../metrics';

interface Message {
  type: 'ready' | 'go' | 'page';
  body?: string;
}

knowDealers(['alpha']);
collectProcessMetrics();

if (cluster.isPrimary) {
  gatherForServingProcesses({ reportWithinMs: 500 });
  recordBuild('alpha', 'incremental', 'ok', 3);
  const stuck = cluster.fork({ LEADS: '5', STUCK: '1' });
  const sharing = [cluster.fork({ LEADS: '1' }), cluster.fork({ LEADS: '2' })];
  const pages: string[] = [];
  let ready = 0;
  for (const worker of [stuck, ...sharing]) {
    worker.on('message', (message: Message) => {
      if (message.type === 'ready' && ++ready === 3) for (const asking of sharing) asking.send({ type: 'go' } satisfies Message);
      if (message.type === 'page') {
        pages.push(message.body ?? '');
        if (pages.length < sharing.length) return;
        for (const each of [stuck, ...sharing]) each.kill();
        process.stdout.write(JSON.stringify(pages), () => process.exit(0));
      }
    });
  }
} else {
  for (let i = 0; i < Number(process.env.LEADS); i++) recordLeadAccepted('alpha', 'enquiry');
  if (!process.env.STUCK) {
    shareWithFirstProcess();
    process.on('message', (message: Message) => {
      if (message.type === 'go') void platformMetrics().then((page) => process.send?.({ type: 'page', body: page.body } satisfies Message));
    });
  }
  process.send?.({ type: 'ready' } satisfies Message);
}
