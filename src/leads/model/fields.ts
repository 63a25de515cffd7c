/**
 * zod builders for lead form fields, shared by react-hook-form in the browser and the API on
 * the server so both refuse the same things with the same words.
 *
 * Text is trimmed and length-capped. Markup is accepted as plain text (every output escapes it)
 * but control characters are refused: they have no place in a name or a message, and some of
 * them (NUL, lone surrogates) would break the lead's storage as jsonb.
 *
 * Written with zod/mini: the form islands load these builders, and classic zod's method layer
 * and the JSON Schema code it carries cost every form page about 16 KB gzip (measured). The
 * checks run in the order they are listed, as classic's chained methods did, so the same
 * message wins.
 */
import { z } from 'zod/mini';
import type { Region } from '../../platform/config/regions';
import { hasUnsafeCharacters } from '../../platform/formats/unsafe-text';
import { isPersonName } from '../../platform/formats/person-name';
import { postcodeRule } from '../../platform/formats/postcode';
import type { PhoneRule } from '../../platform/config/schema';
import {
  ALPHABETICAL_MESSAGE,
  CHOICE_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  DATE_MESSAGE,
  EMAIL_MESSAGE,
  NUMBER_MESSAGE,
  REGO_MESSAGE,
  REQUIRED_MESSAGE,
  TIME_MESSAGE,
  TRUE_FALSE_MESSAGE,
  WHOLE_NUMBER_MESSAGE,
  YES_NO_MESSAGE,
  numberRangeMessage,
  tooLongMessage,
  tooManyMessage,
} from './messages';
import { checkPhone } from './phone';

/** Longest message or notes field. */
export const MESSAGE_MAX = 5000;
/** Longest single-line text field. */
export const TEXT_MAX = 200;
export const NAME_MAX = 100;
export const EMAIL_MAX = 200;
/** Longest registration plate as typed (spaces and hyphens included). */
export const REGO_ENTRY_MAX = 20;

// What a lead field refuses (the 'display' level: control characters, bidirectional overrides,
// lone surrogates; line breaks only in multi-line text) is the platform's one rule for unsafe text.
export { hasUnsafeCharacters };

// What a transform is handed besides its input (classic zod calls the same object a refinement context).
type Ctx = z.core.ParsePayload;

/** Reports a field's message from inside a transform. */
function pushIssue(ctx: Ctx, message: string, input: unknown): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

interface TextOptions {
  /** Allow line breaks and tabs; defaults to true only for fields longer than TEXT_MAX (messages). */
  multiline?: boolean;
}

function cappedText(max: number, typeMessage: string, multiline: boolean) {
  return z.string({ error: typeMessage }).check(
    z.trim(),
    z.maxLength(max, { error: tooLongMessage(max), abort: true }),
    z.refine((v) => !hasUnsafeCharacters(v, multiline), { error: CONTROL_CHARACTERS_MESSAGE, abort: true }),
  );
}

/** Required text: '*This is a required field.' (or the field's own message) when blank. */
export function requiredText(max: number, message: string = REQUIRED_MESSAGE, options: TextOptions = {}) {
  const multiline = options.multiline ?? max > TEXT_MAX;
  return z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, { error: message, abort: true }),
    z.maxLength(max, { error: tooLongMessage(max), abort: true }),
    z.refine((v) => !hasUnsafeCharacters(v, multiline), { error: CONTROL_CHARACTERS_MESSAGE }),
  );
}

/** Optional text; a blank entry stays ''. */
export function optionalText(max: number, options: TextOptions = {}) {
  return z.optional(cappedText(max, 'Please enter text.', options.multiline ?? max > TEXT_MAX));
}

/**
 * First, middle, last or full name: letters of any script, spaces, apostrophes, hyphens and full
 * stops (the rule and why it is wider than the spec's: platform/formats/person-name.ts).
 */
export function nameField(options: { required?: boolean; max?: number } = {}) {
  const { required = true, max = NAME_MAX } = options;
  const base = z.string({ error: required ? REQUIRED_MESSAGE : ALPHABETICAL_MESSAGE }).check(
    z.trim(),
    z.minLength(required ? 1 : 0, { error: REQUIRED_MESSAGE, abort: true }),
    z.maxLength(max, { error: tooLongMessage(max), abort: true }),
    z.refine((v) => v === '' || isPersonName(v), { error: ALPHABETICAL_MESSAGE }),
  );
  return required ? base : z.optional(base);
}

