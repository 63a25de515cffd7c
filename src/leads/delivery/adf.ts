/**
 * ADF/XML 1.0 (Auto-lead Data Format), the format dealer CRMs read from a lead email or file.
 *
 * Shape, in the order the ADF DTD wants:
 *
 *   <?xml version="1.0" encoding="UTF-8"?>
 *   <?ADF VERSION "1.0"?>
 *   <adf><prospect status="new">
 *     <id sequence="1" source="…">lead id</id> <requestdate>2025-11-21T10:00:00+10:00</requestdate>
 *     <vehicle interest="buy">       the stock car enquired about (car_id), when there is one
 *     <vehicle interest="trade-in">  the shopper's car (trade_in form, or trade_in_* fields)
 *     <customer><contact><name part="first">… email, phone, address/postalcode</contact><comments>…
 *     <vendor> the dealership and location  <provider> this platform
 *   </prospect></adf>
 *
 * The DTD asks for at least one vehicle with year, make and model; a general enquiry has no car,
 * and inventing one would mislead the dealer, so such leads carry no <vehicle> (CRMs accept this).
 *
 * Every piece of shopper text goes through `xmlText`: escaped, and characters XML 1.0 forbids are
 * removed, so no input can end an element or break the parse. No CDATA anywhere.
 */
import type { DealerConfig, Location } from '../../platform/config/schema';
import { regionDefaults } from '../../platform/config/regions';
import { KM_TO_MILES } from '../../platform/formats/region';
import { regionTerms } from '../../platform/formats/region-terms';
import { zonedTime } from '../../platform/formats/zoned-time';
import { xmlText } from '../../platform/formats/xml';
import type { DeliverableLead, LeadFileMeta, LeadResponseLinks, LeadVehicle } from './webhook';
import { FILE_FIELD_NAMES, kindName } from '../model/lead-files';
import { consentLine } from '../server/consent';
import { fromAssistant } from '../model/payload';

export type AdfSite = Pick<DealerConfig, 'name' | 'url' | 'region' | 'time_zone' | 'units' | 'email' | 'phone' | 'locations' | 'dealerships'>;

export interface AdfOptions {
  /** The stock car the lead is about (looked up by car_id), when known. */
  vehicle?: LeadVehicle;
  /** Who sends the lead: this platform. */
  provider?: { name: string; url?: string };
  /** The "I've got this" link and the thread this lead updates. */
  response?: LeadResponseLinks;
  /** Files sent with the lead (the car photos of a trade-in), which the ADF names but does not carry. */
  files?: readonly LeadFileMeta[];
}

export const defaultProvider: { name: string; url?: string } = { name: 'Dealer Sites' };

type Attributes = Record<string, string | number | undefined>;

function element(name: string, content: string | undefined, attributes: Attributes = {}): string {
  if (content === undefined || content === '') return '';
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join('');
  return `<${name}${attrs}>${content}</${name}>`;
}

/** An element holding escaped text; nothing when the value is empty. */
const textElement = (name: string, value: unknown, attributes?: Attributes): string =>
  element(name, plain(value) === '' ? undefined : xmlText(plain(value)), attributes);

/** A readable one-line (or few-line) form of a lead value. */
function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => (plain(inner) ? `${label(key)}: ${plain(inner)}` : ''))
      .filter(Boolean)
      .join('; ');
  }
  return '';
}

