/**
 * Text messages to the dealer's staff (lead escalations). Chosen from the environment:
 *
 * - `SMS_PROVIDER=twilio`: Twilio's REST API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 *   form fields To, From, Body, basic auth), with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
 *   TWILIO_FROM; TWILIO_API_URL points it elsewhere (a test server, a regional edge).
 * - Otherwise the offline default: each message is a file in `<outbox folder>/<dealer>/sms/`,
 *   readable by the server's user only, like the lead copies beside it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SmsMessage {
  dealer: string;
  /** The mobile number as the dealer file has it. */
  to: string;
  text: string;
  /** Names the message for the receiver's logs and the file; the same id is the same message. */
  id: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves to where it went (the provider's message id or the file); throws SmsError when it did not go. */
  send(message: SmsMessage): Promise<string>;
}

export class SmsError extends Error {
  override name = 'SmsError';
}

const safeSegment = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/** The offline default: a message file per text, so a demo or a test can read what was sent. */
export function folderSms(folder: string | undefined): SmsProvider {
  return {
    name: 'folder',
    async send(message) {
      if (!folder) throw new SmsError('the outbox folder is off, so a text message has nowhere to go');
      if (!safeSegment.test(message.dealer) || !safeSegment.test(message.id)) throw new SmsError('dealer or message id is not a safe file name');
      const dir = path.join(folder, message.dealer, 'sms');
      const file = path.join(dir, `${message.id.replace(/:/g, '_')}.txt`);
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeFile(temp, `To: ${message.to}\n\n${message.text}\n`, { mode: 0o600 });
        await rename(temp, file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new SmsError(`could not write the text message file${code ? ` (${code})` : ''}`);
      }
      return file;
    },
  };
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** Default https://api.twilio.com. */
  apiUrl?: string;
  fetch?: typeof fetch;
  /** Default 10 s: a text is one small request. */
  timeoutMs?: number;
}

export function twilioSms({
  accountSid,
  authToken,
  from,
  apiUrl = 'https://api.twilio.com',
  fetch: fetchImpl = fetch,
  timeoutMs = 10_000,
}: TwilioSettings): SmsProvider {
  const url = `${apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message) {
      let answer: Response;
      try {
        answer = await fetchImpl(url, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded', 'I-Twilio-Idempotency-Token': message.id.slice(0, 64) },
          body: new URLSearchParams({ To: message.to, From: from, Body: message.text }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsError(`the SMS provider did not answer (${error instanceof Error ? error.name : 'error'})`);
      }
      const body = (await answer.json().catch(() => undefined)) as { sid?: unknown; message?: unknown } | undefined;
      if (!answer.ok) {
        const reason = typeof body?.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
        throw new SmsError(`the SMS provider answered ${answer.status}${reason}`);
      }
      return typeof body?.sid === 'string' ? body.sid : 'sent';
    },
  };
}

/** Twilio when SMS_PROVIDER=twilio (its three settings required), else message files under `outboxFolder`. */
export function smsProviderFromEnv(env: NodeJS.ProcessEnv, outboxFolder: string | undefined, fetchImpl?: typeof fetch): SmsProvider {
  const chosen = env.SMS_PROVIDER?.trim().toLowerCase();
  if (!chosen || chosen === 'folder') return folderSms(outboxFolder);
  if (chosen !== 'twilio') throw new Error(`SMS_PROVIDER must be "twilio" or "folder", not "${chosen.slice(0, 40)}"`);
  const missing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
  return twilioSms({
    accountSid: env.TWILIO_ACCOUNT_SID!.trim(),
    authToken: env.TWILIO_AUTH_TOKEN!.trim(),
    from: env.TWILIO_FROM!.trim(),
    ...(env.TWILIO_API_URL?.trim() ? { apiUrl: env.TWILIO_API_URL.trim() } : {}),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
