/**
 * The enquiry forms in a real browser: messages on submit, a lead sent once with its idempotency key, the success page, careers
 * enquiries, failures, saved details, and hostile text staying text.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { contactPages } from '../../src/dealer/model/locations';
import { PHONE_AU_MOBILE_MESSAGE, ALPHABETICAL_MESSAGE, EMAIL_MESSAGE, REQUIRED_MESSAGE } from '../../src/leads/model/messages';
import { loadStock } from '../../src/stock/server/store';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';
import { get } from './http';

// Several locations and dealerships, the standard 'where did you hear' list, additional
// services and a mobile-only phone rule: the richest demo enquiry form.
const SLUG = 'drivesmart-pre-owned';
const site = loadDealer(SLUG);
const car = loadStock(site).find((c) => c.status === 'in_stock' && c.car_type === 'used');
const contactUs = [...contactPages(site.locations).keys()][0];
const SUBMIT_ERROR = 'An error occurred when submitting this form';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser.close();
});

interface Opened {
  page: Page;
  errors: string[];
  dialogs: string[];
  /** Every request to /api/leads, in order. */
  leads: Request[];
}

async function open(path: string, init?: (page: Page) => Promise<void>, context?: BrowserContext): Promise<Opened> {
  const ctx = context ?? (await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  if (!context) contexts.push(ctx);
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await blockOutsideRequests(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const leads: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/leads')) leads.push(r);
  });
  if (init) await init(page);
  await page.goto(`${demoOrigin(SLUG)}${path}`);
  return { page, errors, dialogs, leads };
}

/**
 * The form is live once its island has hydrated: the button is no longer marked waking then. Enquiry islands
 * hydrate when the shopper reaches for them, so the pointer moves onto the form first, unless
 * `reach` is false (a returning shopper's form hydrates at idle to show the prefill).
 */
async function ready(page: Page, form: string, { reach = true } = {}): Promise<void> {
  const button = page.locator(`${form} button[type="submit"]`);
  await button.scrollIntoViewIfNeeded();
  if (reach) await page.locator(form).hover();
  await expect.poll(() => button.getAttribute('data-waking'), { timeout: 15_000 }).toBeNull();
}

const contactForm = 'form[data-lead-form="enquiry"]';
const leadBody = (r: Request) => (r.postDataJSON() as { lead: Record<string, unknown> }).lead;
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes('404 (Not Found)'));

