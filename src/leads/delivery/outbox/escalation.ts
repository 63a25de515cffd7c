/**
 * Escalating unanswered leads (docs/decisions/lead-response.md). The timer is durable: each
 * lead_responses row carries the due time of its next step (`next_escalation_at`), and the
 * outbox worker's every run takes the due rows. One transaction per batch selects them
 * `FOR UPDATE SKIP LOCKED`, queues the step's email and text as outbox rows (unique per lead and
 * destination: `escalation_email:<step>`, `escalation_sms:<step>`), counts the step and sets the
 * next one's time, so a step is taken exactly once however many workers run, and a crash before
 * the commit leaves the row to be taken again. The messages then go out with the outbox's retries.
 *
 * Step n tells the dealer file's n-th escalation contact. Each step falls one promise (opening
 * hours counted) after the one before, timed from when it was due rather than when it ran, so a
 * late run does not push the rest back.
 */
import { sql } from 'drizzle-orm';
import type { DealerConfig } from '../../../platform/config/schema';
import type { LeadDb } from '../../../platform/db/open';
import { promiseLater } from '../../server/response-tracking';
import { singleLine } from '../../../platform/formats/text';
import { zonedTime } from '../../../platform/formats/zoned-time';
import { SmsError, type SmsProvider } from '../../../providers/sms';
import { sendShopperMail } from './shopper-mail';
import { DeliveryError, deliveryId, headerText, type Delivery } from './transports';

export interface EscalationRunOptions {
  db: LeadDb;
  configFor: (slug: string) => DealerConfig | undefined | Promise<DealerConfig | undefined>;
  now: Date;
  /** Rows taken per transaction (default 100). */
  batchSize?: number;
  log?: (message: string) => void;
}

export interface EscalationStep {
  leadId: string;
  dealer: string;
  step: number;
  /** When the step was due. */
  dueAt: Date;
}

export const escalationDestination = (channel: 'email' | 'sms', step: number): string => `escalation_${channel}:${step}`;

interface DueRow {
  lead_id: string;
  dealer: string;
  location: string | null;
  escalations: number;
  next_escalation_at: string | Date;
}

const asDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));
const maxBatchesPerRun = 20;

/** Takes every escalation step due by `now`; returns the steps taken. */
export async function runEscalations({ db, configFor, now, batchSize = 100, log = console.error }: EscalationRunOptions): Promise<EscalationStep[]> {
  const taken: EscalationStep[] = [];
  const sites = new Map<string, DealerConfig | undefined>();
  const siteOf = async (slug: string) => {
    if (!sites.has(slug)) sites.set(slug, await Promise.resolve(configFor(slug)).catch(() => undefined));
    return sites.get(slug);
  };
  for (let batch = 0; batch < maxBatchesPerRun; batch++) {
    const rows = await db.transaction(async (tx) => {
      const due = (await tx.execute(sql`
        SELECT lead_id, dealer, location, escalations, next_escalation_at FROM lead_responses
        WHERE next_escalation_at <= ${now.toISOString()}::timestamptz AND acknowledged_at IS NULL
        ORDER BY next_escalation_at, lead_id LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED`)) as { rows: DueRow[] };
      const steps: EscalationStep[] = [];
      for (const row of due.rows) {
        const site = await siteOf(row.dealer);
        const contacts = site?.leads.response_promise?.escalation ?? [];
        const step = row.escalations + 1;
        const dueAt = asDate(row.next_escalation_at);
        const contact = contacts[step - 1];
        if (!site || !contact) {
          // The dealer or the contact is gone from the dealer file: nobody left to tell.
          await tx.execute(sql`UPDATE lead_responses SET next_escalation_at = NULL WHERE lead_id = ${row.lead_id}`);
          log(`escalation: lead ${row.lead_id} (${row.dealer}) has no escalation contact ${step} in the dealer file; it stops escalating`);
          continue;
        }
        const destinations = [...(contact.email ? [escalationDestination('email', step)] : []), ...(contact.phone ? [escalationDestination('sms', step)] : [])];
        await tx.execute(sql`
          INSERT INTO outbox (lead_id, dealer, destination, created_at, next_attempt_at)
          SELECT ${row.lead_id}, ${row.dealer}, destination, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          FROM jsonb_array_elements_text(${JSON.stringify(destinations)}::jsonb) AS destination
          ON CONFLICT DO NOTHING`);
        const location = site.locations.find((l) => l.slug === row.location);
        const next = step < contacts.length ? promiseLater(site, location, dueAt.getTime()) : undefined;
        await tx.execute(sql`
          UPDATE lead_responses SET escalations = ${step}, next_escalation_at = ${next === undefined ? null : new Date(next).toISOString()}::timestamptz
          WHERE lead_id = ${row.lead_id}`);
        steps.push({ leadId: row.lead_id, dealer: row.dealer, step, dueAt });
      }
      return { count: due.rows.length, steps };
    });
    taken.push(...rows.steps);
    if (rows.count < batchSize) break;
  }
  return taken;
}

