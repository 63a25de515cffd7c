import { describe, expect, it } from 'vitest';
import { EVENT_IDS } from '../../platform/web/event-ids';
import { MULTI_STEP_CATEGORIES, resolveEnquiryCategory } from './category';

describe('resolveEnquiryCategory', () => {
  it('files careers enquiries under General Enquiry with their own event', () => {
    expect(resolveEnquiryCategory('Careers Enquiry')).toEqual({ category: 'General Enquiry', subcategory: 'Career Enquiry', event_id: 51 });
  });

  it.each(['General Enquiry', 'Service Enquiry', 'used-vehicle-enquiry', 'Competition Enquiry'])('keeps %s with the form event', (category) => {
    expect(resolveEnquiryCategory(category)).toEqual({ category, event_id: 22 });
  });
});

describe('constants', () => {
  it('match the dashboard event ids and the contract', () => {
    expect(EVENT_IDS).toEqual({ form: 22, favourite: 39, search_click: 29, career_enquiry: 51 });
    expect(MULTI_STEP_CATEGORIES).toEqual(['finance-pre-approval', 'service-booking', 'trade-in', 'sell-my-car', 'valuation']);
  });
});
