/**
 * The agent endpoint (POST /api/mcp) as a shopper's AI assistant uses it: the official MCP SDK
 * client over real HTTP against the whole app, on a fixture dealer with stock of its own. The
 * story from issue 31: "find a white Toyota SUV under $40,000 near 4000, check it is still
 * available, book a test drive on Saturday", ending with the lead in the dealer's outbox. Then
 * what must not happen: hidden cars seen, bad input taken, a flood let through.
 */
import { serve, type ServerType } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createStockIndexes, type StockIndexes } from '../../src/search/server/search-indexes';
import { leads, outbox, payments, reservations } from '../../src/platform/db/schema';
import type { Database } from '../../src/platform/db/open';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../support/test-databases';
import { DEALER_FILES_DIR } from '../support/test-site';
import { testCar } from '../support/test-car';

const DEALER = 'kingfisher-toyota';
const OTHER_DEALER = 'lone-star-auto';
const SALES_YARD = 31001;
const NOW_SECONDS = Math.floor(Date.now() / 1000);

const suv = (id: number, extra: Parameters<typeof testCar>[0]) =>
  testCar({
    id,
    slug: `car-${id}`,
    stocknum: `U${id}`,
    vin: `JTMW1RFV10D0${id}`,
    location_id: SALES_YARD,
    location_name: 'Kingfisher Toyota - Sales',
    ...extra,
  });

/** The car the story finds: white, a Toyota SUV, under $40,000, at the sales yard. */
const WHITE_RAV4 = suv(81001, { name: '2021 Toyota RAV4 GX Hybrid', colour: 'White', price: 38990 });
const WHITE_KLUGER = suv(81002, { name: '2022 Toyota Kluger GXL', model: 'Kluger', make_model: 'Toyota Kluger', colour: 'White', price: 55990 });
const SILVER_RAV4 = suv(81003, { name: '2020 Toyota RAV4 GX', colour: 'Silver', price: 33990 });
const WHITE_COROLLA = suv(81004, {
  name: '2019 Toyota Corolla Ascent',
  model: 'Corolla',
  make_model: 'Toyota Corolla',
  body: 'Hatchback',
  colour: 'White',
  price: 21990,
});
/** Sold and never published: white, a Toyota SUV, cheapest of all; no assistant may learn of it. */
const HIDDEN = suv(81005, {
  name: '2022 Toyota C-HR Koba',
  model: 'C-HR',
  make_model: 'Toyota C-HR',
  colour: 'White',
  price: 29990,
  stocknum: 'PRIV-81005',
  vin: 'NMTKHDDEN00081005',
  status: 'sold',
  sold_date_timestamp: NOW_SECONDS - 3600,
  show_on_dealer_website: false,
});

const STOCK_DIR = mkdtempSync(path.join(tmpdir(), 'assistant-stock-'));
writeFileSync(
  path.join(STOCK_DIR, `${DEALER}.json`),
  JSON.stringify({
    dealer: DEALER,
    imported_at: new Date().toISOString(),
    source: 'test',
    vehicles: [WHITE_RAV4, WHITE_KLUGER, SILVER_RAV4, WHITE_COROLLA, HIDDEN],
  }),
);

interface Running {
  url: URL;
  close(): Promise<void>;
}

async function start(database: Database, env: NodeJS.ProcessEnv): Promise<Running> {
  const dealers = [DEALER, OTHER_DEALER];
  const search: StockIndexes = createStockIndexes({ dealers, dealersDir: DEALER_FILES_DIR, env });
  const app = createApp({ distDir: 'unused', dealers, defaultDealer: DEALER, dealersDir: DEALER_FILES_DIR, env, search, leads: { database } });
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port));
  });
  return {
    url: new URL(`http://127.0.0.1:${port}/api/mcp`),
    close: () =>
      new Promise<void>((resolve) => {
        search.close();
        server?.close(() => resolve());
      }),
  };
}

