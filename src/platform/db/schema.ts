/**
 * Lead storage tables, shared by embedded PGlite and Postgres (one set of migrations in
 * src/platform/db/migrations, generated from this file by `npm run db:generate`).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The consent record kept with each lead (docs/decisions/leads.md 'Consent'). Rows stored before
 * `answered`, `form`, `page` and `wording_id` were recorded lack them.
 */
export interface LeadConsent {
  /** True only when the shopper sent `opt_in: true`. */
  opt_in: boolean;
  /** Whether the lead carried an opt-in answer at all; without one, opt_in is false (not given). */
  answered?: boolean;
  /** The form it was given on ('enquiry', 'finance', ...) and the page's address. */
  form?: string;
  page?: string | null;
  /** The wording the form showed, found in the dealer file by the id the form sent; null when unknown. */
  wording: string | null;
  wording_id?: string | null;
  /** When the server received the answer (ISO 8601). */
  at: string;
}

/** A lead: a form submission, or a multi-step form in progress (status Incomplete). */
export const leads = pgTable(
  'leads',
  {
    /** Server-made id (UUID); the `id` / `lead_id` the browser gets back. */
    id: text('id').primaryKey(),
    dealer: text('dealer').notNull(),
    /** Which form sent it: enquiry, finance, service, trade_in (see src/leads/model/forms.ts). */
    form: text('form').notNull(),
    category: text('category').notNull(),
    /** 'Incomplete' while a multi-step form is in progress, then 'Complete'. */
    status: text('status').notNull(),
    /** Validated lead fields exactly as the shared schema produced them. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Opt-in decision, on which form, the wording shown and when (the consent record). */
    consent: jsonb('consent').$type<LeadConsent>().notNull(),
    /** Why it looks like spam (honeypot, time trap); quarantined leads are kept but not delivered. */
    quarantine_reason: text('quarantine_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('leads_dealer_created_idx').on(t.dealer, t.created_at)],
);

/** Files sent with a lead (licence photo, payslip...), stored under server-made names. */
export const leadFiles = pgTable('lead_files', {
  id: text('id').primaryKey(),
  lead_id: text('lead_id')
    .notNull()
    .references(() => leads.id, { onDelete: 'cascade' }),
  field: text('field').notNull(),
  stored_name: text('stored_name').notNull(),
  content_type: text('content_type').notNull(),
  size: integer('size').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One answer per (dealer, idempotency key): a repeated submission gets the first answer back;
 * the same key with a different body (request_hash) is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    dealer: text('dealer').notNull(),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealer, t.key] })],
);

/**
 * Deliveries owed to the dealer, written in the same transaction as the lead. One row per
 * lead and destination, so a lead is queued for each destination exactly once.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lead_id: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    dealer: text('dealer').notNull(),
    /** 'folder', 'webhook:<n>' or 'adf_email:<n>' (index into the dealer's leads.destinations). */
    destination: text('destination').notNull(),
    /** 'pending' until delivered; 'delivered'; 'dead' after retries ran out (72 h). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_lead_destination_idx').on(t.lead_id, t.destination),
    index('outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Whether anyone answered a delivered lead (docs/decisions/lead-response.md): one row per complete,
 * delivered lead, written with it. `next_escalation_at` is the durable timer the worker polls: the
 * due time of the next escalation step, null once acknowledged or out of contacts.
 */
export const leadResponses = pgTable(
  'lead_responses',
  {
    lead_id: text('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    dealer: text('dealer').notNull(),
    /** The lead's source ('Website', 'AI assistant', ...) and location slug, for the weekly report. */
    source: text('source').notNull(),
    location: text('location'),
    received_at: timestamp('received_at', { withTimezone: true }).notNull(),
    /** When the dealer's promise runs out (opening hours counted); null without a promise. */
    due_at: timestamp('due_at', { withTimezone: true }),
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true }),
    /** 'link' (the "I've got this" button) or 'crm' (the signed callback). */
    acknowledged_by: text('acknowledged_by'),
    /** Escalation steps taken so far (each told the next contact). */
    escalations: integer('escalations').notNull().default(0),
    next_escalation_at: timestamp('next_escalation_at', { withTimezone: true }),
    /** The first lead of this shopper's thread about this car (itself for a new thread). */
    thread_id: text('thread_id').notNull(),
    /** Normalised email and phone and the car, to find a thread within a day. */
    shopper_email: text('shopper_email'),
    shopper_phone: text('shopper_phone'),
    car_id: text('car_id'),
  },
  (t) => [
    index('lead_responses_escalation_idx')
      .on(t.next_escalation_at)
      .where(sql`${t.next_escalation_at} IS NOT NULL`),
    index('lead_responses_dealer_received_idx').on(t.dealer, t.received_at),
  ],
);

