/**
 * A shopper's leads end to end, as the dealer receives them (the lead side's "Done when"): on a
 * demo dealer served by the platform's own server, a vehicle enquiry from a car page, a finance
 * application with the Trade-in step skipped (Go Back returns to Your Loan), a service booking
 * on a time the service-slots API offered, and a trade-in valued from a registration lookup. Each lead must
 * reach the dealer's outbox folder as JSON and ADF/XML; the outbox worker only reads committed
 * rows, so the files prove the lead was stored. Wrong input shows the same field messages in every
 * flow, with the phone rule of the dealer's region.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { vehicleEnquiryCategory } from '../../src/stock/model/enquiry-category';
import { EMAIL_MESSAGE, FINANCE_CONSENT_MESSAGE, PHONE_AU_MESSAGE, PHONE_NZ_MESSAGE, POSTCODE_MESSAGE, REQUIRED_MESSAGE } from '../../src/leads/model/messages';
import type { WebhookBody } from '../../src/leads/delivery/webhook';
import { loadStock } from '../../src/stock/server/store';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';

const AU = 'kingfisher-toyota';
const NZ = 'southern-lakes-motors';
/** The server quarantines a form sent sooner than this after it rendered (the time trap); people are slower. */
const TIME_TRAP_MS = 3_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface Opened {
  page: Page;
  errors: string[];
  answers: LeadAnswer[];
  /** When the form could first be used: the time trap counts from here. */
  readyAt: number;
}

/** A fresh shopper (own context: no saved details) on a form page, once its island has hydrated. */
async function open(slug: string, pagePath: string, ready: (page: Page) => Promise<void>): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await blockOutsideRequests(page);
  const errors = watchErrors(page);
  const answers = await recordLeadAnswers(page);
  // Fail on the step that went wrong, well inside the test's own time limit.
  page.setDefaultTimeout(30_000);
  await page.goto(`${demoOrigin(slug)}${pagePath}`);
  await ready(page);
  return { page, errors, answers, readyAt: Date.now() };
}

/** Service and trade-in forms hydrate when the shopper reaches for them: the pointer moves onto the form. */
const flowHydrated = async (page: Page) => {
  await page.locator('.multi-step').hover();
  await page.locator('astro-island[component-url*="Flow"]:not([ssr])').first().waitFor({ state: 'attached' });
};

