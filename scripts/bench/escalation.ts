/**
 * The escalation timer's accuracy under load, for `npm run bench`: 1,000 unanswered leads all due
 * at the same instant (a busy Saturday's backlog meeting Monday's opening) while the lead API
 * keeps taking new leads, on the outbox worker as `npm start` runs it (5-second poll). Per lead:
 * how late its step was taken (the escalation rows queued) and how late its email and text were
 * sent, after the due time; p50, p95 and the worst. Each step must be taken once. PGlite, and
 * Postgres too with DATABASE_URL (a fresh database each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { like, sql } from 'drizzle-orm';
import { loadDealer } from '../../src/platform/config/load';
import type { DealerConfig } from '../../src/platform/config/schema';
import { openDatabase } from '../../src/platform/db/open';
import { outbox } from '../../src/platform/db/schema';
import { createLead } from '../../src/leads/server/store';
import { startOutboxWorker } from '../../src/leads/delivery/outbox/worker';
import { createApp } from '../../src/server/app';
import { freshDatabase } from './leads';

export interface EscalationBenchResult {
  database: 'pglite' | 'postgres';
  leads: number;
  pollMs: number;
  /** New leads the API took while the escalations ran, and their answer times. */
  apiLeads: number;
  apiP95Ms: number;
  /** Lateness of the step (escalation rows queued) after the due time, ms. */
  queued: { p50: number; p95: number; max: number };
  /** Lateness of the messages sent (email and text), ms. */
  sent: { p50: number; p95: number; max: number };
  /** Escalation rows per lead: exactly 2 (email and text) each. */
  rowsPerLead: number;
  /** Messages not sent within the 5 minutes (their lateness is left out of `sent`). */
  unsent: number;
}

const LEADS = 1000;
const POLL_MS = 5000;

const pct = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: Math.round(pct(sorted, 50)), p95: Math.round(pct(sorted, 95)), max: Math.round(sorted.at(-1) ?? NaN) };
};

function withPromise(site: DealerConfig): DealerConfig {
  return {
    ...site,
    leads: {
      ...site.leads,
      response_promise: { minutes: 30, locations: [], escalation: [{ name: 'Sales manager', email: 'manager@bench.example', phone: '0412 000 001' }] },
    },
  };
}

export async function benchEscalation(kind: 'pglite' | 'postgres', slug = 'kingfisher-toyota', leads = LEADS): Promise<EscalationBenchResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-escalation-'));
  const fresh = await freshDatabase(kind, work);
  const env = {
    ...fresh.env,
    LEADS_OUTBOX_DIR: path.join(work, 'outbox'),
    LEAD_ACK_SECRET: 'bench-ack-secret-0123456789abcdefghij',
    LEADS_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  const database = await openDatabase({ env, root: work });
  const site = withPromise(loadDealer(slug));
  try {
    // The backlog: every lead's first step due at one instant, set once they are all in.
    const later = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < leads; i++) {
      const receivedAt = new Date();
      await createLead(database.db, {
        dealer: site.slug,
        lead: {
          form: 'enquiry',
          category: 'General Enquiry',
          status: 'Complete',
          data: { name: `Shopper ${i}`, email: `shopper${i}@example.com`, phone: `04${String(10_000_000 + i)}`, message: 'Is it available?' },
          consent: { opt_in: false, wording: null, at: receivedAt.toISOString() },
          quarantineReason: null,
        },
        destinations: ['folder'],
        now: receivedAt,
        response: {
          source: 'Website',
          location: null,
          receivedAt,
          dueAt: later,
          nextEscalationAt: later,
          shopperEmail: `shopper${i}@example.com`,
          shopperPhone: null,
          carId: null,
        },
      });
    }
    // The backlog's own deliveries went long ago: only the escalations are owed.
    await database.db.execute(sql`UPDATE outbox SET status = 'delivered', delivered_at = now()`);
    const dueAt = new Date(Date.now() + 3000);
    await database.db.execute(
      sql`UPDATE lead_responses SET due_at = ${dueAt.toISOString()}::timestamptz, next_escalation_at = ${dueAt.toISOString()}::timestamptz`,
    );

    const worker = startOutboxWorker({
      database,
      configFor: (s) => (s === site.slug ? site : undefined),
      env,
      root: work,
      pollMs: POLL_MS,
      log: () => undefined,
    });
    const app = createApp({
      distDir: 'unused',
      dealers: [site.slug],
      defaultDealer: site.slug,
      env,
      search: { get: () => Promise.resolve(undefined) },
      leads: { database, filesDir: path.join(work, 'files') },
    });
    const apiTimes: number[] = [];
    const stopAt = dueAt.getTime() + 300_000;
    let checkedAt = 0;
    // The API keeps taking leads (about 20 a second) until every escalation is out (5 minutes at most).
    const load = (async () => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const started = performance.now();
        const answer = await app.request(`http://${site.slug}.localhost/api/leads`, {
          method: 'POST',
          headers: { host: `${site.slug}.localhost`, 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
          body: JSON.stringify({
            lead: {
              form: 'enquiry',
              name: 'Load Shopper',
              phone: '0412 345 678',
              email: `load${i}@example.com`,
              message: 'Hello',
              form_started_at: Date.now() - 60_000,
            },
          }),
        });
        await answer.text();
        if (answer.status === 201) apiTimes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (Date.now() - checkedAt < 1000) continue;
        checkedAt = Date.now();
        const sent = await database.db.$count(outbox, sql`${outbox.destination} LIKE 'escalation_%' AND ${outbox.status} = 'delivered'`);
        if (sent >= leads * 2) break;
      }
    })();
    await load;
    await worker.stop();
    const rows = await database.db.select().from(outbox).where(like(outbox.destination, 'escalation_%'));
    const due = dueAt.getTime();
    return {
      database: kind,
      leads,
      pollMs: POLL_MS,
      apiLeads: apiTimes.length,
      apiP95Ms: Math.round(
        pct(
          [...apiTimes].sort((a, b) => a - b),
          95,
        ),
      ),
      queued: spread(rows.map((r) => r.created_at.getTime() - due)),
      sent: spread(rows.flatMap((r) => (r.delivered_at ? [r.delivered_at.getTime() - due] : []))),
      rowsPerLead: rows.length / leads,
      unsent: rows.filter((r) => !r.delivered_at).length,
    };
  } finally {
    await database.close();
    await fresh.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

export function formatEscalation(r: EscalationBenchResult): string {
  return (
    `escalation timer (${r.database}): ${r.leads} leads due at once, ${r.pollMs / 1000} s poll, ${r.apiLeads} new leads taken meanwhile (p95 ${r.apiP95Ms} ms); ` +
    `step taken late by p50 ${r.queued.p50} ms, p95 ${r.queued.p95} ms, max ${r.queued.max} ms; ` +
    `email and text sent late by p50 ${r.sent.p50} ms, p95 ${r.sent.p95} ms, max ${r.sent.max} ms (${r.unsent} unsent after 5 min); ${r.rowsPerLead} messages per lead`
  );
}

/** `npx tsx scripts/bench/escalation.ts [leads]`: this part of the bench alone. */
async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? LEADS) || LEADS;
  for (const kind of process.env.DATABASE_URL?.trim() ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    console.log(formatEscalation(await benchEscalation(kind, 'kingfisher-toyota', count)));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
