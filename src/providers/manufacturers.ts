/**
 * A make's page data for the brand pages (GET /api/manufacturers/{slug}): the back-office's
 * manufacturer record for this website when the dealer has a back-office, else the make as the
 * dealer file lists it.
 *
 *   GET {back-office}/manufacturers/{slug}.json?website_id={id}
 *
 * The back-office's answer is read for the fields the dealer file has too (id, name, slug,
 * logo.url), each checked with the dealer file's own rules; a field that fails keeps the
 * configured value. The back-office's retries, logging and `false` are in back-office.ts.
 */
import { z } from 'zod';
import { manufacturerSchema, type DealerConfig } from '../platform/config/schema';
import type { BackOfficeClient } from './back-office';

type Manufacturer = DealerConfig['manufacturers'][number];

export interface ManufacturerPage extends Manufacturer {
  source: 'back_office' | 'configured';
}

const fields = manufacturerSchema.pick({ id: true, name: true, slug: true, logo: true }).partial();
const answer = z.object({ manufacturer: z.unknown() });

/** The usable fields of a back-office manufacturer record (bare, or under `manufacturer`). */
export function readManufacturer(body: unknown): Partial<Manufacturer> {
  const wrapped = answer.safeParse(body);
  const record: unknown = wrapped.success ? wrapped.data.manufacturer : body;
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return {};
  const found: Partial<Manufacturer> = {};
  for (const key of ['id', 'name', 'slug', 'logo'] as const) {
    const one = fields.shape[key].safeParse((record as Record<string, unknown>)[key]);
    if (one.success && one.data !== undefined) Object.assign(found, { [key]: one.data });
  }
  return found;
}

/**
 * The make with this slug: undefined when the dealer does not list it (the back-office is not
 * asked about makes the site does not sell).
 */
export async function manufacturerPage(
  site: Pick<DealerConfig, 'id' | 'manufacturers'>,
  slug: string,
  backOffice: Pick<BackOfficeClient, 'manufacturer'> | undefined,
): Promise<ManufacturerPage | undefined> {
  const configured = site.manufacturers.find((m) => m.slug === slug);
  if (!configured) return undefined;
  if (!backOffice) return { ...configured, source: 'configured' };
  const body = await backOffice.manufacturer(slug, site.id);
  if (body === false) return { ...configured, source: 'configured' };
  const live = readManufacturer(body);
  // The slug stays the one asked for, so the page and its links agree.
  return { ...configured, ...live, slug: configured.slug, source: Object.keys(live).length > 0 ? 'back_office' : 'configured' };
}
