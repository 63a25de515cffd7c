/**
 * The automatic reply a shopper gets once their lead is stored: a greeting by first name, what we
 * received (the car they asked about, the time they asked for), the dealer's own words or a
 * default, and how to reach the dealer. Sent through the outbox after the lead is stored
 * (docs/decisions/leads.md 'Reply to the shopper'), so it can never hold a lead up.
 *
 * The shopper typed their name and nothing stops them typing markup or a header into it: every
 * shopper value is made single-line and escaped in the HTML. The dealer's words come from the
 * dealer file and are escaped too.
 */
import type { Region } from '../../platform/config/regions';
import { displayPhone } from '../../platform/formats/phone';
import { formatDate, wording } from '../../platform/formats/region';
import { escapeHtml, singleLine } from '../../platform/formats/text';
import { replyWords } from './valuation-purpose';

export interface ReplySite {
  name: string;
  phone: string;
  email?: string | undefined;
  region: Region;
  locale: string;
  leads: { shopper_reply: { enabled: boolean; message?: string | undefined } };
}

/** The car a lead is about, as the outbox looks it up in stock (a LeadVehicle). */
export interface ReplyCar {
  name?: string | undefined;
  year?: number | undefined;
  make?: string | undefined;
  model?: string | undefined;
  variant?: string | undefined;
}

export interface ShopperReply {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const EMAIL = /^[^\s@<>"(),;:]{1,64}@[^\s@<>"(),;:]{1,255}$/;

/** The address a reply goes to: the lead's email as the form checked it, or undefined (no reply). */
export function replyAddress(lead: Readonly<Record<string, unknown>>): string | undefined {
  const email = typeof lead.email === 'string' ? lead.email.trim() : '';
  return EMAIL.test(email) ? email : undefined;
}

/** Whether a lead gets a reply: the dealer has replies on and the shopper left an email address. */
export function wantsReply(site: Pick<ReplySite, 'leads'>, lead: Readonly<Record<string, unknown>>): boolean {
  return site.leads.shopper_reply.enabled && replyAddress(lead) !== undefined;
}

const text = (value: unknown, max = 80): string => (typeof value === 'string' || typeof value === 'number' ? singleLine(String(value), max) : '');

/** "Sam" from first_name, or the first word of a one-box name. */
export function firstName(lead: Readonly<Record<string, unknown>>): string {
  const first = text(lead.first_name, 60);
  if (first) return first;
  return text(lead.name, 60).split(' ')[0] ?? '';
}

/** "2021 Toyota Corolla Ascent Sport": the stock name, else year, make, model and variant. */
export function carLabel(car: ReplyCar | undefined): string {
  if (!car) return '';
  return text(car.name || [car.year, car.make, car.model, car.variant].filter(Boolean).join(' '), 120);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "Tuesday 25 November 2026 at 10:30 am" (AU, NZ) or "Tuesday, November 25, 2026 at 10:30 AM" (US) for a booking's date and time. */
export function bookingLabel(lead: Readonly<Record<string, unknown>>, locale: string): string {
  const date = typeof lead.booking_date === 'string' && DATE.test(lead.booking_date) ? lead.booking_date : '';
  const time = typeof lead.booking_time === 'string' ? TIME.exec(lead.booking_time) : null;
  if (!date) return '';
  let day: string;
  try {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    day = `${weekday}${locale === 'en-US' ? ',' : ''} ${formatDate(date, locale)}`;
  } catch {
    return '';
  }
  if (!time) return day;
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(`2000-01-01T${time[0]}:00Z`));
  return `${day} at ${clock}`;
}

interface Received {
  subject: string;
  /** One sentence: what we have. */
  line: string;
}

/** What the shopper sent, in their words, by the lead's form and category. */
function received(form: string, category: string, car: string, booking: string): Received {
  const about = car ? ` about the ${car}` : '';
  const when = booking ? ` for ${booking}` : '';
  switch (form) {
    case 'test_drive':
      return {
        subject: car ? `Your test drive request: ${car}` : 'Your test drive request',
        line: `We have your request to test drive ${car ? `the ${car}` : 'a car'}${when}. We'll confirm the time with you.`,
      };
    case 'service':
      return { subject: 'Your service booking request', line: `We have your service booking request${when}. We'll confirm the time with you.` };
    case 'finance':
      return { subject: 'Your finance pre-approval request', line: `We have your finance pre-approval request${about}.` };
    case 'trade_in': {
      const words = replyWords(category);
      return { subject: words.subject, line: `We have ${words.what}${about ? ` for the ${car}` : ''}.` };
    }
    default:
      return { subject: car ? `Your enquiry about the ${car}` : 'Thanks for your enquiry', line: `Thanks for your enquiry${about}.` };
  }
}

const DEFAULT_MESSAGE = 'One of our team will be in touch within one business day.';

/** Paragraphs of the dealer's words: blank lines part them, single line breaks join. */
function paragraphs(message: string): string[] {
  return message
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * The reply to one lead, or undefined when it gets none (replies off, no email address).
 * `car` is the stock car the lead names, when it names one.
 */
export function shopperReply(
  site: ReplySite,
  lead: Readonly<Record<string, unknown>>,
  form: string,
  category: string,
  car?: ReplyCar,
): ShopperReply | undefined {
  const to = replyAddress(lead);
  if (!site.leads.shopper_reply.enabled || !to) return undefined;
  const w = wording(site.locale);
  const dealer = singleLine(site.name, 120);
  const carName = carLabel(car);
  const booking = form === 'service' || form === 'test_drive' ? bookingLabel(lead, site.locale) : '';
  const what = received(form, category, carName, booking);
  const name = firstName(lead);
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const body = paragraphs(site.leads.shopper_reply.message ?? DEFAULT_MESSAGE);
  const phone = site.phone ? displayPhone(site.phone, site.region) : '';
  // US shoppers call "at" a number; AU and NZ shoppers call "on" it. Replies reach the dealer
  // only when it has an email address (the message comes from a no-reply sender otherwise).
  const call = phone ? `call us ${site.region === 'US' ? 'at' : 'on'} ${phone}` : '';
  const write = site.email ? 'reply to this email' : '';
  const ways = [call, write].filter(Boolean).join(' or ');
  const reach = ways ? `Questions in the meantime? Just ${ways}.` : '';
  const signOff = site.region === 'US' ? 'Best regards,' : 'Kind regards,';
  const lines = [w(what.line), ...body, ...(reach ? [w(reach)] : [])];

  const subject = `${w(what.subject)} – ${dealer}`;
  const plain = [greeting, '', ...lines.flatMap((l) => [l, '']), signOff, `The team at ${dealer}`, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>${escapeHtml(signOff)}<br>The team at ${escapeHtml(dealer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text: plain, html };
}
