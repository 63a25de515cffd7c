/**
 * The draw on the server, and the record of it. A spin runs in one transaction that holds the
 * campaign's lock (a transaction-scoped advisory lock, so spins of one campaign take turns while
 * other dealers' spins go on):
 *
 * 1. an account that has already spun gets its first draw back, never a second prize (two clicks
 *    at the same moment: the second waits for the lock and then finds the first's row); so does
 *    any account of the same mailbox (`mailboxOf`: a `+tag` or case variant of the address, or
 *    the address signed up again after its account was deleted), found by the mailbox's keyed
 *    hash, which the row keeps;
 * 2. each prize's wins so far are counted, and a prize with as many wins as the dealer has in
 *    stock weighs 0 (taking turns is what keeps two spins from winning the last one);
 * 3. one roll from `crypto.randomInt` picks the prize (../model/draw.ts);
 * 4. a prize with a voucher prefix gets a code, and a lead goes to the dealer through the outbox;
 * 5. the row is the audit record: the roll, the odds used, the prize, the voucher, the lead.
 *
 * The primary key (dealer, campaign, account) is the last word on one spin per account, and the
 * unique (dealer, campaign, email_key) on one spin per mailbox.
 */
import { randomInt } from 'node:crypto';
import { and, count, eq, or, sql } from 'drizzle-orm';
import type { DealerConfig } from '../../platform/config/schema';
import type { LeadDb } from '../../platform/db/open';
import { spinDraws, type LeadConsent } from '../../platform/db/schema';
import { EVENT_IDS } from '../../platform/web/event-ids';
import { outboxDestinations } from '../../leads/delivery/outbox/destinations';
import { createLead, type LeadInput } from '../../leads/server/store';
import type { DrawView } from '../model/api';
import { SPIN_PAGE_PATH } from '../model/api';
import type { Campaign, Prize } from '../model/campaign';
import { currentOdds, drawPrize, ROLL_STEPS, type Odds } from '../model/draw';
import { voucherCode } from '../model/voucher';

export type SpinDrawRow = typeof spinDraws.$inferSelect;

/** The subcategory spin-to-win leads are filed under, so the dealer sees where a winner came from. */
export const SPIN_SUBCATEGORY = 'Spin to Win';

/** The secure roll in [0, 1): one of 2^48 - 1 equally likely steps. */
export const secureRoll = (): number => randomInt(ROLL_STEPS) / ROLL_STEPS;

/** A draw as the shopper sees it; a prize since taken out of the dealer file keeps its id as its label. */
export function drawView(row: Pick<SpinDrawRow, 'prize_id' | 'voucher_code' | 'drawn_at'>, campaign: Campaign): DrawView {
  const prize = campaign.prizes.find((p) => p.id === row.prize_id);
  return { prize: { id: row.prize_id, label: prize?.label ?? row.prize_id }, voucher_code: row.voucher_code, drawn_at: row.drawn_at.toISOString() };
}

/** Who spins: the account, and its mailbox's keyed hash (`mailboxKey`). */
export interface Spinner {
  id: string;
  email: string;
  mailbox: string;
}

/** The draw this account, or another account of its mailbox, made in the campaign. */
export async function findDraw(db: LeadDb, dealer: string, campaign: string, spinner: Pick<Spinner, 'id' | 'mailbox'>): Promise<SpinDrawRow | undefined> {
  const [row] = await db
    .select()
    .from(spinDraws)
    .where(
      and(eq(spinDraws.dealer, dealer), eq(spinDraws.campaign, campaign), or(eq(spinDraws.account_id, spinner.id), eq(spinDraws.email_key, spinner.mailbox))),
    )
    // The account's own draw first, should a mailbox's accounts once have spun apart.
    .orderBy(sql`${spinDraws.account_id} = ${spinner.id} DESC`)
    .limit(1);
  return row;
}

/** How many of each prize the campaign has given so far. */
export async function winsSoFar(db: LeadDb, dealer: string, campaign: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ prize: spinDraws.prize_id, n: count() })
    .from(spinDraws)
    .where(and(eq(spinDraws.dealer, dealer), eq(spinDraws.campaign, campaign)))
    .groupBy(spinDraws.prize_id);
  return Object.fromEntries(rows.map((r) => [r.prize, Number(r.n)]));
}

