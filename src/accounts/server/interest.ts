/**
 * "Contact me about this car" from the shopper's saved cars: a lead, stored through the lead
 * store like any form's, so it is queued in the outbox for each of the dealer's destinations and
 * delivered as JSON and ADF/XML. It is a vehicle enquiry (the car's type picks new-, demo- or
 * used-vehicle-enquiry) with the car's stock id, under the subcategory 'My Garage', so the dealer
 * sees where it came from. The consent record says the shopper ticked the box (opt_in true), on
 * which form and page, and the words beside it.
 *
 * Asking twice about one car answers the same lead: the lead store's idempotency key is the
 * account and the car, so even two requests at the same moment make one lead.
 */
import { and, eq } from 'drizzle-orm';
import type { DealerConfig } from '../../platform/config/schema';
import type { LeadDb } from '../../platform/db/open';
import { accountSavedCars, type LeadConsent } from '../../platform/db/schema';
import { EVENT_IDS } from '../../platform/web/event-ids';
import { outboxDestinations } from '../../leads/delivery/outbox/destinations';
import { createLead, type LeadInput } from '../../leads/server/store';
import { vehicleEnquiryCategory } from '../../stock/model/enquiry-category';
import type { Vehicle } from '../../stock/model/vehicle';
import { INTEREST_CONSENT_WORDING, type InterestRequest } from '../model/api';
import { safeReturnPath } from '../model/return-path';
import { MY_GARAGE_PATH } from '../model/sign-in';

/** The subcategory interest leads are filed under. */
export const INTEREST_SUBCATEGORY = 'My Garage';

export interface Interest {
  database: LeadDb;
  site: DealerConfig;
  env: NodeJS.ProcessEnv;
  account: { id: string; email: string };
  /** The saved car as the stock has it now (a car the site lists), for its name, type and location. */
  car: Vehicle;
  request: InterestRequest & { phone?: string };
  /** The site's origin, for the page the shopper asked on. */
  origin: string;
  now: Date;
}

export async function sendInterest({ database, site, env, account, car, request, origin, now }: Interest): Promise<{ lead_id: string; created: boolean }> {
  const carId = String(car.id);
  const page = `${origin}${safeReturnPath(request.page) ?? MY_GARAGE_PATH}`;
  const category = vehicleEnquiryCategory(car.car_type);
  const data: Record<string, unknown> = {
    form: 'enquiry',
    website_slug: site.slug,
    ...(car.dealership_slug ? { dealership_slug: car.dealership_slug } : {}),
    url: page,
    source: 'Website',
    visited_pages: [],
    linked_query_params: {},
    car_id: carId,
    ...(car.location_id !== undefined ? { location_id: String(car.location_id) } : {}),
    category,
    subcategory: INTEREST_SUBCATEGORY,
    lead_status: 'Complete',
    form_completed: true,
    skipped_steps: [],
    event_id: EVENT_IDS.form,
    email: account.email,
    ...(request.phone ? { phone: request.phone } : {}),
    message: request.message || `Please contact me about the ${car.name} (stock id ${carId}), which I saved on your website.`,
    opt_in: true,
  };
  const consent: LeadConsent = {
    opt_in: true,
    answered: true,
    form: 'enquiry',
    page,
    wording: INTEREST_CONSENT_WORDING,
    wording_id: null,
    at: now.toISOString(),
  };
  const lead: LeadInput = { form: 'enquiry', category, status: 'Complete', data, consent, quarantineReason: null };
  const result = await createLead(database, {
    dealer: site.slug,
    lead,
    destinations: outboxDestinations(site, env),
    // One lead per account and car, whatever the message: the key's request hash never differs.
    idempotency: { key: `account-interest:${account.id}:${carId}`, hash: 'account-interest' },
    now,
  });
  if (result.kind !== 'stored' && result.kind !== 'replayed') throw new Error(`the interest lead was not stored (${result.kind})`);
  const leadId = result.answer.body.id;
  if (typeof leadId !== 'string') throw new Error('the lead store answered without a lead id');
  await database
    .update(accountSavedCars)
    .set({ interest_lead_id: leadId })
    .where(and(eq(accountSavedCars.account_id, account.id), eq(accountSavedCars.car_id, carId)));
  return { lead_id: leadId, created: result.kind === 'stored' };
}
