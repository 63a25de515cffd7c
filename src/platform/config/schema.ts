/**
 * The dealer config schema: the single source of truth for what a dealer site can say.
 *
 * `dealers/<slug>.json` is parsed with `dealerConfigSchema`; components read the parsed
 * `DealerConfig` (output type), editors write `DealerConfigInput` (input type, defaults optional).
 * `dealers/schema.json` is generated from this file by `npm run schema`.
 *
 * Field names follow the product spec (snake_case where the back-office uses it), so a site
 * exported from the back-office needs as little mapping as possible.
 */
import { z } from 'zod';
import { PATH_PATTERNS } from './path-patterns';
import { isBalancedFilter } from '../formats/filter-syntax';

// ---------------------------------------------------------------------------
// Shared value types
// ---------------------------------------------------------------------------

/** Any text shown on the page. Length-capped so a pasted novel cannot bloat every page. */
const text = (max = 500) => z.string().trim().max(max);

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slug = z
  .string()
  .regex(slugPattern, { error: 'must be lowercase letters, digits and single hyphens, e.g. "city-motors"' })
  .max(80);

const absoluteUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL, e.g. "https://www.example.com.au"' })
  .max(2000);

/**
 * A link target: a site path ("/service"), an in-page anchor ("#finance-form"), an absolute
 * http(s) URL, or a tel:/mailto: link. Anything else (javascript:, data:, protocol-relative)
 * is refused because it would be clickable script.
 */
export const linkUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^(\/(?!\/)|#|https?:\/\/|tel:|mailto:)/i.test(v) && !/[\s<>"]/.test(v.replace(/^mailto:[^?]*\?.*/i, '')), {
    error: 'must be a site path ("/contact"), an anchor ("#form"), an http(s) URL, or a tel:/mailto: link',
  });

/** An image: a path under the dealer's assets ("/assets/logo.svg") or an absolute http(s) URL. */
export const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^(\/(?!\/)[^\s<>"']*|https?:\/\/[^\s<>"']+)$/i.test(v), {
    error: 'must be a site path ("/assets/logo.svg") or an http(s) URL',
  });

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour "#rrggbb"' });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a 24-hour time "HH:MM"' });
const isoDate = z.iso.date({ error: 'must be a date "YYYY-MM-DD"' });

// ---------------------------------------------------------------------------
// Region
// ---------------------------------------------------------------------------

export { regions, regionDefaults, type Region } from './regions';
import { regions, regionDefaults } from './regions';

export const regionSchema = z.enum(regions).describe('Country the dealer trades in: sets wording, currency, phone rule and units.');

export const phoneRules = ['au', 'au_mobile', 'au_nz_uk', 'nz', 'us'] as const;
export type PhoneRule = (typeof phoneRules)[number];

// ---------------------------------------------------------------------------
// Opening hours, special hours
// ---------------------------------------------------------------------------

export const openingHourSchema = z
  .strictObject({
    weekday: z.number().int().min(0).max(6).describe('Day of the week, 0 Sunday to 6 Saturday.'),
    status: text(60)
      .min(1)
      .describe('"Open", "Closed", or other text shown instead of hours (e.g. "By appointment only").'),
    formated_hours: text(60).optional().describe('Hours as the back-office formats them, e.g. "8:30am - 5:00pm". Shown as is when set.'),
    open: hhmm.optional().describe('Opening time "HH:MM" (24-hour) when status is Open.'),
    close: hhmm.optional().describe('Closing time "HH:MM" (24-hour) when status is Open.'),
  })
  .superRefine((entry, ctx) => {
    if (/^open$/i.test(entry.status) && !entry.formated_hours && !(entry.open && entry.close)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'an Open day needs open and close times, or formated_hours' });
    }
  })
  .describe('One day of a location\'s regular opening hours.');

