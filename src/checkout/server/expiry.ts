/**
 * Ends reservations whose hold is over, in the process that delivers (like the outbox and the
 * alert watcher): each is marked expired, and its deposit refunded when the dealer file says
 * `refund_on_expiry` (otherwise the dealer settles it under the terms). Each check also expires
 * payment pages nobody paid, and tries again the refunds and dealer leads that failed before.
 */
import type { ConfigFor } from '../../platform/http/dealer-site';
import type { LeadDb } from '../../platform/db/open';
import { CHECKOUT_MESSAGES } from '../model/api';
import { depositsWithoutLead, dueReservations, endHold, expirePending, heldReservation, refundsOwed } from './payments-store';
import type { Settlement } from './settlement';

export const RESERVATION_POLL_MS = 60_000;

/** RESERVATION_POLL_MS from the environment (milliseconds; 0 turns the timer off). */
export function reservationPollMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env.RESERVATION_POLL_MS);
  return env.RESERVATION_POLL_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : RESERVATION_POLL_MS;
}

export interface ExpirySummary {
  expired: number;
  refunded: number;
  pendingExpired: number;
  retriedRefunds: number;
  retriedLeads: number;
}

export interface ReservationExpiry {
  checkOnce(): Promise<ExpirySummary>;
  stop(): Promise<void>;
}

export interface ExpiryOptions {
  db: LeadDb;
  configFor: ConfigFor;
  settlement: Settlement;
  now?: () => number;
  pollMs?: number;
  log?: (message: string, error?: unknown) => void;
  /** After each check: a real Meilisearch's reserved flags are put right (ended holds, missed writes). */
  afterCheck?: () => Promise<void>;
}

export async function expireReservations({ db, configFor, settlement, now = Date.now }: Omit<ExpiryOptions, 'pollMs' | 'log'>): Promise<ExpirySummary> {
  const at = new Date(now());
  const summary: ExpirySummary = { expired: 0, refunded: 0, pendingExpired: await expirePending(db, at), retriedRefunds: 0, retriedLeads: 0 };
  for (const { reservation, payment } of await dueReservations(db, at)) {
    if (!(await endHold(db, reservation.id, at))) continue;
    summary.expired += 1;
    const site = await configFor(reservation.dealer);
    if (site?.checkout.refund_on_expiry && payment.status === 'paid' && (await settlement.refund(payment, CHECKOUT_MESSAGES.expiredHold)))
      summary.refunded += 1;
  }
  for (const payment of await refundsOwed(db)) {
    if (await settlement.refund(payment, payment.status_reason ?? CHECKOUT_MESSAGES.reservedElsewhere)) summary.retriedRefunds += 1;
  }
  for (const payment of await depositsWithoutLead(db)) {
    const hold = await heldReservation(db, payment.dealer, payment.car_id ?? '');
    await settlement.depositLead(payment, hold?.payment_id === payment.id ? hold : undefined);
    summary.retriedLeads += 1;
  }
  return summary;
}

export function startReservationExpiry({ pollMs = RESERVATION_POLL_MS, log = console.error, afterCheck, ...options }: ExpiryOptions): ReservationExpiry {
  let checking: Promise<ExpirySummary> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const empty: ExpirySummary = { expired: 0, refunded: 0, pendingExpired: 0, retriedRefunds: 0, retriedLeads: 0 };

  const checkOnce = (): Promise<ExpirySummary> =>
    (checking ??= expireReservations(options)
      .then(async (summary) => {
        await afterCheck?.();
        if (summary.expired > 0 || summary.retriedRefunds > 0)
          log(`reservations: ${summary.expired} holds ended, ${summary.refunded} deposits refunded, ${summary.retriedRefunds} owed refunds made`);
        return summary;
      })
      .catch((error: unknown) => {
        log(`reservations: the check failed and is tried again: ${error instanceof Error ? error.message : String(error)}`, error);
        return empty;
      })
      .finally(() => {
        checking = undefined;
      }));

  const schedule = (): void => {
    if (stopped || pollMs <= 0) return;
    timer = setTimeout(() => void checkOnce().finally(schedule), pollMs);
    timer.unref();
  };
  schedule();

  return {
    checkOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await checking;
    },
  };
}
