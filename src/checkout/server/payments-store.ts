/**
 * The payment and reservation records: a payment row before the shopper is sent to pay, the
 * provider's verified events stored once each (a replay changes nothing), and what each event
 * does, applied in one transaction. One hold per car is the database's rule (the partial unique
 * index `reservations_one_hold_idx`): of two deposits paid at the same moment one insert holds
 * the car and the other does nothing, and that payment is owed a refund. One pending deposit per
 * shopper and car is the database's rule too (`payments_one_pending_deposit_idx` by account,
 * `payments_one_pending_guest_deposit_idx` by a guest's browser): simultaneous clicks meet there.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { LeadDb } from '../../platform/db/open';
import { paymentEvents, payments, reservations, type PaymentRow, type ReservationRow } from '../../platform/db/schema';
import type { PaymentEvent, PaymentProviderName } from '../../providers/payments';
import { CHECKOUT_MESSAGES, type PaymentView } from '../model/api';

type Tx = Parameters<Parameters<LeadDb['transaction']>[0]>[0];
type Db = LeadDb | Tx;

/** A pending payment nobody paid within this time is expired (the card page has gone by then). */
export const PENDING_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** A second click within this time reuses the shopper's pending payment for the same car. */
export const REUSE_PENDING_MS = 30 * 60 * 1000;

export interface NewPayment {
  dealer: string;
  account_id: string | null;
  email: string;
  kind: 'reservation' | 'invoice';
  car_id?: string;
  reference?: string;
  /** A guest's browser (guest-browser.ts); null for a signed-in shopper's payment. */
  guest_browser: string | null;
  amount_minor: number;
  currency: string;
  provider: PaymentProviderName;
  now: Date;
}

export async function createPayment(db: Db, payment: NewPayment): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({
      id: randomUUID(),
      dealer: payment.dealer,
      account_id: payment.account_id,
      email: payment.email,
      kind: payment.kind,
      car_id: payment.car_id ?? null,
      reference: payment.reference ?? null,
      guest_browser: payment.account_id === null ? payment.guest_browser : null,
      amount_minor: payment.amount_minor,
      currency: payment.currency,
      provider: payment.provider,
      created_at: payment.now,
    })
    .returning();
  if (!row) throw new Error('the payment row was not stored');
  return row;
}

export async function setProviderRef(db: Db, id: string, providerRef: string): Promise<void> {
  await db.update(payments).set({ provider_ref: providerRef }).where(eq(payments.id, id));
}

/** A payment that could not be started with the provider: nobody can pay it now. */
export async function failStart(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'declined', status_reason: reason })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
}

export async function paymentById(db: Db, dealer: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.dealer, dealer)))
    .limit(1);
  return row;
}

/**
 * The deposit this shopper is to pay for this car: their pending one when it is recent and still
 * asks for the same (a double click pays once), else a new one. Only the same account, or for a
 * guest the same browser, is handed a pending payment again: an email address proves nothing.
 * A pending deposit it replaces (older than REUSE_PENDING_MS, another email, amount or provider)
 * is expired first, so money still arriving for it is refunded. Of simultaneous clicks, one
 * insert wins in the database's index; the others find its row and answer with it.
 */
export function depositToPay(db: LeadDb, deposit: NewPayment & { car_id: string }): Promise<PaymentRow> {
  const owner =
    deposit.account_id !== null
      ? eq(payments.account_id, deposit.account_id)
      : deposit.guest_browser !== null
        ? and(isNull(payments.account_id), eq(payments.guest_browser, deposit.guest_browser))
        : undefined;
  return db.transaction(async (tx) => {
    // Twice at most: a click that loses the insert to another finds that one's row the second time.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const [pending] = owner
        ? await tx
            .select()
            .from(payments)
            .where(
              and(
                eq(payments.dealer, deposit.dealer),
                eq(payments.car_id, deposit.car_id),
                eq(payments.kind, 'reservation'),
                eq(payments.status, 'pending'),
                owner,
              ),
            )
            .limit(1)
            .for('update')
        : [];
      if (pending) {
        const same =
          pending.email === deposit.email &&
          pending.provider === deposit.provider &&
          pending.amount_minor === deposit.amount_minor &&
          pending.currency === deposit.currency &&
          pending.created_at.getTime() > deposit.now.getTime() - REUSE_PENDING_MS;
        if (same) return pending;
        await tx
          .update(payments)
          .set({ status: 'expired' })
          .where(and(eq(payments.id, pending.id), eq(payments.status, 'pending')));
      }
      const [created] = await tx
        .insert(payments)
        .values({
          id: randomUUID(),
          dealer: deposit.dealer,
          account_id: deposit.account_id,
          email: deposit.email,
          kind: 'reservation',
          car_id: deposit.car_id,
          guest_browser: deposit.account_id === null ? deposit.guest_browser : null,
          amount_minor: deposit.amount_minor,
          currency: deposit.currency,
          provider: deposit.provider,
          created_at: deposit.now,
        })
        // The only unique rule a new payment can meet is one pending deposit per shopper and car.
        .onConflictDoNothing()
        .returning();
      if (created) return created;
    }
    throw new Error(`no pending deposit could be made or found for car ${deposit.car_id}`);
  });
}