describe(`enquiry forms on ${SLUG}`, () => {
  it("submitted empty, shows '*This is a required field.', focuses the first field and sends nothing", async () => {
    const { page, leads, errors } = await open('/contact');
    await ready(page, contactForm);
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    for (const id of ['name', 'phone', 'email', 'message', 'location']) {
      const field = page.locator(`#enquiry-${id}`);
      await expect.poll(() => field.getAttribute('aria-invalid'), { message: id }).toBe('true');
      expect(await page.locator(`#enquiry-${id}-error`).textContent(), id).toBe(REQUIRED_MESSAGE);
      expect(await field.getAttribute('aria-describedby'), id).toContain(`enquiry-${id}-error`);
    }
    // Optional fields stay quiet.
    expect(await page.locator('#enquiry-rego').getAttribute('aria-invalid')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('enquiry-name');
    expect(leads).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
  });

  it('loads no form script until the shopper reaches for the form; keyboard focus does, and text typed meanwhile is kept', async () => {
    const { page, errors } = await open('/contact');
    // Everything fetched since navigation, whenever this runs.
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    const island = page.locator('astro-island:has(form[data-lead-form="enquiry"])');
    expect(await island.getAttribute('ssr')).not.toBeNull();
    // The button is served ready to use (not greyed out), marked as waking.
    expect(await page.locator(`${contactForm} button[type="submit"]`).isEnabled()).toBe(true);
    expect(await page.locator(`${contactForm} button[type="submit"]`).getAttribute('data-waking')).toBe('');
    const componentUrl = new URL((await island.getAttribute('component-url')) ?? '', page.url()).pathname;
    expect(await scripts()).not.toContain(componentUrl);

    await page.locator('#enquiry-name').focus();
    await page.keyboard.type('Jo Citizen');
    await expect.poll(() => page.locator(`${contactForm} button[type="submit"]`).getAttribute('data-waking'), { timeout: 15_000 }).toBeNull();
    expect(await scripts()).toContain(componentUrl);
    expect(await page.locator('#enquiry-name').inputValue()).toBe('Jo Citizen');
    expect(realErrors(errors)).toEqual([]);
  });

  it('answers a quick first click made before the form is live, without submitting it natively', async () => {
    const { page, leads, errors } = await open('/contact');
    await page.waitForLoadState('load');
    const island = page.locator('astro-island:has(form[data-lead-form="enquiry"])');
    expect(await island.getAttribute('ssr')).not.toBeNull();
    const url = page.url();
    // The very first thing the shopper does is click Send: the click wakes the form and counts.
    await page.locator(`${contactForm} button[type="submit"]`).click();
    await expect.poll(() => page.locator('#enquiry-name-error').textContent(), { timeout: 15_000 }).toBe(REQUIRED_MESSAGE);
    expect(page.url()).toBe(url);
    expect(leads).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
  });

  it('explains a bad name, phone and email, and has no axe violations with errors shown', async () => {
    const { page, leads } = await open('/contact');
    await ready(page, contactForm);
    await page.locator('#enquiry-name').fill('Jo 3000');
    await page.locator('#enquiry-phone').fill('02 9999 1234');
    await page.locator('#enquiry-email').fill('jo@example');
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect.poll(() => page.locator('#enquiry-name-error').textContent()).toBe(ALPHABETICAL_MESSAGE);
    // DriveSmart takes mobiles only.
    expect(await page.locator('#enquiry-phone-error').textContent()).toBe(PHONE_AU_MOBILE_MESSAGE);
    expect(await page.locator('#enquiry-email-error').textContent()).toBe(EMAIL_MESSAGE);
    // Validated on submit; after that a fixed field's message goes as soon as it is right, and
    // a field still wrong keeps its own.
    await page.locator('#enquiry-email').fill('jo@example.com');
    await expect.poll(() => page.locator('#enquiry-email-error').count()).toBe(0);
    expect(await page.locator('#enquiry-email').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#enquiry-phone-error').textContent()).toBe(PHONE_AU_MOBILE_MESSAGE);
    const { violations } = await new AxeBuilder({ page }).include('.enquiry-form').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(leads).toEqual([]);
  });

  it('sends a vehicle enquiry from a car page once, with its context, and lands on /success', async () => {
    if (!car) throw new Error(`${SLUG} has no used car in stock`);
    // The shopper arrives from a campaign on the home page, then opens the car.
    const { page, leads, dialogs, errors } = await open('/?utm_source=newsletter&utm_campaign=spring');
    await page.goto(`${demoOrigin(SLUG)}/cars/${car.slug}`);
    const form = '#enquire form[data-lead-form="enquiry"]';
    await ready(page, form);
    await page.locator('#car-enquiry-name').fill('Jo Citizen');
    await page.locator('#car-enquiry-phone').fill('0412 345 678');
    await page.locator('#car-enquiry-email').fill('jo@example.com');
    await page.locator('#car-enquiry-message').fill('Is it still available?');
    expect(await page.locator('#car-enquiry-category').count()).toBe(0);
    const button = page.locator(`${form} button[type="submit"]`);
    expect(await button.textContent()).toContain(site.features.enquiry_button_label);
    await button.dblclick();
    await page.waitForURL(/\/success\?/);
    expect(leads).toHaveLength(1);
    const request = leads[0]!;
    expect(request.method()).toBe('POST');
    expect(request.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);
    const lead = leadBody(request);
    expect(lead).toMatchObject({
      form: 'enquiry',
      website_slug: SLUG,
      source: 'Website',
      name: 'Jo Citizen',
      phone: '0412345678',
      email: 'jo@example.com',
      message: 'Is it still available?',
      category: 'used-vehicle-enquiry',
      car_id: String(car.id),
      event_id: 22,
      opt_in: true,
      company_website: '',
      linked_query_params: { utm_source: 'newsletter', utm_campaign: 'spring' },
      visited_pages: ['/', `/cars/${car.slug}`],
    });
    expect(typeof lead.form_started_at).toBe('number');
    const url = new URL(page.url());
    expect(url.pathname).toMatch(/^\/success\/?$/);
    expect(url.searchParams.get('category')).toBe('used-vehicle-enquiry');
    expect(url.searchParams.get('car_id')).toBe(String(car.id));
    await expect.poll(() => page.locator('[data-success-kind="vehicle"]').isVisible()).toBe(true);
    expect(await page.locator('[data-success-car]').getAttribute('href')).toBe(`/cars/${car.slug}`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(dialogs).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
  });

  it('sends a vehicle enquiry from the car shell (a car added after the build) with the car it loaded', async () => {
    if (!car) throw new Error(`${SLUG} has no used car in stock`);
    const newCar = { ...car, id: 990001, slug: 'just-arrived-990001', car_type: 'demo', status: 'in_stock' };
    const shell = await get(SLUG, '/shell/car/');
    expect(shell.status).toBe(200);
    const { page, leads } = await open(`/cars/${newCar.slug}`, async (p) => {
      // Stand-ins for the server's rewrite and the engine's answer, as in car.test.ts.
      await p.route(`**/cars/${newCar.slug}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(shell.body, 'latin1') }),
      );
      await p.route('**/api/search/multi-search', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ results: [{ hits: [newCar] }] }) }),
      );
    });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(newCar.name);
    const form = '#enquire form[data-lead-form="enquiry"]';
    await ready(page, form);
    await page.locator('#car-enquiry-name').fill('Jo Citizen');
    await page.locator('#car-enquiry-phone').fill('0412345678');
    await page.locator('#car-enquiry-email').fill('jo@example.com');
    await page.locator('#car-enquiry-message').fill('When can I see it?');
    await page.locator(`${form} button[type="submit"]`).click();
    await page.waitForURL(/\/success\?/);
    const lead = leadBody(leads[0]!);
    expect(lead).toMatchObject({ car_id: '990001', category: 'demo-vehicle-enquiry', event_id: 22 });
    const shown = site.locations.find((l) => String(l.id) === lead.location_id);
    expect(shown, 'the lead names the location card the shell showed').toBeDefined();
    expect(new URL(page.url()).searchParams.get('car')).toBe(newCar.slug);
  });

  it('files a careers enquiry as General Enquiry / Career Enquiry with event 51, then prefills the next form', async () => {
    const { page, leads } = await open('/contact');
    await ready(page, contactForm);
    await page.locator('#enquiry-name').fill('Sam Worker');
    await page.locator('#enquiry-phone').fill('0498 765 432');
    await page.locator('#enquiry-email').fill('sam@example.com');
    await page.locator('#enquiry-category').selectOption('Careers Enquiry');
    await page.locator('#enquiry-location').selectOption({ index: 1 });
    await page.locator('#enquiry-hear-about-us').selectOption('Word of Mouth');
    await page.getByLabel(site.features.additional_services[0]!).check();
    await page.locator('#enquiry-message').fill('Are you hiring sales staff?');
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await page.waitForURL(/\/success\?/);
    expect(leads).toHaveLength(1);
    expect(leadBody(leads[0]!)).toMatchObject({
      category: 'General Enquiry',
      subcategory: 'Career Enquiry',
      event_id: 51,
      hear_about_us: 'Word of Mouth',
      additional_services: [site.features.additional_services[0]],
    });
    expect(new URL(page.url()).searchParams.get('subcategory')).toBe('Career Enquiry');
    await expect.poll(() => page.locator('[data-success-kind="career"]').isVisible()).toBe(true);

    // Saved details prefill the next form on this site.
    const again = await open(contactUs ? `/contact-us/${contactUs}` : '/contact', undefined, page.context());
    // Saved details: hydrated at idle, with no pointer or key near the form.
    await ready(again.page, contactForm, { reach: false });
    await expect.poll(() => again.page.locator('#enquiry-name').inputValue()).toBe('Sam Worker');
    expect(await again.page.locator('#enquiry-email').inputValue()).toBe('sam@example.com');
    expect(await again.page.locator('#enquiry-phone').inputValue()).toBe('0498765432');
    expect(await again.page.locator('#enquiry-message').inputValue()).toBe('');
  });

  it('on a server failure retries with the same key, then alerts and shows the message inline, keeping the values', async () => {
    const keys: string[] = [];
    const { page, dialogs } = await open('/contact', async (p) => {
      await p.route('**/api/leads', (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Lead storage is unavailable' }) });
      });
    });
    await ready(page, contactForm);
    await page.locator('#enquiry-name').fill('Jo Citizen');
    await page.locator('#enquiry-phone').fill('0412345678');
    await page.locator('#enquiry-email').fill('jo@example.com');
    await page.locator('#enquiry-location').selectOption({ index: 1 });
    await page.locator('#enquiry-message').fill('Hello');
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Send Enquiry' }).getAttribute('aria-busy')).toBe('true');
    const alert = page.locator(`${contactForm} [role="alert"]`);
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe('Lead storage is unavailable');
    expect(dialogs).toEqual([SUBMIT_ERROR]);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect(await page.locator('#enquiry-name').inputValue()).toBe('Jo Citizen');
    expect(await page.locator('#enquiry-message').inputValue()).toBe('Hello');
    expect(await page.getByRole('button', { name: 'Send Enquiry' }).isEnabled()).toBe(true);

    // A new attempt is a new key.
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect.poll(() => keys.length, { timeout: 15_000 }).toBe(8);
    expect(new Set(keys).size).toBe(2);
  });

  it('shows a field error the server sends under that field', async () => {
    const { page } = await open('/contact', async (p) => {
      await p.route('**/api/leads', (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Please check the highlighted fields.', fields: { 'lead.email': 'invalid email address' } }),
        }),
      );
    });
    await ready(page, contactForm);
    await page.locator('#enquiry-name').fill('Jo Citizen');
    await page.locator('#enquiry-phone').fill('0412345678');
    await page.locator('#enquiry-email').fill('jo@example.com');
    await page.locator('#enquiry-location').selectOption({ index: 1 });
    await page.locator('#enquiry-message').fill('Hello');
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect.poll(() => page.locator('#enquiry-email-error').textContent()).toBe('invalid email address');
    expect(await page.locator(`${contactForm} [role="alert"]`).textContent()).toBe('Please check the highlighted fields.');
  });

  it('keeps hostile text as text: in the form, in the lead, and on the success page', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const { page, leads, dialogs } = await open('/contact');
    await ready(page, contactForm);
    await page.locator('#enquiry-name').fill(hostile);
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect.poll(() => page.locator('#enquiry-name-error').textContent()).toBe(ALPHABETICAL_MESSAGE);
    await page.locator('#enquiry-name').fill('Jo Citizen');
    await page.locator('#enquiry-phone').fill('0412345678');
    await page.locator('#enquiry-email').fill('jo@example.com');
    await page.locator('#enquiry-location').selectOption({ index: 1 });
    await page.locator('#enquiry-message').fill(hostile);
    await page.getByRole('button', { name: 'Send Enquiry' }).click();
    await page.waitForURL(/\/success\?/);
    expect(leadBody(leads[0]!).message).toBe(hostile);
    expect(dialogs).toEqual([]);

    const success = await open(
      `/success?category=${encodeURIComponent(hostile)}&car=${encodeURIComponent('javascript:alert(3)')}&subcategory=${encodeURIComponent(hostile)}`,
    );
    await expect.poll(() => success.page.locator('[data-success-kind="enquiry"]').isVisible()).toBe(true);
    expect(await success.page.locator('img[src="x"]').count()).toBe(0);
    expect(await success.page.locator('[data-success-car]').isHidden()).toBe(true);
    expect(await success.page.locator('main').textContent()).not.toContain('alert(');
    expect(success.dialogs).toEqual([]);
  });
});

// The subscribe section and the footer newsletter: plain HTML forms with a small script
// (src/leads/browser/sign-up-form.ts), so the footer costs brochure pages no React.
describe(`sign-up forms on ${SLUG}`, () => {
  const subscribe = 'form[data-sign-up-form="subscribe"]';
  const newsletter = 'form[data-sign-up-form="newsletter"]';

  it('signs up from the home page subscribe section as a Competition Enquiry', async () => {
    const { page, leads, dialogs, errors } = await open('/');
    await ready(page, subscribe);
    expect(await page.locator(`${subscribe} textarea, ${subscribe} select, ${subscribe} input[type="checkbox"]`).count()).toBe(0);
    await page.locator('#home-subscribe-name').fill('Jo Citizen');
    await page.locator('#home-subscribe-email').fill('jo@example.com');
    await page.locator('#home-subscribe-phone').fill('0412 345 678');
    await page.locator(`${subscribe} button[type="submit"]`).click();
    await page.waitForURL(/\/success\?/);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);
    const lead = leadBody(leads[0]!);
    expect(lead).toMatchObject({
      form: 'enquiry',
      website_slug: SLUG,
      source: 'Website',
      name: 'Jo Citizen',
      email: 'jo@example.com',
      phone: '0412 345 678',
      category: 'Competition Enquiry',
      opt_in: true,
      event_id: 22,
      company_website: '',
      visited_pages: ['/'],
    });
    expect(typeof lead.form_started_at).toBe('number');
    expect(lead).not.toHaveProperty('message');
    expect(lead).not.toHaveProperty('subcategory');
    expect(new URL(page.url()).searchParams.get('category')).toBe('Competition Enquiry');
    await expect.poll(() => page.locator('[data-success-kind="signup"]').isVisible()).toBe(true);
    expect(dialogs).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
  });

  it('signs up from the footer newsletter form as a General Enquiry / Newsletter, on a page with no React, then prefills', async () => {
    const { page, leads, dialogs } = await open('/privacy-policy');
    await ready(page, newsletter);
    // The footer form is the page's only form: no island, no React bundle.
    expect(await page.locator('astro-island').count()).toBe(0);
    await page.locator('#footer-subscribe-name').fill('Jo Citizen');
    await page.locator('#footer-subscribe-email').fill('jo@example.com');
    await page.locator('#footer-subscribe-phone').fill('+61 412 345 678');
    await page.locator(`${newsletter} button[type="submit"]`).click();
    await page.waitForURL(/\/success\?/);
    expect(leads).toHaveLength(1);
    expect(leadBody(leads[0]!)).toMatchObject({ category: 'General Enquiry', subcategory: 'Newsletter', opt_in: true, event_id: 22 });
    const url = new URL(page.url());
    expect(url.searchParams.get('category')).toBe('General Enquiry');
    expect(url.searchParams.get('subcategory')).toBe('Newsletter');
    await expect.poll(() => page.locator('[data-success-kind="signup"]').isVisible()).toBe(true);
    expect(dialogs).toEqual([]);

    // Saved details (the phone as the server stores it) prefill the next page's sign-up.
    await page.goto(`${demoOrigin(SLUG)}/privacy-policy`);
    await ready(page, newsletter);
    await expect.poll(() => page.locator('#footer-subscribe-name').inputValue()).toBe('Jo Citizen');
    expect(await page.locator('#footer-subscribe-email').inputValue()).toBe('jo@example.com');
    expect(await page.locator('#footer-subscribe-phone').inputValue()).toBe('0412345678');
  });

  it('submitted empty, shows the required message under each field, focuses the first and sends nothing', async () => {
    const { page, leads, dialogs } = await open('/privacy-policy');
    await ready(page, newsletter);
    await page.locator('#footer-subscribe-email').fill('   ');
    await page.locator(`${newsletter} button[type="submit"]`).click();
    for (const id of ['name', 'email', 'phone']) {
      const field = page.locator(`#footer-subscribe-${id}`);
      await expect.poll(() => field.getAttribute('aria-invalid'), { message: id }).toBe('true');
      expect(await page.locator(`#footer-subscribe-${id}-error`).textContent(), id).toBe(REQUIRED_MESSAGE);
      expect(await page.locator(`#footer-subscribe-${id}-error`).isVisible(), id).toBe(true);
      expect(await field.getAttribute('aria-describedby'), id).toBe(`footer-subscribe-${id}-error`);
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('footer-subscribe-name');
    // Only one form was submitted: the home page's would have its own messages.
    expect(new URL(page.url()).pathname).toMatch(/^\/privacy-policy\/?$/);
    expect(leads).toEqual([]);
    expect(dialogs).toEqual([]);
    const { violations } = await new AxeBuilder({ page }).include(newsletter).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // A fixed field loses its message on the next submit; the others keep theirs.
    await page.locator('#footer-subscribe-name').fill('Jo Citizen');
    await page.locator(`${newsletter} button[type="submit"]`).click();
    await expect.poll(() => page.locator('#footer-subscribe-name').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#footer-subscribe-name-error').isVisible()).toBe(false);
    expect(await page.locator('#footer-subscribe-email-error').textContent()).toBe(REQUIRED_MESSAGE);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('footer-subscribe-email');
    expect(leads).toEqual([]);
  });

  it("shows the server's message for a bad email under the field, with no alert", async () => {
    const { page, leads, dialogs } = await open('/');
    await ready(page, subscribe);
    await page.locator('#home-subscribe-name').fill('Jo Citizen');
    await page.locator('#home-subscribe-email').fill('jo@example');
    await page.locator('#home-subscribe-phone').fill('0412345678');
    await page.locator(`${subscribe} button[type="submit"]`).click();
    await expect.poll(() => page.locator('#home-subscribe-email-error').textContent()).toBe(EMAIL_MESSAGE);
    expect(leads).toHaveLength(1);
    expect((await leads[0]!.response())?.status()).toBe(400);
    expect(await page.locator('#home-subscribe-email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#home-subscribe-name').getAttribute('aria-invalid')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('home-subscribe-email');
    expect(await page.locator(`${subscribe} button[type="submit"]`).isEnabled()).toBe(true);
    expect(dialogs).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('on a failure that is not a field, alerts and shows the message inline, keeping the values', async () => {
    const { page, dialogs } = await open('/privacy-policy', async (p) => {
      await p.route('**/api/leads', (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'Unknown dealer' }) }),
      );
    });
    await ready(page, newsletter);
    await page.locator('#footer-subscribe-name').fill('Jo Citizen');
    await page.locator('#footer-subscribe-email').fill('jo@example.com');
    await page.locator('#footer-subscribe-phone').fill('0412345678');
    await page.locator(`${newsletter} button[type="submit"]`).click();
    await expect.poll(() => page.locator(`${newsletter} [role="alert"]`).textContent()).toBe('Unknown dealer');
    expect(dialogs).toEqual([SUBMIT_ERROR]);
    expect(await page.locator('#footer-subscribe-email').inputValue()).toBe('jo@example.com');
    expect(await page.locator(`${newsletter} button[type="submit"]`).isEnabled()).toBe(true);
  });

  it('sends one lead for a double click and lands on /success', async () => {
    const { page, leads } = await open('/privacy-policy', async (p) => {
      // A slow answer keeps the first attempt in flight while the second click lands.
      await p.route('**/api/leads', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
    });
    await ready(page, newsletter);
    await page.locator('#footer-subscribe-name').fill('Jo Citizen');
    await page.locator('#footer-subscribe-email').fill('jo@example.com');
    await page.locator('#footer-subscribe-phone').fill('0412345678');
    const button = page.locator(`${newsletter} button[type="submit"]`);
    await button.dblclick();
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    expect(await button.isDisabled()).toBe(true);
    // Enter in a field submits too, and is ignored while the first attempt is in flight.
    await page.locator('#footer-subscribe-phone').press('Enter');
    await page.waitForURL(/\/success\?/);
    expect(leads.filter((r) => r.method() === 'POST')).toHaveLength(1);
  });
});
