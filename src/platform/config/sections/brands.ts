/** Manufacturers (brands) and their models. */
import { z } from 'zod';
import { imageUrl, linkUrl, slug, text } from './values';

export const manufacturerSchema = z
  .strictObject({
    id: z
      .union([z.number().int(), z.string().max(40)])
      .optional()
      .describe('Manufacturer id from the back-office.'),
    name: text(60).min(1).describe('Make name, e.g. "Toyota".'),
    slug: slug.describe('Make slug, e.g. "toyota".'),
    logo: z
      .strictObject({ url: imageUrl.describe('Logo image.') })
      .optional()
      .describe('Brand logo.'),
    url: linkUrl.optional().describe('Where the brand tile links; defaults to /brands/{slug}.'),
  })
  .describe('A vehicle make.');

export const modelStatuses = ['all_new', 'new', 'coming_soon'] as const;

export const modelSchema = z
  .strictObject({
    name: text(80).min(1).describe('Model name, e.g. "RAV4".'),
    slug: slug.describe('Model slug for /models/{slug}.'),
    make: text(60).optional().describe('Make of this model.'),
    body: text(40).optional().describe('Body style, e.g. "SUV".'),
    status: z.enum(modelStatuses).optional().describe('Shown as an "All-New" or "New" label before the name; coming_soon shows "Coming Soon".'),
    short_description: text(600).optional().describe('Blurb; truncated to 75 characters at a word break.'),
    image: z
      .strictObject({ url: imageUrl.describe('Model image.') })
      .optional()
      .describe('Model image.'),
    cloudfront_new_image_url: imageUrl.optional().describe('CDN image; preferred over image.url.'),
    position: z.number().int().default(0).describe('Sort order in the models grid.'),
    override_url: linkUrl.optional().describe('Link used instead of /models/{slug}.'),
    price_from: z.number().min(0).optional().describe("Drive-away price from, in the dealer's currency."),
  })
  .describe('A model in the models mega-menu and models list.');
