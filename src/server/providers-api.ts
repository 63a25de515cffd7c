/**
 * The /api routes that reach outside systems for the lead forms (mounted at /api, so routes here
 * have no prefix). The dealer is the one the Host names (`c.get('dealer')`).
 *
 *   POST /nevdis                  {rego, state}            → 200 vehicle | 404 | 503
 *   POST /simple-autograb-lookup  {rego, state}            → 200 vehicle | 404 | 503
 *   POST /valuations              {lead_id?, rego?, regoState?, make, model, variant?, year, km, adjustmentAnswers?}
 *                                                          → 201 {id, estimate, currency} | {id, refused, message}
 *                                                            (200 with id null when no database is configured)
 *   PUT  /valuations/:id          {id?, adjustmentAnswers} → 200 {id, estimate, currency} | {id, refused, message}
 *   PUT  /valuations              {id, adjustmentAnswers}  → the same, id from the body
 *   POST /miscellaneous           {lead_id?, column_name, ...values} → 201 {id}
 *   GET  /reviews/snap21?orgId=   → 200 {rating, stars}
 *   GET  /car-types               → 200 {car_types: [{car_type, count}], source}
 *   GET  /service-slots?location_id= → 200 {location_id, slots: [{date, times}], source}
 *
 * Bad input is a 4xx `{error, fields?}`, never a 5xx: bodies are JSON (415 otherwise), at most
 * 16 KB (413), parseable (400) and checked by zod (400 with `fields`, keyed by the body path).
 * A route that needs the database answers 503 when there is none; an outside system that
 * cannot answer is a 503 too (the forms then let the shopper type the details in).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { DealerConfig } from '../platform/config/schema';
import { providersFromEnv, type Providers } from '../providers';
import type { Fetch, Log } from '../platform/http/outbound';
import { ProviderUnavailableError } from '../platform/http/outbound';
import { normaliseRego, normaliseRegoState, type RegoLookup } from '../providers/rego';
import { serviceLocation } from '../providers/service-slots';
import { adjustmentAnswersSchema, type AdjustmentAnswers, type TradeInInput, type TradeInResult } from '../providers/valuation';
import { baseFilter } from '../search/model/query';
import { carTypeCounts } from '../search/model/results';
import type { Database } from '../platform/db/open';
import { leads, miscellaneous, valuations } from '../platform/db/schema';
import type { AppEnv } from '../platform/http/app-env';
import type { SearchIndexProvider } from '../search/server/search-indexes';

export const MAX_PROVIDER_BODY_BYTES = 16 * 1024;

export interface ProvidersApiDeps {
  /** The dealer's parsed config; undefined for a dealer without one (404). A rejection is a 500. */
  configFor(slug: string): DealerConfig | undefined | Promise<DealerConfig | undefined>;
  /** Stock indexes, for live car-type counts. */
  search: SearchIndexProvider;
  /** Lead storage; without it valuations are not kept and /miscellaneous answers 503. */
  database?: Database;
  /** Chooses the HTTP adapters (NEVDIS_URL, AUTOGRAB_URL, VALUATION_URL, SNAP21_URL) and holds back-office credentials. */
  env?: NodeJS.ProcessEnv;
  fetch?: Fetch;
  now?: () => number;
  log?: Log;
  /** Replaces providers chosen from `env` (tests). */
  providers?: Partial<Providers>;
}

const noStore = { 'Cache-Control': 'no-store' } as const;

type Fields = Record<string, string>;

function fieldErrors(error: z.ZodError): Fields {
  const fields: Fields = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

const invalid = (c: Context, fields: Fields, error = 'Please check the highlighted fields') => c.json({ error, fields }, 400, noStore);

// ---------------------------------------------------------------------------
// Input checks
// ---------------------------------------------------------------------------

/** Characters Postgres JSON refuses (NUL, unpaired surrogates) or that have no place in a value. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const plainText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !UNSTORABLE.test(v), { error: `${label} contains characters that are not allowed` });

/** A whole number, as JSON sends it or as a form field's text ("85,000"). */
const wholeNumber = (label: string, min: number, max: () => number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,3}(,?\d{3})*$|^\d+$/).transform((v) => Number(v.replace(/,/g, '')))], {
      error: `${label} must be a whole number`,
    })
    .pipe(
      z
        .number()
        .int({ error: `${label} must be a whole number` })
        .refine((n) => n >= min && n <= max(), { error: `${label} must be from ${min} to ${max()}` }),
    );

const regoField = z
  .string({ error: 'Registration is required' })
  .max(20, { error: 'Enter a registration of 1 to 7 letters and numbers' })
  .transform((v, ctx) => {
    const plate = normaliseRego(v);
    if (plate === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a registration of 1 to 7 letters and numbers' });
      return z.NEVER;
    }
    return plate;
  });

