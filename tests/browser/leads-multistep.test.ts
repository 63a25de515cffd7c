/**
 * The multi-step lead forms end to end on a demo dealer, against the platform's own server (the
 * lead API, service slots, registration lookup and valuations are the real routes over their
 * offline providers): finance with the Trade-in step skipped and gone back to, service booking
 * with a chosen time (and a time the workshop does not offer refused), and trade-in from a
 * registration lookup to an estimate, or to the 'no online estimate' answer for a 10-year-old car,
 * and a sell-my-car lead with a photo of the car that reaches the dealer's lead (after a send that
 * failed and was tried again).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WebhookBody } from '../../src/leads/delivery/webhook';
import { PHOTOS_NOT_SENT } from '../../src/leads/browser/lead-files';
import { loadDealer } from '../../src/platform/config/load';
import { loadStock } from '../../src/stock/server/store';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';
import { get } from './http';
import { FINANCE_CONSENT_MESSAGE } from '../../src/leads/model/messages';
import { SLOT_GONE } from '../../src/leads/server/booking-check';

const SLUG = 'kingfisher-toyota';
const REQUIRED = '*This is a required field.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface SentLead {
  method: string;
  url: string;
  key: string | undefined;
  lead: Record<string, unknown>;
}

/** Every lead the page sends, in order. */
function watchLeads(page: Page): SentLead[] {
  const sent: SentLead[] = [];
  page.on('request', (request: Request) => {
    const target = new URL(request.url()).pathname;
    // The car photos go to /api/leads/{id}/files as multipart, beside the lead.
    if (!target.startsWith('/api/leads') || target.endsWith('/files')) return;
    const body = request.postDataJSON() as { lead: Record<string, unknown> };
    sent.push({ method: request.method(), url: new URL(request.url()).pathname, key: request.headers()['idempotency-key'], lead: body.lead });
  });
  return sent;
}

async function openForm(path: string): Promise<{ page: Page; errors: string[] }> {
  return openFormOn(await browser.newPage({ viewport: { width: 1280, height: 900 } }), path);
}

async function openFormOn(page: Page, path: string): Promise<{ page: Page; errors: string[] }> {
  await blockOutsideRequests(page);
  const errors = watchErrors(page);
  await page.goto(`${demoOrigin(SLUG)}${path}`);
  // Service and trade-in forms hydrate when the shopper reaches for them: the pointer moves onto
  // the form first. Hydrated once the island's fields answer to react-hook-form.
  await form(page).hover();
  await page.locator('astro-island[component-url*="Flow"]:not([ssr])').first().waitFor({ state: 'attached' });
  return { page, errors };
}

/** The multi-step form (the footer's subscribe form has an Email field too). */
const form = (page: Page) => page.locator('.multi-step');
const stepHeading = (page: Page) => page.locator('.multi-step-fields h3');
const progress = (page: Page) => page.getByRole('progressbar');

async function expectStep(page: Page, title: string, label: string, value: number): Promise<void> {
  await expect.poll(() => stepHeading(page).textContent()).toBe(title);
  expect(await page.getByText(label, { exact: true }).isVisible()).toBe(true);
  expect(await progress(page).getAttribute('aria-valuenow')).toBe(String(value));
  // Focus moves to the new step's heading.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
}

async function fillUserDetails(page: Page, { postcode = true, email = 'ann.lee@example.com' } = {}): Promise<void> {
  await form(page).getByLabel('First Name').fill('Ann');
  await form(page).getByLabel('Last Name').fill('Lee');
  await form(page).getByLabel('Email').fill(email);
  await form(page).getByLabel('Mobile').fill('0412 345 678');
  if (postcode) await form(page).getByLabel('Postcode').fill('4000');
}

