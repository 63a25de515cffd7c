/**
 * The one-step enquiry form of contact pages and the car page's vehicle enquiry: the button is
 * disabled with a spinner while sending, success goes to the success page, and a failure shows an
 * alert plus an inline error. The subscribe and newsletter sign-ups are plain HTML
 * (src/leads/ui/SubscribeForm.astro, src/leads/browser/sign-up-form.ts) so pages stay light.
 *
 * react-hook-form over the same zod schema the API checks (src/leads/model/forms.ts), validated on
 * submit only. Every text it shows arrives as a prop already in the site's wording, so the
 * island bundles no dealer config and no wording tables.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod/mini';
import { resolveEnquiryCategory } from '../model/category';
import type { ConsentWording } from '../model/consent';
import { SUBMIT_ERROR, leadContext, newIdempotencyKey, sendLead, type LeadSite } from '../browser/client';
import { HEAR_ABOUT_US_OPTIONS, enquirySchema, type EnquiryInput, type EnquiryValues, type FormOptions } from '../model/forms';
import { loadSavedDetails, saveDetails, savedFullName } from '../browser/saved-details';
import { successUrl } from '../model/success';
import { MOCK_ERROR_CHOICES, MOCK_ERROR_FIELD, MOCK_ERROR_LABEL } from '../model/leads-mode';
import { trackFormSubmit } from '../../platform/web/asc-events';
import { CheckboxField } from './fields/CheckboxField';
import { CheckboxGroupField } from './fields/CheckboxGroupField';
import { FormAlert } from './fields/FormAlert';
import { HoneypotField } from './fields/HoneypotField';
import { SelectField } from './fields/SelectField';
import { SubmitButton } from './fields/SubmitButton';
import { TextField } from './fields/TextField';

// The site's CSP has no 'unsafe-eval': zod must not try its compiled fast path.
// zod/mini sets no locale, where classic zod set English: without it, the messages zod writes
// itself (react-hook-form shows a union option's, such as 'Invalid input: expected string,
// received undefined') would shrink to 'Invalid input'.
z.config({ jitless: true, ...z.locales.en() });

/** Visible text, already worded for the site's locale; defaults are the AU wording. */
export interface EnquiryFormText {
  name: string;
  phone: string;
  email: string;
  message: string;
  category: string;
  location: string;
  preferredDealership: string;
  rego: string;
  hearAboutUs: string;
  additionalServices: string;
  /** First, empty option of a select. */
  choose: string;
  /** Button text ('Send Enquiry', 'Enquire Now', 'Send Message'). */
  submit: string;
  sending: string;
  /** Label of the optional terms checkbox, when shown. */
  terms: string;
}

const DEFAULT_TEXT: EnquiryFormText = {
  name: 'Full name',
  phone: 'Phone',
  email: 'Email',
  message: 'Comments',
  category: 'Enquiry type',
  location: 'Location',
  preferredDealership: 'Preferred dealership',
  rego: 'Rego (optional)',
  hearAboutUs: 'Where did you hear about us?',
  additionalServices: 'Additional services',
  choose: 'Please select',
  submit: 'Send Enquiry',
  sending: 'Sending…',
  terms: 'I agree to the terms and conditions',
};

/** The car a vehicle enquiry is about. */
export interface EnquiryCar {
  id: string;
  /** Vehicle enquiry category from the car's car_type (vehicleEnquiryCategory). */
  category: string;
  slug?: string;
  dealership_id?: string;
  dealership_slug?: string;
  location_id?: string;
}

export interface EnquiryFormProps {
  /** formOptionsFor(site, overrides), computed at build time. */
  options: FormOptions;
  /** Who the lead is for: website_slug and the dealership it goes to. */
  site: LeadSite;
  /** Prefix of element ids, unique on the page. */
  idPrefix: string;
  /** Id of the heading that names the form. */
  labelledBy?: string;
  text?: Partial<EnquiryFormText>;
  /** The opt-in wording shown beside the checkbox, and the id sent for it (model/consent.ts). */
  consent: ConsentWording;
  /** A fixed category (no select): 'Competition Enquiry', 'Service Enquiry'... */
  category?: string;
  /** Subcategory sent with a fixed category. */
  subcategory?: string;
  /** Worded labels for the category select's values (US sites say 'Inquiry'). */
  categoryLabels?: Record<string, string>;
  /**
   * A location chosen by the page (/contact-us/{location}): no select. Sent as the form's
   * location when it is one the shopper could pick, else (not open yet) as the lead's location_id.
   */
  locationId?: string;
  /** A vehicle enquiry's car, known at build time. */
  car?: EnquiryCar;
  /** The car shell page: the car is read from the page (#assistant-car-metadata) when sending. */
  carFromPage?: boolean;
  showRego?: boolean;
  showTerms?: boolean;
  className?: string;
  /** A test build (model/leads-mode.ts): offer the mock error select, which only the mock route takes. */
  mockErrors?: boolean;
}

