/**
 * What /success shows after a lead form's last step, from its query string
 * ('/success?category={category}&{extra}').
 * The query is shopper-editable: it only selects one of the page's own messages, and the one
 * value that reaches the page, the car slug for the 'Back to the vehicle' link, must be a slug.
 */
import { VEHICLE_ENQUIRY_CATEGORIES } from '../../stock/model/enquiry-category';
import { CAREER_SUBCATEGORY, COMPETITION_ENQUIRY, NEWSLETTER_SUBCATEGORY } from './category';

export type SuccessKind =
  'enquiry' | 'vehicle' | 'signup' | 'career' | 'finance' | 'service' | 'test-drive' | 'trade-in' | 'car-reservation' | 'online-payment';

export interface SuccessView {
  kind: SuccessKind;
  /** `/cars/{slug}` when the lead was about a car and named it. */
  carPath?: string;
  /** The trade-in lead whose estimate this tab kept (browser/kept-estimate.ts), when the query names one. */
  leadId?: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The lead API's ids; the query's value only selects a kept estimate, and is never shown. */
const LEAD_ID = /^[A-Za-z0-9_-]{1,100}$/;

function kindOf(category: string, subcategory: string): SuccessKind {
  if (category === COMPETITION_ENQUIRY || subcategory === NEWSLETTER_SUBCATEGORY) return 'signup';
  if (subcategory === CAREER_SUBCATEGORY) return 'career';
  if ((VEHICLE_ENQUIRY_CATEGORIES as readonly string[]).includes(category)) return 'vehicle';
  if (category === 'finance-pre-approval') return 'finance';
  if (category === 'service-booking') return 'service';
  if (category === 'test-drive') return 'test-drive';
  // After a paid deposit or online payment (the checkout's return page sends the shopper here).
  if (category === 'car-reservation' || category === 'online-payment') return category;
  if (category === 'trade-in' || category === 'sell-my-car' || category === 'valuation') return 'trade-in';
  return 'enquiry';
}

/**
 * `/success?category=…&key=value…`, the page a lead form goes to once the lead is stored. The
 * query string is built, never concatenated; empty extras are left out and none replaces the category.
 */
export function successUrl(category: string, extra: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams({ category });
  for (const [key, value] of Object.entries(extra)) if (key !== 'category' && value) query.set(key, value);
  return `/success?${query.toString()}`;
}

export function successView(search: string): SuccessView {
  const query = new URLSearchParams(search);
  const kind = kindOf(query.get('category') ?? '', query.get('subcategory') ?? '');
  const car = query.get('car') ?? '';
  const leadId = query.get('lead_id') ?? '';
  return {
    kind,
    ...(car.length <= 200 && SLUG.test(car) ? { carPath: `/cars/${car}` } : {}),
    ...(kind === 'trade-in' && LEAD_ID.test(leadId) ? { leadId } : {}),
  };
}