/** A person spends longer on a form than the time trap; a test that did not would be filed as a bot. */
async function atHumanPace(readyAt: number): Promise<void> {
  const wait = readyAt + TIME_TRAP_MS + 300 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

interface LeadAnswer {
  method: string;
  path: string;
  status: number;
  body: string;
}

/**
 * Every answer to a lead the page sends, as the page's own code receives it. The answer's body
 * is read in the page: a form leaves for /success as soon as its lead is accepted, and Chromium
 * then drops the response body Playwright would read (holding the navigation back stalls the
 * read instead). The page carries on only once the answer is recorded here.
 */
async function recordLeadAnswers(page: Page): Promise<LeadAnswer[]> {
  const answers: LeadAnswer[] = [];
  await page.exposeFunction('recordLeadAnswer', (answer: LeadAnswer) => {
    answers.push(answer);
  });
  await page.addInitScript(() => {
    const send = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await send(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (url.pathname.startsWith('/api/leads') && (method === 'POST' || method === 'PUT')) {
        const record = (window as unknown as { recordLeadAnswer: (answer: LeadAnswer) => Promise<void> }).recordLeadAnswer;
        await record({ method, path: url.pathname, status: response.status, body: await response.clone().text() });
      }
      return response;
    };
  });
  return answers;
}

/** Sends the lead with `submit` and returns the id the API answered with (201 on create, 200 on a later step). */
async function submitLead(
  page: Page,
  answers: LeadAnswer[],
  submit: () => Promise<void>,
  status: 'Complete' | undefined,
): Promise<{ id: string; lead: Record<string, unknown> }> {
  const seen = answers.length;
  const answered = page.waitForResponse((response: Response) => {
    const request = response.request();
    if (!new URL(response.url()).pathname.startsWith('/api/leads') || !['POST', 'PUT'].includes(request.method())) return false;
    const lead = (request.postDataJSON() as { lead?: Record<string, unknown> } | null)?.lead;
    return status === undefined || lead?.lead_status === status;
  });
  await submit();
  const response = await answered;
  const request = response.request();
  await expect.poll(() => answers.length > seen, { message: 'the page received the answer' }).toBe(true);
  const answer = answers.slice(seen).find((a) => a.path === new URL(response.url()).pathname && a.method === request.method());
  expect(answer, 'the answer to the lead request').toBeDefined();
  expect(response.status(), answer?.body).toBe(request.method() === 'POST' ? 201 : 200);
  const { id } = JSON.parse(answer?.body ?? '{}') as { id?: string };
  expect(id).toMatch(/^\S+$/);
  // A later step is sent to the lead's own address.
  if (request.method() === 'PUT') expect(new URL(response.url()).pathname).toBe(`/api/leads/${encodeURIComponent(id ?? '')}`);
  return { id: id ?? '', lead: (request.postDataJSON() as { lead: Record<string, unknown> }).lead };
}

interface Delivered {
  json: WebhookBody;
  adf: string;
}

/** The lead as the dealer's outbox folder holds it, once the worker has written both files. */
async function delivered(slug: string, id: string): Promise<Delivered> {
  const folder = path.join(inject('outboxDir'), slug);
  const files = [path.join(folder, `${id}.json`), path.join(folder, `${id}.adf.xml`)] as const;
  await expect.poll(() => files.every((file) => existsSync(file)), { timeout: 10_000, message: `outbox files for lead ${id}` }).toBe(true);
  const json = JSON.parse(readFileSync(files[0], 'utf8')) as WebhookBody;
  expect(json).toMatchObject({ id, dealer: slug, status: 'Complete' });
  const adf = readFileSync(files[1], 'utf8');
  expect(adf).toMatch(/^<\?xml[^>]*\?>\s*<\?ADF VERSION "1\.0"\?>\s*<adf>/);
  // On Postgres runs the stored row is read too: complete, and not held back as a bot's.
  const url = inject('leadsDbUrl');
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ status: string; quarantine_reason: string | null }>('SELECT status, quarantine_reason FROM leads WHERE id = $1', [
        id,
      ]);
      expect(rows).toEqual([{ status: 'Complete', quarantine_reason: null }]);
    } finally {
      await client.end();
    }
  }
  return { json, adf };
}

/** The text of a field's message, found the way assistive technology finds it (aria-describedby). */
async function messageOf(page: Page, fieldId: string): Promise<string | null> {
  const field = page.locator(`[id="${fieldId}"]`);
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length === 1 ? page.locator(`[id="${ids[0] ?? ''}"]`).textContent() : null;
}

const form = (page: Page) => page.locator('.multi-step');
/** A multi-step field by its label, whether or not the label carries the required mark. */
const field = (page: Page, label: string) => form(page).getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
const stepHeading = (page: Page) => page.locator('.multi-step-fields h3');
const button = (page: Page, name: string) => form(page).getByRole('button', { name, exact: true });
/** The id of a multi-step field by its label (ids are prefixed per island). */
const idOf = async (page: Page, label: string) => (await field(page, label).getAttribute('id')) ?? '';

async function expectStep(page: Page, title: string, progress: string): Promise<void> {
  await expect.poll(() => stepHeading(page).textContent()).toBe(title);
  expect(await form(page).getByText(progress, { exact: true }).isVisible()).toBe(true);
}

