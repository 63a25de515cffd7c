/** Site features and gated pages. */
import { z } from 'zod';
import { phoneRules } from './region';
import { absoluteUrl, text } from './values';

export const savedCarsModes = ['favourites', 'garage', 'compare'] as const;
export const gatedPages = ['checkout', 'finance', 'spin_to_win', 'online_payment', 'equifax_finance'] as const;

export const featuresSchema = z
  .strictObject({
    saved_cars: z.enum(savedCarsModes).default('favourites').describe('How shoppers keep cars: a favourites list, a signed-in garage, or a compare list.'),
    gated_pages: z.array(z.enum(gatedPages)).default([]).describe('Pages that need sign-in on this site. my-garage is always gated.'),
    enabled_pages: z
      .array(z.enum(['checkout', 'spin_to_win', 'online_payment', 'personalised_finance']))
      .default([])
      .describe('Optional pages this site offers.'),
    garage_page: z
      .strictObject({
        path: z
          .string()
          .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be a one-segment site path such as "/kingfisher-garage"' })
          .refine((path) => path !== '/my-garage', { error: 'is /my-garage already: choose the path of the dealer’s own garage page' })
          .describe('Page path.'),
        title: text(60).min(1).optional().describe('Page heading and title; "{dealer name} Garage" when absent.'),
      })
      .optional()
      .describe("The dealer's own garage page at its own path (besides /my-garage): the signed-in shopper's garage, gated for everyone."),
    online_payment_without_sign_in: z
      .boolean()
      .default(false)
      .describe('Let shoppers pay online without signing in. Online payment needs sign-in unless this is set.'),
    phone_rule: z.enum(phoneRules).optional().describe('Phone validation: au, au_mobile (mobile only), au_nz_uk (wider), nz, us. Defaults by region.'),
    allow_by_appointment: z.boolean().default(false).describe('Show "By appointment only" for days with that status instead of "Closed".'),
    message_optional: z.boolean().default(false).describe('Enquiry message is optional.'),
    enquiry_button_label: z.enum(['Enquire Now', 'Message Now']).default('Enquire Now').describe('Vehicle enquiry button text.'),
    hear_about_us: z.enum(['none', 'standard', 'alternate']).default('none').describe('"Where did you hear about us" list on the enquiry form.'),
    enquiry_categories: z
      .array(text(60))
      .max(20)
      .default(['General Enquiry', 'Sales Enquiry', 'Service Enquiry', 'Parts Enquiry', 'Finance Enquiry', 'Careers Enquiry'])
      .describe('Categories offered on the contact enquiry form.'),
    additional_services: z.array(text(60)).max(20).default([]).describe('Checkbox options for additional services on the enquiry form.'),
    service_button_on_location_cards: z.boolean().default(false).describe('Service location cards show "Book a Service" instead of contact.'),
    popular_makes: z.boolean().default(false).describe('Make dropdown lists 20 popular makes, then the rest under "All Makes".'),
    make_sort: z
      .enum(['volume', 'alphabetical', 'preferred'])
      .default('volume')
      .describe('Make dropdown order: by stock volume, alphabetically, or the preferred regional order.'),
    luxury_quick_picks: z.boolean().default(false).describe('Currency quick picks run $300,000 to $800,000 instead of $5,000 to $70,000.'),
    safety_banner: z
      .strictObject({
        dealer_id: text(40).min(1).describe('Safety-rating banner dealer id; the banner shows only when set.'),
        script_url: absoluteUrl.describe("The banner vendor's widget script; car pages load it only when the banner nears the viewport."),
        classes: z
          .array(z.enum(['V', 'N']))
          .min(1)
          .max(2)
          .default(['V', 'N'])
          .describe('Vehicle classes: V passenger, N commercial.'),
      })
      .optional()
      .describe('Safety-rating banner widget.'),
  })
  .describe('Feature switches.');
