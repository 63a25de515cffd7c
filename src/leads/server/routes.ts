/**
 * The lead routes (docs/decisions/leads.md 'The request'), mounted under /api:
 *
 * - POST /leads               JSON `{ lead }`, at most 64 KB → 201 { id }
 * - PUT  /leads/:id           a later step of an Incomplete lead → 200 { id }
 * - POST /leads/with-files    multipart: a `lead` part (JSON) plus file parts → 201 { id }
 * - POST /leads/:id/files     multipart: file parts only, kept with an Incomplete lead → 201 { id, files }
 * - POST /carClarityCustomer  form fields of a finance lead (urlencoded or multipart) → 201 { id }
 * - POST /mock/leads, PUT /mock/leads/:id   test builds' stand-ins (docs/decisions/leads.md
 *                             'Test builds'): the same check, nothing stored or delivered
 *
 * Every route: the dealer is the one the Host names (a lead naming another `website_slug` is
 * refused); a per-client rate limit; the two form routes refuse posts from other websites'
 * pages; an optional Idempotency-Key that makes a retry get the first answer; validation by the
 * shared form schemas; and a 2xx only once the lead, its outbox rows and the key's answer have
 * committed.
 * Nothing here reads leads back out: there is no route that lists or serves them. A lead's files
 * are served only by the signed link its delivery carries (file-api.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { DealerConfig } from '../../platform/config/schema';
import { isRecord } from '../../platform/formats/records';
import { answerFaults, CHECK_FIELDS, problem, send, type Problem } from '../../platform/http/answers';
import { accepts, jsonBody, parseJson } from '../../platform/http/request-body';
import { readForm, UNREADABLE_FORM, type FormLimits } from '../../platform/http/form-body';
import { formOptionsFor } from '../model/form-options';
import { LEAD_BODY_LIMIT, parseLeadRequest, type LeadRequestMode, type ParsedLead } from '../model/payload';
import type { Database } from '../../platform/db/open';
import type { DealerConfigs } from '../../platform/config/dealer-configs';
import type { AppEnv } from '../../platform/http/app-env';
import { outboxDestinations, replyDestinations } from '../delivery/outbox/destinations';
import type { DeliveryHealth } from '../delivery/outbox/health';
import { quarantineReason } from './abuse';
import { refuseOtherSites } from '../../platform/http/cross-site';
import { UNKNOWN_DEALER } from '../../platform/http/dealer-site';
import { siteDomains } from '../../platform/config/dealer-domains';
import { leadFromFormFields } from './form-fields';
import {
  checkLeadFiles,
  leadFilesDir,
  MAX_FILE_BYTES,
  MAX_FILE_COUNT,
  MAX_TOTAL_FILE_BYTES,
  removeLeadFiles,
  writeLeadFiles,
  type CheckedFile,
  type IncomingFile,
  type StoredFile,
} from './files';
import { IDEMPOTENCY_HEADER, readIdempotencyKey, requestHash, sha256Hex } from './idempotency';
import { memoryLeadLimiter, rateLimit } from './rate-limit';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { checkStorable } from './storable';
import { bookingProblems, type SlotSource } from './booking-check';
import { providersFromEnv } from '../../providers';
import { consentRecord } from './consent';
import { recordLeadAccepted } from '../../platform/metrics/metrics';
import { responseStart } from './response-tracking';
import { LEAD_FAULT, mockAccepted, mockErrorAnswer, NO_LEAD_STORAGE, takeMockError } from './mock-leads';
import { attachLeadFiles, createLead, storedAnswer, updateLead, type Answer, type IdempotencyClaim, type LeadInput, type StoreResult } from './store';

/** What lead storage needs at run time; without it the lead routes answer 503. */
export interface LeadStorage {
  database: Database;
  /** Per-client limit; by default counted in memory at LEADS_RATE_LIMIT_PER_MINUTE (30). */
  rateLimiter?: RateLimiter;
  /** Where files sent with leads are kept; default LEADS_FILES_DIR or `.data/lead-files` under `root`. */
  filesDir?: string;
  /** Clock for the time trap and the stored times; tests pin it. */
  now?: () => number;
  /** Where a lead that could not be stored is reported (default console.error). */
  log?: (message: string, error?: unknown) => void;
  /** The outbox worker's view of the delivery paths, for /api/health. */
  deliveryHealth?: DeliveryHealth;
}

