/** Dealer locations: sales, service and parts sites. */
import { z } from 'zod';
import { openingHourSchema } from './hours';
import { reviewSummarySchema } from './reviews';
import { absoluteUrl, imageUrl, isoDate, linkUrl, slug, text } from './values';

export const locationTypes = ['sales', 'service', 'parts'] as const;

export const locationSchema = z
  .strictObject({
    id: z.union([z.number().int(), z.string().max(40)]).describe('Location id from the back-office.'),
    name: text(120)
      .min(1)
      .describe(
        'Location name, e.g. "Northside Toyota - Service". A trailing " - Sales", " - Service" or " - Parts" is dropped in /contact-us/{location} URLs.',
      ),
    slug: slug.describe('URL slug for /our-location/{slug}; unique within the dealer.'),
    primary: z.boolean().default(false).describe("The dealer's main location; listed first."),
    position: z.number().int().default(0).describe('Sort order among locations (lower first, after the primary).'),
    location_type: z
      .union([z.enum(locationTypes), z.literal('')])
      .default('sales')
      .transform((v) => (v === '' ? 'sales' : v))
      .describe('sales, service or parts; empty means sales.'),
    location_subtype: z.array(text(40)).default([]).describe('Sub-types, e.g. ["buying"].'),
    dealership_id: z
      .union([z.number().int(), z.string().max(40)])
      .optional()
      .describe('Dealership this location belongs to.'),
    dealership_slug: slug.optional().describe('Slug of the dealership this location belongs to.'),
    store_code: text(64)
      .min(1)
      .optional()
      .describe('Store code this location goes by in Google Business Profile and Merchant Center, named by the inventory feeds; defaults to the location id.'),
    manufacturers: z.array(text(60)).default([]).describe('Makes sold or serviced here.'),
    dealer_license_number: text(60).optional().describe('Dealer licence number shown on the location card, e.g. "MD12345".'),
    motor_vehicle_repairer: text(60).optional().describe('Motor vehicle repairer licence number.'),
    visible: z.boolean().default(true).describe('Show this location on the site.'),
    status_label: text(60)
      .optional()
      .describe(
        'Short label shown on the card instead of a rating, e.g. "BY APPOINTMENT". A location not yet open takes opens_on instead, so its promise cannot go stale.',
      ),
    opens_on: isoDate
      .optional()
      .describe(
        'Opening day of a location not yet trading, "YYYY-MM-DD": until then its card reads "Opening <month year>" and forms leave it out; from that day it is an open location.',
      ),
    average_rating: z.number().min(0).max(5).optional().describe('Average star rating for this location.'),
    review_count: z.number().int().min(0).optional().describe('Number of reviews for this location.'),
    reviews: reviewSummarySchema.optional().describe('Review summary (back-office form of average_rating/review_count).'),
    image: z
      .strictObject({
        image: z
          .strictObject({
            url: imageUrl.describe('Full-size photo.'),
            thumb: z
              .strictObject({ url: imageUrl.describe('Thumbnail photo.') })
              .optional()
              .describe('Thumbnail.'),
          })
          .describe('Photo of the location.'),
      })
      .optional()
      .describe('Photo of the location (back-office shape).'),
    address: z
      .strictObject({
        street: text(200).describe('Street address.'),
        city: text(80).describe('Suburb or city.'),
        state: text(40).describe('State, region or territory, e.g. "QLD".'),
        postcode: text(12).describe('Postcode or ZIP code.'),
        lat: z.number().min(-90).max(90).optional().describe('Latitude.'),
        long: z.number().min(-180).max(180).optional().describe('Longitude.'),
        place_url: absoluteUrl.optional().describe('Maps link for directions; built from the address when absent.'),
        place_id: text(200).optional().describe('Maps place id.'),
        map_key: text(200).optional().describe("Public maps key for this location; overrides the site's maps key."),
      })
      .describe('Postal address and map position.'),
    contact_detail: z
      .strictObject({
        phone: text(30).optional().describe('Main phone number.'),
        landline_phone: text(30).optional().describe('Landline phone number.'),
        email: z.email().max(200).optional().describe('Email address.'),
        youtube_url: absoluteUrl.optional().describe('YouTube channel.'),
        linkedin_url: absoluteUrl.optional().describe('LinkedIn page.'),
        opening_hours: z
          .array(openingHourSchema)
          .max(7)
          .superRefine((entries, ctx) => {
            const days = new Set<number>();
            entries.forEach((entry, i) => {
              if (days.has(entry.weekday)) ctx.addIssue({ code: 'custom', path: [i, 'weekday'], message: `weekday ${entry.weekday} is listed twice` });
              days.add(entry.weekday);
            });
          })
          .default([])
          .describe('Regular opening hours, one entry per weekday.'),
      })
      .prefault({})
      .describe('Contact details and opening hours.'),
    book_service_url: linkUrl.optional().describe('Service booking page for this location, e.g. "/book-a-service-smithfield".'),
  })
  .describe('A dealership location: sales yard, service centre or parts counter.');