/** `trade_in_km` → "Trade in km", `vehiclePriceBudget` → "Vehicle price budget". */
function label(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const str = (data: Record<string, unknown>, ...keys: string[]): string => {
  for (const key of keys) {
    const value = plain(data[key]);
    if (value) return value;
  }
  return '';
};

/** `2025-11-21T10:00:00+10:00` in the dealer's time zone, as ADF examples write it. */
export function adfDate(date: Date, timeZone: string): string {
  const { date: day, time, offset } = zonedTime(date, timeZone);
  return `${day}T${time}${offset}`;
}

/** First and last name: the form's own fields, else the full name split at the first space. */
export function nameParts(data: Record<string, unknown>): { first: string; middle: string; last: string } {
  const first = str(data, 'first_name');
  const last = str(data, 'last_name');
  const middle = str(data, 'middle_name');
  if (first || last) return { first, middle, last };
  const full = str(data, 'name').replace(/\s+/g, ' ');
  const space = full.indexOf(' ');
  return space < 0 ? { first: full, middle: '', last: '' } : { first: full.slice(0, space), middle: '', last: full.slice(space + 1) };
}

/** The location the lead is for: its location_id (or location id/slug/name), else the primary one. */
export function leadLocation(site: Pick<DealerConfig, 'locations'>, data: Record<string, unknown>): Location | undefined {
  const wanted = [data.location_id, data.location].map(plain).filter(Boolean);
  for (const want of wanted) {
    const found = site.locations.find((l) => String(l.id) === want || l.slug === want || l.name === want);
    if (found) return found;
  }
  return site.locations.find((l) => l.primary) ?? site.locations[0];
}

// Context and bookkeeping fields: useful to the API, noise to a salesperson reading the CRM.
const notForComments = new Set([
  'name',
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'phone',
  'postcode',
  'message',
  'notes',
  'category',
  'subcategory',
  'form',
  'url',
  'source',
  'user_agent',
  'visited_pages',
  'linked_query_params',
  'page_id',
  'car_id',
  'car_dealership_id',
  'location_id',
  'location',
  'lead_id',
  'lead_status',
  'form_completed',
  'skipped_steps',
  'step_number',
  'step_index',
  'progress',
  'event_id',
  'form_started_at',
  'company_website',
  'website_slug',
  'dealership_slug',
  'terms_conditions',
  'opt_in',
  'consent_id',
]);

const tradeInFormFields = ['make', 'model', 'year', 'variant', 'km', 'odometer_units', 'rego', 'regoState', 'adjustmentAnswers'];
const tradeInPrefixed = ['trade_in_make', 'trade_in_model', 'trade_in_year', 'trade_in_km', 'odometer_units', 'trade_in_variant', 'trade_in_rego'];

function buyVehicle(lead: DeliverableLead, site: AdfSite, vehicle: LeadVehicle | undefined): string {
  const carId = vehicle?.id ?? str(lead.data, 'car_id');
  if (carId === '' || carId === undefined) return '';
  const units = site.units === 'miles' ? 'mi' : 'km';
  const currency = regionDefaults[site.region].currency;
  const notes = [vehicle?.name, vehicle?.car_type === 'demo' ? 'Demo vehicle' : '', vehicle ? '' : `Stock id ${String(carId)} (not in the current stock)`]
    .filter(Boolean)
    .join('. ');
  return element(
    'vehicle',
    [
      textElement('id', carId, { source: 'stock' }),
      textElement('year', vehicle?.year),
      textElement('make', vehicle?.make),
      textElement('model', vehicle?.model),
      textElement('vin', vehicle?.vin),
      textElement('stock', vehicle?.stocknum),
      textElement('trim', vehicle?.variant),
      textElement('bodystyle', vehicle?.body),
      // Stock odometers are km everywhere; a miles site's dealer reads its car in miles.
      textElement('odometer', vehicle?.km === undefined ? undefined : units === 'mi' ? Math.round(vehicle.km * KM_TO_MILES) : vehicle.km, {
        status: 'original',
        units,
      }),
      vehicle?.colour ? element('colorcombination', textElement('exteriorcolor', vehicle.colour)) : '',
      vehicle?.price ? textElement('price', vehicle.price, { type: 'asking', currency }) : '',
      textElement('comments', notes),
    ].join(''),
    { interest: 'buy', status: vehicle?.car_type ? (vehicle.car_type === 'new' ? 'new' : 'used') : undefined },
  );
}

/** "Rego" for AU and NZ dealers, "License plate" for US ones. */
function plateName(site: AdfSite): string {
  const { plate_short } = regionTerms(site.region);
  return plate_short.charAt(0).toUpperCase() + plate_short.slice(1);
}

function tradeInVehicle(lead: DeliverableLead, site: AdfSite): string {
  const data = lead.data;
  const fromForm = lead.form === 'trade_in';
  const field = (name: string): string => (fromForm ? str(data, name) : str(data, `trade_in_${name}`));
  const [year, make, model, variant, km, rego] = ['year', 'make', 'model', 'variant', 'km', 'rego'].map(field) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!fromForm && data.has_trade_in === false) return '';
  if (!(year || make || model || km || rego)) return '';
  const comments = [
    rego ? `${plateName(site)}: ${rego}${fromForm && str(data, 'regoState') ? ` (${str(data, 'regoState')})` : ''}` : '',
    fromForm ? plain(data.adjustmentAnswers) : '',
  ].filter(Boolean);
  return element(
    'vehicle',
    [
      textElement('year', year),
      textElement('make', make),
      textElement('model', model),
      textElement('trim', variant),
      // The reading is in the units the form asked for, which the lead records when they are miles.
      textElement('odometer', km, { status: 'original', units: str(data, 'odometer_units') === 'miles' ? 'mi' : 'km' }),
      textElement('comments', comments.join('\n')),
    ].join(''),
    { interest: 'trade-in', status: 'used' },
  );
}

