/**
 * Whether leads are reaching the dealers, for /api/health and the start-up warnings. A lead is
 * stored before it is answered whatever happens here; what must not happen is a delivery path
 * failing unseen (an outbox folder the server cannot write, an SMTP server that refuses), with
 * leads piling up in the outbox and nobody told.
 *
 * A channel (the outbox folder, SMTP, each webhook) is in trouble from a failed check or delivery
 * until a delivery through it succeeds. The worker reports every result here; the start-up
 * checks report the folder and SMTP before the first lead needs them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { folderDestination, smtpConfigured } from './destinations';
import { OUTBOX_DIR_MODE, OUTBOX_FILE_MODE, outboxDir, shortError, verifySmtp } from './transports';

export interface DeliveryProblem {
  /** 'outbox folder', 'SMTP', or 'webhook <n> of <dealer>'. */
  channel: string;
  reason: string;
  /** When it was first seen failing (ISO 8601). */
  since: string;
}

export interface DeliveryHealth {
  failed(channel: string, reason: string): void;
  succeeded(channel: string): void;
  problems(): DeliveryProblem[];
}

export function createDeliveryHealth(now: () => Date = () => new Date()): DeliveryHealth {
  const failing = new Map<string, DeliveryProblem>();
  return {
    failed(channel, reason) {
      const since = failing.get(channel)?.since ?? now().toISOString();
      failing.set(channel, { channel, reason, since });
    },
    succeeded(channel) {
      failing.delete(channel);
    },
    problems: () => [...failing.values()],
  };
}

/** The channel an outbox destination is delivered through: one folder and one SMTP server serve every dealer. */
export function channelOf(destination: string, dealer: string): string {
  if (destination === folderDestination) return 'outbox folder';
  if (destination.startsWith('adf_email:')) return 'SMTP';
  return `${destination.replace(':', ' ')} of ${dealer}`;
}

const errorCode = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

/** Creates the outbox folder if need be and writes and removes a file in it; the reason it cannot, or undefined. */
export async function checkOutboxFolder(dir: string): Promise<string | undefined> {
  const probe = path.join(dir, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(dir, { recursive: true, mode: OUTBOX_DIR_MODE });
    await writeFile(probe, '', { flag: 'wx', mode: OUTBOX_FILE_MODE });
    await rm(probe, { force: true });
    return undefined;
  } catch (error) {
    return `cannot be written: ${dir} (${errorCode(error)})`;
  }
}

export interface StartupCheckOptions {
  env: NodeJS.ProcessEnv;
  health: DeliveryHealth;
  /** Where the warning goes (default console.warn). */
  warn?: (line: string) => void;
}

const stillStored = 'leads are still stored and their deliveries retried; fix it and they go out';

/** At start-up: the outbox folder can be written, or a warning and a problem in /api/health. Quick. */
export async function checkOutboxFolderAtStart({ env, root, health, warn = console.warn }: StartupCheckOptions & { root: string }): Promise<void> {
  const dir = outboxDir(env, root);
  const problem = dir ? await checkOutboxFolder(dir) : undefined;
  if (!problem) return;
  health.failed('outbox folder', problem);
  warn(`leads: WARNING the outbox folder (LEADS_OUTBOX_DIR) ${problem}; ${stillStored}.`);
}

/**
 * At start-up, when SMTP_URL is set: the SMTP server answers (and takes the login), or a warning
 * and a problem in /api/health. Can take seconds, so the server does not wait for it.
 */
export async function checkSmtpAtStart({
  env,
  health,
  warn = console.warn,
  checkSmtp = verifySmtp,
}: StartupCheckOptions & { checkSmtp?: (env: NodeJS.ProcessEnv) => Promise<void> }): Promise<void> {
  if (!smtpConfigured(env)) return;
  try {
    await checkSmtp(env);
  } catch (error) {
    // verifySmtp's errors name no secret (transports.ts smtpError).
    const reason = shortError(error instanceof Error ? error.message : String(error));
    health.failed('SMTP', reason);
    warn(`leads: WARNING email delivery (SMTP_URL): ${reason}; ${stillStored}.`);
  }
}