export const specialHoursSchema = z
  .strictObject({
    date: isoDate.describe('The day these hours apply, "YYYY-MM-DD" in the dealer\'s time zone.'),
    name: text(80).optional().describe('Holiday name, e.g. "Christmas Day".'),
    status: text(60).default('Closed').describe('"Open", "Closed", or other text shown instead of hours.'),
    start_hour: hhmm.optional().describe('Opening time "HH:MM" when open.'),
    end_hour: hhmm.optional().describe('Closing time "HH:MM" when open.'),
    hours: z
      .strictObject({ begin: hhmm.describe('Opening time.'), end: hhmm.describe('Closing time.') })
      .optional()
      .describe('Back-office form of start_hour/end_hour; used when those are absent.'),
    location_id: z.union([z.number().int(), z.string().max(40)]).optional().describe('The location these hours belong to.'),
    location: z
      .strictObject({ id: z.union([z.number().int(), z.string().max(40)]).describe('Location id.') })
      .optional()
      .describe('Back-office form of location_id.'),
  })
  .describe('Holiday or other one-off hours for a location.');

// ---------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------

export const reviewSchema = z
  .strictObject({
    id: z.union([z.number().int(), z.string().max(40)]).describe('Review id from the review source.'),
    customer_name: text(120).describe('Name of the reviewer as published.'),
    rating: z.number().min(0).max(5).describe('Stars given, 0 to 5.'),
    text: text(5000).default('').describe('Review text; truncated to 160 characters with "View more" on the page.'),
    review_date: isoDate.optional().describe('Date of the review, "YYYY-MM-DD".'),
    review_date_in_words: text(60).optional().describe('Date as words, e.g. "3 weeks ago".'),
    created_at_time_ago_in_words: text(60).optional().describe('Alternative "time ago" wording from the back-office.'),
    image: z.strictObject({ url: imageUrl.describe('Reviewer photo.') }).optional().describe('Reviewer photo.'),
    hidden: z.boolean().default(false).describe('Hide this review on the site.'),
  })
  .describe('A customer review.');

export const reviewSummarySchema = z
  .strictObject({
    count: z.number().int().min(0).describe('Number of reviews.'),
    average_rating: z.number().min(0).max(5).describe('Average star rating, 0 to 5.'),
  })
  .describe('Review count and average rating.');

// ---------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------

export const locationTypes = ['sales', 'service', 'parts'] as const;