export interface LeadsApiOptions {
  storage: LeadStorage | undefined;
  /** The served dealers' configs (consent wording, destinations, form options). */
  configs: DealerConfigs;
  /** TRUST_PROXY, LEADS_OUTBOX_DIR, SMTP_URL, LEADS_FILES_DIR, LEADS_RATE_LIMIT_PER_MINUTE. */
  env?: NodeJS.ProcessEnv;
  /** Project root that a relative LEADS_FILES_DIR is resolved from. */
  root?: string;
  log?: (message: string, error?: unknown) => void;
  /** Where a booking's time is checked (default: the providers from env, as GET /api/appointment-slots and /api/service-slots). */
  slots?: SlotSource;
}

/** Room for the lead part and the multipart boundaries and headers around the files. */
const MULTIPART_LIMIT = MAX_TOTAL_FILE_BYTES + LEAD_BODY_LIMIT + 64 * 1024;

/**
 * What a lead with files may hold: the lead part, the files every file field takes at most, and
 * a few stray fields so the answer can name them. A form of 100,000 parts is refused within
 * its first few, and the rest of it is never read.
 */
const WITH_FILES_LIMITS: FormLimits = {
  bodyBytes: MULTIPART_LIMIT,
  parts: 20,
  fields: 5,
  files: MAX_FILE_COUNT,
  fieldBytes: LEAD_BODY_LIMIT,
  fileBytes: MAX_FILE_BYTES,
  totalFileBytes: MAX_TOTAL_FILE_BYTES,
};

/** A finance lead as form fields: its fields, context and lists (50 visited pages) fit in 200. */
const FORM_FIELDS_LIMITS: FormLimits = {
  bodyBytes: LEAD_BODY_LIMIT,
  parts: 200,
  fields: 200,
  files: 5,
  fieldBytes: LEAD_BODY_LIMIT,
  fileBytes: LEAD_BODY_LIMIT,
  totalFileBytes: LEAD_BODY_LIMIT,
};

const MAX_ID_LENGTH = 100;

type LeadContext = Context<AppEnv>;

export interface LeadToCheck {
  dealer: string;
  config: DealerConfig;
  mode: LeadRequestMode;
  /** The lead being updated (PUT). */
  id?: string | undefined;
  body: unknown;
  receivedAt: number;
  slots: SlotSource;
}

/** A refusal; `unstorable` ones come before any stored answer is looked up, as the body cannot be hashed safely. */
export type LeadCheck = { ok: true; lead: ParsedLead } | { ok: false; problem: Problem; unstorable?: true };

/**
 * Everything that decides whether a lead is taken: the body's shape, the dealer's form schemas, the
 * site it names, the lead it updates and the booked time. The real routes and the test builds'
 * mock route share it, so a tester sees the answers a shopper would.
 */
export async function checkLead({ dealer, config, mode, id, body, receivedAt, slots }: LeadToCheck): Promise<LeadCheck> {
  const storable = checkStorable(body);
  if (!storable.ok) {
    return {
      ok: false,
      unstorable: true,
      problem: problem(400, storable.error, Object.keys(storable.fields).length > 0 ? storable.fields : { lead: storable.error }),
    };
  }
  const parsed = parseLeadRequest(formOptionsFor(config), body, mode);
  if (!parsed.ok) return { ok: false, problem: problem(400, parsed.error, parsed.fields) };
  const lead = parsed.lead;
  if (lead.website_slug !== undefined && lead.website_slug !== dealer) {
    return { ok: false, problem: problem(400, 'This form belongs to another website.', { 'lead.website_slug': `Must be "${dealer}" on this website.` }) };
  }
  if (id !== undefined && lead.lead_id !== undefined && lead.lead_id !== id) {
    return {
      ok: false,
      problem: problem(400, 'The lead_id does not match the lead being updated.', { 'lead.lead_id': 'Does not match the lead being updated.' }),
    };
  }
  const booking = await bookingProblems(config, lead, receivedAt, slots);
  if (booking) return { ok: false, problem: problem(400, CHECK_FIELDS, booking) };
  return { ok: true, lead };
}

