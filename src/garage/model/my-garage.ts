/**
 * My Garage's words for what the account API answers: a past enquiry as one line, and what
 * deleting the account removed. Pure, so the wording is tested without a page.
 */
import type { DeletedAccount, Enquiry } from '../../accounts/model/paths';
import { carPath, isCarSlug } from '../../stock/model/car';
import { wording } from '../../platform/formats/region';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * The line above the past enquiries: why they are missing, or that there are none yet; '' when
 * the list shows them. "Inquiries" on US sites.
 */
export function enquiriesStatus(answer: { count: number } | { error: string }, locale: string): string {
  const w = wording(locale);
  if ('error' in answer) return `${w('Your enquiries could not be loaded')}: ${answer.error}`;
  return answer.count === 0 ? w('No enquiries sent with this email address yet.') : '';
}

/** The day an enquiry was sent, in the site's language; '' for a date that does not read. */
export function enquiryDate(createdAt: string, locale: string, timeZone?: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

export interface EnquiryView {
  date: string;
  /** What the enquiry was, as the dealer filed it ('Used Vehicle Enquiry'), or the form's name. */
  what: string;
  /** The car it was about: a link when the car has a page address, else its name. */
  car?: { name: string; href?: string };
}

export function enquiryView(enquiry: Enquiry, locale: string, timeZone?: string): EnquiryView {
  const what = enquiry.category.trim() || enquiry.form.trim() || 'Enquiry';
  const view: EnquiryView = { date: enquiryDate(enquiry.created_at, locale, timeZone), what };
  const car = enquiry.car;
  if (car?.name || car?.slug) {
    const href = car.slug && isCarSlug(car.slug) ? carPath(car.slug) : undefined;
    view.car = { name: car.name ?? 'This car', ...(href ? { href } : {}) };
  }
  return view;
}

/** What was deleted, one line each, leaving out what there was none of. */
export function deletedLines({ deleted }: DeletedAccount): string[] {
  const lines = ['Your account and its email address'];
  if (deleted.saved_cars > 0) lines.push(plural(deleted.saved_cars, 'saved car', 'saved cars'));
  if (deleted.saved_searches > 0) lines.push(plural(deleted.saved_searches, 'saved search', 'saved searches'));
  if (deleted.passkeys > 0) lines.push(plural(deleted.passkeys, 'passkey', 'passkeys'));
  if (deleted.sessions > 0) lines.push(`Signed out of ${plural(deleted.sessions, 'browser', 'browsers')}`);
  return lines;
}

/** The count line above the saved cars. */
export const savedCountText = (n: number): string => (n === 0 ? '' : `${plural(n, 'saved car', 'saved cars')}`);
