/**
 * Test helpers for the outbox: leads written straight into the tables, a local webhook receiver
 * and a minimal SMTP server that records what it is sent. Used by tests only.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../src/platform/db/open';
import { leads, outbox } from '../../src/platform/db/schema';

export interface TestLead {
  id?: string;
  dealer?: string;
  form?: string;
  category?: string;
  status?: string;
  data?: Record<string, unknown>;
  quarantine_reason?: string | null;
  created_at?: Date;
  destinations?: string[];
}

/** A complete enquiry and its outbox rows, created at `created_at` and due then. */
export async function insertLead(database: Pick<Database, 'db'>, lead: TestLead = {}): Promise<string> {
  const id = lead.id ?? randomUUID();
  const at = lead.created_at ?? new Date();
  await database.db.transaction(async (tx) => {
    await tx.insert(leads).values({
      id,
      dealer: lead.dealer ?? 'kingfisher-toyota',
      form: lead.form ?? 'enquiry',
      category: lead.category ?? 'General Enquiry',
      status: lead.status ?? 'Complete',
      data: lead.data ?? { name: 'Jane Citizen', email: 'jane@example.com', phone: '0412 345 678', message: 'Call me' },
      consent: { opt_in: true, wording: 'Keep me up to date with offers and news', at: at.toISOString() },
      quarantine_reason: lead.quarantine_reason ?? null,
      created_at: at,
      updated_at: at,
      completed_at: at,
    });
    const destinations = lead.destinations ?? ['folder'];
    if (destinations.length > 0) {
      await tx
        .insert(outbox)
        .values(
          destinations.map((destination) => ({ lead_id: id, dealer: lead.dealer ?? 'kingfisher-toyota', destination, created_at: at, next_attempt_at: at })),
        );
    }
  });
  return id;
}

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  received: ReceivedRequest[];
  /** The status the next requests get. */
  status: number;
  close(): Promise<void>;
}

export async function startReceiver(status = 200): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  const receiver = { status } as TestReceiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(receiver.status, { 'Content-Type': 'text/plain' }).end('receiver says: secret internals');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** When set, MAIL FROM is refused with this reply (e.g. '451 try later'). */
  refuse?: string;
  close(): Promise<void>;
}

/** Just enough SMTP (RFC 5321, no TLS, no auth) for nodemailer to hand over a message. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const smtp = { mails } as TestSmtpServer;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string): boolean => socket.write(`${line}\r\n`);
    reply('220 test-smtp ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-test-smtp\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 test-smtp');
        else if (verb === 'MAIL') {
          if (smtp.refuse) reply(smtp.refuse);
          else {
            current.from = line.slice(10);
            reply('250 2.1.0 ok');
          }
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8));
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(smtp, {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