/**
 * One line per file field: how many came, of what kinds, and that they stay on the website's
 * server (LEADS_FILES_DIR), by the file ids the JSON delivery lists too; then each file's signed
 * link, to download it, and until when the links open. No file travels in a lead: mail and CRM
 * imports would carry a stranger's upload to the dealer's desk.
 */
function fileLines(files: readonly LeadFileMeta[], timeZone: string): string[] {
  const byField = new Map<string, LeadFileMeta[]>();
  for (const file of files) byField.set(file.field, [...(byField.get(file.field) ?? []), file]);
  const lines = [...byField].map(([field, held]) => {
    const kinds = [...new Set(held.map((f) => kindName(f.content_type)))].join(', ');
    return `${fieldName(field)}: ${held.length} file${held.length === 1 ? '' : 's'} (${kinds}), kept with the lead on the website's server; file ids ${held.map((f) => f.id).join(', ')}`;
  });
  const linked = [...byField].flatMap(([field, held]) =>
    held.flatMap((file, i) => (file.url ? [`${fieldName(field)} ${i + 1} of ${held.length} (${kindName(file.content_type)}): ${file.url}`] : [])),
  );
  if (linked.length === 0) return lines;
  const expiries = files.flatMap((f) => (f.url_expires_at ? [new Date(f.url_expires_at)] : [])).filter((d) => !Number.isNaN(d.getTime()));
  const until = expiries.length > 0 ? ` until ${adfDate(new Date(Math.min(...expiries.map((d) => d.getTime()))), timeZone)}` : '';
  return [...lines, `Download the files (each link opens its file${until}; anyone holding a link can open it, so keep them to the team):`, ...linked];
}

const fieldName = (field: string): string => (Object.hasOwn(FILE_FIELD_NAMES, field) ? (FILE_FIELD_NAMES[field] ?? field) : label(field));

function customerComments(lead: DeliverableLead, timeZone: string, response?: LeadResponseLinks, files: readonly LeadFileMeta[] = []): string {
  const data = lead.data;
  const used = new Set([...notForComments, ...(lead.form === 'trade_in' ? tradeInFormFields : tradeInPrefixed)]);
  const lines = [str(data, 'message'), str(data, 'notes')].filter(Boolean);
  if (response?.thread_of) lines.unshift(`Update to lead ${response.thread_of}: the same shopper about the same car within a day.`);
  const category = [lead.category, str(data, 'subcategory')].filter(Boolean).join(' / ');
  lines.push(`Category: ${category}`);
  for (const [key, value] of Object.entries(data)) {
    if (used.has(key) || plain(value) === '') continue;
    lines.push(`${label(key)}: ${plain(value)}`);
  }
  lines.push(...fileLines(files, timeZone));
  lines.push(consentLine(lead.consent));
  const page = str(data, 'url');
  if (page) lines.push(`Page: ${page}`);
  const campaign = plain(data.linked_query_params);
  if (campaign) lines.push(`Campaign: ${campaign}`);
  if (response) lines.push(`I've got this (acknowledge the lead): ${response.acknowledge_url}`);
  return lines.join('\n');
}

