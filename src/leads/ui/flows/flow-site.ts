/**
 * Build-time only: the plain props a flow island needs from the dealer config, with every
 * heading already in the site's wording (islands never bundle the config or the wording table).
 */
import { displayPhone } from '../../../platform/formats/phone';
import type { DealerConfig } from '../../../platform/config/schema';
import { consentWordings } from '../../model/consent';
import { formDefinition, type FormKind, type FormOptions } from '../../model/forms';
import { wording } from '../../../platform/formats/region';
import type { FlowSite } from './use-lead-flow';

export function flowSite(site: DealerConfig, form: FormKind, options: FormOptions, dealershipSlug: string | undefined = site.dealership_slug): FlowSite {
  const w = wording(site.locale);
  return {
    lead: { website_slug: site.slug, ...(dealershipSlug ? { dealership_slug: dealershipSlug } : {}) },
    consent: consentWordings(site).checkbox,
    stepTitles: formDefinition(form, options).steps.map((step) => w(step.title)),
    locale: site.locale,
    phone: displayPhone(site.phone, site.region),
    ...(form === 'finance' && site.leads.finance_target === 'car_clarity' ? { createAt: 'carClarityCustomer' as const } : {}),
  };
}