describe('finance pre-approval', () => {
  it('skips Trade-in on "No trade-in", goes back to Your Loan, shows validation messages and completes to /success', async () => {
    const { page, errors } = await openForm('/finance?vehiclePriceBudget=38990&car_id=48213&car_type=used#finance-form');
    const sent = watchLeads(page);
    // On first load focus stays where the browser put it; the heading and progress are the first step's.
    expect(await stepHeading(page).textContent()).toBe('Your Loan');
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('0');
    expect(await page.getByText('Step 1 of 4', { exact: true }).isVisible()).toBe(true);
    expect(
      await form(page)
        .getByLabel(/Vehicle price or budget/)
        .inputValue(),
    ).toBe('38990');
    expect(await form(page).getByRole('button', { name: 'Go Back' }).count()).toBe(0);

    // Nothing chosen for the trade-in question: the required message, and no save.
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText(REQUIRED).count()).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);

    await form(page).getByLabel('No trade-in').check();
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Employment', 'Step 3 of 4', 50);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/leads',
      lead: {
        form: 'finance',
        category: 'finance-pre-approval',
        lead_status: 'Incomplete',
        form_completed: false,
        car_id: '48213',
        skipped_steps: [{ from: 0, to: 2 }],
        step_number: 1,
        vehiclePriceBudget: 38990,
      },
    });

    // Go Back from Employment returns to Your Loan, not to the skipped Trade-in step.
    await form(page).getByRole('button', { name: 'Go Back' }).click();
    await expectStep(page, 'Your Loan', 'Step 1 of 4', 0);
    expect(await form(page).getByLabel('No trade-in').isChecked()).toBe(true);
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Employment', 'Step 3 of 4', 50);
    // Same step, same values: not saved again.
    expect(sent).toHaveLength(1);

    await form(page).getByLabel('Employment status').selectOption('Full time');
    await form(page).getByLabel('Annual income before tax ($)').fill('$85,000');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'User Details', 'Step 4 of 4', 75);
    await expect.poll(() => sent[1]?.url).toMatch(/^\/api\/leads\/.+/);
    expect(sent[1]).toMatchObject({ method: 'PUT', lead: { employment_status: 'Full time', annual_income: 85000, step_number: 3 } });

    // A bad email and postcode: their messages, tied to their fields.
    await fillUserDetails(page, { email: 'ann@' });
    await form(page).getByLabel('Postcode').fill('40');
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('invalid email address').isVisible()).toBe(true);
    expect(await page.getByText('Invalid postcode. Please enter a 4-digit number.').isVisible()).toBe(true);
    const email = form(page).getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').pop() ?? ''}"]`).textContent()).toBe('invalid email address');
    expect(sent).toHaveLength(2);

    await email.fill('ann.lee@example.com');
    await form(page).getByLabel('Postcode').fill('4000');
    // The privacy and credit-enquiry box must be ticked to apply.
    await form(page).getByRole('button', { name: 'Submit' }).click();
    const privacy = form(page).getByRole('checkbox', { name: /privacy policy/ });
    await expect.poll(() => privacy.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(FINANCE_CONSENT_MESSAGE).isVisible()).toBe(true);
    expect(sent).toHaveLength(2);
    await privacy.check();
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/success');
    expect(new URL(page.url()).searchParams.get('category')).toBe('finance-pre-approval');
    const last = sent[sent.length - 1];
    expect(last).toMatchObject({
      method: 'PUT',
      lead: { lead_status: 'Complete', form_completed: true, event_id: 22, step_number: 4, first_name: 'Ann', phone: '0412345678' },
    });
    expect(last?.lead).not.toHaveProperty('trade_in_make');
    expect(new Set(sent.map((s) => s.key)).size).toBe(sent.length);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves its Continue button ready to use, marked waking: a click before hydration is held, never a native submit', async () => {
    const html = (await get(SLUG, '/finance')).body;
    const formHtml = html.slice(html.indexOf('class="multi-step-form"'));
    const served = formHtml.match(/<button[^>]*type="submit"[^>]*>/)?.[0];
    expect(served).toMatch(/\sdata-waking(=""|\s|>)/);
    expect(served).not.toMatch(/\sdisabled(=""|\s|>)/);
    const { page } = await openForm('/finance');
    const button = form(page).getByRole('button', { name: 'Continue' });
    await expect.poll(() => button.getAttribute('data-waking')).toBeNull();
    // Live now: an empty first step is answered by the form, and the address keeps no field.
    await button.click();
    await expect.poll(() => form(page).getByText(REQUIRED, { exact: true }).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('is the same form on /finance-enquiry and /apply-for-finance', async () => {
    for (const path of ['/finance-enquiry', '/apply-for-finance']) {
      const { page } = await openForm(path);
      expect(await page.locator('#finance-form .multi-step-fields h3').textContent()).toBe('Your Loan');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Finance Pre-Approval/);
      await page.close();
    }
  });
});

