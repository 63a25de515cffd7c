/**
 * The lead request body `{ "lead": { ... } }` (docs/decisions/leads.md 'The request'): the
 * context every form sends (where the shopper was, which step they reached, the spam traps)
 * plus the form's own fields.
 *
 * Whatever arrives, `parseLeadRequest` answers the lead or the fields to fix, keyed by path
 * ('lead.phone', 'lead.adjustmentAnswers.condition'); only a fault in the schemas throws.
 */
import { z } from 'zod';
import { EVENT_IDS } from '../../platform/web/event-ids';
import { isPrototypeKey, isRecord } from '../../platform/formats/records';
import { CAREERS_ENQUIRY, resolveEnquiryCategory } from './category';
import { hasUnsafeCharacters, nameField, optionalText } from './fields';
import { stepIndexOf } from './multi-step';
import {
  FORM_CATEGORIES,
  FORM_KINDS,
  definitionKey,
  formDefinition,
  isFormKind,
  isSubscribeCategory,
  type FormDefinition,
  type FormKind,
  type FormOptions,
} from './forms';
import { CHOICE_MESSAGE, CONTROL_CHARACTERS_MESSAGE, TRUE_FALSE_MESSAGE, UNKNOWN_FIELD_MESSAGE, tooLongMessage, tooManyMessage } from './messages';

/** Largest request body the API reads. */
export const LEAD_BODY_LIMIT = 64 * 1024;
/** Idempotency-Key header: 8–200 of A-Za-z0-9_.:- */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

export const LEAD_STATUSES = ['Incomplete', 'Complete'] as const;

