import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { CONSENT_KEY } from './consent';
import { ascDepartment, trackAsc, trackFormSubmit } from './asc-events';
import { dataLayerTracker, setTracker, track, trackFavourite, trackSearchClick, type AscDataLayer, type TrackedEvent } from './tracker';

type FakeWindow = { dataLayer?: unknown; asc_datalayer?: AscDataLayer; gtag?: (...args: unknown[]) => void; localStorage?: Storage };
const g = globalThis as unknown as { window?: FakeWindow; document?: unknown; navigator?: unknown };

const dashboardEvents = () => (g.window?.dataLayer as Array<{ event: string }>).filter((e) => !e.event.startsWith('asc_'));

beforeEach(() => {
  g.window = {};
});
afterEach(() => {
  setTracker(undefined);
  delete g.window;
});

describe('tracker', () => {
  it('creates window.dataLayer and pushes a form submit with event id 22', () => {
    trackFormSubmit({ form: 'enquiry', category: 'General Enquiry', event_id: 22, lead_id: 'L1', subcategory: undefined });
    expect(dashboardEvents()).toEqual([{ event: 'form_submit', event_id: 22, form: 'enquiry', category: 'General Enquiry', lead_id: 'L1' }]);
  });

  it('fires the career enquiry event (51) for careers', () => {
    trackFormSubmit({ form: 'enquiry', category: 'General Enquiry', subcategory: 'Career Enquiry', event_id: 51 });
    expect(dashboardEvents()).toEqual([{ event: 'career_enquiry', event_id: 51, form: 'enquiry', category: 'General Enquiry', subcategory: 'Career Enquiry' }]);
  });

  it('appends to an existing dataLayer and replaces a non-array one', () => {
    const existing: unknown[] = [{ 'gtm.start': 1 }];
    g.window = { dataLayer: existing };
    trackFavourite({ car_id: '42' });
    expect(existing).toEqual([{ 'gtm.start': 1 }, { event: 'favourite_add', event_id: 39, car_id: '42' }]);
    g.window = { dataLayer: 'hijacked' };
    trackSearchClick({ car_id: '7', position: 3 });
    expect(g.window.dataLayer).toEqual([{ event: 'search_click', event_id: 29, car_id: '7', position: 3 }]);
  });

  it('sends events to a replacement tracker, and back to the default when reset', () => {
    const seen: TrackedEvent[] = [];
    setTracker((e) => seen.push(e));
    trackFormSubmit({ form: 'finance', category: 'finance-pre-approval', event_id: 22 });
    expect(seen.map((e) => e.event)).toEqual(['form_submit', 'asc_form_submission']);
    expect(seen[0]).toEqual({ event: 'form_submit', event_id: 22, form: 'finance', category: 'finance-pre-approval' });
    expect(g.window?.dataLayer).toBeUndefined();
    setTracker(undefined);
    trackFavourite({ car_id: '1' });
    expect(g.window?.dataLayer).toHaveLength(1);
  });

  it('never throws, whatever the tracker does', () => {
    setTracker(() => {
      throw new Error('tag manager broke');
    });
    expect(() => track({ event: 'form_submit', event_id: 22 })).not.toThrow();
  });

  it('does nothing without a window (server rendering)', () => {
    delete g.window;
    expect(() => dataLayerTracker({ event: 'form_submit', event_id: 22 })).not.toThrow();
  });
});

const layer = (overrides: Partial<AscDataLayer> = {}): AscDataLayer => ({
  measurement_ids: [],
  store_name: 'Kingfisher Toyota',
  affiliation: 'native',
  event_owner: 'dealer sites',
  language: 'en',
  currency: 'aud',
  page_type: 'home',
  items: [],
  events: [],
  ...overrides,
});