// ---------------------------------------------------------------------------
// The messages
// ---------------------------------------------------------------------------

export interface EscalationMessage {
  subject: string;
  text: string;
  sms: string;
}

const localTime = (at: Date, timeZone: string): string => {
  const local = zonedTime(at, timeZone);
  return `${local.date} ${local.time.slice(0, 5)}`;
};

/** What the contact is told: who is waiting, since when, how to reach them, and the link that stops it. */
export function escalationMessage(delivery: Pick<Delivery, 'lead' | 'site' | 'vehicle' | 'response'>, step: number, dueAt: Date | null): EscalationMessage {
  const { lead, site } = delivery;
  const data = lead.data;
  const pick = (key: string): string => (typeof data[key] === 'string' ? singleLine(data[key], 120) : '');
  const name = pick('name') || [pick('first_name'), pick('last_name')].filter(Boolean).join(' ') || 'no name given';
  const reach = [pick('phone'), pick('email')].filter(Boolean).join(', ');
  const car = delivery.vehicle?.name ? singleLine(delivery.vehicle.name, 120) : '';
  const received = localTime(lead.created_at, site.time_zone);
  const ack = delivery.response?.acknowledge_url;
  const text = [
    `A lead to ${site.name} has not been acknowledged${dueAt ? ` by ${localTime(dueAt, site.time_zone)}, when the response promise ran out` : ''}.`,
    step > 1 ? `This is escalation ${step}: the contacts before you were told and nobody has acknowledged it yet.` : '',
    '',
    `${lead.category} from ${name}${reach ? ` (${reach})` : ''}${car ? ` about the ${car}` : ''}, received ${received}.`,
    '',
    ack ? `I've got this: ${ack}` : '',
  ]
    .filter((line, i, lines) => line !== '' || lines[i - 1] !== '')
    .join('\n');
  const sms = `Lead not answered: ${name}${pick('phone') ? ` ${pick('phone')}` : ''}, ${lead.category}, received ${received}.${ack ? ` I've got this: ${ack}` : ''}`;
  return { subject: headerText(`Unanswered lead: ${lead.category} – ${name}`, 200), text: `${text.trim()}\n`, sms };
}

export interface EscalationSendOptions {
  env: NodeJS.ProcessEnv;
  root: string;
  sms: SmsProvider;
  /** When the lead was acknowledged, if it was: then nothing is sent. */
  acknowledgedAt: Date | null;
  dueAt: Date | null;
}

/**
 * Sends one escalation row. A lead acknowledged since the step was queued sends nothing (the row
 * is marked delivered), nor does a step whose contact has left the dealer file.
 */
export async function sendEscalation(delivery: Delivery, target: { channel: 'email' | 'sms'; step: number }, options: EscalationSendOptions): Promise<void> {
  if (options.acknowledgedAt) return;
  const contact = delivery.site.leads.response_promise?.escalation[target.step - 1];
  const message = escalationMessage(delivery, target.step, options.dueAt);
  if (target.channel === 'email') {
    if (!contact?.email) return;
    await sendShopperMail(
      delivery.site,
      {
        to: contact.email,
        subject: message.subject,
        text: message.text,
        headers: { 'X-Lead-Delivery-Id': deliveryId(delivery), 'Auto-Submitted': 'auto-generated' },
      },
      { env: options.env, root: options.root },
    );
    return;
  }
  if (!contact?.phone) return;
  try {
    await options.sms.send({ dealer: delivery.site.slug, to: contact.phone, text: message.sms, id: deliveryId(delivery) });
  } catch (error) {
    if (error instanceof SmsError) throw new DeliveryError(error.message);
    throw error;
  }
}