const stateField = z
  .string({ error: 'Choose the state the car is registered in' })
  .max(10, { error: 'Choose the state the car is registered in' })
  .transform((v, ctx) => {
    const state = normaliseRegoState(v);
    if (state === null) {
      ctx.addIssue({ code: 'custom', message: 'Choose the state the car is registered in (ACT, NSW, NT, QLD, SA, TAS, VIC, WA; empty for NZ)' });
      return z.NEVER;
    }
    return state;
  });

/** {rego, state}; `regoState` (the trade-in form's field name) is accepted for `state`. */
const regoBody = z
  .object({ rego: regoField, state: stateField.optional(), regoState: stateField.optional() })
  .transform(({ rego, state, regoState }) => ({ rego, state: state ?? regoState ?? '' }));

/**
 * The plate and state kept with a valuation: only stored, never looked up, so any plate the
 * trade-in form takes (up to 10 letters and digits, US states too) is accepted.
 */
const storedRego = z
  .string()
  .max(20, { error: 'Enter a registration of up to 10 letters and numbers' })
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{0,10}$/, { error: 'Enter a registration of up to 10 letters and numbers' }));
const storedState = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^([A-Z]{2,3})?$/, { error: 'Choose the state the car is registered in' }));

const leadId = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, { error: 'Unknown lead' });

const thisYear = (now: () => number) => new Date(now()).getUTCFullYear();

function valuationBody(now: () => number) {
  return z.object({
    lead_id: leadId.nullish(),
    rego: storedRego.nullish(),
    regoState: storedState.nullish(),
    make: plainText(60, 'Make'),
    model: plainText(80, 'Model'),
    variant: plainText(120, 'Variant').nullish(),
    year: wholeNumber('Year', 1900, () => thisYear(now) + 1),
    km: wholeNumber('Kilometres', 0, () => 2_000_000),
    adjustmentAnswers: adjustmentAnswersSchema.optional(),
  });
}

const valuationUpdateBody = z.object({
  id: z.string().max(100).optional(),
  adjustmentAnswers: adjustmentAnswersSchema,
});

const columnName = z
  .string({ error: 'column_name is required' })
  .regex(/^[a-z][a-z0-9_]{0,62}$/, { error: 'column_name must be lowercase letters, digits and underscores, e.g. "valuation"' });

