/**
 * Every message a lead field can show. The first nine are the fixed field messages (required,
 * names, email, postcode, phone), word for word: dealers' shoppers and the tests see exactly
 * these strings, so they live in one place. The rest cover bounds with no fixed wording
 * (lengths, numbers, dates, choices).
 */
import { POSTCODE_MESSAGE } from '../../platform/formats/postcode';

export const REQUIRED_MESSAGE = '*This is a required field.';
export const ALPHABETICAL_MESSAGE = 'Please use alphabetical characters only.';
export const EMAIL_MESSAGE = 'invalid email address';
export { POSTCODE_MESSAGE, ZIP_MESSAGE } from '../../platform/formats/postcode';
export const PHONE_AU_MESSAGE = 'Invalid phone number. Must be an Australian number.';
export const PHONE_AU_MOBILE_MESSAGE = 'Invalid phone number. Must be an Australian mobile number.';
export const PHONE_US_MESSAGE = 'Invalid phone number. Must be a US number.';
export const PHONE_NZ_MESSAGE = 'Invalid phone number. Must be a New Zealand number.';
export const PHONE_TOO_LONG_MESSAGE = 'Invalid phone number. Too many characters.';

/** The nine fixed field messages, for tests and documentation that want the whole list. */
export const SPEC_MESSAGES = [
  REQUIRED_MESSAGE,
  ALPHABETICAL_MESSAGE,
  EMAIL_MESSAGE,
  POSTCODE_MESSAGE,
  PHONE_AU_MESSAGE,
  PHONE_AU_MOBILE_MESSAGE,
  PHONE_US_MESSAGE,
  PHONE_NZ_MESSAGE,
  PHONE_TOO_LONG_MESSAGE,
] as const;

// Beyond the fixed nine: ZIP codes, and bounds with no fixed wording.
export const CONTROL_CHARACTERS_MESSAGE = 'Please remove unsupported characters.';
export const NUMBER_MESSAGE = 'Please enter a number.';
export const WHOLE_NUMBER_MESSAGE = 'Please enter a whole number.';
export const CHOICE_MESSAGE = 'Please choose one of the options.';
export const YES_NO_MESSAGE = 'Please answer yes or no.';
export const TRUE_FALSE_MESSAGE = 'Must be true or false.';
export const FINANCE_CONSENT_MESSAGE = 'Please tick the box to agree to the privacy policy and the credit enquiry before you apply.';
export const DATE_MESSAGE = 'Please enter a date as YYYY-MM-DD.';
export const TIME_MESSAGE = 'Please enter a time as HH:MM.';
export const REGO_MESSAGE = 'Please use letters and numbers only.';
export const UNKNOWN_FIELD_MESSAGE = 'Unknown field.';

export const tooLongMessage = (max: number): string => `Please use ${max} characters or fewer.`;
// Thousands separators from 10,000 up: '1,000,000' reads better, '1,950' does not (a year).
const grouped = (n: number): string => (Math.abs(n) >= 10_000 ? n.toLocaleString('en-US') : String(n));
export const numberRangeMessage = (min: number, max: number): string => `Please enter a number from ${grouped(min)} to ${grouped(max)}.`;
export const tooManyMessage = (max: number): string => `Please choose ${max} or fewer.`;