export function createLeadsApi({
  storage,
  configs,
  env = process.env,
  root = process.cwd(),
  log: defaultLog = console.error,
  slots,
}: LeadsApiOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const log = storage?.log ?? defaultLog;
  const slotSource = slots ?? providersFromEnv(env, { log: (line) => log(line) });
  const limiter = storage?.rateLimiter ?? memoryLeadLimiter(env);
  const now = storage?.now ?? Date.now;
  const filesDir = storage?.filesDir ?? leadFilesDir(env, root);

  api.onError(answerFaults({ log, logAs: 'could not take the lead', answer: LEAD_FAULT }));

  const knownDealer: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.get('dealer') === null) return send(c, UNKNOWN_DEALER);
    await next();
  };
  const hasStorage: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!storage) return send(c, problem(503, NO_LEAD_STORAGE));
    await next();
  };
  const guard = every(knownDealer, rateLimit(limiter, 'leads', env), hasStorage);
  // The mock route keeps nothing, so it needs no storage.
  const mockGuard = every(knownDealer, rateLimit(limiter, 'leads', env));
  // Files are each up to 40 MB to read and keep, so that route has a lower limit of its own too.
  const filesGuard = every(guard, rateLimit(limiter, 'files', env));

  async function site(c: LeadContext): Promise<{ dealer: string; config: DealerConfig }> {
    const dealer = c.get('dealer');
    if (dealer === null) throw new Error('lead route reached without a dealer');
    return { dealer, config: await configs.get(dealer) };
  }

  interface Submission {
    mode: LeadRequestMode;
    /** The lead to update (PUT). */
    id?: string;
    body: unknown;
    files?: readonly CheckedFile[];
  }

  /** Everything after the body is read: replay, validation, abuse checks, storage. */
  async function receive(c: LeadContext, submission: Submission): Promise<Response> {
    const { dealer, config } = await site(c);
    const keyCheck = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    if (!keyCheck.ok) return send(c, problem(400, keyCheck.error, { [IDEMPOTENCY_HEADER]: keyCheck.error }));
    const receivedAt = now();
    const checked = await checkLead({ dealer, config, mode: submission.mode, id: submission.id, body: submission.body, receivedAt, slots: slotSource });
    if (!checked.ok && checked.unstorable) return send(c, checked.problem);

    const database = storage?.database;
    if (!database) return send(c, problem(503, NO_LEAD_STORAGE));
    const files = submission.files ?? [];
    const claim: IdempotencyClaim | undefined = keyCheck.key
      ? {
          key: keyCheck.key,
          hash: requestHash({ method: c.req.method, target: c.req.path, body: submission.body, files: files.map((f) => `${f.field}:${sha256Hex(f.bytes)}`) }),
        }
      : undefined;
    // A retry of a stored request gets its first answer, even if the rules changed since and it
    // would now be refused. Storing finds a replay itself, so the common case skips this read.
    const refuse = async (refusal: Problem): Promise<Response> => {
      const earlier = claim ? await storedAnswer(database.db, dealer, claim) : undefined;
      return send(c, earlier ?? refusal);
    };

    if (!checked.ok) return refuse(checked.problem);
    const lead = checked.lead;
    const input = leadInput(lead, config, receivedAt);
    // The dealer's destinations, and the reply owed to the shopper (sent after the lead is stored).
    const destinations = [...outboxDestinations(config, env), ...replyDestinations(config, lead, env)];
    const at = new Date(receivedAt);

    if (submission.mode === 'update' && submission.id !== undefined) {
      const response = (data: Record<string, unknown>) => responseStart(config, data, at);
      return send(c, answerFor(await updateLead(database.db, { id: submission.id, dealer, lead: input, destinations, idempotency: claim, now: at, response })));
    }

    let stored: StoredFile[] = [];
    let result: StoreResult | undefined;
    try {
      if (files.length > 0) stored = await writeLeadFiles(filesDir, dealer, files);
      result = await createLead(database.db, {
        dealer,
        lead: input,
        files: stored.map(({ id, field, stored_name, content_type, size }) => ({ id, field, stored_name, content_type, size })),
        destinations,
        idempotency: claim,
        now: at,
        response: responseStart(config, lead, at),
      });
    } finally {
      // Files belong to the lead that was stored with them, or to nobody.
      if (result?.kind !== 'stored') await removeLeadFiles(stored);
    }
    // Counted once per lead: a replay answers 'replayed', a later step is an update.
    if (result?.kind === 'stored') recordLeadAccepted(dealer, input.form);
    return send(c, answerFor(result));
  }

  // The lead is checked by the dealer's form schemas in receive(), not by one fixed schema.
  api.post('/leads', guard, jsonBody(LEAD_BODY_LIMIT), async (c) => receive(c, { mode: 'create', body: await c.req.json<unknown>() }));

  api.put('/leads/:id', guard, jsonBody(LEAD_BODY_LIMIT), async (c) => {
    const id = c.req.param('id');
    if (id.length > MAX_ID_LENGTH) return send(c, problem(404, 'Lead not found'));
    return receive(c, { mode: 'update', id, body: await c.req.json<unknown>() });
  });

  // A form on another website can post these two routes' bodies without a CORS preflight.
  const fromOwnSite = refuseOtherSites(async (c) => siteDomains((await site(c)).config));

  api.post('/leads/with-files', filesGuard, fromOwnSite, accepts('multipart/form-data'), async (c) => {
    const form = await readForm(c.req.raw, WITH_FILES_LIMITS);
    if (!form.ok) return send(c, form.problem);
    const leadParts = form.fields.filter((f) => f.name === 'lead');
    const fields: Record<string, string> = {};
    for (const { name } of form.fields) if (name !== 'lead') fields[name] ??= 'Unknown field; send the lead as JSON in the "lead" part.';
    if (leadParts.length !== 1) fields.lead = 'Send exactly one "lead" part holding the lead as JSON.';
    if (Object.keys(fields).length > 0) return send(c, problem(400, UNREADABLE_FORM, fields));
    // A file input left empty still sends a part, with no name and no bytes.
    const incoming: IncomingFile[] = form.files.filter((f) => f.bytes.length > 0 || f.filename !== '').map((f) => ({ field: f.name, bytes: f.bytes }));
    const read = parseJson(leadParts[0]?.value ?? '');
    if (!read.ok) return send(c, problem(400, 'The "lead" part is not valid JSON.', { lead: 'Must be the lead as JSON.' }));
    const parsed = read.body;
    const checked = checkLeadFiles(incoming);
    if (!checked.ok) return send(c, problem(checked.status, checked.error, checked.fields));
    // The part holds the lead itself; the JSON route's { lead: ... } envelope is accepted too.
    const body = isRecord(parsed) && Object.keys(parsed).length === 1 && isRecord(parsed.lead) ? parsed : { lead: parsed };
    return receive(c, { mode: 'create', body, files: checked.files });
  });

  /**
   * Files for a lead the shopper has already started (the car photos on a trade-in or sell-my-car
   * flow's Vehicle Details step). Only the browser that created the lead holds its id, the same
   * proof PUT /leads/:id asks for; the lead must be this dealer's and still Incomplete, so an id
   * seen after completion (the success page's address) attaches nothing. The route's own rate
   * limit, the other-site check and the file rules are those of /leads/with-files, and a field's
   * count includes the files the lead already holds.
   */
  api.post('/leads/:id/files', filesGuard, fromOwnSite, accepts('multipart/form-data'), async (c) => {
    const id = c.req.param('id');
    if (id.length > MAX_ID_LENGTH) return send(c, problem(404, 'Lead not found'));
    const { dealer } = await site(c);
    const keyCheck = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    if (!keyCheck.ok) return send(c, problem(400, keyCheck.error, { [IDEMPOTENCY_HEADER]: keyCheck.error }));
    const form = await readForm(c.req.raw, WITH_FILES_LIMITS);
    if (!form.ok) return send(c, form.problem);
    const fields: Record<string, string> = {};
    for (const { name } of form.fields) fields[name] ??= 'Unknown field; send only files to a lead that exists.';
    if (Object.keys(fields).length > 0) return send(c, problem(400, UNREADABLE_FORM, fields));
    const incoming: IncomingFile[] = form.files.filter((f) => f.bytes.length > 0 || f.filename !== '').map((f) => ({ field: f.name, bytes: f.bytes }));
    if (incoming.length === 0) return send(c, problem(400, 'Send at least one file.', { files: 'Send at least one file.' }));
    // Checked once here, before anything is written, and again with the lead's own files counted.
    const checked = checkLeadFiles(incoming);
    if (!checked.ok) return send(c, problem(checked.status, checked.error, checked.fields));
    const database = storage?.database;
    if (!database) return send(c, problem(503, NO_LEAD_STORAGE));
    const claim: IdempotencyClaim | undefined = keyCheck.key
      ? {
          key: keyCheck.key,
          hash: requestHash({ method: c.req.method, target: c.req.path, body: null, files: checked.files.map((f) => `${f.field}:${sha256Hex(f.bytes)}`) }),
        }
      : undefined;
    let stored: StoredFile[] = [];
    let result: StoreResult | undefined;
    try {
      stored = await writeLeadFiles(filesDir, dealer, checked.files);
      result = await attachLeadFiles(database.db, {
        id,
        dealer,
        files: stored.map(({ id: fileId, field, stored_name, content_type, size }) => ({ id: fileId, field, stored_name, content_type, size })),
        check: (already) => {
          const counted = checkLeadFiles(incoming, already);
          return counted.ok ? { ok: true } : { ok: false, answer: problem(counted.status, counted.error, counted.fields) };
        },
        idempotency: claim,
        now: new Date(now()),
      });
    } finally {
      if (result?.kind !== 'stored') await removeLeadFiles(stored);
    }
    return send(c, answerFor(result));
  });

  api.post('/carClarityCustomer', guard, fromOwnSite, accepts('application/x-www-form-urlencoded', 'multipart/form-data'), async (c) => {
    const form = await readForm(c.req.raw, FORM_FIELDS_LIMITS);
    if (!form.ok) return send(c, form.problem);
    const converted = leadFromFormFields(form.fields, form.files);
    if (!converted.ok) return send(c, problem(400, converted.error, converted.fields));
    return receive(c, { mode: 'create', body: { lead: { ...converted.lead, form: 'finance' } } });
  });

  /**
   * A test build's lead: the real check, then a made-up id or the mock error asked for. Nothing
   * is stored, delivered, counted or kept for replay: a retry is simply checked again.
   */
  async function mock(c: LeadContext, mode: LeadRequestMode, id?: string): Promise<Response> {
    const { dealer, config } = await site(c);
    const keyCheck = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    if (!keyCheck.ok) return send(c, problem(400, keyCheck.error, { [IDEMPOTENCY_HEADER]: keyCheck.error }));
    const taken = takeMockError(await c.req.json<unknown>());
    if (!taken.ok) return send(c, taken.problem);
    const checked = await checkLead({ dealer, config, mode, id, body: taken.body, receivedAt: now(), slots: slotSource });
    if (!checked.ok) return send(c, checked.problem);
    if (taken.mockError) return send(c, mockErrorAnswer(taken.mockError));
    return send(c, mockAccepted(mode, id));
  }

  api.post('/mock/leads', mockGuard, jsonBody(LEAD_BODY_LIMIT), async (c) => mock(c, 'create'));
  api.put('/mock/leads/:id', mockGuard, jsonBody(LEAD_BODY_LIMIT), async (c) => {
    const id = c.req.param('id');
    if (id.length > MAX_ID_LENGTH) return send(c, problem(404, 'Lead not found'));
    return mock(c, 'update', id);
  });

  return api;
}

function leadInput(lead: ParsedLead, site: DealerConfig, receivedAt: number): LeadInput {
  return {
    form: lead.form,
    category: lead.category,
    status: lead.lead_status,
    data: lead,
    consent: consentRecord(lead, site, new Date(receivedAt)),
    quarantineReason: quarantineReason(lead, receivedAt),
  };
}

function answerFor(result: StoreResult | undefined): Answer | Problem {
  switch (result?.kind) {
    case 'stored':
    case 'replayed':
      return result.answer;
    case 'not_found':
      return problem(404, 'Lead not found');
    case 'already_complete':
      return problem(409, 'This lead is already complete and cannot be changed.');
    case 'refused':
      return result.answer;
    case 'other_form':
      return problem(409, `This lead was started on the ${result.form} form.`, { 'lead.form': `Must be "${result.form}" for this lead.` });
    case undefined:
      throw new Error('lead storage gave no result');
  }
}