/** Any JSON value whose text is storable and whose nesting stays shallow. */
function storableValue(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string') return !UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.every((v) => storableValue(v, depth + 1));
  if (value !== null && typeof value === 'object') return Object.entries(value).every(([k, v]) => !UNSTORABLE.test(k) && storableValue(v, depth + 1));
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------
// The sub-app
// ---------------------------------------------------------------------------

type Valuation = {
  input: {
    rego?: string;
    regoState?: string;
    make: string;
    model: string;
    variant?: string;
    year: number;
    km: number;
    adjustmentAnswers: AdjustmentAnswers;
  };
  market: DealerConfig['region'];
  result: TradeInResult;
  valued_at: string;
};

export function createProvidersApi(deps: ProvidersApiDeps): Hono<AppEnv> {
  const { search, database, env = process.env, now = Date.now, log = console.error } = deps;
  const providers: Providers = {
    ...providersFromEnv(env, { ...(deps.fetch ? { fetch: deps.fetch } : {}), log, now }),
    ...deps.providers,
  };
  const api = new Hono<AppEnv>();

  api.onError((error, c) => {
    log(`${c.req.method} /api${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return c.json({ error: 'Something went wrong on our side; please try again.' }, 500, noStore);
  });

  // On each route with a body, not on '*': mounted at the API root, a '*' middleware would
  // limit every other /api route too (leads take 64 KB).
  const limit = bodyLimit({
    maxSize: MAX_PROVIDER_BODY_BYTES,
    onError: (c) => c.json({ error: `The request body is too large (at most ${MAX_PROVIDER_BODY_BYTES / 1024} KB).` }, 413, noStore),
  });

  /** The request's dealer config, or the 404 to answer. */
  async function siteOf(c: Context<AppEnv>): Promise<DealerConfig | Response> {
    const slug = c.get('dealer');
    const site = slug ? await deps.configFor(slug) : undefined;
    return site ?? c.json({ error: 'Unknown dealer' }, 404, noStore);
  }

  /** The JSON body, or the 4xx to answer. */
  async function jsonBody(c: Context<AppEnv>): Promise<{ body: unknown } | Response> {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) return c.json({ error: 'Send the body as JSON (Content-Type: application/json).' }, 415, noStore);
    const text = await c.req.text();
    try {
      return { body: JSON.parse(text) as unknown };
    } catch {
      return c.json({ error: 'The request body is not valid JSON.' }, 400, noStore);
    }
  }

  /** Whether a lead id belongs to this dealer (valuations and extra values may only point at its own). */
  async function ownLead(db: Database, dealer: string, id: string): Promise<boolean> {
    const rows = await db.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, id), eq(leads.dealer, dealer)))
      .limit(1);
    return rows.length > 0;
  }

  const noDatabase = (c: Context) => c.json({ error: 'Lead storage is not available on this server.' }, 503, noStore);

  // ---- registration lookups ---------------------------------------------------------------

  const regoRoute = (lookup: () => RegoLookup) => async (c: Context<AppEnv>) => {
    const site = await siteOf(c);
    if (site instanceof Response) return site;
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const parsed = regoBody.safeParse(read.body);
    if (!parsed.success) return invalid(c, fieldErrors(parsed.error));
    try {
      const vehicle = await lookup()(parsed.data);
      if (!vehicle) return c.json({ error: 'No vehicle found for that registration' }, 404, noStore);
      return c.json(vehicle, 200, noStore);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        return c.json({ error: 'Registration lookup is not available right now. Please enter your vehicle details.' }, 503, noStore);
      }
      throw error;
    }
  };

  api.post('/nevdis', limit, regoRoute(() => providers.nevdis));
  api.post('/simple-autograb-lookup', limit, regoRoute(() => providers.autograb));

  // ---- valuations -------------------------------------------------------------------------

  async function value(c: Context, site: DealerConfig, input: Valuation['input']): Promise<TradeInResult | Response> {
    const request: TradeInInput = {
      make: input.make,
      model: input.model,
      year: input.year,
      km: input.km,
      adjustmentAnswers: input.adjustmentAnswers,
      now: now(),
      market: site.region,
    };
    try {
      return await providers.valuation(request);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        return c.json({ error: 'The valuation service is not available right now. Please try again shortly.' }, 503, noStore);
      }
      throw error;
    }
  }

  api.post('/valuations', limit, async (c) => {
    const site = await siteOf(c);
    if (site instanceof Response) return site;
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const parsed = valuationBody(now).safeParse(read.body);
    if (!parsed.success) return invalid(c, fieldErrors(parsed.error));
    const { lead_id, rego, regoState, variant, adjustmentAnswers = {}, ...car } = parsed.data;
    // Without storage nothing is linked, so the lead id needs no check and the estimate still answers.
    if (lead_id && database && !(await ownLead(database, site.slug, lead_id))) return invalid(c, { lead_id: 'Unknown lead' });

    const input: Valuation['input'] = {
      ...car,
      ...(rego ? { rego } : {}),
      ...(rego && regoState !== undefined && regoState !== null ? { regoState } : {}),
      ...(variant ? { variant } : {}),
      adjustmentAnswers,
    };
    const result = await value(c, site, input);
    if (result instanceof Response) return result;
    if (!database) return c.json({ id: null, ...result }, 200, noStore);

    const id = randomUUID();
    const data: Valuation = { input, market: site.region, result, valued_at: new Date(now()).toISOString() };
    await database.db.insert(valuations).values({ id, dealer: site.slug, lead_id: lead_id ?? null, data });
    return c.json({ id, ...result }, 201, noStore);
  });

  async function updateValuation(c: Context<AppEnv>, pathId: string | undefined) {
    const site = await siteOf(c);
    if (site instanceof Response) return site;
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const parsed = valuationUpdateBody.safeParse(read.body);
    if (!parsed.success) return invalid(c, fieldErrors(parsed.error));
    const bodyId = parsed.data.id;
    if (pathId !== undefined && bodyId !== undefined && bodyId !== pathId) return invalid(c, { id: 'Does not match the valuation in the address' });
    const id = pathId ?? bodyId;
    if (id === undefined) return invalid(c, { id: 'id is required' });
    if (!database) return noDatabase(c);

    const unknown = () => c.json({ error: 'Unknown valuation' }, 404, noStore);
    if (!UUID.test(id)) return unknown();
    const [row] = await database.db
      .select()
      .from(valuations)
      .where(and(eq(valuations.id, id), eq(valuations.dealer, site.slug)))
      .limit(1);
    if (!row) return unknown();
    const stored = row.data as Partial<Valuation>;
    if (!stored.input) return unknown();

    const input = { ...stored.input, adjustmentAnswers: parsed.data.adjustmentAnswers };
    const result = await value(c, site, input);
    if (result instanceof Response) return result;
    const data: Valuation = { input, market: site.region, result, valued_at: new Date(now()).toISOString() };
    await database.db
      .update(valuations)
      .set({ data, updated_at: new Date(now()) })
      .where(and(eq(valuations.id, id), eq(valuations.dealer, site.slug)));
    return c.json({ id, ...result }, 200, noStore);
  }

  api.put('/valuations/:id', limit, (c) => updateValuation(c, c.req.param('id')));
  api.put('/valuations', limit, (c) => updateValuation(c, undefined));

  // ---- extra values against a lead ---------------------------------------------------------

  api.post('/miscellaneous', limit, async (c) => {
    const site = await siteOf(c);
    if (site instanceof Response) return site;
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const { body } = read;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return invalid(c, { _: 'Send an object' });
    const { lead_id: rawLead, column_name: rawColumn, ...values } = body as Record<string, unknown>;
    const fields: Fields = {};
    const column = columnName.safeParse(rawColumn);
    if (!column.success) fields.column_name = column.error.issues[0]?.message ?? 'Invalid';
    const lead = rawLead === undefined || rawLead === null ? undefined : leadId.safeParse(rawLead);
    if (lead && !lead.success) fields.lead_id = 'Unknown lead';
    if (Object.keys(values).length === 0) fields._ = 'Send at least one value besides column_name and lead_id';
    else if (!storableValue(values)) fields._ = 'A value contains characters that are not allowed, or is nested too deeply';
    if (Object.keys(fields).length > 0 || !column.success) return invalid(c, fields);
    if (!database) return noDatabase(c);

    const leadValue = lead?.success ? lead.data : undefined;
    if (leadValue && !(await ownLead(database, site.slug, leadValue))) return invalid(c, { lead_id: 'Unknown lead' });
    const [row] = await database.db
      .insert(miscellaneous)
      .values({ dealer: site.slug, lead_id: leadValue ?? null, column_name: column.data, data: values })
      .returning({ id: miscellaneous.id });
    return c.json({ id: row?.id }, 201, noStore);
  });

  // ---- reviews ------------------------------------------------------------------------------

  api.get('/reviews/snap21', async (c) => {
    const site = await siteOf(c);
    if (site instanceof Response) return site;
    const orgId = c.req.query('orgId');
    if (!orgId || orgId.length > 60) return invalid(c, { orgId: 'orgId is required' });
    if (!site.reviews.snap21_org_id || orgId !== site.reviews.snap21_org_id) return c.json({ error: 'Unknown Snap21 organisation' }, 404, noStore);
    const rating = await providers.snap21(orgId, site);
    if (!rating) return c.json({ error: 'No Snap21 rating is available right now' }, 503, noStore);
    return c.json(rating, 200, noStore);
  });

  // ---- stock counts -------------------------------------------------------------------------

  api.get('/car-types', async (c) => {
    const site = await siteOf(c);
    if (site instanceof Response) return site;
    const configured = () => carTypeCounts(undefined, site.search.car_types);
    let counts = configured();
    let source: 'search' | 'configured' = 'configured';
    try {
      const engine = await search.get(site.search.index_uid ?? site.slug);
      if (engine) {
        // The listing every search page starts from: site, template and make filters, in stock
        // or coming soon, plus recently sold cars still shown.
        const result = engine.search({
          q: '',
          offset: 0,
          limit: 0,
          filter: baseFilter({ site, nowSeconds: Math.floor(now() / 1000) }),
          facets: ['car_type'],
          highlightPreTag: '',
          highlightPostTag: '',
          matchingStrategy: 'last',
        });
        counts = carTypeCounts(result.facetDistribution ?? { car_type: {} }, site.search.car_types);
        source = 'search';
      }
    } catch (error) {
      log(`car-types: ${site.slug}: the stock search failed, answering the configured counts: ${error instanceof Error ? error.message : String(error)}`);
    }
    // carTypeCounts keeps types with stock, in the order new, demo, used.
    return c.json({ car_types: counts.map(({ type, count }) => ({ car_type: type, count })), source }, 200, noStore);
  });

  // ---- service availability ----------------------------------------------------------------

  api.get('/service-slots', async (c) => {
    const site = await siteOf(c);
    if (site instanceof Response) return site;
    const locationId = c.req.query('location_id');
    if (!locationId || locationId.length > 40 || !serviceLocation(site, locationId)) {
      return invalid(c, { location_id: 'Choose one of our service locations' });
    }
    const answer = await providers.serviceSlots(site, locationId, now());
    return c.json({ location_id: locationId, ...answer }, 200, noStore);
  });

  return api;
}
