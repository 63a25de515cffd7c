/**
 * The outbox worker: delivers each pending outbox row to its destination and records the result.
 *
 * Rows are claimed in small batches: in one transaction the due rows are selected
 * `FOR UPDATE SKIP LOCKED` and their next_attempt_at is pushed a lease ahead, so two workers
 * (two servers on one Postgres) never take the same row, and a row whose worker died is picked
 * up again once the lease runs out. Delivery happens outside any transaction (a webhook can
 * take 10 s), and the result is written after it.
 *
 * Delivery is at least once per destination: a crash between the delivery and writing
 * 'delivered' sends it again after the lease. Receivers drop repeats by X-Lead-Delivery-Id
 * (`<lead id>:<destination>`); the folder copy is simply rewritten.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DealerConfig } from '../../../platform/config/schema';
import type { LeadVehicle } from '../webhook';
import { createStockLookup } from '../../../stock/server/store';
import type { Vehicle } from '../../../stock/model/vehicle';
import type { Database } from '../../../platform/db/open';
import { leadFiles, leadResponses, leads, outbox, type LeadResponseRow, type LeadRow, type OutboxRow } from '../../../platform/db/schema';
import { ackUrl, leadAckSecret } from '../../server/response-tracking';
import { fileLinkExpiry, fileUrl } from '../../server/file-links';
import { smsProviderFromEnv, type SmsProvider } from '../../../providers/sms';
import { runEscalations, sendEscalation } from './escalation';
import { sendDueWeeklyReports } from './weekly-report';
import { DestinationError, destinationKind, resolveDestination } from './destinations';
import { recordDelivery } from '../../../platform/metrics/metrics';
import { afterFailure } from './schedule';
import { channelOf, type DeliveryHealth } from './health';
import { replyToShopper } from './shopper-mail';
import { closeMailers, deliverByEmail, deliverToFolder, deliverToWebhook, DeliveryError, outboxDir, shortError, type Delivery } from './transports';

export interface OutboxWorkerOptions {
  database: Pick<Database, 'db' | 'kind'>;
  /** The dealer's current config; undefined when this server no longer has the dealer. */
  configFor(slug: string): DealerConfig | undefined | Promise<DealerConfig | undefined>;
  env?: NodeJS.ProcessEnv;
  /** Project root for a relative LEADS_OUTBOX_DIR (default: the working directory). */
  root?: string;
  now?: () => Date;
  fetch?: typeof fetch;
  log?: (message: string) => void;
  /** How often to look for due rows; 0 or less: never on its own, only runOnce(). Default 5 s. */
  pollMs?: number;
  /** Rows claimed at a time (default 10). */
  batchSize?: number;
  /** Told of every delivery's result, for /api/health. */
  health?: DeliveryHealth;
  /** Signs the "I've got this" links and the file links (default LEAD_ACK_SECRET or the kept secret, as the ack and file routes read it). */
  ackSecret?: string;
  /** Texts escalations (default from SMS_PROVIDER: message files in the outbox folder, or Twilio). */
  sms?: SmsProvider;
  /** Dealers whose weekly response report this worker sends (the first run of each week, for the week before); none by default. */
  reportDealers?: readonly string[];
  /** The stock car a lead's car_id names (default: the dealer's current stock). */
  vehicleFor?: (site: DealerConfig, carId: string) => LeadVehicle | undefined | Promise<LeadVehicle | undefined>;
}

export interface OutboxRunResult {
  delivered: number;
  /** Failed and queued to try again. */
  failed: number;
  /** Failed for the last time (72 hours up), or never deliverable. */
  dead: number;
}

export interface OutboxWorker {
  runOnce(): Promise<OutboxRunResult>;
  stop(): Promise<void>;
}

/**
 * Longer than any single delivery can take (webhook 10 s; SMTP at most 20 s to connect, 10 s for
 * the greeting, 30 s idle), and short enough that rows claimed by a worker that was killed are
 * delivered by the next one within a couple of minutes.
 */
export const claimLeaseMs = 90_000;
const reportCheckMs = 60 * 60_000;
/** Bounds one run, so a huge backlog cannot hold a run (and stop()) for ever. */
const maxBatchesPerRun = 50;

