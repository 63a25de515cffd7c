/**
 * A new dealer started right (`npm run dealer:new -- <slug>`): the smallest dealer file that passes
 * every check, so an editor fills in the real details rather than copying another dealer's file
 * and keeping its id or domain by mistake. The file gets:
 *
 * - a dealer id no other dealer file has (the back-office's website id replaces it later);
 * - a placeholder address under `.example`, a name reserved for examples that no real site has
 *   (as the demo dealers' addresses are), so it borrows no dealer's domain;
 * - a phone number from the range each country keeps for fiction, valid for its region;
 * - `$schema`, so the editor's autocompletion works at once;
 * - a placeholder logo in `dealers/assets/<slug>/logo.svg`, which the file names.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dealerFile, listDealerSlugs } from '../platform/config/load';
import { slugPattern } from '../platform/config/sections/values';
import type { DealerConfigInput, Region } from '../platform/config/schema';
import { escapeHtml } from '../platform/formats/text';

export class NewDealerError extends Error {
  override name = 'NewDealerError';
}

/** Placeholders by country: a phone number kept for fiction, a state and postcode that read right. */
const PLACEHOLDERS: Record<Region, { phone: string; state: string; city: string; postcode: string }> = {
  AU: { phone: '02 5550 0100', state: 'NSW', city: 'Sydney', postcode: '2000' },
  NZ: { phone: '09 555 0100', state: 'Auckland', city: 'Auckland', postcode: '1010' },
  US: { phone: '(512) 555-0100', state: 'TX', city: 'Austin', postcode: '78701' },
};

/** "city-motors" → "City Motors". */
export const nameFromSlug = (slug: string): string => slug.replace(/(^|-)([a-z0-9])/g, (_, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`);

/** The ids the dealer files in `dealersDir` use, read loosely: a file that does not read is still looked at for its id. */
export function takenIds(dealersDir: string): Set<string> {
  const ids = new Set<string>();
  for (const slug of listDealerSlugs(dealersDir)) {
    try {
      const data = JSON.parse(readFileSync(dealerFile(slug, dealersDir), 'utf8')) as { id?: unknown };
      if (typeof data.id === 'number' || typeof data.id === 'string') ids.add(String(data.id));
    } catch {
      const id = /"id"\s*:\s*("?)([^",\s}]+)\1/.exec(readFileSync(dealerFile(slug, dealersDir), 'utf8'))?.[2];
      if (id) ids.add(id);
    }
  }
  return ids;
}

/** One more than the largest numeric id in use (at least 1000), so it is no other dealer's. */
export function freshId(taken: ReadonlySet<string>): number {
  const numbers = [...taken].map(Number).filter((n) => Number.isSafeInteger(n));
  let id = Math.max(999, ...numbers) + 1;
  while (taken.has(String(id))) id += 1;
  return id;
}

export interface NewDealerOptions {
  slug: string;
  name?: string;
  region?: Region;
  dealersDir: string;
}

/** The minimal dealer file for `slug`: every required field, each a placeholder that passes the checks. */
export function newDealerFile({ slug, name = nameFromSlug(slug), region = 'AU', dealersDir }: NewDealerOptions): DealerConfigInput & { $schema: string } {
  const place = PLACEHOLDERS[region];
  return {
    $schema: './schema.json',
    id: freshId(takenIds(dealersDir)),
    slug,
    name,
    url: `https://www.${slug}.example`,
    region,
    logo: { url: '/assets/logo.svg', alt: name },
    phone: place.phone,
    locations: [
      {
        id: 1,
        name: `${name} - Sales`,
        slug: `${slug}-sales`,
        primary: true,
        address: { street: '1 Example Street', city: place.city, state: place.state, postcode: place.postcode },
        contact_detail: {
          phone: place.phone,
          opening_hours: [
            { weekday: 0, status: 'Closed' },
            ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open: '08:30', close: '17:30' })),
            { weekday: 6, status: 'Open', open: '09:00', close: '13:00' },
          ],
        },
      },
    ],
    navigation: {
      header: [
        { name: 'Used Cars', url: '/search/used-cars' },
        { name: 'Contact Us', url: '/contact' },
      ],
      // The default footer is built from link columns.
      footer: [
        {
          name: 'Shop',
          dropdownItems: [
            { name: 'Used Cars', url: '/search/used-cars' },
            { name: 'Finance', url: '/finance' },
          ],
        },
        {
          name: 'About',
          dropdownItems: [
            { name: 'Contact Us', url: '/contact' },
            { name: 'Privacy Policy', url: '/privacy-policy' },
          ],
        },
      ],
    },
    seo: { description: `${name}: new and used cars, finance and service.` },
    home: { hero: { heading: `Welcome to ${name}` } },
  };
}

/** A plain logo with the dealer's name until the real one is added. */
export function placeholderLogo(name: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">',
    '  <rect width="240" height="64" rx="8" fill="#0b3d91"/>',
    `  <text x="120" y="40" font-family="system-ui, sans-serif" font-size="20" fill="#ffffff" text-anchor="middle">${escapeHtml(name)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

/** Why `slug` cannot be a new dealer's, or undefined when it can. */
export function slugRefusal(slug: string, dealersDir: string): string | undefined {
  if (!slug) return 'give the new dealer a slug, e.g. npm run dealer:new -- city-motors';
  if (!slugPattern.test(slug) || slug.length > 80) return `"${slug}" cannot be a slug: use lower-case letters, digits and single hyphens, e.g. "city-motors"`;
  if (slug === 'schema') return '"schema" is the name of the generated schema file; choose another slug';
  if (existsSync(dealerFile(slug, dealersDir)))
    return `${path.relative(process.cwd(), dealerFile(slug, dealersDir))} already exists; choose another slug or edit that file`;
  return undefined;
}

/** Writes `dealers/<slug>.json` and its placeholder logo; returns the file written. Throws NewDealerError for a slug it refuses. */
export function writeNewDealer(options: NewDealerOptions): string {
  const refusal = slugRefusal(options.slug, options.dealersDir);
  if (refusal) throw new NewDealerError(refusal);
  const dealer = newDealerFile(options);
  const file = dealerFile(options.slug, options.dealersDir);
  const assets = path.join(options.dealersDir, 'assets', options.slug);
  mkdirSync(assets, { recursive: true });
  const logo = path.join(assets, 'logo.svg');
  if (!existsSync(logo)) writeFileSync(logo, placeholderLogo(dealer.name));
  writeFileSync(file, `${JSON.stringify(dealer, null, 2)}\n`, { flag: 'wx' });
  return file;
}
