/**
 * The subscribe and newsletter sign-up forms (the home page's subscribe section and the footer's
 * newsletter) as plain HTML made live by this module. The footer puts one on every page, so
 * it must cost a brochure page almost nothing: no React, no zod. The checks a blank field needs
 * are done here; everything else (name letters, email pattern, the dealer's phone rule) is the
 * server's shared schema, whose field messages come back in the 400 and are shown under the field.
 */
import { EVENT_IDS } from '../../platform/web/event-ids';
import type { PageLeadContext } from '../model/payload';
import { SUBMIT_ERROR, leadContext, newIdempotencyKey, sendLead } from './client';
import { REQUIRED_MESSAGE } from '../model/messages';
import { normalisePhone, type PhoneRule } from '../model/phone';
import { loadSavedDetails, saveDetails, savedFullName } from './saved-details';
import { successUrl } from '../model/success';
import { trackFormSubmit } from '../../platform/web/asc-events';

export const SIGN_UP_FIELDS = ['name', 'email', 'phone'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
export type SignUpValues = Record<SignUpField, string>;
export type SignUpErrors = Partial<Record<SignUpField, string>>;

/** What the form's data attributes say: whose lead it is and what it is filed under. */
export interface SignUpConfig {
  website_slug: string;
  dealership_slug?: string | undefined;
  category: string;
  subcategory?: string | undefined;
  phone_rule: PhoneRule;
  /** The id of the wording the sign-up button shows (model/consent.ts), for the server to find. */
  consent_id?: string | undefined;
}

const PHONE_RULES: readonly PhoneRule[] = ['au', 'au_mobile', 'au_nz_uk', 'nz', 'us'];

/** Reads the config from a form's data-* attributes; undefined when it names no site or category. */
export function readConfig(data: DOMStringMap): SignUpConfig | undefined {
  const { site, dealership, category, subcategory, phoneRule, consentId } = data;
  if (!site || !category) return undefined;
  return {
    website_slug: site,
    ...(dealership ? { dealership_slug: dealership } : {}),
    category,
    ...(subcategory ? { subcategory } : {}),
    phone_rule: PHONE_RULES.find((r) => r === phoneRule) ?? 'au',
    ...(consentId ? { consent_id: consentId } : {}),
  };
}

/** Every sign-up field is required; a blank (or all-space) one needs no round trip. */
export function missingFields(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  for (const field of SIGN_UP_FIELDS) if (values[field].trim() === '') errors[field] = REQUIRED_MESSAGE;
  return errors;
}

/**
 * The server's field messages that belong to this form. Anything else it complains about
 * (the idempotency key, the website) is not the shopper's to fix and counts as a failure.
 */
export function formFieldErrors(fields: Record<string, string> | undefined): SignUpErrors {
  const errors: SignUpErrors = {};
  for (const field of SIGN_UP_FIELDS) {
    const message = fields?.[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/** The request's lead: context, the three fields, and the sign-up's category. Signing up is the consent. */
export function signUpLead(config: SignUpConfig, values: SignUpValues, context: PageLeadContext, honeypot: string): Record<string, unknown> {
  return {
    ...context,
    form: 'enquiry',
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    category: config.category,
    ...(config.subcategory ? { subcategory: config.subcategory } : {}),
    opt_in: true,
    ...(config.consent_id ? { consent_id: config.consent_id } : {}),
    event_id: EVENT_IDS.form,
    company_website: honeypot,
  };
}

// ---------------------------------------------------------------------------
// The page: everything below touches the DOM and is covered by the browser tests.
// ---------------------------------------------------------------------------

function control(form: HTMLFormElement, name: string): HTMLInputElement | undefined {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement ? el : undefined;
}

function showFieldError(input: HTMLInputElement, message: string | undefined): void {
  const error = input.ownerDocument.getElementById(`${input.id}-error`);
  if (error) {
    error.textContent = message ?? '';
    error.hidden = !message;
  }
  if (message) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', `${input.id}-error`);
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

function init(form: HTMLFormElement): void {
  const config = readConfig(form.dataset);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const alertBox = form.querySelector<HTMLElement>('[role="alert"]');
  const inputs = SIGN_UP_FIELDS.map((name) => control(form, name));
  if (!config || !button || inputs.some((i) => !i)) return;
  const fields = inputs as HTMLInputElement[];
  // The form rendered with the page, not when this script arrived (it loads as the form nears
  // the screen): timing from then would quarantine a prefilled form signed up at once.
  const startedAt = Math.round(performance.timeOrigin);
  let inFlight = false;

  // Prefill from an earlier lead; never over what the shopper typed before the script ran.
  const stored = loadSavedDetails(config.website_slug);
  const saved: Partial<Record<SignUpField, string | undefined>> = { name: savedFullName(stored), email: stored.email, phone: stored.phone };
  for (const input of fields) {
    const value = saved[input.name as SignUpField];
    if (value && !input.value) input.value = value;
  }

  const setBusy = (busy: boolean) => {
    button.disabled = busy;
    for (const el of [form, button]) {
      if (busy) el.setAttribute('aria-busy', 'true');
      else el.removeAttribute('aria-busy');
    }
    button.querySelectorAll<HTMLElement>('[data-busy]').forEach((el) => (el.hidden = !busy));
  };
  const setAlert = (message: string | undefined) => {
    if (!alertBox) return;
    alertBox.textContent = message ?? '';
    alertBox.className = message ? 'lead-alert lead-alert-destructive' : '';
  };
  /** Shows the messages (clearing the rest); focuses the first field with one. True when there were any. */
  const showErrors = (errors: SignUpErrors): boolean => {
    let first: HTMLInputElement | undefined;
    for (const input of fields) {
      const message = errors[input.name as SignUpField];
      showFieldError(input, message);
      if (message && !first) first = input;
    }
    first?.focus();
    return first !== undefined;
  };
  const fail = (message: string) => {
    window.alert(SUBMIT_ERROR);
    setAlert(message);
  };

  const submit = async () => {
    const values = Object.fromEntries(fields.map((i) => [i.name, i.value])) as SignUpValues;
    setAlert(undefined);
    if (showErrors(missingFields(values))) return;
    inFlight = true;
    setBusy(true);
    const site = { website_slug: config.website_slug, dealership_slug: config.dealership_slug };
    const honeypot = control(form, 'company_website')?.value ?? '';
    const lead = signUpLead(config, values, leadContext(site, startedAt), honeypot);
    const result = await sendLead({ method: 'POST', lead, idempotencyKey: newIdempotencyKey() });
    if (result.ok) {
      saveDetails(config.website_slug, { name: values.name, email: values.email, phone: normalisePhone(values.phone.trim(), config.phone_rule) });
      trackFormSubmit({ form: 'enquiry', category: config.category, subcategory: config.subcategory, event_id: EVENT_IDS.form, lead_id: result.id });
      // Busy until the success page replaces this one.
      window.location.assign(successUrl(config.category, { subcategory: config.subcategory }));
      return;
    }
    // The shopper's own mistake (the server's field message) is shown where it is, not alerted.
    if (!showErrors(formFieldErrors(result.fields))) fail(result.error);
    inFlight = false;
    setBusy(false);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // One attempt at a time: a double click sends one lead under one idempotency key.
    if (inFlight) return;
    submit().catch(() => {
      fail(SUBMIT_ERROR);
      inFlight = false;
      setBusy(false);
    });
  });
  // Back from /success through the back/forward cache: the form is usable again, not stuck busy.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) {
      inFlight = false;
      setBusy(false);
    }
  });
  setBusy(false);
}

/** Makes every sign-up form on the page live. */
export function initSignUpForms(doc: Document = document): void {
  doc.querySelectorAll<HTMLFormElement>('form[data-sign-up-form]').forEach(init);
}