export type LeadResponseRow = typeof leadResponses.$inferSelect;

/** Valuation requests and results (trade-in and sell-my-car), updated by PUT /api/valuations. */
export const valuations = pgTable('valuations', {
  id: text('id').primaryKey(),
  dealer: text('dealer').notNull(),
  lead_id: text('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** POST /api/miscellaneous: extra values a site keeps against a lead (e.g. column_name 'valuation'). */
export const miscellaneous = pgTable('miscellaneous', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  dealer: text('dealer').notNull(),
  lead_id: text('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
  column_name: text('column_name').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Shopper accounts (src/accounts): one account per dealer site and email address.
// ---------------------------------------------------------------------------

/** What the shopper agreed to for email alerts: the wording shown, where, and when. */
export interface AlertConsent {
  wording: string;
  page: string | null;
  at: string;
}

/** A shopper's account on one dealer site. The same email on two dealers is two accounts. */
export const accounts = pgTable(
  'accounts',
  {
    /** Server-made id (UUID). */
    id: text('id').primaryKey(),
    dealer: text('dealer').notNull(),
    /** Lower-cased, trimmed. */
    email: text('email').notNull(),
    /** Email alerts when a saved car drops in price or sells; consent is null until given. */
    car_alerts: boolean('car_alerts').notNull().default(false),
    alert_consent: jsonb('alert_consent').$type<AlertConsent>(),
    /** Random secret in every alert's one-click unsubscribe link (turns off all alerts). */
    unsubscribe_token: text('unsubscribe_token').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('accounts_dealer_email_idx').on(t.dealer, t.email), uniqueIndex('accounts_unsubscribe_idx').on(t.unsubscribe_token)],
);

/**
 * An emailed sign-in: a one-time code and a link token, both stored only as hashes, single use,
 * valid for a short time and for the dealer that sent it. Wrong codes count in `attempts`.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: text('id').primaryKey(),
    dealer: text('dealer').notNull(),
    email: text('email').notNull(),
    code_hash: text('code_hash').notNull(),
    token_hash: text('token_hash').notNull(),
    /** The same-site path to go to after signing in, checked when it was asked for. */
    redirect: text('redirect'),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_codes_email_idx').on(t.dealer, t.email, t.created_at), uniqueIndex('sign_in_codes_token_idx').on(t.token_hash)],
);

/** A signed-in browser. The cookie holds a random token; only its hash is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token, hex. */
    id: text('id').primaryKey(),
    account_id: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dealer: text('dealer').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the token was last replaced; a session older than the rotation age gets a new one. */
    rotated_at: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.account_id)],
);

/** A passkey (WebAuthn credential) registered to an account. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    account_id: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dealer: text('dealer').notNull(),
    /** The COSE public key, base64url. */
    public_key: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_account_idx').on(t.account_id)],
);

/**
 * A passkey ceremony waiting for the browser's answer: the challenge (stored as its SHA-256), for
 * which dealer and ceremony, and when registering, which account. Taken out (deleted) the moment
 * an answer names it, so it works once; kept in the database so any API process can take it.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    dealer: text('dealer').notNull(),
    /** 'register' or 'sign-in'. */
    kind: text('kind').notNull(),
    account_id: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Signing in: the same-site path to go to afterwards. */
    redirect: text('redirect'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expires_at)],
);

