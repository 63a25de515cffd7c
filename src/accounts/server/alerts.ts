/**
 * The alert job: after a dealer's stock is imported (and on demand, `npm run alerts:run`), it
 * compares the stock with the stock as it last saw it (stock_watch) and emails each shopper who
 * asked for alerts what changed for them: a saved car whose price dropped or that sold, and new
 * cars that match a saved search. One email per account per run.
 *
 * Who is emailed: accounts of the dealer with alert consent recorded; for saved cars also
 * `car_alerts` on, for a saved search also that search's `alerts` on. The first run for a dealer
 * (nothing watched yet) only records the stock: there is nothing to compare it with.
 *
 * Order of work, so that a crash or a failing mail never loses an alert and a rerun never sends
 * the same change twice:
 *   1. read the watch, the stock and (in a few bulk queries) the saved cars, searches and keys
 *      already sent; drop every alert whose key is in alert_sends;
 *   2. send each account its email; once sent, its keys are queued and written to alert_sends in
 *      batches (and at the end);
 *   3. replace the watch with the new stock, except that a car whose alert could not be sent to
 *      someone keeps its old row (a new car stays unseen), so the next run finds that change again.
 * A crash after a mail left but before its key was written sends that mail again on the next run
 * (at least once, never lost); a crash after the keys but before the watch finds the same changes
 * again and skips them by key. A mail that fails is logged, never stops the others, and is tried
 * again on the next run.
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DealerConfig } from '../../platform/config/schema';
import type { Database } from '../../platform/db/open';
import { accounts, accountSavedCars, alertSends, savedSearches, stockWatch } from '../../platform/db/schema';
import { savedCarOf } from '../../saved-cars/model/saved-list';
import type { Vehicle } from '../../stock/model/vehicle';
import { loadStock } from '../../stock/server/store';
import { sendShopperMail, type MailOptions, type ShopperMail } from '../../leads/delivery/outbox/shopper-mail';
import { alertMail } from '../model/alert-mail';
import { alertKey, countAlerts, noAlerts, type Alert, type AlertCar, type AlertCounts } from '../model/alerts';
import { newSavedSearchSchema } from '../model/api';
import { savedSearchMatcher } from '../model/saved-search-match';
import { nextWatch, stockChanges, watchRows, type WatchedCar } from '../model/stock-changes';

export type SendMail = (site: DealerConfig, mail: ShopperMail, options: MailOptions) => Promise<unknown>;

export interface AlertRunOptions {
  database: Pick<Database, 'db' | 'kind'>;
  site: DealerConfig;
  /** The stock to compare; by default the dealer's stock as the site and the search API read it. */
  vehicles?: readonly Vehicle[];
  /** STOCK_DIR, SMTP_URL, LEADS_OUTBOX_DIR... */
  env?: NodeJS.ProcessEnv;
  /** Project root a relative LEADS_OUTBOX_DIR is resolved from. */
  root?: string;
  /** The clock the listing rule's sold window is measured from. */
  now?: Date;
  /** How an email goes out (tests put a failing one in). */
  send?: SendMail;
  /** Where a failed email is reported. */
  log?: (line: string) => void;
  /** Emails in flight at once (default 16 written as files, 8 over SMTP). */
  concurrency?: number;
}

export interface AlertRunSummary {
  dealer: string;
  /** Nothing was watched before: the stock was recorded and nothing sent. */
  firstRun: boolean;
  /** Another run for this dealer was under way; this one did nothing. */
  busy: boolean;
  cars: number;
  /** Accounts emailed, and accounts whose email failed (tried again next run). */
  emailed: number;
  failed: number;
  /** Alerts sent, by kind. */
  sent: AlertCounts;
  /** Alerts found again that an earlier run had sent already. */
  alreadySent: number;
  /** Saved searches whose path could not be read as a search of this site. */
  unreadableSearches: number;
  ms: number;
  /** Where the time went: finding what to send (reads, matching, keys), sending (with writing keys), recording the stock. */
  steps: { findMs: number; mailMs: number; watchMs: number };
}

