/**
 * What every multi-step flow island shares: one lead saver for the life of the island, the
 * lead's context fields (page, trail, campaign, time trap) read at each save, the honeypot
 * field, saved user details in and out, and the success page.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { FieldValues } from 'react-hook-form';
import { leadContext, newIdempotencyKey, sendLead, type LeadCreateTarget, type LeadSite } from '../../browser/client';
import type { ConsentWording } from '../../model/consent';
import type { FormKind, FormStep } from '../../model/forms';
import { createLeadSaver, type LeadSaver, type LeadSaverState } from '../../browser/lead-saving';
import { loadSavedDetails, saveDetails, savedFirstAndLastName } from '../../browser/saved-details';
import { trackFormSubmit } from '../../../platform/web/asc-events';
import { HoneypotField } from '../fields';

/** Props every flow island gets from its page (plain, serialisable). */
export interface FlowSite {
  /** website_slug and dealership_slug of every lead. */
  lead: LeadSite;
  /** The opt-in wording shown beside the checkbox, and the id each save sends for it (model/consent.ts). */
  consent: ConsentWording;
  /** Step headings in the site's wording, in step order. */
  stepTitles: string[];
  locale: string;
  /** The dealer's phone, for 'call us' messages. */
  phone: string;
  /** Where the first save creates the lead, when not POST /api/leads. */
  createAt?: LeadCreateTarget;
}

export interface LeadFlowConfig {
  site: FlowSite;
  form: FormKind;
  category: string;
  steps: readonly FormStep[];
  /** Fields every save carries besides the form's (car_id, location_id…); read at each save. */
  fixed?: () => FieldValues;
  /** The success page's extra query; with `stay`, the form stays and shows its own result. */
  successExtra?: () => Record<string, string>;
  stay?: boolean;
}

export interface LeadFlow {
  saver: LeadSaver;
  state: LeadSaverState;
  /** The hidden honeypot input: people never see it, bots fill it in. */
  honeypot: React.ReactElement;
  /** Saved name, email, phone and postcode in the User Details step's field names. */
  savedUserDetails: () => FieldValues;
  /** The steps with their headings in the site's wording. */
  steps: FormStep[];
}

export function useLeadFlow({ site, form, category, steps, fixed, successExtra, stay = false }: LeadFlowConfig): LeadFlow {
  const startedAt = useRef(0);
  const honeypotRef = useRef<HTMLInputElement>(null);
  // The time trap counts from when the form could first be used: hydration, not the build.
  useEffect(() => {
    startedAt.current = Date.now();
  }, []);

  const latest = useRef({ fixed, successExtra });
  latest.current = { fixed, successExtra };

  const [saver] = useState(() =>
    createLeadSaver({
      stepCount: steps.length,
      send: (request) => sendLead(site.createAt ? { ...request, createAt: site.createAt } : request),
      newIdempotencyKey,
      base: () => ({
        ...leadContext(site.lead, startedAt.current || Date.now()),
        form,
        category,
        ...latest.current.fixed?.(),
        consent_id: site.consent.id,
        company_website: honeypotRef.current?.value ?? '',
      }),
      track: ({ eventId, leadId }) => {
        const carId: unknown = latest.current.fixed?.().car_id;
        trackFormSubmit({ form, category, event_id: eventId, lead_id: leadId, ...(typeof carId === 'string' ? { car_id: carId } : {}) });
      },
      navigate: (url) => window.location.assign(url),
      // The extras are read when the lead is complete, in the browser: a car the page filled in
      // after hydration is known by then, and the island's server render never reads them.
      ...(stay
        ? {}
        : {
            success: {
              category,
              get extra() {
                return latest.current.successExtra?.() ?? {};
              },
            },
          }),
    }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.getState, saver.getState);

  // Details the shopper gave are kept for the next form once this one is accepted.
  const done = state.steps.completed;
  useEffect(() => {
    if (!done) return;
    const values = saver.collected();
    saveDetails(site.lead.website_slug, {
      name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone: values.phone,
      postcode: values.postcode,
    });
  }, [done, saver, site.lead.website_slug]);

  const honeypotId = `${useId().replace(/:/g, '')}-company-website`;
  const honeypot = <HoneypotField id={honeypotId} inputRef={honeypotRef} />;

  return {
    saver,
    state,
    honeypot,
    savedUserDetails: () => {
      const saved = loadSavedDetails(site.lead.website_slug);
      return {
        ...savedFirstAndLastName(saved),
        ...(saved.email ? { email: saved.email } : {}),
        ...(saved.phone ? { phone: saved.phone } : {}),
        ...(saved.postcode ? { postcode: saved.postcode } : {}),
        opt_in: true,
      };
    },
    steps: steps.map((step, i) => ({ ...step, title: site.stepTitles[i] ?? step.title })),
  };
}