export async function heldReservation(db: Db, dealer: string, carId: string): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.dealer, dealer), eq(reservations.car_id, carId), eq(reservations.status, 'held')))
    .limit(1);
  return row;
}

/** The car ids a dealer has held now. */
export async function heldCarIds(db: Db, dealer: string): Promise<string[]> {
  const rows = await db
    .select({ car_id: reservations.car_id })
    .from(reservations)
    .where(and(eq(reservations.dealer, dealer), eq(reservations.status, 'held')));
  return rows.map((r) => r.car_id);
}

export async function paymentView(db: Db, row: PaymentRow): Promise<PaymentView> {
  const [hold] = row.kind === 'reservation' ? await db.select().from(reservations).where(eq(reservations.payment_id, row.id)).limit(1) : [];
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.status_reason,
    amount_minor: row.amount_minor,
    currency: row.currency,
    car_id: row.car_id,
    reference: row.reference,
    paid_at: row.paid_at?.toISOString() ?? null,
    held_until: hold?.status === 'held' ? hold.held_until.toISOString() : null,
  };
}

/** What applying an event did, for the work done after the transaction (refund, lead, receipt). */
export type Applied =
  | { kind: 'replay' }
  | { kind: 'ignored'; why: string }
  | { kind: 'held'; payment: PaymentRow; reservation: ReservationRow }
  | { kind: 'paid-invoice'; payment: PaymentRow }
  /** Paid, but it cannot be kept: the car was held by someone else, or the payment had expired. */
  | { kind: 'refund-owed'; payment: PaymentRow; reason: string }
  | { kind: 'declined'; payment: PaymentRow }
  | { kind: 'refunded'; payment: PaymentRow };

export interface ApplyEvent {
  provider: PaymentProviderName;
  event: PaymentEvent;
  /** Host's dealer, when the event names none (it is stored under it). */
  dealer: string;
  /** How long a paid deposit holds the car (the payment's dealer file). */
  holdHours: (dealer: string) => Promise<number>;
  now: Date;
}

/**
 * Stores the event (once: a replay is `replay`) and applies it to its payment in one
 * transaction. An event for a payment that is unknown, of another provider, or already past
 * `pending`, changes nothing.
 */
export function applyEvent(db: LeadDb, { provider, event, dealer, holdHours, now }: ApplyEvent): Promise<Applied> {
  return db.transaction(async (tx) => {
    const [known] = event.payment_id ? await tx.select().from(payments).where(eq(payments.id, event.payment_id)).limit(1).for('update') : [];
    const payment = known && known.provider === provider ? known : undefined;
    const providerType = typeof event.payload.type === 'string' ? event.payload.type.slice(0, 100) : 'other';
    const stored = await tx
      .insert(paymentEvents)
      .values({
        provider,
        event_id: event.event_id,
        dealer: payment?.dealer ?? event.dealer ?? dealer,
        payment_id: payment?.id ?? null,
        type: event.type === 'other' ? providerType : event.type,
        payload: event.payload,
        received_at: now,
      })
      .onConflictDoNothing()
      .returning({ event_id: paymentEvents.event_id });
    if (stored.length === 0) return { kind: 'replay' } as const;
    if (!payment)
      return {
        kind: 'ignored',
        why: event.payment_id ? `payment ${event.payment_id} is not a ${provider} payment here` : 'the event names no payment',
      } as const;
    if (event.type === 'other') return { kind: 'ignored', why: `event type ${providerType} changes nothing` } as const;
    // What the provider says it took must be what we asked for: anything else is not our payment.
    if (
      (event.amount_minor !== undefined && event.type !== 'payment.refunded' && event.amount_minor !== payment.amount_minor) ||
      (event.currency !== undefined && event.currency !== payment.currency)
    ) {
      return { kind: 'ignored', why: `the event's amount or currency differs from payment ${payment.id}` } as const;
    }

    if (event.type === 'payment.refunded') {
      if (payment.status !== 'paid') return { kind: 'ignored', why: `payment ${payment.id} is ${payment.status}` } as const;
      const [refunded] = await tx
        .update(payments)
        .set({ status: 'refunded', refunded_at: now, status_reason: payment.status_reason ?? 'Refunded by the dealer.' })
        .where(eq(payments.id, payment.id))
        .returning();
      await tx
        .update(reservations)
        .set({ status: 'released', ended_at: now })
        .where(and(eq(reservations.payment_id, payment.id), eq(reservations.status, 'held')));
      return { kind: 'refunded', payment: refunded ?? payment } as const;
    }

    if (event.type === 'payment.failed') {
      if (payment.status !== 'pending') return { kind: 'ignored', why: `payment ${payment.id} is ${payment.status}` } as const;
      const [declined] = await tx
        .update(payments)
        .set({ status: 'declined', status_reason: CHECKOUT_MESSAGES.declined })
        .where(eq(payments.id, payment.id))
        .returning();
      return { kind: 'declined', payment: declined ?? payment } as const;
    }

    // payment.succeeded
    if (payment.status === 'expired') {
      // Money arrived for a payment page that had gone: it cannot buy anything, so it goes back.
      const [late] = await tx
        .update(payments)
        .set({
          status: 'paid',
          paid_at: now,
          status_reason: CHECKOUT_MESSAGES.lateAfterExpiry,
          ...(event.provider_ref ? { provider_ref: event.provider_ref } : {}),
        })
        .where(eq(payments.id, payment.id))
        .returning();
      return { kind: 'refund-owed', payment: late ?? payment, reason: CHECKOUT_MESSAGES.lateAfterExpiry } as const;
    }
    if (payment.status !== 'pending') return { kind: 'ignored', why: `payment ${payment.id} is already ${payment.status}` } as const;
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', paid_at: now, ...(event.provider_ref ? { provider_ref: event.provider_ref } : {}) })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!paid) throw new Error(`payment ${payment.id} vanished while it was being paid`);
    if (payment.kind === 'invoice') return { kind: 'paid-invoice', payment: paid } as const;

    const hours = await holdHours(payment.dealer);
    const [reservation] = await tx
      .insert(reservations)
      .values({
        id: randomUUID(),
        dealer: payment.dealer,
        car_id: payment.car_id ?? '',
        payment_id: payment.id,
        account_id: payment.account_id,
        held_until: new Date(now.getTime() + hours * 3600_000),
        created_at: now,
      })
      // The only unique rule a new reservation can meet is one hold per car.
      .onConflictDoNothing()
      .returning();
    if (reservation) return { kind: 'held', payment: paid, reservation } as const;
    const [owed] = await tx.update(payments).set({ status_reason: CHECKOUT_MESSAGES.reservedElsewhere }).where(eq(payments.id, payment.id)).returning();
    return { kind: 'refund-owed', payment: owed ?? paid, reason: CHECKOUT_MESSAGES.reservedElsewhere } as const;
  });
}

