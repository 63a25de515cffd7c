/**
 * The consent record kept with a lead: what the shopper answered, on which form and page, to
 * which wording, and when.
 *
 * - `opt_in` is true only when the lead says `opt_in: true`. A lead with no answer is recorded as
 *   not given (false, `answered: false`), never as yes: consent is something a shopper does, and
 *   a missing answer is no such act, whatever the form's box showed by default. 'Unknown' would
 *   be a third state every receiver must handle and some would read as yes; `answered` keeps the
 *   difference between an unticked box and no box for whoever needs it.
 * - `wording` is found in the dealer file by the `consent_id` the form sent (model/consent.ts),
 *   never taken from the request; null when the form sent no id, or one the dealer file no longer
 *   has (a page built before the wording changed).
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { LeadConsent } from '../../platform/db/schema';
import { consentWordingFor } from '../model/consent';
import type { ParsedLead } from '../model/payload';

export function consentRecord(lead: ParsedLead, site: Pick<DealerConfig, 'locale' | 'leads'>, at: Date): LeadConsent {
  const id = lead.consent_id ?? null;
  return {
    opt_in: lead.opt_in === true,
    answered: typeof lead.opt_in === 'boolean',
    form: lead.form,
    page: lead.url ?? null,
    wording: id === null ? null : (consentWordingFor(site, id) ?? null),
    wording_id: id,
    at: at.toISOString(),
  };
}

/** One line for people (ADF comments, email): the answer, the words it was given to, the form. */
export function consentLine(consent: LeadConsent): string {
  if (consent.answered === false) return 'Opt-in: No (the form sent no answer)';
  if (!consent.opt_in) return 'Opt-in: No';
  const words = consent.wording === null ? 'the wording shown is not known' : `"${consent.wording}"`;
  return `Opt-in: Yes (${words}${consent.form ? `, ${consent.form} form` : ''})`;
}