/** Where a lead came from: the site's own forms, or a shopper's AI assistant through /api/mcp (src/assistants/). */
export const LEAD_SOURCES = ['Website', 'AI assistant'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const ASSISTANT_SOURCE: LeadSource = 'AI assistant';

/** Whether a lead (its stored data) came through a shopper's AI assistant rather than the site's forms. */
export const fromAssistant = (data: Record<string, unknown>): boolean => data.source === ASSISTANT_SOURCE;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const URL_MAX = 2000;
export const USER_AGENT_MAX = 500;
export const VISITED_PAGES_MAX = 50;
export const PAGE_PATH_MAX = 500;
export const QUERY_PARAMS_MAX = 30;
export const SKIPPED_STEPS_MAX = 20;
export const HONEYPOT_MAX = 200;
export const HONEYPOT_FIELD = 'company_website';
/** Where the spec's trade-in lead carries the page trail; read as the top-level fields. */
export const LEAD_ATTRIBUTES = 'lead_attributes';
const TRAIL_FIELDS = ['visited_pages', 'linked_query_params'] as const;

export interface SkippedStep {
  from: number;
  to: number;
}

/** The context fields, as parsed. */
export interface LeadContext {
  form: FormKind;
  website_slug?: string;
  dealership_slug?: string;
  url?: string;
  source: LeadSource;
  user_agent?: string;
  visited_pages: string[];
  linked_query_params: Record<string, string>;
  page_id?: string;
  car_id?: string;
  car_dealership_id?: string;
  location_id?: string;
  category: string;
  subcategory?: string;
  lead_id?: string;
  lead_status: LeadStatus;
  form_completed: boolean;
  skipped_steps: SkippedStep[];
  /** The step being saved, counted from 1 ('Step 1 of 4' is 1). */
  step_number?: number;
  event_id: number;
  form_started_at?: number;
  /** The consent wording the form showed, by its id (model/consent.ts); the server finds the words. */
  consent_id?: string;
  /** The honeypot: a person never sees the field, so anything in it came from a bot. */
  company_website?: string;
}

/**
 * The context a page fills in before a form adds its own fields (form, category, steps): the
 * site's own forms always send these, though the API also takes leads without them.
 */
export type PageLeadContext = Pick<LeadContext, 'dealership_slug' | 'source' | 'visited_pages' | 'linked_query_params'> &
  Required<Pick<LeadContext, 'website_slug' | 'url' | 'page_id' | 'user_agent' | 'form_started_at' | 'company_website'>>;

/** A validated lead: its context plus the form's fields (normalised: phone digits, numbers, booleans). */
export type ParsedLead = LeadContext & Record<string, unknown>;

export type LeadParseResult = { ok: true; lead: ParsedLead } | { ok: false; error: string; fields: Record<string, string> };

export type LeadRequestMode = 'create' | 'update';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ID = /^[A-Za-z0-9_.:/-]*$/;
const QUERY_KEY = /^[A-Za-z0-9_.[\]-]{1,100}$/;
// Far enough ahead for any clock, near enough to refuse nonsense (year 2100).
const LATEST_TIMESTAMP = 4_102_444_800_000;

const singleLine = (max: number) =>
  z
    .string({ error: 'Please send text.' })
    .max(max, { error: tooLongMessage(max), abort: true })
    .refine((v) => !hasUnsafeCharacters(v, false), { error: CONTROL_CHARACTERS_MESSAGE });

const slugField = z
  .string({ error: 'Please send a slug.' })
  .max(80, { error: tooLongMessage(80), abort: true })
  .regex(SLUG, { error: 'Must be lowercase letters, digits and single hyphens.' });

/** Ids arrive as numbers or strings; they are kept as strings. */
const idField = z
  .union(
    [
      z
        .string()
        .max(80, { error: tooLongMessage(80), abort: true })
        .regex(ID, { error: 'Must be letters, digits or - _ . : /' }),
      z.number().int().min(0),
    ],
    {
      error: 'Please send an id.',
    },
  )
  .transform(String);

function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

// The page the lead was sent from: a full address, or a path on the dealer's own site ("/cars/x?y=1").
const urlField = singleLine(URL_MAX).refine((v) => isWebUrl(v) || /^\/(?!\/)\S*$/.test(v), {
  error: 'Must be an http(s) address or a site path such as "/cars".',
});

// A page the shopper saw, as the browser's location gives it: a path on the site, optionally
// with its query, in the characters a URL carries unescaped (a browser escapes anything else,
// such as `<` or `"`), so text that is not a path, markup included, is refused.
const PAGE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*(?:\?[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?$/;
const pagePath = singleLine(PAGE_PATH_MAX).refine((v) => PAGE_PATH.test(v), { error: 'Must be a site path such as "/cars".' });

const visitedPages = z.array(pagePath, { error: 'Please send a list of paths.' }).max(VISITED_PAGES_MAX, { error: tooManyMessage(VISITED_PAGES_MAX) });

const queryParams = z
  .record(
    z
      .string()
      .regex(QUERY_KEY, { error: 'Query parameter names are letters, digits and _ . - [ ] only.' })
      .refine((k) => !isPrototypeKey(k), { error: 'Query parameter name not allowed.' }),
    singleLine(PAGE_PATH_MAX),
    { error: 'Please send query parameters as an object of strings.' },
  )
  .refine((params) => Object.keys(params).length <= QUERY_PARAMS_MAX, { error: tooManyMessage(QUERY_PARAMS_MAX) });

const whole = (min: number, max: number, what: string) =>
  z
    .number({ error: `Please send ${what} as a number.` })
    .int({ error: `Please send ${what} as a whole number.` })
    .min(min)
    .max(max);

function categoryFor(form: Exclude<FormKind, 'enquiry'>) {
  const [first, ...rest] = FORM_CATEGORIES[form];
  return z.enum([first, ...rest], { error: CHOICE_MESSAGE }).default(first);
}

function contextShape(form: FormKind, stepCount: number) {
  return {
    form: z.enum(FORM_KINDS, { error: CHOICE_MESSAGE }),
    website_slug: slugField.optional(),
    dealership_slug: slugField.optional(),
    url: urlField.optional(),
    source: z.enum(LEAD_SOURCES, { error: 'Must be "Website" or "AI assistant".' }).default('Website'),
    user_agent: singleLine(USER_AGENT_MAX).optional(),
    visited_pages: visitedPages.default([]),
    linked_query_params: queryParams.default({}),
    // The trail as the spec writes the trade-in lead: `lead_attributes: { visited_pages,
    // linked_query_params }`, under the same bounds. Lifted to the top of the lead when parsed,
    // so storage and delivery read the trail in one place whichever way it came.
    [LEAD_ATTRIBUTES]: z
      .strictObject(
        { visited_pages: visitedPages.optional(), linked_query_params: queryParams.optional() },
        { error: 'Please send { visited_pages, linked_query_params }.' },
      )
      .optional(),
    page_id: idField.optional(),
    car_id: idField.optional(),
    car_dealership_id: idField.optional(),
    location_id: idField.optional(),
    // The lead's name parts, which any form may send; a form whose steps ask for them (required
    // or not) checks them with its own fields instead.
    first_name: nameField({ required: false }),
    middle_name: nameField({ required: false }),
    last_name: nameField({ required: false }),
    // The enquiry form's own category field replaces this one.
    category: form === 'enquiry' ? optionalText(80, { multiline: false }) : categoryFor(form),
    subcategory: optionalText(100, { multiline: false }),
    lead_id: idField.optional(),
    lead_status: z.enum(LEAD_STATUSES, { error: 'Must be "Incomplete" or "Complete".' }).optional(),
    form_completed: z.boolean({ error: TRUE_FALSE_MESSAGE }).optional(),
    skipped_steps: z
      .array(
        z
          .strictObject({ from: whole(0, stepCount - 1, 'the step'), to: whole(0, stepCount - 1, 'the step') }, { error: 'Please send {from, to}.' })
          .refine((s) => s.to > s.from, { error: 'A skip goes forward: "to" must be after "from".' }),
        { error: 'Please send a list of skipped steps.' },
      )
      .max(SKIPPED_STEPS_MAX, { error: tooManyMessage(SKIPPED_STEPS_MAX) })
      .default([]),
    // Counted from 1, as the shopper reads 'Step 1 of 4' (model/multi-step.ts stepNumberOf). 0 is
    // still taken, as the first step: pages built before the count started at 1 send it, and a
    // shopper whose page was open across a deploy must not lose the lead.
    step_number: whole(0, stepCount, 'the step number').optional(),
    event_id: whole(1, 1_000_000, 'the event id').optional(),
    form_started_at: whole(0, LATEST_TIMESTAMP, 'the start time').optional(),
    consent_id: z
      .string({ error: 'Please send text.' })
      .regex(/^[a-z0-9-]{1,40}$/, { error: 'Must be the consent id the form was given.' })
      .optional(),
    [HONEYPOT_FIELD]: z
      .string({ error: 'Please send text.' })
      .max(HONEYPOT_MAX, { error: tooLongMessage(HONEYPOT_MAX), abort: true })
      .refine((v) => !hasUnsafeCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE })
      .optional(),
  };
}

/**
 * A copy holding only what JSON can say, so getters, prototypes, class instances and cycles
 * in whatever was handed in cannot reach the schemas. Undefined when it cannot be copied.
 */
function plainJson(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Reads the step bookkeeping leniently, to choose which steps to validate; the schema reports anything malformed. */
function stepsToValidate(definition: FormDefinition, lead: Record<string, unknown>, status: LeadStatus): Set<number> {
  const count = definition.steps.length;
  const skipped = new Set<number>();
  if (Array.isArray(lead.skipped_steps)) {
    for (const entry of lead.skipped_steps.slice(0, SKIPPED_STEPS_MAX)) {
      if (!isRecord(entry) || !Number.isInteger(entry.from) || !Number.isInteger(entry.to)) continue;
      const [from, to] = [entry.from as number, Math.min(entry.to as number, count - 1)];
      for (let i = Math.max(from + 1, 1); i < to; i++) skipped.add(i);
    }
  }
  definition.steps.forEach((step, i) => {
    if (step.skipWhen?.(lead)) skipped.add(i);
  });
  const reached =
    status === 'Incomplete' && Number.isInteger(lead.step_number) ? Math.min(Math.max(stepIndexOf(lead.step_number as number), 0), count - 1) : count - 1;
  const validate = new Set<number>();
  for (let i = 0; i <= reached; i++) if (!skipped.has(i)) validate.add(i);
  return validate;
}

/**
 * A field of a step not validated (not reached yet, or skipped): kept when valid, dropped when
 * not, since a half-typed later step must not block saving the steps before it. Defaults are
 * not applied: an opt_in the shopper has not been shown yet is not consent.
 */
function unchecked(field: z.core.$ZodType) {
  return z
    .unknown()
    .transform((value) => {
      const result = z.safeParse(field, value);
      return result.success ? result.data : undefined;
    })
    .optional();
}

function fieldKey(path: readonly PropertyKey[]): string {
  return ['lead', ...path.map((p) => String(p).slice(0, 100))].join('.');
}

function failure(fields: Record<string, string>): LeadParseResult {
  const messages = Object.values(fields);
  const [onlyKey] = Object.keys(fields);
  const error =
    messages.length === 1 && onlyKey !== undefined
      ? messages[0] === UNKNOWN_FIELD_MESSAGE
        ? `Unknown field: ${onlyKey}`
        : (messages[0] ?? 'Please check the form.')
      : 'Please check the highlighted fields.';
  return { ok: false, error, fields };
}

function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys.slice(0, 20)) fields[fieldKey([...issue.path, key])] ??= UNKNOWN_FIELD_MESSAGE;
    } else {
      fields[fieldKey(issue.path)] ??= issue.message;
    }
    if (Object.keys(fields).length >= 50) break;
  }
  return fields;
}