describe('service booking', () => {
  it('picks a date and time from the offered slots and completes; the server refuses a time not offered', async () => {
    const { page, errors } = await openForm('/service');
    const sent = watchLeads(page);
    await form(page).getByLabel('Make').fill('Toyota');
    await form(page).getByLabel('Model').fill('Corolla');
    await form(page).getByLabel('Year').fill('2019');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Service', 'Step 2 of 4', 25);

    const location = form(page).getByLabel('Service location');
    if ((await location.count()) > 0) await location.selectOption({ index: 1 });
    await form(page).getByLabel('Service type').selectOption('Logbook service');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Date & Time', 'Step 3 of 4', 50);

    const date = form(page).getByRole('combobox', { name: /^Date/ });
    await expect.poll(() => date.locator('option').count()).toBeGreaterThan(1);
    // The last day offered: the server checks the time again when the lead arrives, and today's
    // earliest time can pass the workshop's notice while the test is still filling the form.
    const chosenDate = (await date.locator('option').last().getAttribute('value')) ?? '';
    await date.selectOption(chosenDate);
    const times = form(page).getByRole('radiogroup').getByRole('radio');
    await expect.poll(() => times.count()).toBeGreaterThan(0);
    const chosenTime = (await times.first().getAttribute('value')) ?? '';
    await times.first().check();
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'User Details', 'Step 4 of 4', 75);

    await fillUserDetails(page, { postcode: false });
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/success');
    expect(new URL(page.url()).searchParams.get('category')).toBe('service-booking');
    expect(sent[sent.length - 1]?.lead).toMatchObject({
      form: 'service',
      category: 'service-booking',
      booking_date: chosenDate,
      booking_time: chosenTime,
      lead_status: 'Complete',
      make: 'Toyota',
    });
    expect(sent[sent.length - 1]?.lead.location_id).toMatch(/^\S+$/);
    expect(errors).toEqual([]);

    // A time the workshop does not offer is refused by the server, whatever the page sent (Chromium logs the 400).
    const refused = await page.evaluate(
      async (lead) => {
        const response = await fetch('/api/leads', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lead }) });
        return { status: response.status, body: (await response.json()) as { fields?: Record<string, string> } };
      },
      { ...sent[sent.length - 1]?.lead, lead_id: undefined, booking_date: chosenDate, booking_time: '03:00' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'lead.booking_time': SLOT_GONE });
    await page.close();
  });
});

