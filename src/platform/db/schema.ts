/**
 * Lead storage tables, shared by embedded PGlite and Postgres (one set of migrations in
 * src/platform/db/migrations, generated from this file by `npm run db:generate`).
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

export const leadSchemaTables = { leads, leadFiles, idempotencyKeys, outbox, valuations, miscellaneous };
export type LeadRow = typeof leads.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
