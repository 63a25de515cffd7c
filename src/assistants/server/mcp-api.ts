/**
 * The agent endpoint a shopper's AI assistant talks to (mounted at /api, so POST /api/mcp on the
 * dealer's own host): the Model Context Protocol over Streamable HTTP, stateless (a server and a
 * transport per request, JSON answers, no sessions or streams to keep), on the official SDK.
 * docs/decisions/assistants.md says why each choice.
 *
 * Read-only but for the two lead tools, and only what the public site shows: cars through the
 * listing rule (search's scoped index, listedCarLookup for one car), locations the site shows,
 * the booking times the forms offer. The lead tools post to the very /leads route the forms post
 * to (same schemas, rate limit, idempotency, storage and outbox), with `source: "AI assistant"`
 * and the shopper's consent as arguments the assistant must state.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DealerConfig } from '../../platform/config/schema';
import { knownDealer, type ConfigFor, type SiteEnv } from '../../platform/http/dealer-site';
import { limitByAddress, memoryRateLimiter, rateLimitPerMinute, type RateLimiter, type RateLimitSetting } from '../../platform/http/rate-limit';
import { todayIn } from '../../platform/formats/zoned-time';
import { formatDate } from '../../platform/formats/region';
import { siteUrl } from '../../dealer/model/seo';
import type { Providers } from '../../providers';
import { bookingLocation, weekdayOf } from '../../providers/service-slots';
import type { SearchIndexProvider } from '../../search/server/search-indexes';
import type { CarLookup } from '../../search/server/listed-stock';
import type { HeldCars } from '../../checkout/server/held-cars';
import { consentWordings } from '../../leads/model/consent';
import { vehicleEnquiryCategory } from '../../stock/model/enquiry-category';
import { IDEMPOTENCY_KEY_PATTERN } from '../../leads/model/payload';
import { carDetails, type CarDetails } from '../model/car-answer';
import { locationAnswers } from '../model/locations-answer';
import { ASSISTANT_SERVER_VERSION, MCP_PATH } from '../model/discovery';
import { ASSISTANT_MAX_PAGE, ASSISTANT_SORTS, SearchRefused, searchStock } from './stock-search';
import { ASSISTANT_SOURCE, type LeadSender } from './lead-sender';

/** Calls to the endpoint per minute per address: a conversation makes a handful; a scraper is slowed. */
export const ASSISTANT_RATE_LIMIT: RateLimitSetting = {
  variable: 'ASSISTANT_RATE_LIMIT_PER_MINUTE',
  perMinute: 120,
  prefix: 'assistant:rate:',
  name: 'assistant',
};

/** A JSON-RPC call with a tool's arguments is small; this is far above any of ours. */
export const MAX_ASSISTANT_BODY_BYTES = 64 * 1024;

export interface AssistantApiOptions {
  configFor: ConfigFor;
  indexes: SearchIndexProvider;
  /** The cars the site lists, by id (listedCarLookup over the stock store). */
  listedCar: CarLookup;
  /** Cars held by a deposit: the live reservation state. */
  held: HeldCars;
  providers: Pick<Providers, 'geocoder' | 'serviceSlots'>;
  sendLead: LeadSender;
  /** The clock the lead route checks booking times on, so the times offered are the times taken. */
  now: () => number;
  env: NodeJS.ProcessEnv;
  rateLimiter?: RateLimiter;
}

const CAR_ID = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, { error: 'A car id is the number search_stock gives as "id".' })
  .describe('The car\'s "id" from search_stock.');

const text = (max: number) => z.string().trim().min(1).max(max);

/** What the shopper must have said before a lead tool is called; stated, never assumed. */
const shopperAsked = z.literal(true, { error: 'Send this only when the shopper has asked you to send their details to the dealer.' });

const answer = (value: object): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 1) }],
  structuredContent: value as Record<string, unknown>,
});
const refused = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

function leadRefusal(status: number, body: Record<string, unknown>): CallToolResult {
  const fields = typeof body.fields === 'object' && body.fields !== null ? Object.entries(body.fields as Record<string, string>) : [];
  const detail = fields.map(([field, problem]) => `- ${field.replace(/^lead\./, '')}: ${problem}`).join('\n');
  const error = typeof body.error === 'string' ? body.error : `The dealer's system answered ${status}.`;
  return refused(`Not sent (${status}): ${error}${detail ? `\n${detail}` : ''}`);
}

function describeDealer(site: DealerConfig): string {
  return `${site.name}: cars for sale, locations and opening hours, test drives and enquiries.`;
}

