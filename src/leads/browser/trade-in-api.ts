/**
 * The trade-in flow's calls: the registration lookup, the
 * valuation, and which dealership a car in stock belongs to. Every answer is read defensively;
 * a failed or odd answer becomes "not known", and the flow carries on without it.
 */
import type { ValuationAnswers, ValuationRequest } from '../model/valuation-request';
import { isMockLeadId } from '../model/leads-mode';

export interface LookedUpVehicle {
  make: string;
  model: string;
  year: number;
  variant: string;
}

/** What the valuation service answered; `id` names the stored valuation (absent where nothing is stored). */
export type Valuation =
  | { kind: 'estimate'; low: number; high: number; currency: string; id?: string }
  | { kind: 'refused'; message: string; id?: string }
  | { kind: 'unavailable'; message: string };

type Fetch = typeof fetch;

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : undefined;

async function postJson(doFetch: Fetch, url: string, body: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<{ status: number; json: unknown }> {
  const response = await doFetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

/** One lookup route's answer: the vehicle, or undefined when not found or not answering. */
async function lookUpAt(doFetch: Fetch, url: string, rego: string, state: string): Promise<LookedUpVehicle | undefined> {
  try {
    const { status, json } = await postJson(doFetch, url, { rego, state });
    if (status !== 200 || !json || typeof json !== 'object') return undefined;
    const v = json as Record<string, unknown>;
    const make = text(v.make, 60);
    const model = text(v.model, 60);
    const year = typeof v.year === 'number' && Number.isInteger(v.year) ? v.year : undefined;
    if (!make || !model || year === undefined) return undefined;
    return { make, model, year, variant: text(v.variant, 100) ?? '' };
  } catch {
    return undefined;
  }
}

export const NEVDIS_LOOKUP = '/api/nevdis';
export const AUTOGRAB_LOOKUP = '/api/simple-autograb-lookup';

/**
 * The vehicle a plate belongs to. NEVDIS is Australia's register (and answers for US sites'
 * plates here); AutoGrab covers New Zealand's too and is the second opinion when NEVDIS finds
 * nothing or is down. A New Zealand plate (no state) goes to AutoGrab alone; otherwise NEVDIS is
 * asked first and AutoGrab only after a miss. Undefined when neither knows the car.
 */
export async function lookUpRego(rego: string, state: string, doFetch: Fetch = fetch): Promise<LookedUpVehicle | undefined> {
  if (state.trim() === '') return lookUpAt(doFetch, AUTOGRAB_LOOKUP, rego, state);
  return (await lookUpAt(doFetch, NEVDIS_LOOKUP, rego, state)) ?? lookUpAt(doFetch, AUTOGRAB_LOOKUP, rego, state);
}

export const VALUATION_UNAVAILABLE = "We couldn't work out an online estimate just now. Our team has your details and will be in touch with a valuation.";

/**
 * The valuation service takes the condition in lower case ('good'); the form offers it as
 * shown ('Good'). Yes/no answers go as booleans.
 */
export function valuationAnswers(answers: unknown): ValuationAnswers | undefined {
  if (!answers || typeof answers !== 'object') return undefined;
  const out: ValuationAnswers = {};
  for (const key of ['two_sets_of_keys', 'service_history', 'no_illegal_modifications'] as const) {
    const value = (answers as Record<string, unknown>)[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  const condition = (answers as Record<string, unknown>).condition;
  if (typeof condition === 'string' && condition !== '') out.condition = condition.toLowerCase();
  return out;
}

function valuationFrom(status: number, json: unknown): Valuation {
  if (status < 200 || status >= 300 || !json || typeof json !== 'object') return { kind: 'unavailable', message: VALUATION_UNAVAILABLE };
  const body = json as Record<string, unknown>;
  const id = typeof body.id === 'string' && /^[A-Za-z0-9-]{1,100}$/.test(body.id) ? { id: body.id } : {};
  const estimate = body.estimate as { low?: unknown; high?: unknown } | undefined;
  if (
    estimate &&
    typeof estimate.low === 'number' &&
    typeof estimate.high === 'number' &&
    Number.isFinite(estimate.low) &&
    Number.isFinite(estimate.high) &&
    estimate.low >= 0 &&
    estimate.high >= estimate.low
  ) {
    const currency = typeof body.currency === 'string' && /^[A-Z]{3}$/.test(body.currency) ? body.currency : 'AUD';
    return { kind: 'estimate', low: estimate.low, high: estimate.high, currency, ...id };
  }
  if (body.refused !== undefined) {
    return {
      kind: 'refused',
      message: text(body.message, 400) ?? "We can't give an online estimate for this car. Our team will be in touch to value it in person.",
      ...id,
    };
  }
  return { kind: 'unavailable', message: VALUATION_UNAVAILABLE };
}

/** POST /api/valuations: the estimate range, the 'no online estimate' message, or 'unavailable'. */
export async function requestValuation(request: ValuationRequest, doFetch: Fetch = fetch): Promise<Valuation> {
  try {
    // A test build's lead was never stored (model/leads-mode.ts): the car is valued unlinked, as the
    // route refuses a lead it does not have.
    const { lead_id, ...car } = request;
    const { status, json } = await postJson(doFetch, '/api/valuations', isMockLeadId(lead_id) ? car : request);
    return valuationFrom(status, json);
  } catch {
    return { kind: 'unavailable', message: VALUATION_UNAVAILABLE };
  }
}

/**
 * The valuation adjustment step: PUT /api/valuations {id, adjustmentAnswers} values the car
 * already valued (by id) again with the shopper's condition answers.
 */
export async function adjustValuation(id: string, answers: ValuationAnswers, doFetch: Fetch = fetch): Promise<Valuation> {
  try {
    const { status, json } = await postJson(doFetch, '/api/valuations', { id, adjustmentAnswers: answers }, 'PUT');
    return valuationFrom(status, json);
  } catch {
    return { kind: 'unavailable', message: VALUATION_UNAVAILABLE };
  }
}

export interface DealershipDirectory {
  /** Dealership id by slug. */
  bySlug: Record<string, string>;
  /** Dealership id by location id. */
  byLocation: Record<string, string>;
  /** The only dealership's id, when there is one. */
  only?: string;
  search: { host: string; apiKey: string; indexUid: string };
}

/**
 * The dealership a car in stock belongs to (the trade-in lead's car_dealership_id): the only
 * one, or else the car's own, found through the site's search (Meilisearch multi-search).
 */
export async function carDealershipId(carId: string, directory: DealershipDirectory, origin: string, doFetch: Fetch = fetch): Promise<string | undefined> {
  if (directory.only) return directory.only;
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(carId)) return undefined;
  try {
    const host = new URL(directory.search.host, origin).href.replace(/\/$/, '');
    const idValue = /^\d+$/.test(carId) ? carId : `"${carId}"`;
    const response = await doFetch(`${host}/multi-search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(directory.search.apiKey ? { Authorization: `Bearer ${directory.search.apiKey}` } : {}) },
      body: JSON.stringify({ queries: [{ indexUid: directory.search.indexUid, q: '', filter: [`id = ${idValue}`], limit: 1 }] }),
    });
    if (!response.ok) return undefined;
    const json = (await response.json()) as { results?: Array<{ hits?: Array<Record<string, unknown>> }> };
    const hit = json.results?.[0]?.hits?.[0];
    if (!hit || String(hit.id) !== carId) return undefined;
    const slug = typeof hit.dealership_slug === 'string' ? directory.bySlug[hit.dealership_slug] : undefined;
    const location = hit.location_id;
    const byLocation = typeof location === 'string' || typeof location === 'number' ? directory.byLocation[String(location)] : undefined;
    return slug ?? byLocation;
  } catch {
    return undefined;
  }
}

export const VALUATION_SAVED = 'Valuation data saved successfully';
export const VALUATION_NOT_SAVED = 'Failed to save valuation data';

/**
 * Keeps the valuation the shopper was shown against their lead: POST /api/miscellaneous with
 * column_name 'valuation'. Only the console hears how it went; the shopper already has the
 * estimate on screen.
 */
export async function saveValuation(
  leadId: string,
  valuation: Valuation,
  doFetch: Fetch = fetch,
  log: Pick<Console, 'log' | 'error'> = console,
): Promise<boolean> {
  // A test build's lead was never stored, so there is nothing to keep the valuation against.
  if (isMockLeadId(leadId)) return true;
  try {
    const { status } = await postJson(doFetch, '/api/miscellaneous', { lead_id: leadId, column_name: 'valuation', valuation });
    if (status >= 200 && status < 300) {
      log.log(VALUATION_SAVED);
      return true;
    }
    log.error(VALUATION_NOT_SAVED, status);
  } catch (error) {
    log.error(VALUATION_NOT_SAVED, error);
  }
  return false;
}