// The HTML `type=email` pattern, with a dot required in the domain: plain, and free of the
// quotes, brackets and spaces that would need escaping in a mail header.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Email: required by default, basic address pattern, 'invalid email address'. */
export function emailField(options: { required?: boolean } = {}) {
  const { required = true } = options;
  const base = z.string({ error: required ? REQUIRED_MESSAGE : EMAIL_MESSAGE }).check(
    z.trim(),
    z.minLength(required ? 1 : 0, { error: REQUIRED_MESSAGE, abort: true }),
    z.maxLength(EMAIL_MAX, { error: EMAIL_MESSAGE, abort: true }),
    z.refine((v) => v === '' || EMAIL.test(v), { error: EMAIL_MESSAGE }),
  );
  return required ? base : z.optional(base);
}

/** Input maxLength for the postcode field: four digits, or a ZIP+4 in the US. */
export function postcodeMaxLength(region: Region = 'AU'): number {
  return postcodeRule(region).maxLength;
}

/**
 * Postcode: exactly four digits. US sites take a ZIP code ('12345' or '12345-6789')
 * instead, since a four-digit rule would refuse every American shopper.
 */
export function postcodeField(options: { required?: boolean; region?: Region } = {}) {
  const { required = true, region = 'AU' } = options;
  const { pattern, message } = postcodeRule(region);
  const base = z.string({ error: required ? REQUIRED_MESSAGE : message }).check(
    z.trim(),
    z.minLength(required ? 1 : 0, { error: REQUIRED_MESSAGE, abort: true }),
    z.refine((v) => v === '' || pattern.test(v), { error: message }),
  );
  return required ? base : z.optional(base);
}

/** Phone under the dealer's rule; the parsed value is the normalised number ('0412345678'). */
export function phoneField(rule: PhoneRule, options: { required?: boolean } = {}) {
  const { required = true } = options;
  const base = z.pipe(
    z.string({ error: REQUIRED_MESSAGE }),
    z.transform((raw: string, ctx): string => {
      if (!required && raw.trim() === '') return '';
      const check = checkPhone(raw, rule);
      return check.ok ? check.normalised : pushIssue(ctx, check.message, raw);
    }),
  );
  return required ? base : z.optional(base);
}

interface NumberOptions {
  min: number;
  max: number;
  /** Whole numbers only (years, kilometres, terms); default true. */
  integer?: boolean;
  /** Accept a leading '$' (price, deposit, income); thousands separators are always accepted. */
  currency?: boolean;
}

/**
 * Reads a number typed into an input ('25,000', '$25,000', ' 7 ') or sent as a JSON number.
 * Returns the number, null for a blank entry, or the message explaining why it is not one.
 */
export function readNumber(value: string | number, options: NumberOptions): number | null | { message: string } {
  const { min, max, integer = true, currency = false } = options;
  let n: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { message: NUMBER_MESSAGE };
    n = value;
  } else {
    const text = value.trim();
    if (text === '') return null;
    const digits = (currency ? text.replace(/^\$\s*/, '') : text).replace(/,(?=\d{3}(?:\D|$))/g, '');
    if (digits.length > 30 || !/^-?\d+(?:\.\d+)?$/.test(digits)) return { message: NUMBER_MESSAGE };
    n = Number(digits);
  }
  if (integer && !Number.isInteger(n)) return { message: WHOLE_NUMBER_MESSAGE };
  if (n < min || n > max) return { message: numberRangeMessage(min, max) };
  return n;
}

function numberInput(message: string) {
  return z.union([z.string(), z.number()], { error: message });
}

/** A number from an input; blank is '*This is a required field.', non-numeric 'Please enter a number.' */
export function numberField(options: NumberOptions) {
  return z.pipe(
    numberInput(REQUIRED_MESSAGE),
    z.transform((value: string | number, ctx): number => {
      const result = readNumber(value, options);
      if (result === null) return pushIssue(ctx, REQUIRED_MESSAGE, value);
      return typeof result === 'number' ? result : pushIssue(ctx, result.message, value);
    }),
  );
}

/** A number that may be left blank (parsed to undefined). */
export function optionalNumberField(options: NumberOptions) {
  return z.pipe(
    z.optional(numberInput(NUMBER_MESSAGE)),
    z.transform((value: string | number | undefined, ctx): number | undefined => {
      const result = value === undefined ? null : readNumber(value, options);
      if (result === null) return undefined;
      return typeof result === 'number' ? result : pushIssue(ctx, result.message, value);
    }),
  );
}

/** One of a fixed list (a select or radio group); blank is the required message when required. */
export function choiceField(choices: readonly string[], options: { required?: boolean } = {}) {
  const { required = true } = options;
  const base = z.string({ error: required ? REQUIRED_MESSAGE : CHOICE_MESSAGE }).check(
    z.trim(),
    z.superRefine((v: string, ctx) => {
      if (v === '') {
        if (required) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      } else if (!choices.includes(v)) {
        ctx.addIssue({ code: 'custom', message: CHOICE_MESSAGE });
      }
    }),
  );
  return required ? base : z.optional(base);
}