/** A car saved to an account: the entry the browser keeps (saved-cars/model/saved-list.ts). */
export const accountSavedCars = pgTable(
  'account_saved_cars',
  {
    account_id: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    car_id: text('car_id').notNull(),
    entry: jsonb('entry').$type<Record<string, unknown>>().notNull(),
    /** The shopper asked the dealer to contact them about this car (a lead was sent). */
    interest_lead_id: text('interest_lead_id'),
    added_at: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.car_id] })],
);

/** A search the shopper named and kept: any search path of the site, with its query string. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    account_id: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    /** Email when a new car matches (needs the account's alert consent). */
    alerts: boolean('alerts').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_account_idx').on(t.account_id)],
);

/**
 * Each dealer's stock as the alert job last saw it: price and whether it was for sale, per car.
 * The job compares a new import with this, sends what changed, then replaces it.
 */
export const stockWatch = pgTable(
  'stock_watch',
  {
    dealer: text('dealer').notNull(),
    car_id: text('car_id').notNull(),
    price: integer('price'),
    sold: boolean('sold').notNull().default(false),
    seen_at: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealer, t.car_id] })],
);

/** Alerts already sent, so a job run twice (or after a crash) never emails the same change twice. */
export const alertSends = pgTable(
  'alert_sends',
  {
    /** account, kind (price_drop, sold, new_match), car and what changed (the new price), joined. */
    key: text('key').primaryKey(),
    account_id: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_sends_account_idx').on(t.account_id)],
);

/**
 * A card payment through the dealer's payment provider: a reservation deposit or an invoice paid
 * online. The server prices it (minor units, the dealer's currency); the browser never names an
 * amount. Status moves pending → paid | declined | expired, and paid → refunded (automatically
 * when a reservation cannot be held or expires, or by the dealer).
 *
 * A shopper has at most one pending deposit per car: a signed-in shopper's by account, a guest's
 * by the browser that started it (`guest_browser`). The partial unique indexes are that rule, so
 * simultaneous clicks meet in the database and all answer with the one payment.
 */
export const payments = pgTable(
  'payments',
  {
    /** Server-made id (UUID); also the reference the shopper and dealer see. */
    id: text('id').primaryKey(),
    dealer: text('dealer').notNull(),
    account_id: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Who paid, kept after an account is deleted: the dealer needs it for the refund and the sale. */
    email: text('email').notNull(),
    kind: text('kind', { enum: ['reservation', 'invoice'] }).notNull(),
    /** The car a deposit is for. */
    car_id: text('car_id'),
    /** The invoice or job number an online payment is for. */
    reference: text('reference'),
    /**
     * A guest's payment: the SHA-256 of the random token in the cookie of the browser that started
     * it (checkout/server/guest-browser.ts). Only that browser is handed the payment again.
     */
    guest_browser: text('guest_browser'),
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The provider's checkout session or payment id, once it has one. */
    provider_ref: text('provider_ref'),
    status: text('status', { enum: ['pending', 'paid', 'declined', 'expired', 'refunded'] })
      .notNull()
      .default('pending'),
    /** Why it was refunded or declined, in words the shopper is shown. */
    status_reason: text('status_reason'),
    /** The lead sent to the dealer for it (payment reference inside). */
    lead_id: text('lead_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_dealer_idx').on(t.dealer, t.created_at),
    index('payments_account_idx').on(t.account_id),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.provider_ref),
    uniqueIndex('payments_one_pending_deposit_idx')
      .on(t.dealer, t.car_id, t.account_id)
      .where(sql`${t.kind} = 'reservation' AND ${t.status} = 'pending' AND ${t.account_id} IS NOT NULL`),
    uniqueIndex('payments_one_pending_guest_deposit_idx')
      .on(t.dealer, t.car_id, t.guest_browser)
      .where(sql`${t.kind} = 'reservation' AND ${t.status} = 'pending' AND ${t.account_id} IS NULL AND ${t.guest_browser} IS NOT NULL`),
  ],
);

