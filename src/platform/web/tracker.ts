/**
 * The one analytics tracker. Two families of events go through it:
 * - the dealer dashboard's, each under its event id (22 lead form, 39 favourite, 29 search click,
 *   51 careers enquiry);
 * - the Automotive Standards Council's (ASC) GA4 events (`asc_pageview`, `asc_click_to_call`,
 *   `asc_form_submission` …), which also go into the page's `window.asc_datalayer.events` and,
 *   when the dealer file names GA4 measurement ids, to GA4 through gtag with `send_to` those ids.
 *
 * By default events go to `window.dataLayer`, where a dealer's tag manager picks them up;
 * `setTracker` swaps in another sink (or a test spy). Nothing is tracked without the shopper's
 * consent (./consent.ts). Tracking never throws: a broken tag must not stop a lead's success page.
 * Events carry no personal details (no name, email or phone), only what the lead was about.
 */
import { analyticsAllowed } from './consent';
import { EVENT_IDS } from './event-ids';

export const TRACKED_EVENTS = {
  form_submit: EVENT_IDS.form,
  career_enquiry: EVENT_IDS.career_enquiry,
  favourite_add: EVENT_IDS.favourite,
  search_click: EVENT_IDS.search_click,
} as const;
export type TrackedEventName = keyof typeof TRACKED_EVENTS;

/** The ASC events this site sends natively (the standard's names). */
export type AscEventName =
  | 'asc_pageview'
  | 'asc_item_pageview'
  | 'asc_cta_interaction'
  | 'asc_click_to_call'
  | 'asc_form_engagement'
  | 'asc_form_submission'
  | 'asc_retail_process'
  | 'asc_special_offer';

export type EventDetail = string | number | boolean | undefined;

export type TrackedEvent =
  { event: TrackedEventName; event_id: number; [detail: string]: EventDetail } | { event: AscEventName; [detail: string]: EventDetail };

export type Tracker = (event: TrackedEvent) => void;

/** A vehicle as the ASC standard names its fields (src/stock/model/asc-item.ts makes one from a car). */
export type AscItem = Record<`item_${string}`, string | number>;

/**
 * `window.asc_datalayer` as the ASC standard lays it out: the store, the page and its vehicles,
 * and every ASC event sent on the page. Written at build time (src/site/asc-data.ts) and put on
 * the window by src/platform/web/asc-page.ts.
 */
export interface AscDataLayer {
  measurement_ids: string[];
  store_name: string;
  oem_code?: string;
  oem_brand?: string;
  affiliation: string;
  event_owner: string;
  language: string;
  currency: string;
  page_type: string;
  items: AscItem[];
  events: Array<Record<string, EventDetail>>;
}

type Gtag = (...args: unknown[]) => void;
type AnalyticsWindow = { dataLayer?: unknown; asc_datalayer?: AscDataLayer; gtag?: Gtag };

/** The page's ASC data layer, when it has one. */
export function ascDataLayer(): AscDataLayer | undefined {
  if (typeof window === 'undefined') return undefined;
  const layer = (window as unknown as AnalyticsWindow).asc_datalayer;
  return layer && Array.isArray(layer.events) && Array.isArray(layer.measurement_ids) ? layer : undefined;
}

/**
 * Pushes to `window.dataLayer`, creating it when the page has no tag manager yet. An ASC event
 * is also logged in `asc_datalayer.events` and sent to the dealer's GA4 properties through gtag.
 */
export const dataLayerTracker: Tracker = (event) => {
  if (typeof window === 'undefined') return;
  const w = window as unknown as AnalyticsWindow;
  if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
  (w.dataLayer as unknown[]).push({ ...event });
  const asc = event.event.startsWith('asc_') ? ascDataLayer() : undefined;
  if (!asc) return;
  asc.events.push({ ...event });
  if (asc.measurement_ids.length > 0 && typeof w.gtag === 'function') {
    const { event: name, ...params } = event;
    w.gtag('event', name, { ...params, send_to: asc.measurement_ids });
  }
};

let current: Tracker = dataLayerTracker;

/** Replaces the tracker; `undefined` restores the dataLayer default. */
export function setTracker(tracker: Tracker | undefined): void {
  current = tracker ?? dataLayerTracker;
}

export function track(event: TrackedEvent): void {
  try {
    if (!analyticsAllowed()) return;
    current(event);
  } catch {
    // Analytics is never worth a lost lead or a broken page.
  }
}

export const defined = <T extends Record<string, unknown>>(details: T): Partial<T> =>
  Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

/** A car added to favourites. */
export function trackFavourite(details: { car_id: string; name?: string | undefined }): void {
  track({ ...defined(details), event: 'favourite_add', event_id: EVENT_IDS.favourite });
}

/** A search result chosen. */
export function trackSearchClick(details: { car_id: string; query?: string | undefined; position?: number | undefined }): void {
  track({ ...defined(details), event: 'search_click', event_id: EVENT_IDS.search_click });
}
