/**
 * The tracker's events that only some pages send, apart from ./tracker.ts so the pages that send
 * none of them (search results, brochure pages) do not ship them: the ASC events with the page's
 * store and car fields, and the completed lead form (the dashboard's event 22 or 51 and ASC's
 * `asc_form_submission`). All of them go through the one tracker's `track`.
 */
import { EVENT_IDS } from './event-ids';
import { ascDataLayer, defined, track, type AscEventName, type EventDetail, type TrackedEventName } from './tracker';

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

/**
 * The ASC event with the page's store fields and, on a car page, the car's `item_*` fields;
 * `params` win over both.
 */
export function trackAsc(event: AscEventName, params: Record<string, EventDetail> = {}): void {
  const layer = ascDataLayer();
  const item = layer?.page_type === 'item' ? layer.items[0] : undefined;
  track({
    ...(layer ? { event_owner: layer.event_owner, affiliation: layer.affiliation, page_type: layer.page_type } : {}),
    ...item,
    ...defined(params),
    event,
  });
}

/** ASC's departments: which part of the dealership a form or call reaches. */
export function ascDepartment(...about: Array<string | undefined>): 'sales' | 'service' | 'parts' {
  const words = about.join(' ');
  return /service/i.test(words) ? 'service' : /parts/i.test(words) ? 'parts' : 'sales';
}

const ASC_FORM_TYPES: Record<string, string> = { service: 'service_appointment', finance: 'credit_app', trade_in: 'trade_in', spin_to_win: 'promotion' };

/**
 * A completed lead form. Careers enquiries fire their own event, so the dashboard counts them
 * apart; every completed form is also the ASC `asc_form_submission`, its lead id as the
 * submission id (an id, not a personal detail).
 */
export function trackFormSubmit(details: FormSubmitDetails): void {
  const event: TrackedEventName = details.event_id === EVENT_IDS.career_enquiry ? 'career_enquiry' : 'form_submit';
  track({ ...defined({ ...details }), event, event_id: details.event_id });
  trackAsc('asc_form_submission', {
    comm_type: 'form',
    comm_outcome: 'crm_update',
    form_name: details.form,
    form_type: ASC_FORM_TYPES[details.form] ?? 'consumer_contact',
    department: ascDepartment(details.form, details.category, details.subcategory),
    submission_id: details.lead_id,
  });
}
