/**
 * Lead categories and analytics event ids: the category a lead is filed under, and the dashboard
 * event it fires (22 for a lead form, 51 for a careers enquiry).
 */

import { EVENT_IDS } from '../../platform/web/event-ids';

export const GENERAL_ENQUIRY = 'General Enquiry';
export const CAREERS_ENQUIRY = 'Careers Enquiry';
export const CAREER_SUBCATEGORY = 'Career Enquiry';
/** What the subscribe (newsletter) form files its leads under. */
export const COMPETITION_ENQUIRY = 'Competition Enquiry';
/** The footer newsletter files a General Enquiry with this subcategory; like a competition entry it has no message. */
export const NEWSLETTER_SUBCATEGORY = 'Newsletter';

// The vehicle enquiry categories (new-, demo-, used-vehicle-enquiry) come from the car's own
// type: `vehicleEnquiryCategory` in src/stock/model/enquiry-category.ts.

/** Categories of the multi-step forms: finance, service, and the three trade-in flavours. */
export const MULTI_STEP_CATEGORIES = ['finance-pre-approval', 'service-booking', 'trade-in', 'sell-my-car', 'valuation'] as const;
export type MultiStepCategory = (typeof MULTI_STEP_CATEGORIES)[number];

export interface ResolvedCategory {
  category: string;
  subcategory?: string;
  event_id: number;
}

/**
 * The category a lead is filed under and the analytics event it fires. Careers enquiries go to
 * the general inbox with a subcategory, and fire their own event so hiring is counted apart.
 */
export function resolveEnquiryCategory(category: string): ResolvedCategory {
  if (category === CAREERS_ENQUIRY) {
    return { category: GENERAL_ENQUIRY, subcategory: CAREER_SUBCATEGORY, event_id: EVENT_IDS.career_enquiry };
  }
  return { category, event_id: EVENT_IDS.form };
}
