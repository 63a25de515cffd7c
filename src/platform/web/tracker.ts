/**
 * Analytics events, each under the dealer dashboard's event id (22 lead form, 39 favourite,
 * 29 search click, 51 careers enquiry): one pluggable tracker. By default events go to
 * `window.dataLayer`, where a dealer's tag manager picks them up; `setTracker` swaps in another
 * sink (or a test spy). Tracking never throws: a broken tag must not stop a lead's success page.
 * Events carry no personal details (no name, email or phone), only what the lead was about.
 */
import { EVENT_IDS } from './event-ids';

export const TRACKED_EVENTS = {
  form_submit: EVENT_IDS.form,
  career_enquiry: EVENT_IDS.career_enquiry,
  favourite_add: EVENT_IDS.favourite,
  search_click: EVENT_IDS.search_click,
} as const;
export type TrackedEventName = keyof typeof TRACKED_EVENTS;

export interface TrackedEvent {
  event: TrackedEventName;
  event_id: number;
  [detail: string]: string | number | boolean | undefined;
}

export type Tracker = (event: TrackedEvent) => void;

type DataLayerWindow = { dataLayer?: unknown };

/** Pushes to `window.dataLayer`, creating it when the page has no tag manager yet. */
export const dataLayerTracker: Tracker = (event) => {
  if (typeof window === 'undefined') return;
  const w = window as unknown as DataLayerWindow;
  if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
  (w.dataLayer as unknown[]).push({ ...event });
};

let current: Tracker = dataLayerTracker;

/** Replaces the tracker; `undefined` restores the dataLayer default. */
export function setTracker(tracker: Tracker | undefined): void {
  current = tracker ?? dataLayerTracker;
}

export function track(event: TrackedEvent): void {
  try {
    current(event);
  } catch {
    // Analytics is never worth a lost lead or a broken page.
  }
}

const defined = <T extends Record<string, unknown>>(details: T): Partial<T> =>
  Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

export interface FormSubmitDetails {
  /** 'enquiry', 'finance', 'service', 'trade_in'. */
  form: string;
  category: string;
  subcategory?: string | undefined;
  /** The event id the lead carried: 22, or 51 for a careers enquiry, or a form's custom id. */
  event_id: number;
  lead_id?: string | undefined;
  car_id?: string | undefined;
}

/** A completed lead form. Careers enquiries fire their own event, so the dashboard counts them apart. */
export function trackFormSubmit(details: FormSubmitDetails): void {
  const event: TrackedEventName = details.event_id === EVENT_IDS.career_enquiry ? 'career_enquiry' : 'form_submit';
  track({ ...defined({ ...details }), event, event_id: details.event_id });
}

/** A car added to favourites. */
export function trackFavourite(details: { car_id: string; name?: string | undefined }): void {
  track({ ...defined(details), event: 'favourite_add', event_id: EVENT_IDS.favourite });
}

/** A search result chosen. */
export function trackSearchClick(details: { car_id: string; query?: string | undefined; position?: number | undefined }): void {
  track({ ...defined(details), event: 'search_click', event_id: EVENT_IDS.search_click });
}
