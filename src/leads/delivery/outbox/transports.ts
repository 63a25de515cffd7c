/**
 * The three ways a lead reaches the dealer. Each either resolves (delivered) or throws a
 * DeliveryError whose message is short, one line, and names no secret: it is stored as the
 * outbox row's last_error and printed by `npm run leads:outbox`.
 *
 * A delivery can happen twice: the worker delivers, then records it; a crash in between leaves
 * the row pending and it is sent again. So every delivery carries its id,
 * `<lead id>:<destination>` (X-Lead-Delivery-Id on webhooks and emails), for the receiver to
 * drop repeats, and the folder transport simply rewrites the same two files.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { defaultProvider, leadToAdf } from '../adf';
import { fromAssistant } from '../../model/payload';
import {
  deliveryIdHeader,
  signatureHeader,
  signWebhook,
  webhookBody,
  webhookJson,
  type DeliverableLead,
  type LeadFileMeta,
  type LeadResponseLinks,
  type LeadVehicle,
} from '../webhook';
import type { DealerConfig } from '../../../platform/config/schema';

export interface Delivery {
  lead: DeliverableLead;
  files: readonly LeadFileMeta[];
  site: DealerConfig;
  /** The outbox destination name: folder, webhook:<n>, adf_email:<n>. */
  destination: string;
  vehicle?: LeadVehicle;
  /** The "I've got this" link and the thread the lead updates (response tracking). */
  response?: LeadResponseLinks;
}

export class DeliveryError extends Error {
  override name = 'DeliveryError';
}

export const deliveryId = (delivery: Pick<Delivery, 'lead' | 'destination'>): string => `${delivery.lead.id}:${delivery.destination}`;

/** The platform name in ADF <provider> and email senders. */
export const platformName = defaultProvider.name;

export const adfFor = (delivery: Delivery): string =>
  leadToAdf(delivery.lead, delivery.site, {
    vehicle: delivery.vehicle,
    provider: { name: platformName },
    files: delivery.files,
    ...(delivery.response ? { response: delivery.response } : {}),
  });

export const jsonFor = (delivery: Delivery): string => webhookJson(webhookBody(delivery.lead, delivery.files, delivery.vehicle, delivery.response));

