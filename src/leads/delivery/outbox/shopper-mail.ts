/**
 * Email to shoppers (sign-in codes, alerts, receipts, the reply to a lead): over SMTP when SMTP_URL is set, otherwise written as
 * a complete message file into the outbox folder, `<LEADS_OUTBOX_DIR>/<dealer>/mail/`, so a
 * newcomer with no mail server can open the file and sign in. A message that cannot be sent or
 * written throws: a sign-in code that never left must be reported to the shopper, not lost.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { shopperReply } from '../../model/shopper-reply';
import {
  deliveryId,
  DeliveryError,
  headerText,
  OUTBOX_DIR_MODE,
  outboxDir,
  sendOverSmtp,
  writeFileAtomic,
  type Delivery,
  type EmailMessage,
} from './transports';
import type { DealerConfig } from '../../../platform/config/schema';

export interface ShopperMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, ...); values are made single-line. */
  headers?: Record<string, string>;
  attachments?: EmailMessage['attachments'];
}

export interface MailOptions {
  env?: NodeJS.ProcessEnv;
  /** Project root that a relative LEADS_OUTBOX_DIR is resolved from. */
  root?: string;
}

/** Where a sent message went: the SMTP Message-ID, or the file it was written to. */
export type MailReceipt = { via: 'smtp'; messageId: string } | { via: 'folder'; file: string };

const safeSegment = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

/** The folder that shopper mail is written to for a dealer when there is no SMTP server; undefined when the outbox folder is off. */
export function mailFolder(dealer: string, { env = process.env, root = process.cwd() }: MailOptions = {}): string | undefined {
  const dir = outboxDir(env, root);
  return dir && safeSegment.test(dealer) ? path.join(dir, dealer, 'mail') : undefined;
}

function messageOf(site: DealerConfig, mail: ShopperMail, env: NodeJS.ProcessEnv): EmailMessage & { html?: string } {
  const address = env.SMTP_FROM?.trim() || `no-reply@${new URL(site.url).hostname}`;
  const headers = Object.fromEntries(Object.entries(mail.headers ?? {}).map(([name, value]) => [name, headerText(value, 900)]));
  return {
    from: { name: headerText(site.name, 120), address },
    to: [mail.to],
    subject: headerText(mail.subject, 200),
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
    headers,
  };
}

const streamTransport = () => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
/** One message builder for every file: making a transport costs as much again as building a message (alert runs write thousands). */
let messageBuilder: ReturnType<typeof streamTransport> | undefined;

export async function sendShopperMail(site: DealerConfig, mail: ShopperMail, options: MailOptions = {}): Promise<MailReceipt> {
  const env = options.env ?? process.env;
  const message = messageOf(site, mail, env);
  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl) return { via: 'smtp', messageId: await sendOverSmtp(message, smtpUrl) };
  const folder = mailFolder(site.slug, options);
  if (!folder) throw new DeliveryError('neither SMTP_URL nor the outbox folder is set, so email cannot be sent');
  // nodemailer's stream transport builds the same RFC 5322 message SMTP would carry, without sending it.
  messageBuilder ??= streamTransport();
  const built = await messageBuilder.sendMail(message);
  const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
  try {
    await mkdir(folder, { recursive: true, mode: OUTBOX_DIR_MODE });
    await writeFileAtomic(file, (built.message as Buffer).toString('utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DeliveryError(`could not write the email to the outbox folder${code ? ` (${code})` : ''}`);
  }
  return { via: 'folder', file };
}

/**
 * The automatic reply to the shopper who sent a lead (src/leads/model/shopper-reply.ts), sent by
 * the outbox after the lead is stored. Undefined when nothing is owed any more: the dealer turned
 * replies off since, or the lead has no address. Replies go to the dealer's email when it has
 * one; `Auto-Submitted` keeps the shopper's out-of-office from answering back (RFC 3834).
 */
export async function replyToShopper(delivery: Delivery, options: MailOptions = {}): Promise<MailReceipt | undefined> {
  const { site, lead } = delivery;
  const reply = shopperReply(site, lead.data, lead.form, lead.category, delivery.vehicle);
  if (!reply) return undefined;
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-replied', 'X-Lead-Delivery-Id': deliveryId(delivery) };
  if (site.email) headers['Reply-To'] = site.email;
  return sendShopperMail(site, { ...reply, headers }, options);
}