// Strict schemas of whole leads, per dealer options, form and set of validated steps: built
// once, since building one costs far more than using it.
const LEAD_SCHEMAS_MAX = 500;
const leadSchemas = new Map<string, z.ZodType<Record<string, unknown>>>();

function leadSchema(form: FormKind, options: FormOptions, definition: Readonly<FormDefinition>, validated: ReadonlySet<number>) {
  const key = `${definitionKey(form, options)}\u0000${[...validated].join(',')}`;
  let schema = leadSchemas.get(key);
  if (!schema) {
    // The forms' fields are zod/mini schemas (the islands load them); a classic object takes any zod schema.
    const shape: Record<string, z.core.$ZodType> = { ...contextShape(form, definition.steps.length) };
    definition.steps.forEach((step, i) => {
      for (const [name, field] of Object.entries(step.schema.shape)) shape[name] = validated.has(i) ? field : unchecked(field);
    });
    schema = z.strictObject(shape);
    if (leadSchemas.size >= LEAD_SCHEMAS_MAX) leadSchemas.clear();
    leadSchemas.set(key, schema);
  }
  return schema;
}

/** Checks across fields, read from the request as sent. */
function bookkeepingErrors(lead: Record<string, unknown>, status: LeadStatus, mode: LeadRequestMode): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof lead.form_completed === 'boolean' && lead.form_completed !== (status === 'Complete')) {
    fields['lead.form_completed'] = 'form_completed must be true exactly when lead_status is "Complete".';
  }
  const attributes = lead[LEAD_ATTRIBUTES];
  for (const key of TRAIL_FIELDS) {
    if (isRecord(attributes) && attributes[key] !== undefined && lead[key] !== undefined) {
      fields[`lead.${LEAD_ATTRIBUTES}.${key}`] = `Send ${key} once: in ${LEAD_ATTRIBUTES} or at the top of the lead.`;
    }
  }
  if (mode === 'create' && lead.lead_id !== undefined && lead.lead_id !== '') {
    fields['lead.lead_id'] = 'A new lead has no lead_id yet; update a saved lead with PUT /api/leads/{id}.';
  }
  return fields;
}

