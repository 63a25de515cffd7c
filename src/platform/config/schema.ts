/**
 * The dealer config schema: the single source of truth for what a dealer site can say.
 *
 * `dealers/<slug>.json` is parsed with `dealerConfigSchema`; components read the parsed
 * `DealerConfig` (output type), editors write `DealerConfigInput` (input type, defaults optional).
 * `dealers/schema.json` is generated from this file by `npm run schema`. Each group of fields
 * (locations, hours, search, leads, …) is a module of its own in `sections/`; this file puts
 * them together and checks what spans groups.
 *
 * Field names are the back-office's own (snake_case where it uses it), so a site
 * exported from the back-office needs as little mapping as possible.
 */
import { z } from 'zod';
import { analyticsSchema } from './sections/analytics';
import { manufacturerSchema, modelSchema } from './sections/brands';
import { homeSchema, reviewsSchema, seoSchema } from './sections/content';
import { domainsSchema } from './sections/domains';
import { checkoutSchema, financeProviders, financeSchema, onlinePaymentSchema, paymentProviders, spinToWinSchema } from './sections/buying';
import { featuresSchema } from './sections/features';
import { footerSchema, headerSchema, socialSchema } from './sections/header-footer';
import type { openingHourSchema } from './sections/hours';
import { specialHoursSchema } from './sections/hours';
import type { leadDestinationSchema } from './sections/leads';
import { backOfficeSchema, leadsSchema } from './sections/leads';
import { locationSchema } from './sections/locations';
import { footerVariantsNeedingNavigation, navigationItemSchema } from './sections/navigation';
import { regionSchema } from './sections/region';
import type { reviewSchema, reviewSummarySchema } from './sections/reviews';
import { searchSchema } from './sections/search';
import { stockFeedSchema } from './sections/stock-feed';
import { absoluteUrl, hexColour, imageUrl, slug, text } from './sections/values';
import { regionDefaults } from './regions';

export { regions, regionDefaults, type Region } from './regions';
export { consentModes, type ConsentMode } from './sections/analytics';
export { manufacturerSchema, modelSchema, modelStatuses } from './sections/brands';
export { gatedPages, savedCarsModes } from './sections/features';
export { creditProfiles, financeProviders, paymentProviders } from './sections/buying';
export { openingHourSchema, specialHoursSchema } from './sections/hours';
export { locationSchema, locationTypes } from './sections/locations';
export { type FooterVariant, dynamicDropdowns, footerVariants, footerVariantsNeedingNavigation, navigationItemSchema } from './sections/navigation';
export { type PhoneRule, phoneRules, regionSchema } from './sections/region';
export { reviewSchema, reviewSummarySchema } from './sections/reviews';
export {
  DEFAULT_MAX_REMOVED_SHARE,
  stockFeedFields,
  stockFeedPresets,
  type StockFeedField,
  type StockFeedPreset,
  type StockFeedSettings,
} from './sections/stock-feed';
export { imageUrl, linkUrl, slug } from './sections/values';

