/**
 * "Manufacturer: id, name, slug, logo{url}; a long static list of makes exists. Manufacturer and
 * dealership booking data come from the back-office."
 * "GET {back-office}/manufacturers/{slug}.json?website_id={id}"
 */
import { describe, expect, it } from 'vitest';
import { testSite } from '../../tests/support/test-site';
import { manufacturerPage, readManufacturer } from './manufacturers';

const site = testSite({ id: 77, manufacturers: [{ name: 'Toyota', slug: 'toyota', logo: { url: '/assets/toyota.svg' } }] });

function backOffice(body: unknown) {
  const asked: [string, string | number][] = [];
  return {
    asked,
    client: {
      manufacturer: (slug: string, websiteId: string | number) => {
        asked.push([slug, websiteId]);
        return Promise.resolve(body);
      },
    },
  };
}

describe('manufacturer page data', () => {
  it('is the configured make without a back-office', async () => {
    await expect(manufacturerPage(site, 'toyota', undefined)).resolves.toEqual({
      name: 'Toyota',
      slug: 'toyota',
      logo: { url: '/assets/toyota.svg' },
      source: 'configured',
    });
  });

  it("asks the back-office for this website's record and keeps its checked fields", async () => {
    const bo = backOffice({ manufacturer: { id: 12, name: 'Toyota Australia', slug: 'elsewhere', logo: { url: 'https://cdn.example/t.png' }, extra: 1 } });
    const page = await manufacturerPage(site, 'toyota', bo.client);
    expect(bo.asked).toEqual([['toyota', 77]]);
    expect(page).toEqual({ id: 12, name: 'Toyota Australia', slug: 'toyota', logo: { url: 'https://cdn.example/t.png' }, source: 'back_office' });
  });

  it('keeps the configured values when the back-office answers false or fields that fail the rules', async () => {
    await expect(manufacturerPage(site, 'toyota', backOffice(false).client)).resolves.toMatchObject({ name: 'Toyota', source: 'configured' });
    expect(readManufacturer({ name: '', logo: { url: 'javascript:alert(1)' } })).toEqual({});
    expect(readManufacturer([1])).toEqual({});
  });

  it('does not ask about a make the site does not list', async () => {
    const bo = backOffice({ name: 'Ford' });
    await expect(manufacturerPage(site, 'ford', bo.client)).resolves.toBeUndefined();
    expect(bo.asked).toEqual([]);
  });
});