export const locationSchema = z
  .strictObject({
    id: z.union([z.number().int(), z.string().max(40)]).describe('Location id from the back-office.'),
    name: text(120).min(1).describe('Location name, e.g. "Northside Toyota - Service". A trailing " - Sales", " - Service" or " - Parts" is dropped in /contact-us/{location} URLs.'),
    slug: slug.describe('URL slug for /our-location/{slug}; unique within the dealer.'),
    primary: z.boolean().default(false).describe('The dealer\'s main location; listed first.'),
    position: z.number().int().default(0).describe('Sort order among locations (lower first, after the primary).'),
    location_type: z
      .union([z.enum(locationTypes), z.literal('')])
      .default('sales')
      .transform((v) => (v === '' ? 'sales' : v))
      .describe('sales, service or parts; empty means sales.'),
    location_subtype: z.array(text(40)).default([]).describe('Sub-types, e.g. ["buying"].'),
    dealership_id: z.union([z.number().int(), z.string().max(40)]).optional().describe('Dealership this location belongs to.'),
    dealership_slug: slug.optional().describe('Slug of the dealership this location belongs to.'),
    manufacturers: z.array(text(60)).default([]).describe('Makes sold or serviced here.'),
    dealer_license_number: text(60).optional().describe('Dealer licence number shown on the location card, e.g. "MD12345".'),
    motor_vehicle_repairer: text(60).optional().describe('Motor vehicle repairer licence number.'),
    visible: z.boolean().default(true).describe('Show this location on the site.'),
    status_label: text(60).optional().describe('Short label shown on the card instead of a rating, e.g. "COMING EARLY 2026".'),
    average_rating: z.number().min(0).max(5).optional().describe('Average star rating for this location.'),
    review_count: z.number().int().min(0).optional().describe('Number of reviews for this location.'),
    reviews: reviewSummarySchema.optional().describe('Review summary (back-office form of average_rating/review_count).'),
    image: z
      .strictObject({
        image: z
          .strictObject({
            url: imageUrl.describe('Full-size photo.'),
            thumb: z.strictObject({ url: imageUrl.describe('Thumbnail photo.') }).optional().describe('Thumbnail.'),
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
        map_key: text(200).optional().describe('Public maps key for this location; overrides the site\'s maps key.'),
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

// ---------------------------------------------------------------------------
// Navigation
// ---------------------------------------------------------------------------

const navLinkSchema = z
  .strictObject({
    name: text(80).min(1).describe('Link text.'),
    url: linkUrl.describe('Link target.'),
    target: z.enum(['_self', '_blank']).default('_self').describe('"_blank" opens in a new tab.'),
    className: z.string().regex(/^[A-Za-z0-9 _-]*$/, { error: 'must be plain class names' }).max(120).optional().describe('Extra CSS classes.'),
    image: imageUrl.optional().describe('Tile image (brands and models menus).'),
  })
  .describe('A menu link.');

export const dynamicDropdowns = ['brands', 'models', 'tractors', 'bodies', 'stock', 'columns'] as const;

export const navigationItemSchema = z
  .strictObject({
    name: text(80).min(1).describe('Menu label.'),
    url: linkUrl.optional().describe('Link target; a dropdown without one opens on click only.'),
    target: z.enum(['_self', '_blank']).default('_self').describe('"_blank" opens in a new tab.'),
    className: z.string().regex(/^[A-Za-z0-9 _-]*$/, { error: 'must be plain class names' }).max(120).optional().describe('Extra CSS classes.'),
    dynamicDropdown: z
      .enum(dynamicDropdowns)
      .optional()
      .describe('Mega-menu kind: brands (tiles from manufacturers), models (grid from models), tractors, bodies (body styles plus a Shop Cars column from dropdownItems), stock (car types), columns (dropdownMenus as columns).'),
    dropdownItems: z.array(navLinkSchema).max(60).default([]).describe('Links of a plain dropdown, or the Shop Cars column of a bodies menu.'),
    dropdownMenus: z
      .array(
        z
          .strictObject({
            heading: text(80).describe('Column heading.'),
            items: z.array(navLinkSchema).max(40).describe('Column links.'),
          })
          .describe('A column of a multi-column menu.'),
      )
      .max(8)
      .default([])
      .describe('Columns of a multi-column menu.'),
  })
  .describe('A header or footer menu entry.');

export const footerVariants = ['columns', 'brand', 'group', 'minimal'] as const;
/** Footer variants that are built from footer navigation and cannot run without it. */
export const footerVariantsNeedingNavigation: readonly FooterVariant[] = ['columns', 'brand', 'group'];
export type FooterVariant = (typeof footerVariants)[number];

// ---------------------------------------------------------------------------
// Brands, models
// ---------------------------------------------------------------------------

export const manufacturerSchema = z
  .strictObject({
    id: z.union([z.number().int(), z.string().max(40)]).optional().describe('Manufacturer id from the back-office.'),
    name: text(60).min(1).describe('Make name, e.g. "Toyota".'),
    slug: slug.describe('Make slug, e.g. "toyota".'),
    logo: z.strictObject({ url: imageUrl.describe('Logo image.') }).optional().describe('Brand logo.'),
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
    image: z.strictObject({ url: imageUrl.describe('Model image.') }).optional().describe('Model image.'),
    cloudfront_new_image_url: imageUrl.optional().describe('CDN image; preferred over image.url.'),
    position: z.number().int().default(0).describe('Sort order in the models grid.'),
    override_url: linkUrl.optional().describe('Link used instead of /models/{slug}.'),
    price_from: z.number().min(0).optional().describe('Drive-away price from, in the dealer\'s currency.'),
  })
  .describe('A model in the models mega-menu and models list.');

// ---------------------------------------------------------------------------
// Site-level groups
// ---------------------------------------------------------------------------

const headerButtonSchema = z
  .strictObject({
    label: text(40).min(1).describe('Button text.'),
    url: linkUrl.describe('Button target.'),
  })
  .describe('A header call-to-action button.');

const headerSchema = z
  .strictObject({
    buttons: z
      .array(headerButtonSchema)
      .max(3)
      .default([
        { label: 'Book a Service', url: '/service' },
        { label: 'Finance Pre-Approval', url: '/finance' },
      ])
      .describe('Header buttons; defaults to "Book a Service" and "Finance Pre-Approval".'),
    top_banner: z
      .strictObject({
        show: z.boolean().default(true).describe('Show the top banner.'),
        address: z.boolean().default(true).describe('Show the primary location\'s address.'),
        phone: z.boolean().default(true).describe('Show the phone number.'),
        locations_link: z.boolean().default(true).describe('Show a link to the locations list.'),
        social: z.boolean().default(true).describe('Show social links.'),
        rating: z.boolean().default(true).describe('Show the dealer star rating.'),
      })
      .prefault({})
      .describe('What the top banner shows.'),
  })
  .describe('Header settings.');

const staffContactSchema = z
  .strictObject({
    name: text(80).min(1).describe('Staff member name.'),
    role: text(80).optional().describe('Role, e.g. "Sales Manager".'),
    phone: text(30).optional().describe('Direct phone.'),
    email: z.email().max(200).optional().describe('Direct email.'),
  })
  .describe('A staff contact shown in the footer.');

const footerSchema = z
  .strictObject({
    variant: z
      .enum(footerVariants)
      .default('columns')
      .describe('Footer layout: columns (link columns), brand (columns with the manufacturer), group (columns plus the group logo strip), minimal (no navigation).'),
    show_hours: z.boolean().default(true).describe('Show the primary location\'s opening hours.'),
    show_contact: z.boolean().default(true).describe('Show contact details and the map link.'),
    show_subscribe: z.boolean().default(true).describe('Show the subscribe form.'),
    staff_contacts: z.array(staffContactSchema).max(20).default([]).describe('Staff contacts.'),
    licence_numbers: z.array(text(120)).max(20).default([]).describe('Licence numbers as static text, e.g. "LMCT 12345".'),
    licence_line: text(300).optional().describe('Dealer licence line under the copyright; built from the primary location\'s licence when absent.'),
    sub_footer_text: text(1000).optional().describe('Static text in the sub-footer (disclaimers).'),
    powered_by: z
      .strictObject({ name: text(60).describe('Credit name.'), url: absoluteUrl.describe('Credit link.') })
      .default({ name: 'Dealer Sites', url: 'https://www.dealersites.example' })
      .describe('Powered-by credit.'),
  })
  .describe('Footer settings.');

const socialSchema = z
  .strictObject({
    facebook_url: absoluteUrl.optional().describe('Facebook page.'),
    instagram_url: absoluteUrl.optional().describe('Instagram profile.'),
    youtube_url: absoluteUrl.optional().describe('YouTube channel.'),
    linkedin_url: absoluteUrl.optional().describe('LinkedIn page.'),
    tiktok_url: absoluteUrl.optional().describe('TikTok profile.'),
    xtime_url: absoluteUrl.optional().describe('Xtime service-booking link.'),
  })
  .describe('Social and booking links.');

export const savedCarsModes = ['favourites', 'garage', 'compare'] as const;
export const gatedPages = ['checkout', 'finance', 'spin_to_win', 'online_payment', 'equifax_finance'] as const;

const featuresSchema = z
  .strictObject({
    saved_cars: z
      .enum(savedCarsModes)
      .default('favourites')
      .describe('How shoppers keep cars: a favourites list, a signed-in garage, or a compare list.'),
    gated_pages: z
      .array(z.enum(gatedPages))
      .default([])
      .describe('Pages that need sign-in on this site. my-garage is always gated.'),
    enabled_pages: z
      .array(z.enum(['checkout', 'spin_to_win', 'online_payment', 'personalised_finance']))
      .default([])
      .describe('Optional pages this site offers.'),
    phone_rule: z
      .enum(phoneRules)
      .optional()
      .describe('Phone validation: au, au_mobile (mobile only), au_nz_uk (wider), nz, us. Defaults by region.'),
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
    make_sort: z.enum(['volume', 'alphabetical', 'preferred']).default('volume').describe('Make dropdown order: by stock volume, alphabetically, or the preferred regional order.'),
    age_helper: z.number().int().min(0).max(14).default(0).describe('Stock age helper value (0 to 14) used by stock filters.'),
    luxury_quick_picks: z.boolean().default(false).describe('Currency quick picks run $300,000 to $800,000 instead of $5,000 to $70,000.'),
    safety_banner: z
      .strictObject({
        dealer_id: text(40).min(1).describe('Safety-rating banner dealer id; the banner shows only when set.'),
        script_url: absoluteUrl.describe("The banner vendor's widget script; car pages load it only when the banner nears the viewport."),
        classes: z.array(z.enum(['V', 'N'])).min(1).max(2).default(['V', 'N']).describe('Vehicle classes: V passenger, N commercial.'),
      })
      .optional()
      .describe('Safety-rating banner widget.'),
  })
  .describe('Feature switches.');

const searchSchema = z
  .strictObject({
    default_search_path: z
      .string()
      .regex(/^\/[a-z0-9/-]*$/, { error: 'must be a site path such as "/search/used-cars"' })
      .optional()
      .describe('Overrides the template\'s default search path, e.g. "/pre-owned".'),
    search_filters: z
      .string()
      .max(2000)
      // An unbalanced filter could close the parentheses it is wrapped in and widen every search.
      .refine(isBalancedFilter, { error: 'has unbalanced parentheses or quotes' })
      .optional()
      .describe('Site filter added to every stock search, in Meilisearch filter syntax.'),
    host: absoluteUrl.optional().describe('Meilisearch host for the browser; the embedded search API is used when absent.'),
    read_only_key: z.string().max(200).optional().describe('Meilisearch search-only key for the browser.'),
    index_uid: z.string().regex(/^[A-Za-z0-9_-]+$/).max(100).optional().describe('Stock index name; defaults to the dealer slug.'),
    default_sort: z.string().max(100).optional().describe('Default sort, e.g. "price:asc"; "custom_rank:desc" when absent.'),
    price_asc_requires_price: z.boolean().default(false).describe('Price-ascending sort also filters price > 0.'),
    path_patterns: z
      .array(
        z.enum(PATH_PATTERNS),
      )
      .default(['car_type', 'make+model', 'make', 'body'])
      .describe('Search path patterns this site allows, in the spec order.'),
    body_styles: z
      .array(text(30))
      .max(20)
      .default(['SUV', 'Hatchback', 'Ute', 'Coupe', 'Sedan', 'Wagon'])
      .describe('Body styles offered in menus and tiles.'),
    hero_options: z
      .array(z.enum(['all', 'new_demo', 'new', 'used', 'demo']))
      .default(['all', 'new', 'used'])
      .describe('Hero vehicle-type slider options, in order.'),
    categories: z
      .array(z.enum(['cars', 'trucks', 'caravans', 'motorcycles', 'rental', 'subscription']))
      .default(['cars'])
      .describe('Kinds of stock this dealer sells.'),
    include_sold_cars_days: z.number().int().min(0).max(60).default(3).describe('Sold cars flagged for the website stay listed this many days.'),
    demo_stock: z
      .number()
      .int()
      .min(0)
      .max(5000)
      .optional()
      .describe('Generate this many demo vehicles when no stock feed has been imported (demo and test sites only).'),
    custom_body_tiles: z.boolean().default(false).describe('Body-type facet shows up to 20 tiles instead of 4.'),
    car_types: z
      .strictObject({
        new: z.number().int().min(0).default(0).describe('New cars in stock.'),
        demo: z.number().int().min(0).default(0).describe('Demo cars in stock.'),
        used: z.number().int().min(0).default(0).describe('Used cars in stock.'),
      })
      .prefault({})
      .describe('Configured stock counts per car type, used when the live count fails.'),
  })
  .describe('Stock search settings.');

const seoSchema = z
  .strictObject({
    title: text(120).optional().describe('Home page title; the dealer name when absent.'),
    description: text(300).min(1).describe('Default meta description.'),
    keywords: z.array(text(60)).max(30).default([]).describe('Meta keywords.'),
    social_image: imageUrl.optional().describe('Default social-sharing image (1200x630).'),
    google_site_verification: z.string().regex(/^[A-Za-z0-9_-]+$/).max(100).optional().describe('Google site verification token.'),
  })
  .describe('Search engine and sharing metadata.');

const homeSchema = z
  .strictObject({
    hero: z
      .strictObject({
        heading: text(120).describe('Hero heading.'),
        subheading: text(240).optional().describe('Hero subheading.'),
        image: imageUrl.optional().describe('Hero background image.'),
      })
      .describe('Hero area.'),
    welcome: z
      .strictObject({
        heading: text(120).describe('Welcome heading.'),
        paragraphs: z.array(text(2000)).max(6).default([]).describe('Welcome text paragraphs.'),
      })
      .optional()
      .describe('Welcome block.'),
    cards: z
      .array(
        z
          .strictObject({
            title: text(80).describe('Card title.'),
            text: text(300).optional().describe('Card text.'),
            url: linkUrl.describe('Card link.'),
            image: imageUrl.optional().describe('Card image.'),
          })
          .describe('A home page card.'),
      )
      .max(8)
      .default([])
      .describe('Feature cards.'),
    subscribe_image: imageUrl.optional().describe('Subscribe section background image.'),
  })
  .describe('Home page content.');

const reviewsSchema = z
  .strictObject({
    variant: z.enum(['default', 'highlighted', 'modern']).default('default').describe('Review card style.'),
    show_section: z.boolean().default(false).describe('Show the Google reviews block even without reviews.'),
    min_rating: z.number().min(0).max(5).default(4).describe('Reviews and the "rating out of N reviews" line show only above this average.'),
    excluded_customers: z.array(text(120)).default([]).describe('Reviewer names never shown.'),
    summary: reviewSummarySchema.optional().describe('Google rating summary; computed from items when absent.'),
    items: z.array(reviewSchema).max(200).default([]).describe('Customer reviews.'),
    snap21_org_id: z.string().max(60).optional().describe('Snap21 organisation id for the external rating.'),
    google_review_url: absoluteUrl.optional().describe('Link to leave or read Google reviews.'),
  })
  .describe('Customer reviews.');

// ---------------------------------------------------------------------------
// Leads: where they go, how long they are kept, and the outside systems forms talk to
// ---------------------------------------------------------------------------

/** An environment variable's name. Secrets live in the environment, never in a committed dealer file. */
const envName = z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/, { error: 'must be an environment variable name such as "KINGFISHER_WEBHOOK_SECRET"' });

const leadDestinationSchema = z
  .discriminatedUnion('type', [
    z
      .strictObject({
        type: z.literal('webhook').describe('POST the lead as JSON, signed with HMAC-SHA256.'),
        url: absoluteUrl.describe('Webhook address.'),
        secret_env: envName.describe('Environment variable holding the HMAC secret.'),
      })
      .describe('A webhook destination.'),
    z
      .strictObject({
        type: z.literal('adf_email').describe('Email the lead as ADF/XML through SMTP (SMTP_URL).'),
        to: z.array(z.email().max(200)).min(1).max(10).describe('Recipients, usually the dealer CRM inbox.'),
      })
      .describe('An ADF/XML email destination.'),
  ])
  .describe('Where completed leads are delivered.');

const leadsSchema = z
  .strictObject({
    destinations: z
      .array(leadDestinationSchema)
      .max(10)
      .default([])
      .describe('Delivery destinations; with none, ADF/XML goes to the site email when SMTP is configured. The local outbox folder always gets a copy unless disabled.'),
    retention_days: z.number().int().min(30).max(3650).default(730).describe('Leads older than this are removed by `npm run leads:purge`.'),
    consent_text: text(400).min(1).default('Keep me up to date with offers and news').describe('Opt-in wording shown beside the checkbox and stored with each lead.'),
    service_booking_pages: z
      .array(
        z
          .strictObject({
            path: z.string().regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be a one-segment site path such as "/book-a-service-smithfield"' }).describe('Page path.'),
            location_slug: slug.describe('Service location the page books at.'),
            title: text(120).min(1).optional().describe('Page heading; "Book a Service at {location}" when absent.'),
          })
          .describe('A per-location service booking page.'),
      )
      .max(20)
      .default([])
      .describe('Service booking pages per location, besides /service.'),
  })
  .describe('Lead delivery and keeping.');

const backOfficeSchema = z
  .strictObject({
    base_url: absoluteUrl.describe('Back-office API base, e.g. "https://backoffice.example.com/api".'),
    dealership_id: z.union([z.number().int(), z.string().max(40)]).describe('Dealership id in the back-office.'),
    credentials_env: envName.describe('Environment variable holding "user:password" for basic auth.'),
  })
  .describe('Back-office service: manufacturers and service / appointment availability.');

// ---------------------------------------------------------------------------
// The dealer config
// ---------------------------------------------------------------------------

export const dealerConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Path to dealers/schema.json for editor autocompletion.'),
    id: z.union([z.number().int(), z.string().max(40)]).describe('Website id from the back-office.'),
    slug: slug.describe('Dealer slug; must match the file name (dealers/{slug}.json) and is the dist/ folder name.'),
    template: slug.optional().describe('Template the site is built on; sets default search path and behaviour. Defaults to the slug.'),
    name: text(120).min(1).describe('Dealer trading name.'),
    url: absoluteUrl.describe('The dealer\'s public site address; canonical URLs and the sitemap use it.'),
    region: regionSchema,
    locale: z.enum(['en-AU', 'en-NZ', 'en-US']).optional().describe('Interface wording; defaults by region.'),
    time_zone: z.string().max(60).optional().describe('IANA time zone for hours and holidays, e.g. "Australia/Brisbane". Defaults by region.'),
    units: z.enum(['km', 'miles']).optional().describe('Distance units; miles in the US, km elsewhere by default.'),
    logo: z
      .strictObject({
        url: imageUrl.describe('Logo image.'),
        alt: text(120).optional().describe('Logo text alternative; the dealer name when absent.'),
        width: z.number().int().min(1).max(2000).default(85).describe('Logo width in px (spec default 85).'),
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
    address: text(300).optional().describe('Main address line; the primary location\'s address when absent.'),
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
            location_id: z.union([z.number().int(), z.string().max(40)]).optional().describe('Location the profile belongs to.'),
            review_url: absoluteUrl.describe('Google review link.'),
          })
          .describe('A Google Business profile.'),
      )
      .default([])
      .describe('Google Business profiles.'),
    navigation: z
      .strictObject(
        {
          header: z
            .array(navigationItemSchema, { error: 'Cannot run without navigation: header navigation must be a list' })
            .max(12)
            .describe('Header menu.'),
          footer: z.array(navigationItemSchema).max(12).optional().describe('Footer link columns; required by the columns, brand and group footers.'),
        },
        { error: 'Cannot run without navigation: navigation must be an object with a header list' },
      )
      .describe('Header and footer menus.'),
    header: headerSchema.prefault({}).describe('Header settings.'),
    footer: footerSchema.prefault({}).describe('Footer settings.'),
    features: featuresSchema.prefault({}).describe('Feature switches.'),
    search: searchSchema.prefault({}).describe('Stock search settings.'),
    seo: seoSchema.describe('Search engine and sharing metadata.'),
    home: homeSchema.describe('Home page content.'),
    reviews: reviewsSchema.prefault({}).describe('Customer reviews.'),
    maps_key: z.string().regex(/^[A-Za-z0-9_-]+$/).max(200).optional().describe('Public maps key; location maps load only when set.'),
    image_cdn: z
      .strictObject({
        base_url: absoluteUrl.describe('Image CDN base; images are requested with width and quality.'),
        quality: z.number().int().min(1).max(100).default(75).describe('Default image quality.'),
      })
      .optional()
      .describe('Image CDN settings.'),
    privacy_policy: z.array(text(4000)).max(40).optional().describe('Privacy policy paragraphs; a standard policy naming the dealer when absent.'),
    push_leads_to_website_primary_location: z.boolean().default(false).describe('Route every lead to the primary location.'),
    push_leads_to_website_primary_dealership: z.boolean().default(false).describe('Route every lead to the primary dealership.'),
    payment_provider: z.string().max(40).optional().describe('Online payment provider.'),
    finance_provider: z.string().max(40).optional().describe('Finance provider.'),
    leads: leadsSchema.prefault({}).describe('Lead delivery and keeping.'),
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
    if (site.search.read_only_key && !site.search.host) {
      ctx.addIssue({ code: 'custom', path: ['search', 'read_only_key'], message: 'needs search.host as well' });
    }
    const locationIds = new Set(site.locations.map((l) => String(l.id)));
    site.special_hours.forEach((entry, i) => {
      const id = entry.location_id ?? entry.location?.id;
      if (id !== undefined && !locationIds.has(String(id))) {
        ctx.addIssue({ code: 'custom', path: ['special_hours', i, entry.location_id !== undefined ? 'location_id' : 'location'], message: `no location has id "${id}"` });
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
    if (site.locations.filter((l) => l.primary).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['locations'], message: 'only one location can be primary' });
    }
  })
  .transform((site) => ({
    ...site,
    template: site.template ?? site.slug,
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