export interface Spin {
  database: LeadDb;
  site: DealerConfig;
  campaign: Campaign;
  env: NodeJS.ProcessEnv;
  account: Spinner;
  /** The site's origin, for the page address the lead names. */
  origin: string;
  now: Date;
  /** The roll; the secure one unless a test fixes it. */
  roll?: () => number;
  /** Random whole numbers in [0, n) for voucher codes. */
  random?: (max: number) => number;
}

export type SpinResult = { kind: 'drawn'; row: SpinDrawRow } | { kind: 'earlier'; row: SpinDrawRow } | { kind: 'all-won' };

/** One spin for the account: a new draw, its earlier one, or nothing left to win. */
export function spin({ database, site, campaign, env, account, origin, now, roll = secureRoll, random = randomInt }: Spin): Promise<SpinResult> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('spin-to-win'), hashtext(${`${site.slug}/${campaign.id}`}))`);
    const earlier = await findDraw(tx, site.slug, campaign.id, account);
    if (earlier) return { kind: 'earlier', row: earlier };
    const odds = currentOdds(campaign.prizes, await winsSoFar(tx, site.slug, campaign.id));
    const rolled = roll();
    const prizeId = drawPrize(odds, rolled);
    const prize = campaign.prizes.find((p) => p.id === prizeId);
    if (!prize) return { kind: 'all-won' };
    const voucher = prize.voucher_prefix ? voucherCode(prize.voucher_prefix, random) : null;
    const leadId = voucher ? await sendWinLead(tx, { site, campaign, env, account, origin, now, prize, voucher, odds }) : null;
    const [row] = await tx
      .insert(spinDraws)
      .values({
        dealer: site.slug,
        campaign: campaign.id,
        account_id: account.id,
        prize_id: prize.id,
        roll: String(rolled),
        odds,
        voucher_code: voucher,
        lead_id: leadId,
        drawn_at: now,
        email_key: account.mailbox,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return { kind: 'drawn', row };
    // Only reachable if the lock were bypassed: the keys still refuse a second prize.
    const first = await findDraw(tx, site.slug, campaign.id, account);
    if (!first) throw new Error('spin draw refused by its key but not found');
    return { kind: 'earlier', row: first };
  });
}

interface WinLead {
  site: DealerConfig;
  campaign: Campaign;
  env: NodeJS.ProcessEnv;
  account: { id: string; email: string };
  origin: string;
  now: Date;
  prize: Prize;
  voucher: string;
  odds: Odds;
}

/**
 * The winner as a lead, so the dealer can honour the voucher and follow up: a general enquiry
 * under 'Spin to Win' with the prize and the code, stored in the same transaction as the draw
 * and queued in the outbox for each of the dealer's destinations (JSON and ADF/XML). The shopper
 * ticked no marketing box, so the consent record says none was given.
 */
async function sendWinLead(db: LeadDb, { site, campaign, env, account, origin, now, prize, voucher }: WinLead): Promise<string> {
  const page = `${origin}${SPIN_PAGE_PATH}`;
  const category = 'General Enquiry';
  const data: Record<string, unknown> = {
    form: 'enquiry',
    website_slug: site.slug,
    ...(site.dealership_slug ? { dealership_slug: site.dealership_slug } : {}),
    url: page,
    source: 'Website',
    visited_pages: [],
    linked_query_params: {},
    category,
    subcategory: SPIN_SUBCATEGORY,
    lead_status: 'Complete',
    form_completed: true,
    skipped_steps: [],
    event_id: EVENT_IDS.form,
    email: account.email,
    message: `Won "${prize.label}" in the ${campaign.name} spin-to-win campaign. Voucher code: ${voucher}.`,
    spin_to_win: { campaign: campaign.id, prize_id: prize.id, prize: prize.label, voucher_code: voucher },
    opt_in: false,
  };
  const consent: LeadConsent = { opt_in: false, answered: false, form: 'spin_to_win', page, wording: null, wording_id: null, at: now.toISOString() };
  const lead: LeadInput = { form: 'enquiry', category, status: 'Complete', data, consent, quarantineReason: null };
  const result = await createLead(db, {
    dealer: site.slug,
    lead,
    destinations: outboxDestinations(site, env),
    idempotency: { key: `spin-to-win:${campaign.id}:${account.id}`, hash: 'spin-to-win' },
    now,
  });
  if (result.kind !== 'stored' && result.kind !== 'replayed') throw new Error(`the spin-to-win lead was not stored (${result.kind})`);
  const id = result.answer.body.id;
  if (typeof id !== 'string') throw new Error('the lead store answered without a lead id');
  return id;
}
