/**
 * Shared by the lead API tests: an app over copies of the demo dealers (tests/fixtures/dealer-files) with a test database, and
 * requests shaped like the browser's.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/platform/db/open';
import type { NodeBindings } from '../../src/platform/http/client-ip';
import type { RateLimiter } from '../../src/platform/http/rate-limit';
import { stepNumberOf } from '../../src/leads/model/multi-step';
import { DEALER_FILES_DIR } from './test-site';

export const DEALER = 'kingfisher-toyota';
export const OTHER_DEALER = 'lone-star-auto';
/** A fixed receipt time, so the time trap is predictable. */
export const NOW = Date.UTC(2025, 10, 21, 3, 0, 0);

export interface TestAppOptions {
  database: Database | undefined;
  dealersDir?: string;
  env?: NodeJS.ProcessEnv;
  rateLimiter?: RateLimiter;
  filesDir?: string;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export function testApp({
  database,
  dealersDir = DEALER_FILES_DIR,
  env = {},
  rateLimiter,
  filesDir,
  now = () => NOW,
  log,
}: TestAppOptions): ReturnType<typeof createApp> {
  return createApp({
    distDir: 'unused',
    dealers: [DEALER, OTHER_DEALER],
    defaultDealer: DEALER,
    dealersDir,
    env,
    search: { get: () => Promise.resolve(undefined) },
    leads: database
      ? {
          database,
          ...(rateLimiter ? { rateLimiter } : {}),
          filesDir: filesDir ?? mkdtempSync(path.join(tmpdir(), 'lead-files-')),
          now,
          ...(log ? { log } : {}),
        }
      : undefined,
  });
}

/** A copy of the dealer fixtures where the main dealer's file is changed by `edit`. */
export function editedDealers(edit: (dealer: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lead-dealers-'));
  cpSync(DEALER_FILES_DIR, dir, { recursive: true });
  const file = path.join(dir, `${DEALER}.json`);
  const dealer = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(dealer);
  writeFileSync(file, JSON.stringify(dealer));
  return dir;
}

export interface Send {
  method?: string;
  path?: string;
  host?: string;
  key?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string, FormData or stream. */
  body?: unknown;
  contentType?: string;
}

export async function send(app: ReturnType<typeof createApp>, options: Send): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const { method = 'POST', path: target = '/api/leads', host = `${DEALER}.localhost`, key, ip = '203.0.113.7', headers = {}, body } = options;
  const raw = body instanceof FormData || body instanceof ReadableStream || typeof body === 'string' ? body : JSON.stringify(body);
  const contentType = options.contentType ?? (body instanceof FormData ? undefined : 'application/json');
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: { host, ...(contentType ? { 'content-type': contentType } : {}), ...(key ? { 'idempotency-key': key } : {}), ...headers },
    ...(raw === undefined ? {} : { body: raw as BodyInit }),
    ...(raw instanceof ReadableStream ? { duplex: 'half' } : {}),
  };
  const bindings: NodeBindings = { incoming: { socket: { remoteAddress: ip } } };
  const response = await app.request(`http://${host}${target}`, init, bindings);
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** An enquiry that passes kingfisher-toyota's rules, sent a minute after the form opened. */
export const enquiry = (extra: Record<string, unknown> = {}): { lead: Record<string, unknown> } => ({
  lead: {
    form: 'enquiry',
    website_slug: DEALER,
    dealership_slug: DEALER,
    url: 'https://kingfisher-toyota.example/cars/2021-toyota-corolla',
    source: 'Website',
    visited_pages: ['/', '/cars/2021-toyota-corolla'],
    form_started_at: NOW - 60_000,
    company_website: '',
    name: 'Jane Citizen',
    phone: '0412 345 678',
    email: 'jane@example.com',
    message: 'Is it still available?',
    ...extra,
  },
});

export const financeSteps = {
  loan: { vehiclePriceBudget: '$35,000', deposit: '5000', loan_term_years: '5', has_trade_in: 'no' },
  employment: { employment_status: 'Full time', employer: 'Acme', years_employed: '3', annual_income: '$90,000' },
  user: { first_name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412 345 678', postcode: '4000', opt_in: true, terms_conditions: true },
};

export const financeLead = (step: number, status: 'Incomplete' | 'Complete', extra: Record<string, unknown> = {}): { lead: Record<string, unknown> } => ({
  lead: {
    form: 'finance',
    website_slug: DEALER,
    form_started_at: NOW - 120_000,
    company_website: '',
    ...financeSteps.loan,
    ...(step >= 2 || status === 'Complete' ? financeSteps.employment : {}),
    ...(status === 'Complete' ? financeSteps.user : {}),
    lead_status: status,
    form_completed: status === 'Complete',
    // `step` is the 0-based index of the step saved; the lead counts it from 1.
    ...(status === 'Incomplete' ? { step_number: stepNumberOf(step) } : {}),
    // "No trade-in" skips the trade-in step.
    ...(step >= 2 || status === 'Complete' ? { skipped_steps: [{ from: 0, to: 2 }] } : {}),
    ...extra,
  },
});

/** A file of `size` bytes that starts with `head` (a kind's first bytes) and is zeros after. */
const fill = (head: number[] | string, size = 256): Blob => {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === 'string' ? Array.from(head, (ch) => ch.charCodeAt(0)) : head);
  return new Blob([bytes]);
};
export const JPEG = (size?: number): Blob => fill([0xff, 0xd8, 0xff, 0xe0], size);
export const PNG = (): Blob => fill([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const PDF = (): Blob => fill('%PDF-1.7\n');

/** File parts as the browser sends them: [field, bytes, the name on the shopper's device]. */
export const photos = (...files: [string, Blob, string][]): FormData => {
  const form = new FormData();
  for (const [field, blob, name] of files) form.append(field, blob, name);
  return form;
};

/** The first step of the trade-in flow as the browser saves it: the plate only. */
export const tradeInStarted = (extra: Record<string, unknown> = {}): { lead: Record<string, unknown> } => ({
  lead: {
    form: 'trade_in',
    category: 'sell-my-car',
    website_slug: DEALER,
    form_started_at: NOW - 120_000,
    company_website: '',
    rego: 'ABC123',
    regoState: 'QLD',
    lead_status: 'Incomplete',
    form_completed: false,
    step_number: 1,
    ...extra,
  },
});

/** The trade-in flow's last step: the car, its condition and the shopper. */
export const tradeInComplete = (): { lead: Record<string, unknown> } =>
  tradeInStarted({
    make: 'Toyota',
    model: 'Corolla',
    year: 2018,
    km: 60000,
    adjustmentAnswers: { two_sets_of_keys: true, service_history: true, no_illegal_modifications: true, condition: 'Good' },
    first_name: 'Jane',
    last_name: 'Citizen',
    email: 'jane@example.com',
    phone: '0412 345 678',
    postcode: '4000',
    opt_in: true,
    lead_status: 'Complete',
    form_completed: true,
    step_number: undefined,
  });