/** The stock car, from the dealer's current stock, reduced to what deliveries show. */
export function stockVehicle(car: Vehicle | undefined): LeadVehicle | undefined {
  if (!car) return undefined;
  const { id, name, year, make, model, variant, vin, stocknum, car_type, price, km, colour, body } = car;
  return { id, name, year, make, model, variant, vin, stocknum, car_type, price, km, colour, body };
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, env = process.env, root = process.cwd(), now = () => new Date(), log = console.error, pollMs = 5000, batchSize = 10 } = options;
  const fetchImpl = options.fetch ?? fetch;
  const lookUp = createStockLookup(env);
  const vehicleFor = options.vehicleFor ?? ((site: DealerConfig, carId: string) => stockVehicle(lookUp(site, carId)));
  const db = database.db;
  let secret = options.ackSecret;
  const ackSecret = (): string => (secret ??= leadAckSecret(env, root));
  let sms = options.sms;
  const smsProvider = (): SmsProvider => (sms ??= smsProviderFromEnv(env, outboxDir(env, root), fetchImpl));
  let reportsCheckedAt = -Infinity;
  let running: Promise<OutboxRunResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** The last run ended at its batch limit with rows still due. */
  let backlogLeft = false;
  let stopped = false;

  async function claim(): Promise<OutboxRow[]> {
    const at = now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.next_attempt_at, at)))
        .orderBy(asc(outbox.next_attempt_at), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ next_attempt_at: new Date(at.getTime() + claimLeaseMs) })
        .where(
          inArray(
            outbox.id,
            due.map((r) => r.id),
          ),
        )
        .returning();
    });
  }

  /** Why this row can never be delivered, if so. */
  function undeliverable(lead: LeadRow | undefined): string | undefined {
    if (!lead) return 'the lead no longer exists';
    if (lead.quarantine_reason) return `not delivered: the lead is quarantined (${shortError(lead.quarantine_reason)})`;
    if (lead.status !== 'Complete') return `not delivered: the lead is ${shortError(lead.status)}, not Complete`;
    return undefined;
  }

  async function deliver(row: OutboxRow, lead: LeadRow, files: Delivery['files'], tracking: LeadResponseRow | undefined): Promise<void> {
    let site: DealerConfig | undefined;
    try {
      site = await options.configFor(row.dealer);
    } catch {
      site = undefined;
    }
    if (!site) throw new DeliveryError(`this server has no dealer "${row.dealer}"`);
    let target;
    try {
      target = resolveDestination(site, row.destination);
    } catch (error) {
      if (error instanceof DestinationError) throw new DeliveryError(error.message);
      throw error;
    }
    const carId = typeof lead.data.car_id === 'string' || typeof lead.data.car_id === 'number' ? String(lead.data.car_id) : '';
    let vehicle: LeadVehicle | undefined;
    if (carId) {
      try {
        vehicle = await vehicleFor(site, carId);
      } catch {
        // Stock that cannot be read only costs the car details; the lead still goes.
        vehicle = undefined;
      }
    }
    // Leads stored before response tracking have no row, and no link to acknowledge them by.
    const response = tracking
      ? { acknowledge_url: ackUrl(site, lead.id, ackSecret()), thread_of: tracking.thread_id === lead.id ? null : tracking.thread_id }
      : undefined;
    // Each file's own signed link, made at delivery: a month from when the dealer gets it.
    const expires = fileLinkExpiry(now());
    const linked = files.map((file) => ({
      ...file,
      url: fileUrl(site, lead.id, file.id, ackSecret(), expires),
      url_expires_at: new Date(expires * 1000).toISOString(),
    }));
    const delivery: Delivery = { lead, files: linked, site, destination: row.destination, vehicle, ...(response ? { response } : {}) };
    if (target.type === 'escalation') {
      await sendEscalation(delivery, target, {
        env,
        root,
        sms: smsProvider(),
        acknowledgedAt: tracking?.acknowledged_at ?? null,
        dueAt: tracking?.due_at ?? null,
      });
    } else if (target.type === 'folder') await deliverToFolder(delivery, outboxDir(env, root));
    else if (target.type === 'shopper_reply') await replyToShopper(delivery, { env, root });
    else if (target.type === 'webhook') await deliverToWebhook(delivery, target, { env, fetch: fetchImpl });
    else await deliverByEmail(delivery, target, { env });
  }

  /** Delivers one row; a failure is recorded here, a success is returned for the batch to record at once. */
  async function settle(
    row: OutboxRow,
    lead: LeadRow | undefined,
    files: Delivery['files'],
    tracking: LeadResponseRow | undefined,
    result: OutboxRunResult,
  ): Promise<'delivered' | undefined> {
    const what = `${row.destination} for lead ${row.lead_id} (${row.dealer})`;
    const never = undeliverable(lead);
    if (never || !lead) {
      await db
        .update(outbox)
        .set({ status: 'dead', last_error: never ?? 'undeliverable' })
        .where(eq(outbox.id, row.id));
      result.dead++;
      recordDelivery(row.dealer, destinationKind(row.destination), 'dead');
      log(`outbox: ${what} is dead: ${never}`);
      return;
    }
    const channel = channelOf(row.destination, row.dealer);
    try {
      await deliver(row, lead, files, tracking);
    } catch (error) {
      const message = error instanceof DeliveryError ? error.message : shortError(`unexpected error: ${(error as Error).message}`);
      options.health?.failed(channel, message);
      const failures = row.attempts + 1;
      const next = afterFailure({ failures, createdAt: row.created_at, now: now() });
      if (next.status === 'dead') {
        await db.update(outbox).set({ status: 'dead', attempts: failures, last_error: message }).where(eq(outbox.id, row.id));
        result.dead++;
        recordDelivery(row.dealer, destinationKind(row.destination), 'dead');
        log(
          `outbox: ${what} failed for the last time (attempt ${failures}, 72 hours are up): ${message}. Retry it with npm run leads:outbox -- --retry ${row.id}`,
        );
      } else {
        await db.update(outbox).set({ attempts: failures, last_error: message, next_attempt_at: next.nextAttemptAt }).where(eq(outbox.id, row.id));
        result.failed++;
        recordDelivery(row.dealer, destinationKind(row.destination), 'failed');
        log(`outbox: ${what} failed (attempt ${failures}): ${message}; next try at ${next.nextAttemptAt.toISOString()}`);
      }
      return;
    }
    options.health?.succeeded(channel);
    return 'delivered';
  }

  async function run(): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { delivered: 0, failed: 0, dead: 0 };
    backlogLeft = false;
    // Unanswered leads whose promise ran out queue their escalations first, to go in this run.
    await runEscalations({ db, configFor: (slug) => options.configFor(slug), now: now(), log });
    // Weekly reports: looked for hourly, sent once per week (weekly-report.ts keeps the record).
    if (options.reportDealers?.length && now().getTime() - reportsCheckedAt >= reportCheckMs) {
      reportsCheckedAt = now().getTime();
      await sendDueWeeklyReports(options.reportDealers, (slug) => options.configFor(slug), now(), { db, env, root }).catch((error: unknown) =>
        log(`weekly report: not sent: ${error instanceof Error ? error.message : String(error)}; tried again within the hour`),
      );
    }
    for (let batch = 0; batch < maxBatchesPerRun && !stopped; batch++) {
      const rows = await claim();
      if (rows.length === 0) break;
      const leadIds = [...new Set(rows.map((r) => r.lead_id))];
      const leadRows = await db.select().from(leads).where(inArray(leads.id, leadIds));
      const fileRows = await db
        .select({ id: leadFiles.id, lead_id: leadFiles.lead_id, field: leadFiles.field, content_type: leadFiles.content_type, size: leadFiles.size })
        .from(leadFiles)
        .where(inArray(leadFiles.lead_id, leadIds));
      const trackingRows = await db.select().from(leadResponses).where(inArray(leadResponses.lead_id, leadIds));
      const byId = new Map(leadRows.map((l) => [l.id, l]));
      const trackingOf = new Map(trackingRows.map((r) => [r.lead_id, r]));
      const outcomes = await Promise.all(
        rows.map((row) =>
          settle(
            row,
            byId.get(row.lead_id),
            fileRows.filter((f) => f.lead_id === row.lead_id),
            trackingOf.get(row.lead_id),
            result,
          ),
        ),
      );
      // One statement for the batch's deliveries: on embedded PGlite every query waits its turn
      // with the shoppers' requests, so the worker asks as little as it can.
      const deliveredRows = rows.filter((_, i) => outcomes[i] === 'delivered');
      const delivered = deliveredRows.map((row) => row.id);
      if (delivered.length > 0) {
        await db
          .update(outbox)
          .set({ status: 'delivered', delivered_at: now(), attempts: sql`${outbox.attempts} + 1`, last_error: null })
          .where(inArray(outbox.id, delivered));
        result.delivered += delivered.length;
        for (const row of deliveredRows) recordDelivery(row.dealer, destinationKind(row.destination), 'delivered');
      }
      if (rows.length < batchSize) break;
      if (batch === maxBatchesPerRun - 1) backlogLeft = true;
      // Let the requests that arrived meanwhile go first; a backlog is delivered between them.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return result;
  }

  function runOnce(): Promise<OutboxRunResult> {
    // One run at a time: a poll and a manual runOnce() share the same run.
    running ??= run().finally(() => {
      running = undefined;
      // A run stops after its last batch even with rows still due (a thousand escalations at one
      // instant): the next run starts now rather than a poll later, so the backlog drains.
      schedule(backlogLeft ? 0 : pollMs);
    });
    return running;
  }

  function schedule(delayMs = pollMs): void {
    if (stopped || pollMs <= 0) return;
    if (timer) clearTimeout(timer);
    // Each run schedules the next when it ends (runOnce), polled or asked for.
    timer = setTimeout(() => {
      runOnce().catch((error: unknown) => log(`outbox: delivery run failed: ${error instanceof Error ? error.message : String(error)}`));
    }, delayMs);
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      closeMailers();
    },
  };
}