/** User Details, with one field wrong: its message, nothing sent, then put right. */
async function userDetails(
  page: Page,
  wrong: { label: string; value: string; message: string; right: string },
  { postcode }: { postcode: boolean },
): Promise<void> {
  const values: Record<string, string> = {
    'First Name': 'Ann',
    'Last Name': 'Lee',
    Email: 'ann.lee@example.com',
    Mobile: '0412 345 678',
    ...(postcode ? { Postcode: '4000' } : {}),
  };
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(label === wrong.label ? wrong.value : value);
  const sent: string[] = [];
  const count = (request: { url: () => string }) => {
    if (new URL(request.url()).pathname.startsWith('/api/leads')) sent.push(request.url());
  };
  page.on('request', count);
  await form(page).locator('button[type="submit"]').click();
  const id = await idOf(page, wrong.label);
  await expect.poll(() => messageOf(page, id), { message: wrong.label }).toBe(wrong.message);
  page.off('request', count);
  expect(sent).toEqual([]);
  await field(page, wrong.label).fill(wrong.right);
}

describe(`a shopper's leads on ${AU}`, () => {
  const site = loadDealer(AU);
  const stock = loadStock(site);
  const car = stock.find((c) => c.status === 'in_stock' && c.car_type === 'used') ?? stock.find((c) => c.status !== 'sold');
  if (!car) throw new Error(`${AU} has no car in stock`);

  it('sends an enquiry from a car page: messages first, then delivered as JSON and ADF', async () => {
    // Kingfisher takes any Australian number (the region's default rule).
    expect(site.features.phone_rule ?? 'au').toBe('au');
    const { page, errors, answers, readyAt } = await open(AU, `/cars/${car.slug}`, async (p) => {
      const submit = p.locator('#enquire form[data-lead-form="enquiry"] button[type="submit"]');
      await submit.scrollIntoViewIfNeeded();
      // The island hydrates when the shopper reaches for it.
      await submit.hover();
      await expect.poll(() => submit.getAttribute('data-waking'), { timeout: 15_000 }).toBeNull();
    });
    const submit = page.locator('#enquire form[data-lead-form="enquiry"] button[type="submit"]');
    await submit.click();
    await expect.poll(() => messageOf(page, 'car-enquiry-name')).toBe(REQUIRED_MESSAGE);
    expect(await messageOf(page, 'car-enquiry-email')).toBe(REQUIRED_MESSAGE);

    await page.locator('#car-enquiry-name').fill('Ann Lee');
    await page.locator('#car-enquiry-phone').fill('1234 5678');
    await page.locator('#car-enquiry-email').fill('ann@');
    await page.locator('#car-enquiry-message').fill('Is it still available? <b>Thursday</b> suits me.');
    await submit.click();
    await expect.poll(() => messageOf(page, 'car-enquiry-phone')).toBe(PHONE_AU_MESSAGE);
    expect(await messageOf(page, 'car-enquiry-email')).toBe(EMAIL_MESSAGE);
    expect(await messageOf(page, 'car-enquiry-name')).toBeNull();

    await page.locator('#car-enquiry-phone').fill('(07) 3123 4567');
    await page.locator('#car-enquiry-email').fill('ann.lee@example.com');
    await atHumanPace(readyAt);
    const { id } = await submitLead(page, answers, () => submit.click(), undefined);
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/success');

    const { json, adf } = await delivered(AU, id);
    const category = vehicleEnquiryCategory(car.car_type);
    expect(json).toMatchObject({
      form: 'enquiry',
      category,
      data: { name: 'Ann Lee', email: 'ann.lee@example.com', phone: '0731234567', car_id: String(car.id) },
    });
    expect(json.vehicle?.id).toBe(car.id);
    expect(adf).toContain('ann.lee@example.com');
    expect(adf).toContain('<vehicle interest="buy"');
    // The shopper's markup is text in the XML, never markup.
    expect(adf).toContain('&lt;b&gt;Thursday&lt;/b&gt;');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('completes a finance application with Trade-in skipped and gone back past', async () => {
    const { page, errors, answers, readyAt } = await open(AU, '/finance#finance-form', flowHydrated);
    await expectStep(page, 'Your Loan', 'Step 1 of 4');
    await button(page, 'Continue').click();
    await expect.poll(async () => messageOf(page, await idOf(page, 'Vehicle price or budget ($)'))).toBe(REQUIRED_MESSAGE);
    expect(await form(page).getByRole('radiogroup').getByText(REQUIRED_MESSAGE).count()).toBe(1);

    await field(page, 'Vehicle price or budget ($)').fill('$32,500');
    await field(page, 'Deposit ($)').fill('5000');
    await field(page, 'Loan term').selectOption('4');
    await form(page).getByLabel('No trade-in').check();
    await button(page, 'Continue').click();
    // 'No trade-in' skips the Trade-in step.
    await expectStep(page, 'Employment', 'Step 3 of 4');
    await button(page, 'Go Back').click();
    await expectStep(page, 'Your Loan', 'Step 1 of 4');
    expect(await field(page, 'Vehicle price or budget ($)').inputValue()).toBe('$32,500');
    expect(await form(page).getByLabel('No trade-in').isChecked()).toBe(true);
    await button(page, 'Continue').click();
    await expectStep(page, 'Employment', 'Step 3 of 4');

    await button(page, 'Continue').click();
    await expect.poll(async () => messageOf(page, await idOf(page, 'Employment status'))).toBe(REQUIRED_MESSAGE);
    await field(page, 'Employment status').selectOption('Full time');
    await field(page, 'Employer').fill('Brisbane City Council');
    await field(page, 'Annual income before tax ($)').fill('85,000');
    await button(page, 'Continue').click();
    await expectStep(page, 'User Details', 'Step 4 of 4');

    await userDetails(page, { label: 'Email', value: 'ann@example', message: EMAIL_MESSAGE, right: 'ann.lee@example.com' }, { postcode: true });
    await userDetails(page, { label: 'Postcode', value: '400', message: POSTCODE_MESSAGE, right: '4000' }, { postcode: true });
    // The privacy and credit-enquiry box: left unticked, the application is held back with its message on the box.
    const privacy = 'I agree to be contacted about finance and have read the privacy policy';
    expect(await field(page, privacy).getAttribute('aria-required')).toBe('true');
    expect(await field(page, privacy).isChecked()).toBe(false);
    const held: string[] = [];
    const hold = (request: { url: () => string; method: () => string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/leads') && request.method() === 'PUT') held.push(request.url());
    };
    page.on('request', hold);
    await button(page, 'Submit').click();
    await expect.poll(async () => messageOf(page, await idOf(page, privacy))).toBe(FINANCE_CONSENT_MESSAGE);
    page.off('request', hold);
    expect(held).toEqual([]);
    await field(page, privacy).check();
    await atHumanPace(readyAt);
    const { id } = await submitLead(page, answers, () => button(page, 'Submit').click(), 'Complete');
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/success');

    const { json, adf } = await delivered(AU, id);
    expect(json).toMatchObject({
      form: 'finance',
      category: 'finance-pre-approval',
      data: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann.lee@example.com',
        phone: '0412345678',
        postcode: '4000',
        vehiclePriceBudget: 32500,
        deposit: 5000,
        loan_term_years: 4,
        has_trade_in: false,
        employment_status: 'Full time',
        annual_income: 85000,
        skipped_steps: [{ from: 0, to: 2 }],
      },
    });
    expect(json.data).not.toHaveProperty('trade_in_make');
    expect(adf).toContain('ann.lee@example.com');
    expect(adf).not.toContain('interest="trade-in"');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('books a service on a time the service-slots API offered', async () => {
    const booking = site.leads.service_booking_pages[0];
    const location = site.locations.find((l) => l.slug === booking?.location_slug);
    if (!booking || !location) throw new Error(`${AU} has no service booking page`);
    const { page, errors, answers, readyAt } = await open(AU, booking.path, flowHydrated);
    await expectStep(page, 'Your Vehicle', 'Step 1 of 4');
    await button(page, 'Continue').click();
    for (const label of ['Make', 'Model', 'Year'])
      await expect.poll(async () => messageOf(page, await idOf(page, label)), { message: label }).toBe(REQUIRED_MESSAGE);
    await field(page, 'Registration (rego)').fill('ABC123');
    await field(page, 'Make').fill('Toyota');
    await field(page, 'Model').fill('RAV4');
    await field(page, 'Year').fill('2021');
    await field(page, 'Odometer (km)').fill('62,000');
    await button(page, 'Continue').click();
    await expectStep(page, 'Service', 'Step 2 of 4');
    // The page books at its own location and asks none.
    expect(await field(page, 'Service location').count()).toBe(0);
    expect(await form(page).getByText(`Booking at ${location.name}`).isVisible()).toBe(true);
    await field(page, 'Service type').selectOption('Logbook service');
    await field(page, 'Notes for the workshop').fill('Rattle from the rear left.');

    const slotsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/service-slots');
    await button(page, 'Continue').click();
    await expectStep(page, 'Date & Time', 'Step 3 of 4');
    const answer = await slotsAnswer;
    expect(new URL(answer.url()).searchParams.get('location_id')).toBe(String(location.id));
    const { slots } = (await answer.json()) as { slots: Array<{ date: string; times: string[] }> };
    const day = slots.find((d) => d.times.length > 1);
    if (!day) throw new Error('the service-slots API offered no day with two times');
    const date = form(page).getByRole('combobox', { name: /^Date/ });
    await expect.poll(() => date.locator('option').count()).toBe(slots.filter((d) => d.times.length > 0).length + 1);
    await date.selectOption(day.date);
    const times = form(page).getByRole('radiogroup').getByRole('radio');
    await expect.poll(() => times.evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))).toEqual([...day.times].sort());
    const time = [...day.times].sort()[1] ?? '';
    await form(page).locator(`input[type="radio"][value="${time}"]`).check();
    await button(page, 'Continue').click();
    await expectStep(page, 'User Details', 'Step 4 of 4');

    await userDetails(page, { label: 'Mobile', value: '555 1234', message: PHONE_AU_MESSAGE, right: '0412 345 678' }, { postcode: false });
    await atHumanPace(readyAt);
    const { id } = await submitLead(page, answers, () => button(page, 'Submit').click(), 'Complete');
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/success');

    const { json, adf } = await delivered(AU, id);
    expect(json).toMatchObject({
      form: 'service',
      category: 'service-booking',
      data: {
        first_name: 'Ann',
        email: 'ann.lee@example.com',
        make: 'Toyota',
        model: 'RAV4',
        year: 2021,
        service_type: 'Logbook service',
        location_id: String(location.id),
        booking_date: day.date,
        booking_time: time,
      },
    });
    expect(adf).toContain('ann.lee@example.com');
    expect(adf).toContain(day.date);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('values a trade-in: rego lookup, details, condition, user details, estimate', async () => {
    const { page, errors, answers, readyAt } = await open(AU, `/cars/trade-in?car_id=${car.id}`, flowHydrated);
    await expectStep(page, 'Your Car', 'Step 1 of 4');
    await button(page, 'Continue').click();
    await expect.poll(async () => messageOf(page, await idOf(page, 'Registration (rego)'))).toBe(REQUIRED_MESSAGE);
    expect(await messageOf(page, await idOf(page, 'State'))).toBe(REQUIRED_MESSAGE);

    await field(page, 'Registration (rego)').fill('xyz 789');
    await field(page, 'State').selectOption('QLD');
    const lookup = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/nevdis');
    await button(page, 'Continue').click();
    const found = (await (await lookup).json()) as { make: string; model: string; year: number };
    await expectStep(page, 'Vehicle Details', 'Step 2 of 4');
    // The lookup filled the car in.
    await expect.poll(() => field(page, 'Make').inputValue()).toBe(found.make);
    expect(await field(page, 'Model').inputValue()).toBe(found.model);
    const year = new Date().getFullYear() - 3;
    await field(page, 'Year').fill(String(year));
    await field(page, 'Odometer (km)').fill('48,500');
    await button(page, 'Continue').click();
    await expectStep(page, 'Condition', 'Step 3 of 4');

    await button(page, 'Continue').click();
    await expect.poll(() => form(page).getByText(REQUIRED_MESSAGE, { exact: true }).count()).toBe(4);
    for (const group of ['Does it come with 2 sets of keys?', 'Does it have a service history?', 'Is it free of illegal modifications?']) {
      await form(page).getByRole('radiogroup', { name: group }).getByLabel('Yes').check();
    }
    await field(page, 'Overall condition').selectOption('Good');
    await button(page, 'Continue').click();
    await expectStep(page, 'User Details', 'Step 4 of 4');

    await userDetails(page, { label: 'Postcode', value: '40', message: POSTCODE_MESSAGE, right: '4000' }, { postcode: true });
    await atHumanPace(readyAt);
    const { id } = await submitLead(page, answers, () => button(page, 'Get my estimate').click(), 'Complete');
    await page.waitForURL(/\/success\?category=trade-in&lead_id=/, { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Your trade-in estimate' }).isVisible()).toBe(true);
    expect(await page.locator('.lead-estimate').textContent()).toMatch(/^\$[\d,]+ – \$[\d,]+$/);

    const { json, adf } = await delivered(AU, id);
    expect(json).toMatchObject({
      form: 'trade_in',
      category: 'trade-in',
      data: {
        first_name: 'Ann',
        email: 'ann.lee@example.com',
        rego: 'XYZ789',
        regoState: 'QLD',
        make: found.make,
        model: found.model,
        year,
        km: 48500,
        car_id: String(car.id),
      },
    });
    expect(adf).toContain('ann.lee@example.com');
    const tradeIn = /<vehicle interest="trade-in"[^>]*>([\s\S]*?)<\/vehicle>/.exec(adf);
    expect(tradeIn?.[1]).toContain(`<make>${found.make}</make>`);
    expect(tradeIn?.[1]).toContain(`<year>${year}</year>`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe(`the region's phone rule on ${NZ}`, () => {
  const site = loadDealer(NZ);

  it('refuses a Perth number with the New Zealand message and delivers a New Zealand one', async () => {
    expect(site.region).toBe('NZ');
    expect(site.features.phone_rule ?? 'nz').toBe('nz');
    const { page, errors, answers, readyAt } = await open(NZ, '/finance#finance-form', flowHydrated);
    await field(page, 'Vehicle price or budget ($)').fill('24000');
    const dealership = field(page, 'Preferred dealership');
    if ((await dealership.count()) > 0) await dealership.selectOption({ index: 1 });
    await form(page).getByLabel('No trade-in').check();
    await button(page, 'Continue').click();
    await expectStep(page, 'Employment', 'Step 3 of 4');
    await field(page, 'Employment status').selectOption('Self employed');
    await field(page, 'Annual income before tax ($)').fill('70000');
    await button(page, 'Continue').click();
    await expectStep(page, 'User Details', 'Step 4 of 4');

    await userDetails(page, { label: 'Mobile', value: '(08) 9123 4567', message: PHONE_NZ_MESSAGE, right: '021 123 4567' }, { postcode: true });
    await field(page, 'I agree to be contacted about finance and have read the privacy policy').check();
    await atHumanPace(readyAt);
    const { id } = await submitLead(page, answers, () => button(page, 'Submit').click(), 'Complete');
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/success');
    const { json, adf } = await delivered(NZ, id);
    expect(json).toMatchObject({
      form: 'finance',
      category: 'finance-pre-approval',
      data: { phone: '0211234567', email: 'ann.lee@example.com', skipped_steps: [{ from: 0, to: 2 }] },
    });
    expect(adf).toContain('ann.lee@example.com');
    expect(errors).toEqual([]);
    await page.close();
  });
});
