import { z } from 'zod';
import { hasUnsafeCharacters } from '../../platform/formats/unsafe-text';
import { arrivingStatuses, carTypes, stockCategories, vehicleStatuses } from './kinds';

/**
 * One stock document: the vehicle fields search results show and filter on, plus the other stock
 * fields the feed carries.
 * The same document is indexed by the embedded engine and pushed to Meilisearch, so every field
 * here is what the browser receives as a hit.
 */

// Feed text is shown on pages, in JSON-LD and in Meilisearch: cap it and refuse control
// characters and lone surrogate halves, never trust it.
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !hasUnsafeCharacters(s, true, 'controls'), { error: 'must not contain control characters' });

const imageUrl = z
  .string()
  .max(2000)
  .refine((s) => /^(https?:\/\/|\/(?!\/))/.test(s), { error: 'must be an http(s) URL or a site path' });

/** 2026-02-30 matches the pattern but is no date: it must survive a round trip through Date. */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const money = z.number().min(0).max(100_000_000);
const timestamp = z.number().int().min(0).max(4_102_444_800); // seconds, before 2100

export { arrivingStatuses, carTypes, listedStatuses, stockCategories, vehicleStatuses, type CarType, type StockCategory, type VehicleStatus } from './kinds';

export const vehicleSchema = z
  .strictObject({
    id: z.number().int().positive().describe('Stock id; the search index primary key.'),
    slug: z.string().max(200).regex(slugPattern, { error: 'must be lowercase words joined by hyphens' }).describe('URL slug for /cars/{slug}.'),
    name: text(200).min(1).describe('Display name, e.g. "2023 Toyota RAV4 GX Hybrid".'),
    make: text(60).min(1),
    model: text(80).min(1),
    make_model: text(150).min(1).describe('Make and model joined, e.g. "Toyota RAV4".'),
    variant: text(120).optional(),
    body: text(40).min(1),
    simple_body: text(40).optional(),
    drive: text(40).optional(),
    simple_drive: text(40).optional(),
    fuel: text(40).optional(),
    transmission: text(40).optional(),
    car_type: z.enum(carTypes),
    status: z.enum(vehicleStatuses),
    arrival_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date "YYYY-MM-DD"' })
      .refine(isCalendarDate, { error: 'must be a real calendar date' })
      .optional()
      .describe('When a car on its way (in transit, in production, coming soon) is expected, "YYYY-MM-DD"; shown as "Arriving <date>".'),
    price: money.describe('Drive-away total price; 0 means "price on application".'),
    subscription_price: money.optional().describe('Weekly subscription price.'),
    weekly_price: money.optional().describe('Indicative weekly repayment.'),
    weekly_price_range: text(40).optional().describe('Weekly price band, e.g. "$200 - $300".'),
    price_range: text(40).optional().describe('Price band, e.g. "$20,000 - $30,000".'),
    km: z.number().int().min(0).max(5_000_000),
    year: z.number().int().min(1900).max(2100),
    seats: z.number().int().min(1).max(99).optional(),
    colour: text(40).optional(),
    state: text(40).optional(),
    city: text(80).optional(),
    tag: text(40).optional(),
    badge: text(40).optional(),
    categories: z.array(z.enum(stockCategories)).min(1).max(6),
    item_type: text(40).describe('car, truck, caravan, motorcycle …'),
    certified: z.boolean().default(false),
    created_at_timestamp: timestamp,
    sold_date_timestamp: timestamp.nullable().default(null),
    show_on_dealer_website: z.boolean().default(false).describe('A sold car stays listed for the sold window.'),
    dealership_name: text(120).optional(),
    dealership_slug: z.string().max(120).regex(slugPattern).optional(),
    location_name: text(120).optional(),
    location_id: z.union([z.number().int(), z.string().max(40)]).optional(),
    filtered_features: z.array(text(80)).max(200).default([]),
    vin: z
      .string()
      .regex(/^[A-HJ-NPR-Z0-9]{11,17}$/, { error: 'must be 11 to 17 letters and digits without I, O or Q' })
      .optional(),
    stocknum: text(40).optional(),
    description: text(5000).optional(),
    primary_image_url: imageUrl.optional(),
    thumbnails: z.array(imageUrl).max(100).default([]),
    images: z
      .array(z.strictObject({ image_url: imageUrl }))
      .max(100)
      .default([]),
    photos_count: z.number().int().min(0).max(1000).default(0),
    has_nvic: z.boolean().optional(),
    custom_rank: z.number().int().min(0).max(1_000_000_000).default(0).describe('Dealer ranking; higher first.'),
    // What New Zealand's Consumer Information Notice needs beyond the fields above
    // (src/cars/model/consumer-notice.ts); a notice shows "Not provided" for any left out.
    engine_cc: z.number().int().min(50).max(20_000).optional().describe('Engine capacity in cc (NZ consumer information notice).'),
    registration_plate: text(10).optional().describe('Registration plate (NZ consumer information notice).'),
    wof_expiry: z.iso.date().optional().describe('Warrant or certificate of fitness expiry, "YYYY-MM-DD".'),
    licence_expiry: z.iso.date().optional().describe('Vehicle licence (rego) expiry, "YYYY-MM-DD".'),
    first_registered_nz: z.number().int().min(1900).max(2100).optional().describe('Year first registered in New Zealand.'),
    first_registered_overseas: z.number().int().min(1900).max(2100).optional().describe('Year first registered overseas (imported used).'),
    country_last_registered: text(60).optional().describe('Country where last registered before New Zealand.'),
    imported_damaged: z.boolean().optional().describe('Imported as a damaged vehicle.'),
    security_interest: z.boolean().optional().describe('A security interest is registered on the PPSR.'),
    road_user_charges: z.boolean().optional().describe('Road user charges apply (diesel, electric and heavy vehicles).'),
  })
  .superRefine((car, ctx) => {
    if (car.arrival_date !== undefined && !(arrivingStatuses as readonly string[]).includes(car.status)) {
      ctx.addIssue({ code: 'custom', path: ['arrival_date'], message: `belongs to a car on its way (${arrivingStatuses.join(', ')}), not ${car.status}` });
    }
    if (car.status === 'sold' && car.sold_date_timestamp === null) {
      ctx.addIssue({ code: 'custom', path: ['sold_date_timestamp'], message: 'is required when status is sold' });
    }
  });

export type Vehicle = z.output<typeof vehicleSchema>;
export type VehicleInput = z.input<typeof vehicleSchema>;