type FieldName = FieldPath<EnquiryInput>;
const FORM_FIELDS = new Set<string>([
  'name',
  'phone',
  'email',
  'message',
  'category',
  'location',
  'preferred_dealership',
  'rego',
  'hear_about_us',
  'additional_services',
  'opt_in',
  'terms_conditions',
]);

/** The shell page's car, once src/cars/browser/shell.ts has found it; undefined before that. */
function carFromPage(doc: Document): EnquiryCar | undefined {
  try {
    const meta: unknown = JSON.parse(doc.getElementById('assistant-car-metadata')?.textContent ?? '');
    if (typeof meta !== 'object' || meta === null) return undefined;
    const { id, category, dealership_id } = meta as Record<string, unknown>;
    if (typeof id !== 'string' || typeof category !== 'string') return undefined;
    const location = doc.querySelector<HTMLElement>('[data-shell-car] [data-location-card]:not([hidden])');
    const slug = doc.querySelector<HTMLElement>('[data-shell-car]')?.dataset.carSlug;
    return {
      id,
      category,
      ...(typeof dealership_id === 'string' ? { dealership_id } : {}),
      ...(location?.dataset.locationCard ? { location_id: location.dataset.locationCard } : {}),
      ...(location?.dataset.dealershipSlug ? { dealership_slug: location.dataset.dealershipSlug } : {}),
      ...(slug ? { slug } : {}),
    };
  } catch {
    return undefined;
  }
}