async function assistant(url: URL): Promise<Client> {
  const client = new Client({ name: 'shopper-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

type Structured = Record<string, unknown>;
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const data = (result: CallToolResult): Structured => {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as Structured;
};
const errorText = (result: CallToolResult): string => {
  expect(result.isError).toBe(true);
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
};

const SHOPPER = {
  first_name: 'Jane',
  last_name: 'Citizen',
  email: 'jane@example.com',
  phone: '0412 345 678',
  marketing_opt_in: false,
  shopper_asked_to_send: true,
};

describe.each(routeTestDatabaseKinds())('the agent endpoint, on %s', (kind) => {
  const db = useTestDatabase(kind);
  let running: Running;
  let client: Client;

  beforeAll(async () => {
    running = await start(db.current, { STOCK_DIR, LEADS_RATE_LIMIT_PER_MINUTE: '1000', ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => running.close());
  beforeEach(async () => {
    await resetTestDatabase(db.current);
    client = await assistant(running.url);
  });
  afterEach(async () => client.close());

  it('finds a white Toyota SUV under $40,000 near 4000, checks it is still available, and books a test drive on Saturday into the outbox', async () => {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(['search_stock', 'get_car', 'list_locations', 'get_booking_times', 'send_enquiry', 'book_test_drive']);

    const found = data(await call(client, 'search_stock', { words: 'white Toyota SUV under $40,000 near 4000' }));
    // Read as the site's keyword box reads it: make and body chosen, the price a range, "white" matched as a word.
    expect(found.understood).toEqual({ refinements: { make: ['Toyota'], body: ['SUV'] }, price: { max: 40000 }, words: 'white', near: '4000' });
    const cars = found.cars as Structured[];
    expect(cars.map((car) => car.id)).toEqual([String(WHITE_RAV4.id)]);
    expect(cars[0]).toMatchObject({ name: WHITE_RAV4.name, colour: 'White', price: '$38,990 Drive away', availability: 'In Stock' });
    expect(String(found.search_page)).toMatch(/^https:\/\/www\.kingfishertoyota\.example\//);

    const car = data(await call(client, 'get_car', { car_id: cars[0]!.id }));
    expect(car).toMatchObject({ available_to_buy: true, reserved: false, price: '$38,990 Drive away', test_drive_location: { id: String(SALES_YARD) } });

    const times = data(await call(client, 'get_booking_times', { kind: 'test_drive', car_id: car.id }));
    const saturday = (times.days as { date: string; weekday: string; times: string[] }[]).find((day) => day.weekday === 'Saturday');
    expect(saturday?.times.length).toBeGreaterThan(0);

    const booked = data(await call(client, 'book_test_drive', { car_id: car.id, date: saturday!.date, time: saturday!.times[0], ...SHOPPER }));
    expect(booked).toMatchObject({ booked: true, car: WHITE_RAV4.name, where: 'Kingfisher Toyota - Sales' });

    const [lead] = await db.current.db
      .select()
      .from(leads)
      .where(eq(leads.id, String(booked.lead_id)));
    expect(lead).toMatchObject({ dealer: DEALER, form: 'test_drive', category: 'test-drive' });
    expect(lead?.data).toMatchObject({ source: 'AI assistant', car_id: String(WHITE_RAV4.id), location_id: String(SALES_YARD), booking_date: saturday!.date });
    expect(lead?.consent).toMatchObject({ opt_in: false, answered: true });
    expect(lead?.consent.wording).toEqual(expect.any(String));
    const rows = await db.current.db
      .select()
      .from(outbox)
      .where(eq(outbox.lead_id, String(booked.lead_id)));
    expect(rows.map((row) => [row.dealer, row.destination, row.status])).toContainEqual([DEALER, 'folder', 'pending']);
  });

  it('never shows a car the site hides: not in a search, not by id, not for a test drive', async () => {
    const found = data(await call(client, 'search_stock', { words: 'white Toyota SUV', sort: 'price_low_to_high' }));
    const everything = JSON.stringify(found);
    expect((found.cars as Structured[]).map((car) => car.id)).toEqual([String(WHITE_RAV4.id), String(WHITE_KLUGER.id)]);
    expect(everything).not.toContain('PRIV-81005');
    expect(everything).not.toContain('C-HR');

    const hidden = errorText(await call(client, 'get_car', { car_id: String(HIDDEN.id) }));
    const never = errorText(await call(client, 'get_car', { car_id: '81999' }));
    expect(hidden.replace(String(HIDDEN.id), '<id>')).toBe(never.replace('81999', '<id>'));
    errorText(await call(client, 'book_test_drive', { car_id: String(HIDDEN.id), date: '2030-01-05', time: '10:00', ...SHOPPER }));
    expect(await db.current.db.select().from(leads)).toEqual([]);
  });

  it('tells a car a deposit holds as reserved, from the live reservations, and books no test drive of it', async () => {
    const carId = String(WHITE_RAV4.id);
    const { db: tables } = db.current;
    await tables.insert(payments).values({
      id: 'pay-assistant-1',
      dealer: DEALER,
      email: 'bob@example.com',
      kind: 'reservation',
      car_id: carId,
      amount_minor: 50_000,
      currency: 'AUD',
      provider: 'local',
      status: 'paid',
    });
    await tables
      .insert(reservations)
      .values({ id: 'hold-assistant-1', dealer: DEALER, car_id: carId, payment_id: 'pay-assistant-1', held_until: new Date(Date.now() + 86_400_000) });
    try {
      // The held set is read at most once a second per process (src/checkout/server/held-cars.ts).
      await sleep(1100);
      expect(data(await call(client, 'get_car', { car_id: carId }))).toMatchObject({ availability: 'Reserved', reserved: true, available_to_buy: false });
      expect(errorText(await call(client, 'get_booking_times', { kind: 'test_drive', car_id: carId }))).toContain(
        'cannot be booked for a test drive now (Reserved)',
      );
      expect(errorText(await call(client, 'book_test_drive', { car_id: carId, date: '2030-01-05', time: '10:00', ...SHOPPER }))).toContain('(Reserved)');
    } finally {
      await tables.delete(reservations).where(eq(reservations.id, 'hold-assistant-1'));
      await tables.delete(payments).where(eq(payments.id, 'pay-assistant-1'));
      await sleep(1100);
    }
  });

  it('refuses bad input with an answer that says what to fix', async () => {
    await expect(call(client, 'get_car', { car_id: 'the white one' })).resolves.toMatchObject({ isError: true });
    expect(errorText(await call(client, 'get_car', { car_id: 'the white one' }))).toContain('A car id is the number search_stock gives');
    expect(errorText(await call(client, 'search_stock', { postcode: '99999' }))).toContain('Invalid postcode');

    // Consent is stated, never assumed: without the shopper's go-ahead nothing is sent.
    const { shopper_asked_to_send: _asked, ...withoutGoAhead } = SHOPPER;
    expect(errorText(await call(client, 'send_enquiry', { name: 'Jane Citizen', message: 'Still there?', ...withoutGoAhead }))).toContain(
      'shopper_asked_to_send',
    );

    // The lead route's own schemas answer, field by field.
    const badEmail = errorText(await call(client, 'send_enquiry', { name: 'Jane Citizen', message: 'Still there?', ...SHOPPER, email: 'jane at example' }));
    expect(badEmail).toMatch(/^Not sent \(400\)/);
    expect(badEmail).toContain('- email:');

    // A time the yard does not offer is refused by the same booking check the form meets.
    const gone = errorText(await call(client, 'book_test_drive', { car_id: String(WHITE_RAV4.id), date: '2030-01-06', time: '03:00', ...SHOPPER }));
    expect(gone).toContain('That time is no longer available');
    expect(await db.current.db.select().from(leads)).toEqual([]);
  });

  it('answers only POSTs of a bounded size, stateless', async () => {
    const get = await fetch(running.url, { headers: { accept: 'text/event-stream' } });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const huge = await fetch(running.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(70_000) } }),
    });
    expect(huge.status).toBe(413);
    const list = await fetch(running.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('mcp-session-id')).toBeNull();
  });

  it('sends an enquiry about a car as an AI assistant lead, once for a retried key', async () => {
    const args = {
      name: 'Jane Citizen',
      message: 'Is it still available?',
      car_id: String(WHITE_RAV4.id),
      ...SHOPPER,
      marketing_opt_in: true,
      idempotency_key: 'assistant-try-0001',
    };
    const first = data(await call(client, 'send_enquiry', args));
    const retry = data(await call(client, 'send_enquiry', args));
    expect(retry.lead_id).toBe(first.lead_id);
    const stored = await db.current.db.select().from(leads);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ form: 'enquiry', category: 'used-vehicle-enquiry' });
    expect(stored[0]?.data).toMatchObject({ source: 'AI assistant', car_id: String(WHITE_RAV4.id) });
    expect(stored[0]?.consent).toMatchObject({ opt_in: true, answered: true });
  });
});

describe.each(routeTestDatabaseKinds())('the agent endpoint under a flood, on %s', (kind) => {
  const db = useTestDatabase(kind);

  it("counts its calls per address and its leads with the forms' leads", async () => {
    await resetTestDatabase(db.current);
    const running = await start(db.current, { STOCK_DIR, LEADS_RATE_LIMIT_PER_MINUTE: '1', ASSISTANT_RATE_LIMIT_PER_MINUTE: '8' });
    try {
      // The limits count per minute of the clock: calls that crossed into the next minute would
      // start counting again half way. Under load they take seconds, so they start early in a minute.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
      const client = await assistant(running.url);
      const enquiry = { name: 'Jane Citizen', message: 'Still there?', ...SHOPPER };
      data(await call(client, 'send_enquiry', enquiry));
      expect(errorText(await call(client, 'send_enquiry', enquiry))).toMatch(/^Not sent \(429\)/);
      // The connection took two calls (initialize, initialized) and the enquiries two: four more reach the limit.
      for (let i = 0; i < 4; i++) data(await call(client, 'list_locations'));
      await expect(call(client, 'list_locations')).rejects.toThrow(/429|Too many requests/);
      await client.close().catch(() => undefined);
      expect(await db.current.db.select().from(leads)).toHaveLength(1);
    } finally {
      await running.close();
    }
  });
});