/** The tools, for one request: built per request so each reads the dealer the Host names. */
function assistantServer(c: Context<SiteEnv>, options: AssistantApiOptions): McpServer {
  const site = c.get('site');
  const { indexes, listedCar, held, providers, sendLead, now } = options;
  const consent = consentWordings(site).checkbox;
  const server = new McpServer(
    { name: `${site.slug}-stock`, title: `${site.name} stock and bookings`, version: ASSISTANT_SERVER_VERSION },
    { instructions: describeDealer(site) },
  );
  const notFound = (id: string) => refused(`No car with id ${id} is for sale at ${site.name}. Search again with search_stock.`);

  async function car(id: string): Promise<CarDetails | undefined> {
    const found = listedCar(site, id);
    if (!found) return undefined;
    const reserved = (await held(site.slug)).ids.has(String(found.id));
    return carDetails(found, site, reserved);
  }

  server.registerTool(
    'search_stock',
    {
      title: 'Search cars for sale',
      description:
        `Search ${site.name}'s cars for sale as the site's search does. Pass the shopper's words as they said them ` +
        '("white Toyota SUV under $40,000 near 4000"): makes, body types, fuels, new/used and prices are understood as on the site, ' +
        'a postcode after "near" sorts nearest first. Or use the fields. Answers 10 cars a page, with a link to the same search on the site.',
      inputSchema: {
        words: z.string().max(200).optional().describe('What the shopper asked for, in their words.'),
        make: text(60).optional(),
        model: text(80).optional(),
        body: text(40).optional().describe('e.g. SUV, Hatchback, Ute, Sedan.'),
        colour: text(40).optional(),
        fuel: text(40).optional(),
        condition: z.enum(['new', 'demo', 'used']).optional(),
        min_price: z.number().int().min(0).max(100_000_000).optional(),
        max_price: z.number().int().min(0).max(100_000_000).optional(),
        postcode: z.string().max(10).optional().describe("The shopper's postcode, for distance."),
        within: z
          .union([z.literal(25), z.literal(50), z.literal(100), z.literal(250)])
          .optional()
          .describe(`Only cars within this distance of the postcode, in ${site.units === 'miles' ? 'miles' : 'km'}.`),
        sort: z.enum(Object.keys(ASSISTANT_SORTS) as [keyof typeof ASSISTANT_SORTS, ...(keyof typeof ASSISTANT_SORTS)[]]).optional(),
        page: z.number().int().min(1).max(ASSISTANT_MAX_PAGE).optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      try {
        return answer(await searchStock(site, input, { indexes, geocoder: providers.geocoder, now }));
      } catch (error) {
        if (error instanceof SearchRefused) return refused(error.message);
        throw error;
      }
    },
  );

  server.registerTool(
    'get_car',
    {
      title: 'One car, live',
      description:
        'One car: its price with the wording the site must show, and whether it is still for sale now (availability, reserved by ' +
        "another shopper's deposit), from the dealer's live stock. Also where it can be test driven, if it can.",
      inputSchema: { car_id: CAR_ID },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ car_id }) => {
      const details = await car(car_id);
      return details ? answer(details) : notFound(car_id);
    },
  );

  server.registerTool(
    'list_locations',
    {
      title: 'Locations and opening hours',
      description: `${site.name}'s locations: address, phone, opening hours, holiday hours, and whether each takes test drives or service bookings.`,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => answer({ locations: locationAnswers(site, todayIn(site.time_zone, new Date(now()))) }),
  );

  server.registerTool(
    'get_booking_times',
    {
      title: 'Free test-drive or service times',
      description:
        'Free times in the next three weeks. For a test drive give the car_id (the car is driven from its own yard); for a service give a ' +
        'service location_id from list_locations. Times are local to the dealer.',
      inputSchema: {
        kind: z.enum(['test_drive', 'service']),
        car_id: CAR_ID.optional(),
        location_id: z.string().max(40).optional().describe('A service location id from list_locations.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ kind, car_id, location_id }) => {
      let locationId: string;
      if (kind === 'test_drive') {
        if (!car_id) return refused('car_id: a test drive is of one car; give its id.');
        const details = await car(car_id);
        if (!details) return notFound(car_id);
        if (!details.test_drive_location) return refused(`The ${details.name} cannot be booked for a test drive now (${details.availability}).`);
        locationId = details.test_drive_location.id;
      } else {
        if (!location_id || !bookingLocation(site, location_id, 'service')) {
          const places = locationAnswers(site, todayIn(site.time_zone, new Date(now()))).filter((l) => l.takes_service_bookings);
          return refused(`location_id: choose one of our service locations: ${places.map((l) => `${l.id} (${l.name})`).join(', ') || 'none takes bookings'}.`);
        }
        locationId = location_id;
      }
      const { slots } = await providers.serviceSlots(site, locationId, now(), kind === 'test_drive' ? 'appointment' : 'service');
      const days = slots.map((day) => ({ date: day.date, day: formatDate(day.date, site.locale), weekday: WEEKDAYS[weekdayOf(day.date)], times: day.times }));
      return answer({ location_id: locationId, time_zone: site.time_zone, days });
    },
  );

  const contact = {
    email: z.string().trim().max(200).describe("The shopper's email address."),
    phone: z.string().trim().max(30).describe("The shopper's phone number."),
    marketing_opt_in: z.boolean().describe(`The shopper's own answer to: "${consent.text}". Ask them; false when they did not say yes.`),
    shopper_asked_to_send: shopperAsked.describe('true: the shopper has asked you to send these details to the dealer.'),
    idempotency_key: z
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN, { error: '8 to 200 of A-Z a-z 0-9 _ . : -' })
      .optional()
      .describe('The same key on a retry sends the lead once.'),
  };
  const context = (dealer: string) => ({
    website_slug: dealer,
    source: ASSISTANT_SOURCE,
    url: siteUrl(site, MCP_PATH),
    consent_id: consent.id,
  });

  server.registerTool(
    'send_enquiry',
    {
      title: 'Send an enquiry',
      description: `Send the shopper's question to ${site.name}, about one car (car_id) or in general. The dealer replies to the shopper directly.`,
      inputSchema: {
        name: text(100).describe("The shopper's full name."),
        message: text(2000),
        car_id: CAR_ID.optional(),
        ...contact,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (input) => {
      const details = input.car_id ? await car(input.car_id) : undefined;
      if (input.car_id && !details) return notFound(input.car_id);
      const found = input.car_id ? listedCar(site, input.car_id) : undefined;
      const lead = {
        form: 'enquiry',
        ...context(site.slug),
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        opt_in: input.marketing_opt_in,
        ...(found ? { car_id: String(found.id), category: vehicleEnquiryCategory(found.car_type) } : {}),
      };
      const sent = await sendLead(c, { lead }, input.idempotency_key);
      if (sent.status !== 201 && sent.status !== 200) return leadRefusal(sent.status, sent.body);
      return answer({ sent: true, lead_id: sent.body.id, to: site.name, ...(details ? { about: details.name } : {}) });
    },
  );

  server.registerTool(
    'book_test_drive',
    {
      title: 'Book a test drive',
      description: 'Book a test drive of one car at a time get_booking_times offered for it. The dealer confirms with the shopper.',
      inputSchema: {
        car_id: CAR_ID,
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A date as YYYY-MM-DD, from get_booking_times.' }),
        time: z.string().regex(/^\d{2}:\d{2}$/, { error: 'A time as HH:MM, from get_booking_times.' }),
        first_name: text(50),
        last_name: text(50),
        notes: z.string().max(2000).optional(),
        ...contact,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (input) => {
      const details = await car(input.car_id);
      if (!details) return notFound(input.car_id);
      const at = details.test_drive_location;
      if (!at) return refused(`The ${details.name} cannot be booked for a test drive now (${details.availability}).`);
      const lead = {
        form: 'test_drive',
        ...context(site.slug),
        car_id: details.id,
        location_id: at.id,
        booking_date: input.date,
        booking_time: input.time,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone: input.phone,
        ...(input.notes?.trim() ? { notes: input.notes.trim() } : {}),
        opt_in: input.marketing_opt_in,
      };
      const sent = await sendLead(c, { lead }, input.idempotency_key);
      if (sent.status !== 201 && sent.status !== 200) return leadRefusal(sent.status, sent.body);
      return answer({
        booked: true,
        lead_id: sent.body.id,
        car: details.name,
        where: at.name,
        when: `${formatDate(input.date, site.locale)} at ${input.time}`,
        note: `${site.name} confirms the time with the shopper.`,
      });
    },
  );

  return server;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A JSON-RPC error answer for requests refused before the protocol reads them. */
const rpcError = (c: Context, status: 405 | 413 | 429, message: string, headers: Record<string, string> = {}): Response =>
  c.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, status, { 'Cache-Control': 'no-store', ...headers });

export function createAssistantApi(options: AssistantApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  const limiter = options.rateLimiter ?? memoryRateLimiter({ limit: rateLimitPerMinute(ASSISTANT_RATE_LIMIT, options.env) });
  const limited = limitByAddress(limiter, {
    bucket: 'assistant',
    limit: rateLimitPerMinute(ASSISTANT_RATE_LIMIT, options.env),
    env: options.env,
    refuse: (c, retryAfter) => rpcError(c, 429, `Too many requests from this address. Retry after ${retryAfter}s.`),
  });

  api.post(
    '/mcp',
    limited,
    bodyLimit({ maxSize: MAX_ASSISTANT_BODY_BYTES, onError: (c) => rpcError(c, 413, 'The request is too large.') }),
    knownDealer(options.configFor),
    async (c) => {
      // Stateless: nothing outlives the request, so any of the platform's processes can answer it.
      const server = assistantServer(c, options);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        const response = await transport.handleRequest(c.req.raw);
        response.headers.set('Cache-Control', 'no-store');
        return response;
      } finally {
        await server.close();
      }
    },
  );

  // No server-to-client stream and no sessions to end: the stateless transport answers POSTs only.
  api.on(['GET', 'DELETE'], '/mcp', (c) => rpcError(c, 405, 'This endpoint takes POST requests only (stateless Streamable HTTP).', { Allow: 'POST' }));

  return api;
}
