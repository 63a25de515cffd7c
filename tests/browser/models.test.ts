import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { dealershipsByMake } from '../../src/dealer/model/brands';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';
import { servedPage } from './http';
import { readSitemap } from './sitemap';

const SLUG = 'kingfisher-toyota';
const site = loadDealer(SLUG);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(slug: string, path: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await blockOutsideRequests(page);
  await page.goto(`${demoOrigin(slug)}${path}`);
  return { page, errors, close: () => context.close() };
}

const cardNames = async (page: Page) =>
  (await page.locator('[data-model-cards] > li:visible .model-card-name').allTextContents()).map((n) => n.replace(/\s+/g, ' ').trim());

describe('models list (/models?body=all)', () => {
  it('labels all-new and new models before the name, marks coming-soon ones, and cuts blurbs at 75 characters', async () => {
    const { page, close } = await open(SLUG, '/models?body=all');
    const names = await cardNames(page);
    expect(names).toHaveLength(site.models.length);
    expect(names).toContain('All-New Toyota RAV4');
    expect(names).toContain('New Toyota Camry');
    expect(names).toContain('Toyota HiLux');
    const hilux = page.locator('[data-model-cards] > li', { hasText: 'HiLux' });
    expect(await hilux.getByText('Coming Soon').isVisible()).toBe(true);
    for (const text of await page.locator('.model-card-description').allTextContents()) {
      expect(text.replace(/…$/, '').length).toBeLessThanOrEqual(75);
    }
    // The RAV4 blurb is longer than 75 characters: it ends at a word with an ellipsis.
    expect(await page.locator('[data-model-cards] > li', { hasText: 'RAV4' }).locator('.model-card-description').textContent()).toBe(
      "The all-new RAV4 brings hybrid and plug-in hybrid power to Australia's…",
    );
    const links = await page.locator('.model-card-name a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/models/rav4', '/models/hilux']));
    await close();
  });

  it('filters by body style in place, and from the address', async () => {
    const { page, close } = await open(SLUG, '/models?body=all');
    await page.getByRole('link', { name: 'Ute', exact: true }).click();
    await expect.poll(() => cardNames(page)).toEqual(['Toyota HiLux']);
    expect(new URL(page.url()).search).toBe('?body=ute');
    expect(await page.getByRole('link', { name: 'Ute', exact: true }).getAttribute('aria-current')).toBe('true');
    await page.goBack();
    await expect.poll(() => cardNames(page).then((n) => n.length)).toBe(site.models.length);
    await page.goto(`${demoOrigin(SLUG)}/models?body=suv`);
    const suvs = site.models.filter((m) => m.body === 'SUV').length;
    await expect.poll(() => cardNames(page).then((n) => n.length)).toBe(suvs);
    await page.goto(`${demoOrigin(SLUG)}/models?body=%3Cscript%3E`);
    await expect.poll(() => cardNames(page).then((n) => n.length)).toBe(site.models.length);
    await close();
  });

  it('model page shows the price from and links to the model’s stock', async () => {
    const { page, close } = await open(SLUG, '/models/rav4');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('All-New Toyota RAV4');
    expect(await page.locator('#main').getByText('From $45,990').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'View RAV4 stock' }).getAttribute('href')).toBe('/search/toyota/rav4');
    await close();
  });
});

describe('brands and dealerships', () => {
  it('brand page links to the make’s stock and its dealerships', async () => {
    const $ = await servedPage(SLUG, '/brands/toyota');
    expect($('h1').text()).toBe('Toyota');
    expect($('a:contains("Shop Toyota stock")').attr('href')).toBe('/search/toyota');
    expect($('a:contains("Toyota dealerships")').attr('href')).toBe('/dealerships/toyota?filter=brand');
  });

  it('dealerships page lists the locations selling the make', async () => {
    const $ = await servedPage('southern-lakes-motors', '/dealerships/jayco?filter=brand');
    expect($('h1').text()).toBe('Jayco Dealership');
    expect(
      $('.location-card h2')
        .toArray()
        .map((h) => $(h).text()),
    ).toEqual(['Southern Lakes Caravans & Motorcycles']);
  });

  it('lists models, brands, dealerships and cars in the sitemap', async () => {
    const sitemap = (await readSitemap(SLUG)).xml;
    const home = new URL('/', site.url).href;
    for (const path of ['models', 'models/rav4', 'brands/toyota', 'dealerships/toyota']) expect(sitemap).toContain(`<loc>${home}${path}</loc>`);
    expect(sitemap).toMatch(new RegExp(`<loc>${home}cars/[a-z0-9-]+</loc>`));
  });
});

describe.each(inject('demoDealers'))('%s catalogue pages', (slug) => {
  const dealer = loadDealer(slug);
  const paths = [
    ...(dealer.models.length > 0 ? ['/models?body=all', `/models/${dealer.models[0]?.slug ?? ''}`] : []),
    ...(dealer.manufacturers[0] ? [`/brands/${dealer.manufacturers[0].slug}`] : []),
    ...dealershipsByMake(dealer)
      .slice(0, 1)
      .map((d) => `/dealerships/${d.slug}?filter=brand`),
  ];
  it.each(paths)('%s has no axe violations and no console errors', async (path) => {
    const { page, errors, close } = await open(slug, path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

// "/models?body=all | Models list": useful on a dealer with no models in its file.
describe('models list without configured models', () => {
  it('lists the makes and models in stock, each linking to its search', async () => {
    const { page, errors, close } = await open('drivesmart-pre-owned', '/models?body=all');
    const makes = page.locator('.stock-models h2');
    expect(await makes.count()).toBeGreaterThan(1);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    const firstModel = page.locator('.stock-models li a').first();
    const href = (await firstModel.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/[a-z-]+(\/[a-z0-9-]+)*/);
    await firstModel.click();
    await expect.poll(() => page.locator('.result-count').first().textContent()).toMatch(/^[1-9][\d,]* vehicles?$/);
    expect(errors).toEqual([]);
    await close();
  });
});