export default function EnquiryForm(props: EnquiryFormProps) {
  const {
    options,
    site,
    idPrefix,
    labelledBy,
    consent,
    category,
    subcategory,
    categoryLabels = {},
    locationId,
    car,
    showRego = false,
    showTerms = false,
    className,
  } = props;
  const text = { ...DEFAULT_TEXT, ...props.text };
  const schema = useMemo(() => enquirySchema(options), [options]);
  const categories = options.show_category && !category ? options.categories : [];
  const showLocation = options.show_location && !locationId && options.locations.length > 1;
  const showDealership = options.show_preferred_dealership && options.dealerships.length > 1;
  const hearAboutUs = HEAR_ABOUT_US_OPTIONS[options.hear_about_us];

  const form = useForm<EnquiryInput, unknown, EnquiryValues>({
    resolver: zodResolver(schema),
    // Text fields start undefined so react-hook-form reads what the DOM holds: anything typed
    // before the island hydrated is kept.
    defaultValues: { opt_in: true, additional_services: [], ...(categories.length > 0 ? { category: categories[0] } : {}) },
    // Forms validate on submit only; once a submit has shown a field's message, the message
    // follows what the shopper types, so a field they fixed stops saying it is wrong.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const inFlight = useRef(false);
  const startedAt = useRef(0);
  const honeypot = useRef<HTMLInputElement>(null);
  const mockError = useRef<HTMLSelectElement>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  useEffect(() => {
    startedAt.current = Date.now();
    const saved = loadSavedDetails(site.website_slug);
    const prefill = { name: savedFullName(saved), email: saved.email, phone: saved.phone };
    for (const field of ['name', 'email', 'phone'] as const) {
      const value = prefill[field];
      if (value && !form.getValues(field)) form.setValue(field, value);
    }
  }, [form, site.website_slug]);

  const send = async (values: EnquiryValues) => {
    setError(undefined);
    setBusy(true);
    const vehicle = props.carFromPage ? carFromPage(document) : car;
    const resolved = resolveEnquiryCategory(category ?? vehicle?.category ?? values.category);
    const sub = resolved.subcategory ?? subcategory;
    const lead: Record<string, unknown> = {
      ...leadContext({ website_slug: site.website_slug, dealership_slug: vehicle?.dealership_slug ?? site.dealership_slug }, startedAt.current),
      form: 'enquiry',
      ...values,
      ...(locationId ? (options.locations.some((l) => l.id === locationId) ? { location: locationId } : { location_id: locationId }) : {}),
      category: resolved.category,
      ...(sub ? { subcategory: sub } : {}),
      event_id: resolved.event_id,
      ...(vehicle ? { car_id: vehicle.id } : {}),
      ...(vehicle?.dealership_id ? { car_dealership_id: vehicle.dealership_id } : {}),
      ...(vehicle?.location_id ? { location_id: vehicle.location_id } : {}),
      consent_id: consent.id,
      company_website: honeypot.current?.value ?? '',
      ...(mockError.current?.value ? { [MOCK_ERROR_FIELD]: mockError.current.value } : {}),
    };
    const result = await sendLead({ method: 'POST', lead, idempotencyKey: newIdempotencyKey() });
    if (result.ok) {
      saveDetails(site.website_slug, { name: values.name, email: values.email, phone: values.phone });
      trackFormSubmit({ form: 'enquiry', category: resolved.category, subcategory: sub, event_id: resolved.event_id, lead_id: result.id, car_id: vehicle?.id });
      window.location.assign(successUrl(resolved.category, { subcategory: sub, car_id: vehicle?.id, car: vehicle?.slug }));
      return;
    }
    window.alert(SUBMIT_ERROR);
    setError(result.error);
    let focus = true;
    for (const [name, message] of Object.entries(result.fields ?? {})) {
      if (!FORM_FIELDS.has(name)) continue;
      form.setError(name as FieldName, { type: 'server', message }, { shouldFocus: focus });
      focus = false;
    }
    setBusy(false);
    inFlight.current = false;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A second click while the first is being checked or sent does nothing: one attempt, one key.
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    inFlight.current = true;
    void form
      .handleSubmit(send, () => {
        inFlight.current = false;
      })(event)
      .catch(() => {
        window.alert(SUBMIT_ERROR);
        setError(SUBMIT_ERROR);
        setBusy(false);
        inFlight.current = false;
      });
  };

  return (
    <FormProvider {...form}>
      <form
        className={['lead-form', 'lead-form-enquiry', className].filter(Boolean).join(' ')}
        method="post"
        noValidate
        aria-labelledby={labelledBy}
        aria-busy={busy || undefined}
        data-lead-form="enquiry"
        onSubmit={onSubmit}
      >
        <div className="lead-form-fields grid grid-2">
          <TextField id={id('name')} name="name" label={text.name} required autoComplete="name" maxLength={100} />
          <TextField id={id('phone')} name="phone" label={text.phone} type="tel" required autoComplete="tel" maxLength={20} />
          <TextField id={id('email')} name="email" label={text.email} type="email" required autoComplete="email" maxLength={200} />
          {categories.length > 0 && (
            <SelectField
              id={id('category')}
              name="category"
              label={text.category}
              required
              options={categories.map((c) => ({ value: c, label: categoryLabels[c] ?? c }))}
            />
          )}
          {showLocation && (
            <SelectField
              id={id('location')}
              name="location"
              label={text.location}
              required
              placeholder={text.choose}
              options={options.locations.map((l) => ({ value: l.id, label: l.name }))}
            />
          )}
          {showDealership && (
            <SelectField
              id={id('preferred-dealership')}
              name="preferred_dealership"
              label={text.preferredDealership}
              required
              placeholder={text.choose}
              options={options.dealerships.map((d) => ({ value: d.slug, label: d.name }))}
            />
          )}
          {showRego && <TextField id={id('rego')} name="rego" label={text.rego} autoComplete="off" maxLength={20} />}
          {hearAboutUs.length > 0 && (
            <SelectField id={id('hear-about-us')} name="hear_about_us" label={text.hearAboutUs} placeholder={text.choose} options={hearAboutUs} />
          )}
        </div>
        {!options.remove_message && (
          <TextField id={id('message')} name="message" label={text.message} required={!options.message_optional} multiline rows={4} maxLength={5000} />
        )}
        {options.additional_services.length > 0 && (
          <CheckboxGroupField
            id={id('additional-services')}
            name="additional_services"
            legend={text.additionalServices}
            options={options.additional_services}
          />
        )}
        <CheckboxField id={id('opt-in')} name="opt_in" label={consent.text} defaultChecked />
        {showTerms && <CheckboxField id={id('terms')} name="terms_conditions" label={text.terms} />}
        {props.mockErrors && (
          // Outside the form's schema: it is no shopper's field, and only the mock route takes it.
          <div className="field lead-field">
            <label htmlFor={id('mock-error')}>{MOCK_ERROR_LABEL}</label>
            <select id={id('mock-error')} ref={mockError} defaultValue="">
              <option value="">None</option>
              {MOCK_ERROR_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <HoneypotField id={id('company-website')} inputRef={honeypot} />
        <FormAlert id={id('alert')} message={error} />
        <SubmitButton label={text.submit} busyLabel={text.sending} busy={busy} className="button button-brand" />
      </form>
    </FormProvider>
  );
}
