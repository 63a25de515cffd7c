import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderSms, SmsError, smsProviderFromEnv, twilioSms } from './sms';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface Seen {
  path: string;
  auth: string;
  body: URLSearchParams;
}

/** A local stand-in for Twilio's Messages endpoint. */
async function fakeTwilio(status = 201): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const read = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text;
  };
  const server = createServer((req, res) => {
    void read(req).then((text) => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', body: new URLSearchParams(text) });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { sid: 'SM123' } : { message: 'The To number is not a valid phone number.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('twilioSms', () => {
  it('posts To, From and Body to the account’s Messages endpoint with basic auth', async () => {
    const twilio = await fakeTwilio();
    const sms = twilioSms({ accountSid: 'AC1', authToken: 'secret', from: '+61400000001', apiUrl: twilio.url });
    await expect(sms.send({ dealer: 'kingfisher', to: '+61412345678', text: 'Lead waiting', id: 'lead-1:escalation_sms:1' })).resolves.toBe('SM123');
    expect(twilio.seen).toHaveLength(1);
    expect(twilio.seen[0]?.path).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(twilio.seen[0]?.auth).toBe(`Basic ${Buffer.from('AC1:secret').toString('base64')}`);
    expect(Object.fromEntries(twilio.seen[0]!.body)).toEqual({ To: '+61412345678', From: '+61400000001', Body: 'Lead waiting' });
  });

  it('turns a refusal into an SmsError with Twilio’s reason and no secret', async () => {
    const twilio = await fakeTwilio(400);
    const sms = twilioSms({ accountSid: 'AC1', authToken: 'secret', from: '+61400000001', apiUrl: twilio.url });
    const sent = sms.send({ dealer: 'kingfisher', to: 'nope', text: 'x', id: 'a' });
    await expect(sent).rejects.toThrow(SmsError);
    await expect(sent).rejects.toThrow('answered 400: The To number is not a valid phone number.');
  });
});

describe('folderSms', () => {
  it('writes one private file per message under <outbox>/<dealer>/sms', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sms-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = await folderSms(dir).send({ dealer: 'kingfisher', to: '0412 345 678', text: 'Lead waiting', id: 'lead-1:escalation_sms:1' });
    expect(file).toBe(path.join(dir, 'kingfisher', 'sms', 'lead-1_escalation_sms_1.txt'));
    expect(await readFile(file, 'utf8')).toBe('To: 0412 345 678\n\nLead waiting\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});

describe('smsProviderFromEnv', () => {
  it('is the folder by default and Twilio only with its settings', () => {
    expect(smsProviderFromEnv({}, '/tmp/outbox').name).toBe('folder');
    expect(smsProviderFromEnv({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+1' }, undefined).name).toBe('twilio');
    expect(() => smsProviderFromEnv({ SMS_PROVIDER: 'twilio' }, undefined)).toThrow('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM');
    expect(() => smsProviderFromEnv({ SMS_PROVIDER: 'pigeon' }, undefined)).toThrow('SMS_PROVIDER');
  });
});
