/**
 * Shared by the account API tests: the real app over the demo dealers' fixtures with a test
 * database, a clock the test moves, sign-in mail written to a temporary outbox folder as the
 * server writes it without SMTP, and a browser that keeps the cookies the API sets.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/platform/db/open';
import type { NodeBindings } from '../../src/platform/http/client-ip';
import type { RateLimiter } from '../../src/platform/http/rate-limit';
import { sendShopperMail, type ShopperMail } from '../../src/leads/delivery/outbox/shopper-mail';
import { DEALER, NOW, OTHER_DEALER } from './lead-api';
import { DEALER_FILES_DIR } from './test-site';

export { DEALER, OTHER_DEALER, NOW };

export interface Clock {
  now: number;
  advance(ms: number): void;
}

export const testClock = (start = NOW): Clock => ({
  now: start,
  advance(ms) {
    this.now += ms;
  },
});

export interface AccountTestApp {
  app: ReturnType<typeof createApp>;
  clock: Clock;
  /** LEADS_OUTBOX_DIR: lead copies and, without SMTP, shopper mail (`<dealer>/mail/`). */
  outboxDir: string;
  /** Every shopper email the server sent (and wrote to the outbox folder), in order. */
  mail: ShopperMail[];
}

export interface AccountAppOptions {
  database: Database | undefined;
  env?: NodeJS.ProcessEnv;
  accountLimiter?: RateLimiter;
  log?: (message: string, error?: unknown) => void;
  /** Fails every email instead of sending it (a mail server that is down). */
  mailFails?: boolean;
  /** Dealer files (default the fixtures). */
  dealersDir?: string;
  /** Told when a deposit takes a hold (as the platform tells a real Meilisearch's reserved flags). */
  onHoldsChanged?: (dealer: string) => void;
  /** The project root (where `.data/secrets/` is kept); default the working directory. */
  projectRoot?: string;
}

export function accountApp({
  database,
  env: extraEnv = {},
  accountLimiter,
  log,
  mailFails = false,
  dealersDir = DEALER_FILES_DIR,
  onHoldsChanged,
  projectRoot,
}: AccountAppOptions): AccountTestApp {
  const clock = testClock();
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'account-outbox-'));
  const env = { LEADS_OUTBOX_DIR: outboxDir, ...extraEnv };
  const now = () => clock.now;
  const quiet = log ?? (() => undefined);
  const mail: ShopperMail[] = [];
  const sendMail = async (site: Parameters<typeof sendShopperMail>[0], message: ShopperMail) => {
    if (mailFails) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    const receipt = await sendShopperMail(site, message, { env });
    mail.push(message);
    return receipt;
  };
  const app = createApp({
    distDir: 'unused',
    dealers: [DEALER, OTHER_DEALER],
    defaultDealer: DEALER,
    dealersDir,
    env,
    ...(projectRoot ? { projectRoot } : {}),
    search: { get: () => Promise.resolve(undefined) },
    leads: database ? { database, filesDir: mkdtempSync(path.join(tmpdir(), 'lead-files-')), now, log: quiet } : undefined,
    accounts: { now, log: quiet, sendMail, ...(accountLimiter ? { rateLimiter: accountLimiter } : {}) },
    ...(onHoldsChanged ? { checkout: { onHoldsChanged } } : {}),
  });
  return { app, clock, outboxDir, mail };
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  /** Set-Cookie lines of the answer. */
  cookies: string[];
}

export interface Call {
  method?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string. */
  body?: unknown;
  contentType?: string;
  /** Whether to send and keep cookies (default true). */
  cookies?: boolean;
}

/**
 * A browser on one site: it keeps the cookies the API sets for its host (by name, as a browser
 * does, dropping one set with Max-Age=0) and sends them back. Requests look same-origin.
 */
export class Browser {
  readonly jar = new Map<string, string>();

  constructor(
    readonly app: ReturnType<typeof createApp>,
    readonly host = `${DEALER}.localhost`,
    readonly scheme: 'http' | 'https' = 'http',
  ) {}

  async call(
    target: string,
    { method = 'GET', host = this.host, ip = '203.0.113.7', headers = {}, body, contentType, cookies = true }: Call = {},
  ): Promise<Reply> {
    const raw = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
    const cookieHeader = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const init: RequestInit = {
      method,
      headers: {
        host,
        'sec-fetch-site': 'same-origin',
        ...(raw !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}),
        ...(cookies && cookieHeader ? { cookie: cookieHeader } : {}),
        ...headers,
      },
      ...(raw === undefined ? {} : { body: raw }),
    };
    const bindings: NodeBindings = { incoming: { socket: { remoteAddress: ip } } };
    const response = await this.app.request(`${this.scheme}://${host}${target}`, init, bindings);
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    const set = response.headers.getSetCookie();
    if (cookies) {
      for (const line of set) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq);
        const value = pair.slice(eq + 1);
        if (/max-age=0/i.test(line) || value === '') this.jar.delete(name);
        else this.jar.set(name, value);
      }
    }
    return { status: response.status, body: parsed, headers: response.headers, cookies: set };
  }

  get(target: string, call: Call = {}): Promise<Reply> {
    return this.call(target, { ...call, method: 'GET' });
  }

  post(target: string, body?: unknown, call: Call = {}): Promise<Reply> {
    return this.call(target, { ...call, method: 'POST', body });
  }
}

export interface SentSignIn {
  to: string;
  subject: string;
  text: string;
  code: string;
  token: string;
  link: string;
}

/** Quoted-printable soft breaks and escapes, as nodemailer writes long lines. */
const unquote = (text: string): string => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The sign-in emails the server wrote for a dealer, read back from their .eml files. */
export function sentMail(outboxDir: string, dealer = DEALER): SentSignIn[] {
  const folder = path.join(outboxDir, dealer, 'mail');
  let files: string[];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((name) => {
    const raw = readFileSync(path.join(folder, name), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, ' ');
    const text = /quoted-printable/i.test(headers) ? unquote(rest.join('\n\n')) : rest.join('\n\n');
    return readSignIn({ to: /^To: (.*)$/im.exec(headers)?.[1]?.trim() ?? '', subject: /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '', text });
  });
}

/** The code, token and link a sign-in email carries. */
export function readSignIn(mail: Pick<ShopperMail, 'to' | 'subject' | 'text'>): SentSignIn {
  const link = /https?:\/\/\S+\/sign-in\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '';
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    code: /^\s+(\d{6})\s*$/m.exec(mail.text)?.[1] ?? '',
    token: new URL(link || 'http://x/').searchParams.get('token') ?? '',
    link,
  };
}

/** The newest sign-in email the server sent to `to`. */
export function lastSignIn(mail: readonly ShopperMail[], to: string): SentSignIn {
  const last = mail.filter((m) => m.to === to).at(-1);
  if (!last) throw new Error(`no sign-in email to ${to}`);
  return readSignIn(last);
}