describe('ASC events', () => {
  it('log in asc_datalayer.events and the tag manager’s dataLayer, with the store and page fields', () => {
    g.window = { asc_datalayer: layer() };
    trackAsc('asc_click_to_call', { comm_phone_number: '0738001234', department: 'sales', unused: undefined });
    const sent = {
      event: 'asc_click_to_call',
      event_owner: 'dealer sites',
      affiliation: 'native',
      page_type: 'home',
      comm_phone_number: '0738001234',
      department: 'sales',
    };
    expect(g.window.asc_datalayer?.events).toEqual([sent]);
    expect(g.window.dataLayer).toEqual([sent]);
  });

  it('carry the car’s item_* fields on a car page', () => {
    g.window = { asc_datalayer: layer({ page_type: 'item', items: [{ item_id: 'JT123', item_make: 'toyota' }] }) };
    trackAsc('asc_cta_interaction', { element_text: 'Finance this car' });
    expect(g.window.asc_datalayer?.events[0]).toMatchObject({ page_type: 'item', item_id: 'JT123', item_make: 'toyota', element_text: 'Finance this car' });
  });

  it('go to the dealer’s GA4 properties through gtag, send_to the measurement ids', () => {
    const calls: unknown[][] = [];
    g.window = { asc_datalayer: layer({ measurement_ids: ['G-AAAA1111', 'G-BBBB2222'] }), gtag: (...args: unknown[]) => calls.push(args) };
    trackAsc('asc_pageview');
    expect(calls).toEqual([
      ['event', 'asc_pageview', { event_owner: 'dealer sites', affiliation: 'native', page_type: 'home', send_to: ['G-AAAA1111', 'G-BBBB2222'] }],
    ]);
    trackFavourite({ car_id: '4' });
    expect(calls).toHaveLength(1);
  });

  it('include a completed form as asc_form_submission: its kind, department and lead id, no personal detail', () => {
    g.window = { asc_datalayer: layer({ page_type: 'service' }) };
    trackFormSubmit({ form: 'service', category: 'Service Booking', event_id: 22, lead_id: 'L9' });
    expect(g.window.asc_datalayer?.events).toEqual([
      {
        event: 'asc_form_submission',
        event_owner: 'dealer sites',
        affiliation: 'native',
        page_type: 'service',
        comm_type: 'form',
        comm_outcome: 'crm_update',
        form_name: 'service',
        form_type: 'service_appointment',
        department: 'service',
        submission_id: 'L9',
      },
    ]);
  });

  it('name the department a form or call reaches', () => {
    expect(ascDepartment('enquiry', 'Parts Enquiry')).toBe('parts');
    expect(ascDepartment('Book a Service')).toBe('service');
    expect(ascDepartment('enquiry', 'General Enquiry', undefined)).toBe('sales');
  });
});

describe('consent', () => {
  afterEach(() => {
    delete g.document;
    delete g.navigator;
  });

  it('tracks nothing once the shopper has turned analytics off', () => {
    const storage = new MemoryStorage();
    storage.setItem(CONSENT_KEY, 'denied');
    g.window = { localStorage: storage, asc_datalayer: layer() };
    trackFavourite({ car_id: '1' });
    trackAsc('asc_pageview');
    expect(g.window.dataLayer).toBeUndefined();
    expect(g.window.asc_datalayer?.events).toEqual([]);
  });

  it('on an opt-in site, tracks only once the shopper has turned analytics on', () => {
    const storage = new MemoryStorage();
    g.window = { localStorage: storage };
    g.document = { documentElement: { dataset: { analyticsConsent: 'opt_in' } } };
    trackFavourite({ car_id: '1' });
    expect(g.window.dataLayer).toBeUndefined();
    storage.setItem(CONSENT_KEY, 'granted');
    trackFavourite({ car_id: '1' });
    expect(g.window.dataLayer).toHaveLength(1);
  });

  it('honours Global Privacy Control where the shopper made no choice on the site', () => {
    const storage = new MemoryStorage();
    g.window = { localStorage: storage };
    Object.defineProperty(globalThis, 'navigator', { value: { globalPrivacyControl: true }, configurable: true, writable: true });
    trackFavourite({ car_id: '1' });
    expect(g.window.dataLayer).toBeUndefined();
    storage.setItem(CONSENT_KEY, 'granted');
    trackFavourite({ car_id: '1' });
    expect(g.window.dataLayer).toHaveLength(1);
  });
});