/**
 * Every event a payment provider sent (webhooks), verified before it is stored. The provider's
 * own event id is unique, so a replayed or retried webhook is recognised and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    event_id: text('event_id').notNull(),
    dealer: text('dealer').notNull(),
    payment_id: text('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.event_id] }), index('payment_events_payment_idx').on(t.payment_id)],
);

/**
 * A car held for a shopper by a paid deposit. At most one reservation per car is `held` at a
 * time, enforced by the database (a partial unique index): of two deposits paid at the same
 * moment exactly one holds the car and the other is refunded.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: text('id').primaryKey(),
    dealer: text('dealer').notNull(),
    car_id: text('car_id').notNull(),
    payment_id: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    account_id: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['held', 'expired', 'released', 'sold'] })
      .notNull()
      .default('held'),
    held_until: timestamp('held_until', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reservations_one_hold_idx')
      .on(t.dealer, t.car_id)
      .where(sql`${t.status} = 'held'`),
    index('reservations_held_until_idx').on(t.status, t.held_until),
  ],
);

/**
 * A credit check for equifax finance: only the consent (wording, page, time) and the result
 * band are kept, never the identity details or the score.
 */
export const creditChecks = pgTable(
  'credit_checks',
  {
    id: text('id').primaryKey(),
    dealer: text('dealer').notNull(),
    /** The signed-in shopper who asked; null once their account is deleted (the check stays). */
    account_id: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    consent: jsonb('consent').$type<{ wording: string; page: string | null; at: string }>().notNull(),
    band: text('band', { enum: ['excellent', 'good', 'fair', 'limited', 'no_file'] }).notNull(),
    checked_at: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** HMAC of the person checked (name, date of birth, postcode) under the server's secret; null on checks made before it was kept. */
    identity_key: text('identity_key'),
  },
  (t) => [index('credit_checks_account_idx').on(t.account_id), index('credit_checks_identity_idx').on(t.dealer, t.identity_key, t.checked_at)],
);

/**
 * Whose credit an account may check: the person of its first credit check, and no one else. One
 * person per account (the primary key) and one account per person on a dealer's site (the unique
 * index), so an account cannot look up strangers and a stranger's account cannot look up the
 * shopper. Goes with the account.
 */
export const creditCheckIdentities = pgTable(
  'credit_check_identities',
  {
    account_id: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dealer: text('dealer').notNull(),
    identity_key: text('identity_key').notNull(),
    bound_at: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('credit_check_identities_person_idx').on(t.dealer, t.identity_key)],
);

/**
 * Every spin-to-win draw: the audit log. The server draws (`roll` in [0, 1) against the
 * campaign's `odds` as they stood at that moment, prizes out of stock left out) and the wheel
 * only shows the result. One draw per account per campaign, enforced by the primary key, and one
 * per mailbox per campaign, enforced by the unique `email_key`: the keyed hash of the winner's
 * mailbox (`mailboxOf`), which stays when the account is deleted, so signing up again, or with a
 * `+tag` variant of the address, does not spin again.
 */
export const spinDraws = pgTable(
  'spin_draws',
  {
    dealer: text('dealer').notNull(),
    campaign: text('campaign').notNull(),
    account_id: text('account_id').notNull(),
    prize_id: text('prize_id').notNull(),
    roll: text('roll').notNull(),
    /** Prize id → weight used for this draw (stock already taken into account). */
    odds: jsonb('odds').$type<Record<string, number>>().notNull(),
    voucher_code: text('voucher_code'),
    lead_id: text('lead_id'),
    drawn_at: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
    /** HMAC of the mailbox under the server's secret; null on draws made before it was kept. */
    email_key: text('email_key'),
  },
  (t) => [
    primaryKey({ columns: [t.dealer, t.campaign, t.account_id] }),
    index('spin_draws_prize_idx').on(t.dealer, t.campaign, t.prize_id),
    uniqueIndex('spin_draws_mailbox_idx').on(t.dealer, t.campaign, t.email_key),
  ],
);

export const buyingTables = { payments, paymentEvents, reservations, creditChecks, creditCheckIdentities, spinDraws };
export type PaymentRow = typeof payments.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

export const accountTables = { accounts, signInCodes, sessions, passkeys, passkeyChallenges, accountSavedCars, savedSearches, stockWatch, alertSends };
export type AccountRow = typeof accounts.$inferSelect;

export const leadSchemaTables = { leads, leadFiles, idempotencyKeys, outbox, valuations, miscellaneous };
export type LeadRow = typeof leads.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