function vendor(lead: DeliverableLead, site: AdfSite): string {
  const data = lead.data;
  const wantedDealership = str(data, 'preferred_dealership', 'preferredDealership', 'dealership_slug');
  const dealership = site.dealerships.find((d) => d.slug === wantedDealership || String(d.id) === wantedDealership || d.name === wantedDealership);
  const location = leadLocation(site, data);
  const address = location?.address;
  const country = site.region;
  const contact = element(
    'contact',
    [
      textElement('name', location?.name ?? site.name, { part: 'full' }),
      textElement('email', location?.contact_detail?.email ?? site.email),
      textElement('phone', location?.contact_detail?.phone ?? site.phone, { type: 'voice' }),
      address
        ? element(
            'address',
            [
              textElement('street', address.street, { line: 1 }),
              textElement('city', address.city),
              textElement('regioncode', address.state),
              textElement('postalcode', address.postcode),
              textElement('country', country),
            ].join(''),
            { type: 'work' },
          )
        : '',
    ].join(''),
    { primarycontact: 1 },
  );
  return element(
    'vendor',
    [
      textElement('id', location?.id, { source: 'location' }),
      textElement('vendorname', dealership?.name ?? site.name),
      textElement('url', site.url),
      contact,
    ].join(''),
  );
}

/** The lead as an ADF/XML 1.0 document. */
export function leadToAdf(lead: DeliverableLead, site: AdfSite, options: AdfOptions = {}): string {
  const data = lead.data;
  const { first, middle, last } = nameParts(data);
  const provider = options.provider ?? defaultProvider;
  const contact = element(
    'contact',
    [
      textElement('name', first, { part: 'first' }),
      textElement('name', middle, { part: 'middle' }),
      textElement('name', last, { part: 'last' }),
      textElement('email', str(data, 'email')),
      textElement('phone', str(data, 'phone'), { type: 'voice' }),
      str(data, 'postcode') ? element('address', textElement('postalcode', str(data, 'postcode'))) : '',
    ].join(''),
    { primarycontact: 1 },
  );
  const prospect = [
    // A CRM routes and reports by where a lead came from: the site's forms or a shopper's AI assistant.
    textElement('id', lead.id, { sequence: 1, source: fromAssistant(data) ? `${site.name} AI assistant` : `${site.name} website` }),
    textElement('requestdate', adfDate(lead.completed_at ?? lead.created_at, site.time_zone)),
    buyVehicle(lead, site, options.vehicle),
    tradeInVehicle(lead, site),
    element('customer', [contact, textElement('comments', customerComments(lead, site.time_zone, options.response, options.files))].join('')),
    vendor(lead, site),
    element(
      'provider',
      [
        textElement('name', provider.name, { part: 'full' }),
        textElement('service', fromAssistant(data) ? `${site.name} agent endpoint (a shopper's AI assistant)` : `${site.name} website lead form`),
        textElement('url', provider.url),
      ].join(''),
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?ADF VERSION "1.0"?>',
    indent(`<adf>${element('prospect', prospect.join(''), { status: 'new' })}</adf>`),
    '',
  ].join('\n');
}

/**
 * One element per line, for the people who read ADF emails. Input text holds no raw `<` or `>`
 * (xmlText escaped them), so every `<…>` token here is a tag we wrote.
 */
function indent(xml: string): string {
  const tokens = xml.split(/(<[^>]+>)/).filter((t) => t !== '');
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const pad = '  '.repeat(depth);
    if (token.startsWith('</')) {
      depth--;
      lines.push(`${'  '.repeat(depth)}${token}`);
    } else if (token.startsWith('<') && !tokens[i + 1]?.startsWith('<') && tokens[i + 2]?.startsWith('</')) {
      lines.push(`${pad}${token}${tokens[i + 1] ?? ''}${tokens[i + 2] ?? ''}`);
      i += 2;
    } else {
      lines.push(`${pad}${token}`);
      depth++;
    }
  }
  return lines.join('\n');
}
