import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataLayerTracker, setTracker, track, trackFavourite, trackFormSubmit, trackSearchClick, type TrackedEvent } from './tracker';

type FakeWindow = { dataLayer?: unknown };
const g = globalThis as unknown as { window?: FakeWindow };

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
    expect(g.window?.dataLayer).toEqual([{ event: 'form_submit', event_id: 22, form: 'enquiry', category: 'General Enquiry', lead_id: 'L1' }]);
  });

  it('fires the career enquiry event (51) for careers', () => {
    trackFormSubmit({ form: 'enquiry', category: 'General Enquiry', subcategory: 'Career Enquiry', event_id: 51 });
    expect(g.window?.dataLayer).toEqual([
      { event: 'career_enquiry', event_id: 51, form: 'enquiry', category: 'General Enquiry', subcategory: 'Career Enquiry' },
    ]);
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
    expect(seen).toEqual([{ event: 'form_submit', event_id: 22, form: 'finance', category: 'finance-pre-approval' }]);
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