/** Any number of a fixed list (checkboxes); defaults to none chosen. */
export function choicesField(choices: readonly string[]) {
  const max = Math.max(choices.length, 1);
  const list = z.array(z.string({ error: CHOICE_MESSAGE }), { error: CHOICE_MESSAGE }).check(
    z.maxLength(max, { error: tooManyMessage(max), abort: true }),
    z.refine((values) => values.every((v) => choices.includes(v)), { error: CHOICE_MESSAGE }),
  );
  return z._default(list, []);
}

const YES = new Set(['yes', 'true']);
const NO = new Set(['no', 'false']);

/** A yes/no question, from a radio group ('yes'/'no') or a JSON boolean; parsed to a boolean. */
export function yesNoField() {
  // An unanswered radio group reads as null in react-hook-form: that is a blank answer, not a type error.
  const blankAsText = (value: unknown): unknown => (value === null || value === undefined ? '' : value);
  // zod/mini has no z.preprocess: classic's is this same pipe, a transform into the schema.
  const answer = z.pipe(z.transform(blankAsText), z.union([z.boolean(), z.string()], { error: REQUIRED_MESSAGE }));
  return z.pipe(
    answer,
    z.transform((value: boolean | string, ctx): boolean => {
      if (typeof value === 'boolean') return value;
      const word = value.trim().toLowerCase();
      if (YES.has(word)) return true;
      if (NO.has(word)) return false;
      return pushIssue(ctx, word === '' ? REQUIRED_MESSAGE : YES_NO_MESSAGE, value);
    }),
  );
}

/**
 * The opt-in checkbox. No default: the form may show it ticked, but what is recorded is what the
 * shopper sent, and a lead without an answer is recorded as not given (leads/server/consent.ts).
 */
export function consentField() {
  return z.optional(z.boolean({ error: TRUE_FALSE_MESSAGE }));
}

/**
 * A checkbox the shopper must tick to send the form: the finance application's privacy and
 * credit-enquiry consent. Unticked or missing, the lead is refused with `message` on the box.
 */
export function requiredCheckboxField(message: string) {
  return z.literal(true, { error: message });
}

/** An optional checkbox with no default, e.g. terms_conditions. */
export function optionalCheckboxField() {
  return z.optional(z.boolean({ error: TRUE_FALSE_MESSAGE }));
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date 'YYYY-MM-DD' (what `<input type="date">` gives). */
export function dateField(options: { required?: boolean } = {}) {
  const { required = true } = options;
  const base = z.string({ error: required ? REQUIRED_MESSAGE : DATE_MESSAGE }).check(
    z.trim(),
    z.minLength(required ? 1 : 0, { error: REQUIRED_MESSAGE, abort: true }),
    z.refine((v) => v === '' || isCalendarDate(v), { error: DATE_MESSAGE }),
  );
  return required ? base : z.optional(base);
}

/** A 24-hour time 'HH:MM' (what `<input type="time">` gives). */
export function timeField(options: { required?: boolean } = {}) {
  const { required = true } = options;
  const base = z.string({ error: required ? REQUIRED_MESSAGE : TIME_MESSAGE }).check(
    z.trim(),
    z.minLength(required ? 1 : 0, { error: REQUIRED_MESSAGE, abort: true }),
    z.refine((v) => v === '' || /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(v), { error: TIME_MESSAGE }),
  );
  return required ? base : z.optional(base);
}

/**
 * A registration plate: letters and digits, typed with or without spaces or hyphens; parsed to
 * the form lookups expect ('abc 123' → 'ABC123'). Blank stays '' when optional.
 */
export function regoField(options: { required?: boolean } = {}) {
  const { required = true } = options;
  const entry = z.string({ error: required ? REQUIRED_MESSAGE : REGO_MESSAGE }).check(
    z.trim(),
    z.minLength(required ? 1 : 0, { error: REQUIRED_MESSAGE, abort: true }),
    z.maxLength(REGO_ENTRY_MAX, { error: tooLongMessage(REGO_ENTRY_MAX), abort: true }),
    z.refine((v) => v === '' || (/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v) && v.replace(/[ -]/g, '').length <= 10), { error: REGO_MESSAGE }),
  );
  const base = z.pipe(
    entry,
    z.transform((v: string) => v.replace(/[ -]/g, '').toUpperCase()),
  );
  return required ? base : z.optional(base);
}