/** Keys written to alert_sends per insert (about 100 emails' worth); emails sent since the last write are resent after a crash. */
const KEY_BATCH = 1000;
/** Values per list a query is given. */
const LIST_BATCH = 10_000;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const consentRecorded = sql`jsonb_typeof(${accounts.alert_consent}) = 'object'`;

/** `column = ANY($1)` with the list as one array parameter: thousands of values without thousands of parameters. */
const inList = (column: AnyColumn, values: readonly string[]): SQL => sql`${column} = ANY(${sql.param(values)}::text[])`;

interface Recipient {
  id: string;
  email: string;
  token: string;
  alerts: Alert[];
}

function stockCar(car: Vehicle): AlertCar {
  return { id: String(car.id), name: car.name, slug: car.slug, make: car.make, model: car.model, price: car.price };
}

/** The car as the saved entry describes it, for a car gone from the feed; undefined when the entry is unusable. */
function savedEntryCar(carId: string, entry: unknown): AlertCar | undefined {
  const saved = savedCarOf(entry);
  return saved ? { id: carId, name: saved.name, slug: saved.slug, make: saved.make, model: saved.model } : undefined;
}

/** Runs the job for one dealer; resolves to what it did. Throws only when the database fails. */
export async function runAlerts(options: AlertRunOptions): Promise<AlertRunSummary> {
  const started = performance.now();
  const summary: AlertRunSummary = {
    dealer: options.site.slug,
    firstRun: false,
    busy: false,
    cars: 0,
    emailed: 0,
    failed: 0,
    sent: noAlerts(),
    alreadySent: 0,
    unreadableSearches: 0,
    ms: 0,
    steps: { findMs: 0, mailMs: 0, watchMs: 0 },
  };
  const ran = await oneRunPerDealer(options.database, options.site.slug, () => run(options, summary));
  if (!ran) summary.busy = true;
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

const running = new Set<string>();

/**
 * One run per dealer at a time: in this process, and across processes on Postgres with an
 * advisory lock held by a transaction for the length of the run (PGlite is one process's
 * database). Two runs at once would both send what neither has recorded yet.
 */
async function oneRunPerDealer(database: AlertRunOptions['database'], dealer: string, work: () => Promise<void>): Promise<boolean> {
  if (running.has(dealer)) return false;
  running.add(dealer);
  try {
    if (database.kind !== 'postgres') {
      await work();
      return true;
    }
    return await database.db.transaction(async (tx) => {
      const result: unknown = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext('stock alerts'), hashtext(${dealer})) AS got`);
      if (!(result as { rows: { got: boolean }[] }).rows[0]?.got) return false;
      await work();
      return true;
    });
  } finally {
    running.delete(dealer);
  }
}

async function replaceWatch(database: AlertRunOptions['database'], dealer: string, rows: readonly WatchedCar[], at: Date): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.delete(stockWatch).where(eq(stockWatch.dealer, dealer));
    for (const batch of chunks(rows, LIST_BATCH)) {
      // Columns as arrays, unnested by the database: three parameters instead of four per car.
      await tx.execute(sql`
        INSERT INTO ${stockWatch} (dealer, car_id, price, sold, seen_at)
        SELECT ${dealer}::text, car_id, price, sold, ${at.toISOString()}::timestamptz
        FROM unnest(${sql.param(batch.map((r) => r.car_id))}::text[], ${sql.param(batch.map((r) => r.price))}::integer[], ${sql.param(batch.map((r) => r.sold))}::boolean[]) AS t(car_id, price, sold)`);
    }
  });
}

/**
 * Records sent alerts; a key already there (a resend after a crash) is kept as it was, and the
 * keys of an account deleted during the run are dropped rather than failing the batch.
 */
async function recordSent(database: AlertRunOptions['database'], rows: readonly { key: string; account_id: string }[]): Promise<void> {
  for (const batch of chunks(rows, LIST_BATCH)) {
    await database.db.execute(sql`
      INSERT INTO ${alertSends} (key, account_id)
      SELECT t.key, t.account_id
      FROM unnest(${sql.param(batch.map((r) => r.key))}::text[], ${sql.param(batch.map((r) => r.account_id))}::text[]) AS t(key, account_id)
      JOIN ${accounts} ON ${accounts.id} = t.account_id
      ON CONFLICT (key) DO NOTHING`);
  }
}

async function run(options: AlertRunOptions, summary: AlertRunSummary): Promise<void> {
  const { database, site } = options;
  const { db } = database;
  const env = options.env ?? process.env;
  const now = options.now ?? new Date();
  const dealer = site.slug;
  const vehicles = options.vehicles ?? loadStock(site, env);
  summary.cars = vehicles.length;
  let stepStart = performance.now();
  const stepMs = (): number => {
    const ms = Math.round(performance.now() - stepStart);
    stepStart = performance.now();
    return ms;
  };

  const previous: WatchedCar[] = await db
    .select({ car_id: stockWatch.car_id, price: stockWatch.price, sold: stockWatch.sold })
    .from(stockWatch)
    .where(eq(stockWatch.dealer, dealer));
  if (previous.length === 0) {
    summary.firstRun = true;
    await replaceWatch(database, dealer, watchRows(vehicles), now);
    summary.steps.watchMs = stepMs();
    return;
  }

  const changes = stockChanges(previous, vehicles);
  const byId = new Map(vehicles.map((car) => [String(car.id), car]));
  const recipients = new Map<string, Recipient>();
  const recipient = (row: { account_id: string; email: string; token: string }): Recipient => {
    let found = recipients.get(row.account_id);
    if (!found) {
      found = { id: row.account_id, email: row.email, token: row.token, alerts: [] };
      recipients.set(row.account_id, found);
    }
    return found;
  };

  // Saved cars that dropped in price or sold, of accounts that want car alerts: one query per 10,000 cars changed.
  const changed = [...changes.priceDrops.keys(), ...changes.sold];
  for (const ids of chunks(changed, LIST_BATCH)) {
    // Driven from the changed cars and hash-joined: without table statistics (a fresh PGlite has
    // none) the planner would otherwise probe every account's saved cars for every changed car.
    const result: unknown = await db.execute(sql`
      SELECT s.account_id, s.car_id, s.entry, a.email, a.unsubscribe_token AS token
      FROM unnest(${sql.param(ids)}::text[]) AS changed(car_id)
      JOIN ${accountSavedCars} s ON s.car_id = changed.car_id
      JOIN ${accounts} a ON a.id = s.account_id
      WHERE a.dealer = ${dealer} AND a.car_alerts AND jsonb_typeof(a.alert_consent) = 'object'
      ORDER BY s.account_id, s.added_at`);
    const rows = (result as { rows: { account_id: string; car_id: string; entry: unknown; email: string; token: string }[] }).rows;
    for (const row of rows) {
      const inStock = byId.get(row.car_id);
      const car = inStock ? stockCar(inStock) : savedEntryCar(row.car_id, row.entry);
      if (!car) continue;
      const drop = changes.priceDrops.get(row.car_id);
      recipient(row).alerts.push(drop ? { kind: 'price_drop', car, was: drop.was, now: drop.now } : { kind: 'sold', car });
    }
  }

  // New cars against saved searches with alerts on: each distinct path is answered once.
  if (changes.arrived.size > 0) {
    const searches = await db
      .select({
        id: savedSearches.id,
        account_id: savedSearches.account_id,
        name: savedSearches.name,
        path: savedSearches.path,
        email: accounts.email,
        token: accounts.unsubscribe_token,
      })
      .from(savedSearches)
      .innerJoin(accounts, eq(accounts.id, savedSearches.account_id))
      .where(and(eq(accounts.dealer, dealer), eq(savedSearches.alerts, true), consentRecorded))
      .orderBy(asc(savedSearches.account_id), asc(savedSearches.created_at), asc(savedSearches.id));
    if (searches.length > 0) {
      const matcher = savedSearchMatcher(site, vehicles, changes.arrived, Math.floor(now.getTime() / 1000));
      const told = new Set<string>();
      for (const search of searches) {
        let matched: string[];
        try {
          if (!newSavedSearchSchema.shape.path.safeParse(search.path).success) throw new Error('not a search path of the site');
          matched = matcher.match(search.path);
        } catch {
          summary.unreadableSearches += 1;
          continue;
        }
        for (const id of matched) {
          const car = byId.get(id);
          // A car matching two of one shopper's searches is told once, under the first.
          if (!car || told.has(`${search.account_id}:${id}`)) continue;
          told.add(`${search.account_id}:${id}`);
          recipient(search).alerts.push({ kind: 'new_match', car: stockCar(car), search: { id: search.id, name: search.name, path: search.path } });
        }
      }
    }
  }

  // Drop what an earlier run sent already.
  const keyed = [...recipients.values()].flatMap((r) => r.alerts.map((alert) => alertKey(r.id, alert)));
  const sentBefore = new Set<string>();
  for (const keys of chunks(keyed, LIST_BATCH)) {
    const rows = await db.select({ key: alertSends.key }).from(alertSends).where(inList(alertSends.key, keys));
    for (const row of rows) sentBefore.add(row.key);
  }
  summary.alreadySent = sentBefore.size;
  const due = [...recipients.values()]
    .map((r) => ({ ...r, alerts: r.alerts.filter((alert) => !sentBefore.has(alertKey(r.id, alert))) }))
    .filter((r) => r.alerts.length > 0);
  summary.steps.findMs = stepMs();

  // Send, recording keys in batches; a failed account holds its cars' changes for the next run.
  const send = options.send ?? sendShopperMail;
  const log = options.log ?? console.error;
  const mailOptions: MailOptions = { env, ...(options.root ? { root: options.root } : {}) };
  const held = new Set<string>();
  let queued: { key: string; account_id: string }[] = [];
  const flush = async (): Promise<void> => {
    const rows = queued;
    queued = [];
    await recordSent(database, rows);
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < due.length) {
      const account = due[next++]!;
      try {
        const mail = alertMail(site, account.alerts, account.token);
        await send(site, { to: account.email, ...mail }, mailOptions);
      } catch (error) {
        summary.failed += 1;
        for (const alert of account.alerts) held.add(alert.car.id);
        log(`alerts ${dealer}: could not email account ${account.id}, tried again next run: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      summary.emailed += 1;
      countAlerts(account.alerts, summary.sent);
      for (const alert of account.alerts) queued.push({ key: alertKey(account.id, alert), account_id: account.id });
      if (queued.length >= KEY_BATCH) await flush();
    }
  };
  // Building a message waits on nodemailer's streams and writing one on the disk, so many in flight overlap.
  const concurrency = Math.max(1, options.concurrency ?? (env.SMTP_URL?.trim() ? 8 : 16));
  await Promise.all(Array.from({ length: concurrency }, worker));
  await flush();
  summary.steps.mailMs = stepMs();

  await replaceWatch(database, dealer, nextWatch(previous, vehicles, held), now);
  summary.steps.watchMs = stepMs();
}

/** `alerts kingfisher-toyota: 120 accounts emailed (2 failed, tried again next run); 80 price drops, 30 sold, 45 new matches; 5,000 cars in 1.2 s` */
export function formatAlertSummary(s: AlertRunSummary): string {
  const n = (value: number): string => value.toLocaleString('en-US');
  const head = `alerts ${s.dealer}:`;
  const took = `${n(s.cars)} cars in ${(s.ms / 1000).toFixed(1)} s`;
  if (s.busy) return `${head} another run for this dealer is under way; nothing done`;
  if (s.firstRun) return `${head} first run, stock recorded and nothing sent; ${took}`;
  const parts = [
    `${n(s.emailed)} account${s.emailed === 1 ? '' : 's'} emailed${s.failed > 0 ? ` (${n(s.failed)} failed, tried again next run)` : ''}`,
    `${n(s.sent.price_drop)} price drop${s.sent.price_drop === 1 ? '' : 's'}, ${n(s.sent.sold)} sold, ${n(s.sent.new_match)} new match${s.sent.new_match === 1 ? '' : 'es'}`,
  ];
  if (s.alreadySent > 0) parts.push(`${n(s.alreadySent)} sent before`);
  if (s.unreadableSearches > 0) parts.push(`${n(s.unreadableSearches)} saved searches unreadable`);
  return `${head} ${parts.join('; ')}; ${took}`;
}