describe('trade-in', () => {
  const site = loadDealer(SLUG);
  const car = loadStock(site).find((c) => c.status !== 'sold');
  const thisYear = new Date().getFullYear();

  async function throughTheSteps(page: Page, year: number): Promise<SentLead[]> {
    const sent = watchLeads(page);
    await form(page).getByLabel('Registration (rego)').fill('abc 123');
    await form(page).getByLabel('State').selectOption('QLD');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Vehicle Details', 'Step 2 of 4', 25);
    // The lookup filled the car in; the shopper may still change it.
    await expect.poll(() => form(page).getByLabel('Make').inputValue()).not.toBe('');
    expect(await form(page).getByLabel('Model').inputValue()).not.toBe('');
    await form(page).getByLabel('Year').fill(String(year));
    await form(page).getByLabel('Odometer (km)').fill('45,000');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Condition', 'Step 3 of 4', 50);

    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText(REQUIRED).count()).toBe(4);
    for (const group of ['Does it come with 2 sets of keys?', 'Does it have a service history?', 'Is it free of illegal modifications?']) {
      await form(page).getByRole('radiogroup', { name: group }).getByLabel('Yes').check();
    }
    await form(page).getByLabel('Overall condition').selectOption('Good');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'User Details', 'Step 4 of 4', 75);
    await fillUserDetails(page);
    await form(page).getByRole('button', { name: 'Get my estimate' }).click();
    return sent;
  }

  it('looks up the rego, then shows an estimate range for a recent car', async () => {
    expect(car).toBeDefined();
    const { page, errors } = await openForm(`/cars/trade-in?car_id=${car?.id ?? ''}`);
    // The car is valued as Vehicle Details is left, and the valuation adjusted by the condition answers.
    const valuations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/valuations') valuations.push(`${request.method()} ${request.postData() ?? ''}`);
    });
    const sent = await throughTheSteps(page, thisYear - 2);
    // On to the success page, with the estimate kept on it.
    await page.waitForURL(/\/success\?category=trade-in&lead_id=/, { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Your trade-in estimate' }).isVisible()).toBe(true);
    expect(await page.locator('.lead-estimate').textContent()).toMatch(/^\$[\d,]+ – \$[\d,]+$/);
    expect(await page.locator('[data-success-estimate]').textContent()).toContain('in good condition, as you told us');
    expect(valuations.map((v) => v.split(' ')[0])).toEqual(['POST', 'PUT']);
    const adjusted = JSON.parse(valuations[1]?.slice(4) ?? '{}') as { id?: unknown; adjustmentAnswers?: unknown };
    expect(typeof adjusted.id).toBe('string');
    expect(adjusted.adjustmentAnswers).toMatchObject({ condition: 'good', two_sets_of_keys: true });
    expect(sent[sent.length - 1]?.lead).toMatchObject({
      form: 'trade_in',
      category: 'trade-in',
      car_id: String(car?.id),
      car_dealership_id: '310',
      lead_status: 'Complete',
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads the form only when the shopper reaches for it, keeping a rego typed while it loads', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(page);
    const errors = watchErrors(page);
    await page.goto(`${demoOrigin(SLUG)}/valuations`);
    await page.waitForTimeout(1500);
    const island = page.locator('astro-island[component-url*="TradeInFlow"]');
    expect(await island.getAttribute('ssr')).not.toBeNull();
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    const componentUrl = new URL((await island.getAttribute('component-url')) ?? '', page.url()).pathname;
    expect(await scripts()).not.toContain(componentUrl);

    await form(page).getByLabel('Registration (rego)').focus();
    await page.keyboard.type('XYZ987');
    await island.and(page.locator(':not([ssr])')).waitFor({ state: 'attached' });
    expect(await scripts()).toContain(componentUrl);
    await form(page).getByLabel('State').selectOption('NSW');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Vehicle Details', 'Step 2 of 4', 25);
    await form(page).getByRole('button', { name: 'Go Back' }).click();
    await expectStep(page, 'Your Car', 'Step 1 of 4', 0);
    expect(await form(page).getByLabel('Registration (rego)').inputValue()).toBe('XYZ987');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a photo of the car with a sell-my-car lead, and keeps the shopper on the step while a photo cannot go', async () => {
    // A context of its own: axe checks the photos field as the shopper meets it, and needs one.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await openFormOn(await context.newPage(), '/sell-my-car');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b03a2e' } })
      .jpeg()
      .toBuffer();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/files')) uploads.push(request.headers()['content-type'] ?? '');
    });
    const sent = watchLeads(page);
    await form(page).getByLabel('Registration (rego)').fill('abc 123');
    await form(page).getByLabel('State').selectOption('QLD');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Vehicle Details', 'Step 2 of 4', 25);
    await expect.poll(() => form(page).getByLabel('Make').inputValue()).not.toBe('');
    await form(page)
      .getByLabel('Year')
      .fill(String(thisYear - 3));
    await form(page).getByLabel('Odometer (km)').fill('45,000');

    const input = form(page).getByLabel('Photos of your car (optional)');
    expect(await input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(await form(page).getByText('Up to 10 JPEG, PNG or WebP files, at most 8 MB each and 40 MB together.').isVisible()).toBe(true);
    // Not a photo, whatever its name says: refused in the browser, by the rule the server applies.
    await input.setInputFiles({ name: 'car.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>not a photo</html>') });
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = async () => ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
    const errorId = (await describedBy()).find((id) => id.endsWith('-error')) ?? '';
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('Must be a JPEG, PNG, WebP file.');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('file');
    expect(await stepHeading(page).textContent()).toBe('Vehicle Details');
    expect(uploads).toEqual([]);
    const axe = await new AxeBuilder({ page }).include('.multi-step').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Taken out with the keyboard.
    await form(page).getByRole('button', { name: 'Remove photos' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBeNull();

    // A real photo, whose first send fails: the shopper is told, stays, and Continue tries again.
    await input.setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => form(page).getByText('1 photo chosen: front.jpg').isVisible()).toBe(true);
    await page.route('**/api/leads/*/files', (route) => route.abort('connectionreset'), { times: 1 });
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => form(page).getByText(PHOTOS_NOT_SENT).isVisible()).toBe(true);
    expect(await stepHeading(page).textContent()).toBe('Vehicle Details');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('file');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Condition', 'Step 3 of 4', 50);
    expect(uploads).toHaveLength(2);
    expect(uploads[1]).toMatch(/^multipart\/form-data; boundary=/);

    for (const group of ['Does it come with 2 sets of keys?', 'Does it have a service history?', 'Is it free of illegal modifications?']) {
      await form(page).getByRole('radiogroup', { name: group }).getByLabel('Yes').check();
    }
    await form(page).getByLabel('Overall condition').selectOption('Good');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'User Details', 'Step 4 of 4', 75);
    await fillUserDetails(page);
    await form(page).getByRole('button', { name: 'Get my estimate' }).click();
    await page.waitForURL(/\/success\?category=sell-my-car&lead_id=/, { timeout: 20_000 });
    const id = new URL(page.url()).searchParams.get('lead_id') ?? '';
    expect(sent[sent.length - 1]?.lead).toMatchObject({ category: 'sell-my-car', lead_status: 'Complete' });

    // The dealer's lead: the photo listed in the JSON, counted in the ADF, and its bytes kept on the server.
    const folder = path.join(inject('outboxDir'), SLUG);
    const json = path.join(folder, `${id}.json`);
    const adf = path.join(folder, `${id}.adf.xml`);
    await expect.poll(() => existsSync(json) && existsSync(adf), { timeout: 10_000, message: `outbox files for lead ${id}` }).toBe(true);
    const delivered = JSON.parse(readFileSync(json, 'utf8')) as WebhookBody;
    expect(delivered.files).toEqual([
      {
        id: expect.any(String) as unknown,
        field: 'vehicle_photos',
        content_type: 'image/jpeg',
        size: photo.length,
        url: expect.stringMatching(/\/api\/leads\/[^/]+\/files\/[^/?]+\?key=\d+\.[\w-]+$/) as unknown,
        url_expires_at: expect.any(String) as unknown,
      },
    ]);
    // Opening that link is tested from delivery to download in src/leads/server/file-api.test.ts.
    // The ADF escapes the apostrophe as XML does.
    expect(readFileSync(adf, 'utf8').replaceAll('&apos;', "'")).toContain(
      `Photos of the car: 1 file (JPEG), kept with the lead on the website's server; file ids ${delivered.files[0]?.id ?? ''}`,
    );
    const kept = readdirSync(path.join(inject('leadFilesDir'), SLUG)).map((name) => readFileSync(path.join(inject('leadFilesDir'), SLUG, name)));
    expect(kept.filter((bytes) => bytes.equals(photo))).toHaveLength(1);
    expect(errors.filter((e) => !e.includes('net::ERR_CONNECTION_RESET'))).toEqual([]);
    await context.close();
  });

  it('says there is no online estimate for a 10-year-old car', async () => {
    const { page, errors } = await openForm('/sell-my-car');
    const sent = await throughTheSteps(page, thisYear - 10);
    await page.waitForURL(/\/success\?category=sell-my-car&lead_id=/, { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'No online estimate for this car' }).isVisible()).toBe(true);
    expect(await page.locator('[data-success-estimate]').textContent()).toContain('over 7 years old');
    expect(await page.locator('.lead-estimate').isVisible()).toBe(false);
    expect(sent[sent.length - 1]?.lead).toMatchObject({ category: 'sell-my-car', lead_status: 'Complete' });
    expect(sent[sent.length - 1]?.lead).not.toHaveProperty('car_id');
    expect(errors).toEqual([]);
    await page.close();
  });
});