function parse(options: FormOptions, body: unknown, mode: LeadRequestMode): LeadParseResult {
  const request = plainJson(body);
  if (!isRecord(request) || !isRecord(request.lead)) return failure({ lead: 'Please send the lead as { "lead": { ... } }.' });
  const extra = Object.keys(request).filter((key) => key !== 'lead');
  if (extra.length > 0) {
    return failure(Object.fromEntries(extra.slice(0, 20).map((key) => [key.slice(0, 100), UNKNOWN_FIELD_MESSAGE])));
  }
  const lead = request.lead;
  const form = lead.form ?? 'enquiry';
  if (!isFormKind(form)) return failure({ 'lead.form': CHOICE_MESSAGE });

  const formOptions = form === 'enquiry' && isSubscribeCategory(lead.category, lead.subcategory) ? { ...options, remove_message: true } : options;
  const definition = formDefinition(form, formOptions);
  const status: LeadStatus =
    lead.lead_status === 'Incomplete' || lead.lead_status === 'Complete' ? lead.lead_status : lead.form_completed === false ? 'Incomplete' : 'Complete';
  const validated = stepsToValidate(definition, lead, status);

  const parsed = leadSchema(form, formOptions, definition, validated).safeParse({ ...lead, form });
  const fields = { ...(parsed.success ? {} : issuesToFields(parsed.error.issues)), ...bookkeepingErrors(lead, status, mode) };
  if (!parsed.success || Object.keys(fields).length > 0) return failure(fields);

  const { [LEAD_ATTRIBUTES]: attributes, ...data } = parsed.data as Record<string, unknown> &
    Omit<LeadContext, 'category' | 'event_id' | 'lead_status' | 'form_completed'> & {
      category: string | undefined;
      [LEAD_ATTRIBUTES]?: Partial<Pick<LeadContext, 'visited_pages' | 'linked_query_params'>>;
    };
  if (attributes?.visited_pages) data.visited_pages = attributes.visited_pages;
  if (attributes?.linked_query_params) data.linked_query_params = attributes.linked_query_params;
  const category = data.category || FORM_CATEGORIES[form][0];
  const resolved = form === 'enquiry' ? resolveEnquiryCategory(category) : { category, event_id: EVENT_IDS.form };
  const lead_out: ParsedLead = {
    ...data,
    category: resolved.category,
    ...(resolved.subcategory ? { subcategory: resolved.subcategory } : {}),
    event_id: category === CAREERS_ENQUIRY ? resolved.event_id : typeof data.event_id === 'number' ? data.event_id : resolved.event_id,
    lead_status: status,
    form_completed: status === 'Complete',
  };
  return { ok: true, lead: lead_out };
}

/**
 * Validates a lead request for one dealer's forms. `create` is POST /api/leads (no lead_id
 * yet); `update` is PUT /api/leads/{id}. Incomplete saves validate the steps reached
 * (1..step_number, counted from 1) that were not skipped; a Complete lead validates every step not skipped.
 */
export function parseLeadRequest(options: FormOptions, body: unknown, mode: LeadRequestMode): LeadParseResult {
  // Nothing a request holds makes this throw (plainJson copies it first). A throw is a fault in
  // the schemas themselves: it goes on to the API's fault handler, a 500 with a log line, never
  // a 4xx telling the shopper to fix a request that may have been fine.
  return parse(options, body, mode);
}