/** Records a refund the provider made: the payment is refunded, and the refund is an event like any other. */
export async function recordRefund(db: LeadDb, payment: PaymentRow, refundRef: string, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(payments).set({ status: 'refunded', refunded_at: now, status_reason: reason }).where(eq(payments.id, payment.id));
    await tx
      .insert(paymentEvents)
      .values({
        provider: payment.provider,
        event_id: `refund:${refundRef}`,
        dealer: payment.dealer,
        payment_id: payment.id,
        type: 'payment.refunded',
        payload: { refund_ref: refundRef, reason, amount_minor: payment.amount_minor, currency: payment.currency },
        received_at: now,
      })
      .onConflictDoNothing();
  });
}

export async function setLeadId(db: Db, paymentId: string, leadId: string): Promise<void> {
  await db.update(payments).set({ lead_id: leadId }).where(eq(payments.id, paymentId));
}

/** Paid payments still owed a refund (a refund call that failed earlier is tried again). */
export async function refundsOwed(db: Db, limit = 50): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'paid'), inArray(payments.status_reason, [CHECKOUT_MESSAGES.reservedElsewhere, CHECKOUT_MESSAGES.lateAfterExpiry])))
    .limit(limit);
}

/** Held reservations whose time is up, with their payments. */
export async function dueReservations(db: Db, now: Date, limit = 100): Promise<{ reservation: ReservationRow; payment: PaymentRow }[]> {
  const rows = await db
    .select({ reservation: reservations, payment: payments })
    .from(reservations)
    .innerJoin(payments, eq(payments.id, reservations.payment_id))
    .where(and(eq(reservations.status, 'held'), lt(reservations.held_until, now)))
    .limit(limit);
  return rows;
}

/** Ends a hold whose time is up; false when something else ended it first. */
export async function endHold(db: Db, reservationId: string, now: Date): Promise<boolean> {
  const ended = await db
    .update(reservations)
    .set({ status: 'expired', ended_at: now })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')))
    .returning({ id: reservations.id });
  return ended.length > 0;
}

/** Pending payments nobody paid in time become expired. */
export async function expirePending(db: Db, now: Date): Promise<number> {
  const expired = await db
    .update(payments)
    .set({ status: 'expired' })
    .where(and(eq(payments.status, 'pending'), lt(payments.created_at, new Date(now.getTime() - PENDING_LIFETIME_MS))))
    .returning({ id: payments.id });
  return expired.length;
}

/** Deposits paid but not yet sent to the dealer as a lead (the send failed earlier). */
export async function depositsWithoutLead(db: Db, limit = 50): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, 'reservation'), eq(payments.status, 'paid'), isNull(payments.lead_id), isNull(payments.status_reason)))
    .limit(limit);
}