/** One line, at most 300 characters, with any of `secrets` blanked out. */
export function shortError(message: string, secrets: readonly (string | undefined)[] = []): string {
  let text = message.replace(/[\r\n\t]+/g, ' ').trim();
  for (const secret of secrets) if (secret && secret.length >= 4) text = text.split(secret).join('***');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

// ---------------------------------------------------------------------------
// Folder: <LEADS_OUTBOX_DIR>/<dealer>/<lead id>.json and .adf.xml
// ---------------------------------------------------------------------------

/** LEADS_OUTBOX_DIR (default .data/outbox) resolved from the project root; undefined when "off". */
export function outboxDir(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): string | undefined {
  const configured = env.LEADS_OUTBOX_DIR?.trim();
  if (configured?.toLowerCase() === 'off') return undefined;
  return path.resolve(root, configured || '.data/outbox');
}

/**
 * The copies hold customers' names, phones and messages: readable by the server's own user only,
 * whatever the umask. (A folder made before this keeps its mode; the files in it are still 0600.)
 */
export const OUTBOX_DIR_MODE = 0o700;
export const OUTBOX_FILE_MODE = 0o600;

// Dealer slugs and lead ids are ours, but they become path segments, so check anyway.
const safeSegment = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

/** Writes to a temporary name in the same folder, flushes, then renames over the target. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', OUTBOX_FILE_MODE);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function deliverToFolder(delivery: Delivery, dir: string | undefined): Promise<string[]> {
  if (!dir) throw new DeliveryError('LEADS_OUTBOX_DIR is off, so the folder copy cannot be written');
  const { dealer, id } = delivery.lead;
  if (!safeSegment.test(dealer) || !safeSegment.test(id)) throw new DeliveryError('dealer or lead id is not a safe file name');
  const folder = path.join(dir, dealer);
  const files = [path.join(folder, `${id}.json`), path.join(folder, `${id}.adf.xml`)];
  try {
    await mkdir(folder, { recursive: true, mode: OUTBOX_DIR_MODE });
    await writeFileAtomic(files[0] as string, `${jsonFor(delivery)}\n`);
    await writeFileAtomic(files[1] as string, adfFor(delivery));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DeliveryError(`could not write to the outbox folder${code ? ` (${code})` : ''}`);
  }
  return files;
}

// ---------------------------------------------------------------------------
// Webhook: signed JSON POST
// ---------------------------------------------------------------------------

export const webhookTimeoutMs = 10_000;

export interface WebhookTarget {
  url: string;
  secret_env: string;
}

export async function deliverToWebhook(
  delivery: Delivery,
  target: WebhookTarget,
  { env = process.env, fetch: fetchImpl = fetch, timeoutMs = webhookTimeoutMs }: { env?: NodeJS.ProcessEnv; fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<number> {
  const secret = env[target.secret_env];
  if (!secret) throw new DeliveryError(`the webhook secret is missing: set the environment variable ${target.secret_env}`);
  const body = jsonFor(delivery);
  let response: Response;
  try {
    response = await fetchImpl(target.url, {
      method: 'POST',
      // A redirect would turn the POST into a GET elsewhere; count it as a failure instead.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': `${platformName.replace(/\s+/g, '-')}-leads/1`,
        [signatureHeader]: signWebhook(body, secret),
        [deliveryIdHeader]: deliveryId(delivery),
      },
      body,
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new DeliveryError(`the webhook did not answer within ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new DeliveryError(shortError(`the webhook request failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`, [secret, target.url]));
  }
  // The receiver's words are not ours to store; only the status is kept.
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status > 299) throw new DeliveryError(`the webhook answered HTTP ${response.status}`);
  return response.status;
}

// ---------------------------------------------------------------------------
// ADF email over SMTP (SMTP_URL)
// ---------------------------------------------------------------------------

type Mailer = ReturnType<typeof nodemailer.createTransport>;
const mailers = new Map<string, Mailer>();

function mailerFor(smtpUrl: string): Mailer {
  let mailer = mailers.get(smtpUrl);
  if (!mailer) {
    // Bounded, so a delivery always ends well inside the worker's claim lease (worker.ts).
    mailer = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    mailers.set(smtpUrl, mailer);
  }
  return mailer;
}

/** Closes pooled SMTP connections (the worker's stop()). */
export function closeMailers(): void {
  for (const mailer of mailers.values()) mailer.close();
  mailers.clear();
}

/** Header text: no CR, LF or other control characters (no header injection), one short line. */
export function headerText(value: string, max = 150): string {
  const line = value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `Lead: <category> – <name>`, the shopper's name as they typed it; `Update: …` for a lead joining an earlier one's thread. */
export function emailSubject(lead: DeliverableLead, threadOf: string | null = null): string {
  const data = lead.data;
  const pick = (key: string): string => (typeof data[key] === 'string' ? data[key] : '');
  const name = pick('name') || [pick('first_name'), pick('last_name')].filter(Boolean).join(' ') || 'no name given';
  return headerText(`${threadOf ? 'Update: ' : ''}Lead${fromAssistant(data) ? ' (AI assistant)' : ''}: ${lead.category} – ${name}`, 200);
}

export interface EmailTarget {
  to: readonly string[];
}

export interface EmailMessage {
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  headers: Record<string, string>;
  /** Files sent with it (the weekly report's CSV). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** The message: ADF/XML as the plain-text body, as ADF-reading CRMs expect. */
export function adfEmail(delivery: Delivery, target: EmailTarget, env: NodeJS.ProcessEnv = process.env): EmailMessage {
  const fromAddress = env.SMTP_FROM?.trim() || `leads@${new URL(delivery.site.url).hostname}`;
  return {
    from: { name: headerText(`${delivery.site.name} website`, 120), address: fromAddress },
    to: [...target.to],
    subject: emailSubject(delivery.lead, delivery.response?.thread_of ?? null),
    text: adfFor(delivery),
    headers: { [deliveryIdHeader]: headerText(deliveryId(delivery), 300) },
  };
}

export async function deliverByEmail(delivery: Delivery, target: EmailTarget, { env = process.env }: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) throw new DeliveryError('SMTP_URL is not set, so ADF email cannot be sent');
  return sendOverSmtp(adfEmail(delivery, target, env), smtpUrl);
}

/** Sends one message through the pooled connection to `smtpUrl`; resolves to its Message-ID, or throws a DeliveryError naming no secret. */
export async function sendOverSmtp(message: EmailMessage, smtpUrl: string): Promise<string> {
  try {
    const info: unknown = await mailerFor(smtpUrl).sendMail(message);
    return String((info as { messageId?: string }).messageId ?? '');
  } catch (error) {
    throw smtpError(error, smtpUrl);
  }
}

/** Connects to SMTP_URL and greets it (logging in if the URL says so), sending nothing; throws a DeliveryError saying why it cannot. */
export async function verifySmtp(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) throw new DeliveryError('SMTP_URL is not set, so ADF email cannot be sent');
  try {
    await mailerFor(smtpUrl).verify();
  } catch (error) {
    throw smtpError(error, smtpUrl);
  }
}

function smtpError(error: unknown, smtpUrl: string): DeliveryError {
  const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
  return new DeliveryError(
    shortError(`the SMTP server refused or failed${code ? ` (${code})` : ''}: ${(error as Error).message}`, [smtpUrl, ...passwordsIn(smtpUrl)]),
  );
}

function passwordsIn(url: string): string[] {
  try {
    const parsed = new URL(url);
    return [parsed.password, decodeURIComponent(parsed.password)].filter(Boolean);
  } catch {
    return [];
  }
}