export const dealerConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Path to dealers/schema.json for editor autocompletion.'),
    id: z.union([z.number().int(), z.string().max(40)]).describe('Website id from the back-office.'),
    slug: slug.describe('Dealer slug; must match the file name (dealers/{slug}.json) and is the dist/ folder name.'),
    name: text(120).min(1).describe('Dealer trading name.'),
    url: absoluteUrl.describe("The dealer's public site address; canonical URLs and the sitemap use it, and the API serves the dealer on its host."),
    domains: domainsSchema
      .default([])
      .describe(
        'Other host names the site is served on besides the host of url, e.g. ["kingfishertoyota.com.au"]: lower case, without https:// or a path. The API serves the dealer on these too; no two dealers may share one.',
      ),
    region: regionSchema,
    locale: z.enum(['en-AU', 'en-NZ', 'en-US']).optional().describe('Interface wording; defaults by region.'),
    time_zone: z.string().max(60).optional().describe('IANA time zone for hours and holidays, e.g. "Australia/Brisbane". Defaults by region.'),
    units: z.enum(['km', 'miles']).optional().describe('Distance units; miles in the US, km elsewhere by default.'),
    logo: z
      .strictObject({
        url: imageUrl.describe('Logo image.'),
        alt: text(120).optional().describe('Logo text alternative; the dealer name when absent.'),
        width: z.number().int().min(1).max(2000).default(85).describe('Logo width in px (default 85).'),
        height: z.number().int().min(1).max(2000).default(50).describe('Logo height in px.'),
      })
      .describe('Dealer logo.'),
    theme: z
      .strictObject({
        primary: hexColour.default('#0b3d91').describe('Brand colour for header, buttons and links, "#rrggbb".'),
        accent: hexColour.default('#d71920').describe('Accent colour for highlights and badges, "#rrggbb".'),
        dark: hexColour.default('#111827').describe('Footer and top banner background, "#rrggbb".'),
      })
      .prefault({})
      .describe('Brand colours; text on them is chosen for contrast automatically.'),
    phone: text(30).min(1).describe('Main phone number.'),
    email: z.email().max(200).optional().describe('Main email address.'),
    address: text(300).optional().describe("Main address line; the primary location's address when absent."),
    dealership_group: text(120).optional().describe('Dealer group name.'),
    dealership_slug: slug.optional().describe('Main dealership slug.'),
    dealerships: z
      .array(
        z
          .strictObject({
            id: z.union([z.number().int(), z.string().max(40)]).describe('Dealership id.'),
            name: text(120).describe('Dealership name.'),
            slug: slug.describe('Dealership slug.'),
          })
          .describe('A dealership of the group.'),
      )
      .default([])
      .describe('Dealerships behind this site; more than one makes "preferred dealership" required on forms.'),
    dealership_websites: z
      .array(
        z
          .strictObject({
            url: absoluteUrl.describe('Site address.'),
            make: text(60).optional().describe('Make the site sells.'),
            name: text(120).describe('Site name.'),
            logo_url: imageUrl.describe('Logo for the group strip.'),
          })
          .describe('A sister site in the group logo strip.'),
      )
      .max(30)
      .default([])
      .describe('Sister sites shown in the group logo strip.'),
    manufacturer: z
      .strictObject({ name: text(60).describe('Make name.'), slug: slug.optional().describe('Make slug.') })
      .optional()
      .describe('Franchise this site represents; adds a manufacturer filter to searches.'),
    manufacturers: z.array(manufacturerSchema).max(120).default([]).describe('Makes for the brand slider and brands menu.'),
    models: z.array(modelSchema).max(200).default([]).describe('Models for the models menu and list.'),
    locations: z
      .array(locationSchema)
      .min(1, { error: 'needs at least one location' })
      .max(60)
      // On the array, not the site: it then runs even when other parts of the file are invalid.
      .superRefine((locations, ctx) => {
        const seen = new Map<string, number>();
        locations.forEach((location, i) => {
          const first = seen.get(location.slug);
          if (first !== undefined) {
            ctx.addIssue({ code: 'custom', path: [i, 'slug'], message: `duplicate location slug "${location.slug}" (also locations[${first}])` });
          } else seen.set(location.slug, i);
        });
      })
      .describe('Locations.'),
    special_hours: z.array(specialHoursSchema).max(400).default([]).describe('Holiday hours for all locations.'),
    social: socialSchema.prefault({}).describe('Social links.'),
    gmb_profiles: z
      .array(
        z
          .strictObject({
            location_id: z
              .union([z.number().int(), z.string().max(40)])
              .optional()
              .describe('Location the profile belongs to.'),
            review_url: absoluteUrl.describe('Google review link.'),
          })
          .describe('A Google Business profile.'),
      )
      .default([])
      .describe('Google Business profiles.'),
    navigation: z
      .strictObject(
        {
          header: z.array(navigationItemSchema, { error: 'Cannot run without navigation: header navigation must be a list' }).max(12).describe('Header menu.'),
          footer: z.array(navigationItemSchema).max(12).optional().describe('Footer link columns; required by the columns, brand and group footers.'),
        },
        { error: 'Cannot run without navigation: navigation must be an object with a header list' },
      )
      .describe('Header and footer menus.'),
    header: headerSchema.prefault({}).describe('Header settings.'),
    footer: footerSchema.prefault({}).describe('Footer settings.'),
    features: featuresSchema.prefault({}).describe('Feature switches.'),
    search: searchSchema.prefault({}).describe('Stock search settings.'),
    stock_feed: stockFeedSchema
      .optional()
      .describe('How the stock feed is read: export shape, column names, and the share of cars a feed may take off before it is held.'),
    seo: seoSchema.describe('Search engine and sharing metadata.'),
    home: homeSchema.describe('Home page content.'),
    reviews: reviewsSchema.prefault({}).describe('Customer reviews.'),
    maps_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .max(200)
      .optional()
      .describe("Public maps key: location maps are then the maps service's image, one marker per location; without it they are drawn offline."),
    image_cdn: z
      .strictObject({
        base_url: absoluteUrl.describe('Image CDN base; images are requested with width and quality.'),
        quality: z.number().int().min(1).max(100).default(75).describe('Default image quality.'),
      })
      .optional()
      .describe('Image CDN settings.'),
    privacy_policy: z.array(text(4000)).max(40).optional().describe('Privacy policy paragraphs; a standard policy naming the dealer when absent.'),
    payment_provider: z
      .enum(paymentProviders)
      .default('local')
      .describe(
        'Who takes card payments: local (the built-in test processor with test cards; no money moves) or stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET from the environment).',
      ),
    finance_provider: z
      .enum(financeProviders)
      .default('rate_table')
      .describe('Where finance quotes come from: rate_table (finance.lenders in this file) or broker (finance.broker, key FINANCE_BROKER_API_KEY).'),
    checkout: checkoutSchema.prefault({}).describe('Checkout with a reservation deposit.'),
    online_payment: onlinePaymentSchema.prefault({}).describe('Paying an invoice online.'),
    finance: financeSchema.prefault({}).describe('Finance quotes and advertised rates.'),
    spin_to_win: spinToWinSchema.optional().describe('The spin-to-win campaign; the page needs one.'),
    leads: leadsSchema.prefault({}).describe('Lead delivery and keeping.'),
    analytics: analyticsSchema.prefault({}).describe('Analytics: Automotive Standards Council events, GA4 measurement ids and consent.'),
    back_office: backOfficeSchema.optional().describe('Back-office service; service slots come from opening hours when absent.'),
  })
  .superRefine((site, ctx) => {
    if (footerVariantsNeedingNavigation.includes(site.footer.variant) && (!site.navigation.footer || site.navigation.footer.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['navigation', 'footer'],
        message: `Cannot run without navigation: the "${site.footer.variant}" footer needs footer navigation`,
      });
    }
    if (site.features.enabled_pages.includes('spin_to_win') && !site.spin_to_win) {
      ctx.addIssue({ code: 'custom', path: ['spin_to_win'], message: 'is needed when features.enabled_pages has spin_to_win' });
    }
    if (site.finance_provider === 'broker' && !site.finance.broker) {
      ctx.addIssue({ code: 'custom', path: ['finance', 'broker'], message: 'is needed when finance_provider is broker' });
    }
    // A url the field itself refused is reported there; it has no host to compare.
    const urlHost = URL.canParse(site.url) ? new URL(site.url).hostname : undefined;
    site.domains.forEach((domain, i) => {
      if (domain === urlHost) ctx.addIssue({ code: 'custom', path: ['domains', i], message: `"${domain}" is already the host of url` });
    });
    if (site.search.read_only_key && !site.search.host) {
      ctx.addIssue({ code: 'custom', path: ['search', 'read_only_key'], message: 'needs search.host as well' });
    }
    if (site.search.read_only_key_uid && !site.search.read_only_key) {
      ctx.addIssue({ code: 'custom', path: ['search', 'read_only_key_uid'], message: 'needs search.read_only_key, the key it is the uid of' });
    }
    const locationIds = new Set(site.locations.map((l) => String(l.id)));
    site.special_hours.forEach((entry, i) => {
      const id = entry.location_id ?? entry.location?.id;
      if (id !== undefined && !locationIds.has(String(id))) {
        ctx.addIssue({
          code: 'custom',
          path: ['special_hours', i, entry.location_id !== undefined ? 'location_id' : 'location'],
          message: `no location has id "${id}"`,
        });
      }
    });
    site.gmb_profiles.forEach((profile, i) => {
      if (profile.location_id !== undefined && !locationIds.has(String(profile.location_id))) {
        ctx.addIssue({ code: 'custom', path: ['gmb_profiles', i, 'location_id'], message: `no location has id "${profile.location_id}"` });
      }
    });
    const locationSlugs = new Set(site.locations.map((l) => l.slug));
    site.leads.service_booking_pages.forEach((page, i) => {
      if (!locationSlugs.has(page.location_slug)) {
        ctx.addIssue({ code: 'custom', path: ['leads', 'service_booking_pages', i, 'location_slug'], message: `no location has slug "${page.location_slug}"` });
      }
    });
    const garage = site.features.garage_page?.path;
    if (garage !== undefined && site.leads.service_booking_pages.some((page) => page.path === garage)) {
      ctx.addIssue({ code: 'custom', path: ['features', 'garage_page', 'path'], message: `"${garage}" is a service booking page already` });
    }
    site.leads.response_promise?.locations.forEach((promise, i) => {
      if (!locationSlugs.has(promise.location_slug)) {
        ctx.addIssue({
          code: 'custom',
          path: ['leads', 'response_promise', 'locations', i, 'location_slug'],
          message: `no location has slug "${promise.location_slug}"`,
        });
      }
    });
    if (site.locations.filter((l) => l.primary).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['locations'], message: 'only one location can be primary' });
    }
  })
  .transform((site) => ({
    ...site,
    locale: site.locale ?? regionDefaults[site.region].locale,
    time_zone: site.time_zone ?? regionDefaults[site.region].time_zone,
    units: site.units ?? regionDefaults[site.region].units,
    features: { ...site.features, phone_rule: site.features.phone_rule ?? regionDefaults[site.region].phone_rule },
  }))
  .describe('A dealer website: everything its static build needs.');

export type DealerConfigInput = z.input<typeof dealerConfigSchema>;
export type DealerConfig = z.output<typeof dealerConfigSchema>;
export type Location = DealerConfig['locations'][number];
export type OpeningHour = z.output<typeof openingHourSchema>;
export type SpecialHours = z.output<typeof specialHoursSchema>;
export type Review = z.output<typeof reviewSchema>;
export type ReviewSummary = z.output<typeof reviewSummarySchema>;
export type NavigationItem = z.output<typeof navigationItemSchema>;
export type NavLink = NavigationItem['dropdownItems'][number];
export type Manufacturer = z.output<typeof manufacturerSchema>;
export type Model = z.output<typeof modelSchema>;
export type LeadDestination = z.output<typeof leadDestinationSchema>;
