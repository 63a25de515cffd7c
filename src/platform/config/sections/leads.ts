/** Lead delivery, keeping, and the back-office service. */
import { z } from 'zod';
import { absoluteUrl, slug, text } from './values';

/** An environment variable's name. Secrets live in the environment, never in a committed dealer file. */
export const envName = z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/, { error: 'must be an environment variable name such as "KINGFISHER_WEBHOOK_SECRET"' });

export const leadDestinationSchema = z
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

/** Minutes of opening hours: at most a working fortnight. */
const promiseMinutes = z.number().int().min(1).max(10080);

export const escalationContactSchema = z
  .strictObject({
    name: text(80).min(1).describe('Who is told, e.g. "Sam Lee, sales manager".'),
    email: z.email().max(200).optional().describe('Email address the escalation goes to.'),
    phone: text(30).optional().describe('Mobile number the escalation is texted to (through the SMS provider).'),
  })
  .refine((contact) => contact.email !== undefined || contact.phone !== undefined, { error: 'an escalation contact needs an email or a phone' })
  .describe('One person to tell when a lead goes unanswered.');

export const responsePromiseSchema = z
  .strictObject({
    minutes: promiseMinutes.describe("How soon every lead is answered, in minutes of the location's opening hours."),
    locations: z
      .array(
        z
          .strictObject({ location_slug: slug.describe('The location.'), minutes: promiseMinutes.describe('Its promise, in minutes of its opening hours.') })
          .describe("One location's own promise."),
      )
      .max(50)
      .default([])
      .describe('Locations that promise a different time.'),
    escalation: z
      .array(escalationContactSchema)
      .max(10)
      .default([])
      .describe(
        'Who is told, in turn, when a lead is not acknowledged in time: the first when the promise runs out, the next one promise later, and so on (email and SMS).',
      ),
  })
  .describe("The dealer's response promise: leads not acknowledged in time are escalated.");

export const leadsSchema = z
  .strictObject({
    weekend_enquiry_page: z
      .string()
      .regex(/^\/[a-z0-9/-]*$/, { error: 'must be a site path such as "/contact-us/smithfield"' })
      .max(200)
      .optional()
      .describe("The dealer's fixed contact page, offered as 'Enquire Now' beside the Saturday and Sunday hours it opens."),
    save_valuation: z
      .boolean()
      .default(false)
      .describe('Keeps the online estimate against the lead (POST /api/miscellaneous with column_name "valuation") once the shopper has it.'),
    finance_target: z
      .enum(['leads', 'car_clarity'])
      .default('leads')
      .describe(
        'Where the finance form creates its lead: leads (POST /api/leads, JSON) or car_clarity (POST /api/carClarityCustomer, form fields); later steps update it at /api/leads/{id} either way.',
      ),
    destinations: z
      .array(leadDestinationSchema)
      .max(10)
      .default([])
      .describe(
        'Delivery destinations; with none, ADF/XML goes to the site email when SMTP is configured. The local outbox folder always gets a copy unless disabled.',
      ),
    retention_days: z.number().int().min(30).max(3650).default(730).describe('Leads older than this are removed by `npm run leads:purge`.'),
    consent_text: text(400)
      .min(1)
      .default('Keep me up to date with offers and news')
      .describe('Opt-in wording shown beside the checkbox and stored with each lead.'),
    shopper_reply: z
      .strictObject({
        enabled: z
          .boolean()
          .default(true)
          .describe('Email each shopper who leaves an email address a reply once their lead is stored, naming the car or booking it is about.'),
        message: text(1000)
          .min(1)
          .optional()
          .describe(
            "The reply's words after the greeting, in the dealer's voice (blank lines start a paragraph). Without it the reply thanks the shopper and says the team will be in touch within one business day.",
          ),
      })
      .prefault({})
      .describe('The automatic reply to the shopper (sent through the outbox after the lead is stored, so it never holds a lead up).'),
    response_promise: responsePromiseSchema.optional(),
    service_booking_pages: z
      .array(
        z
          .strictObject({
            path: z
              .string()
              .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be a one-segment site path such as "/book-a-service-smithfield"' })
              .describe('Page path.'),
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

export const backOfficeSchema = z
  .strictObject({
    base_url: absoluteUrl.describe('Back-office API base, e.g. "https://backoffice.example.com/api".'),
    dealership_id: z.union([z.number().int(), z.string().max(40)]).describe('Dealership id in the back-office.'),
    credentials_env: envName.describe('Environment variable holding "user:password" for basic auth.'),
  })
  .describe('Back-office service: manufacturers and service / appointment availability.');
