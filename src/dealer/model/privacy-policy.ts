/**
 * The privacy policy a dealer gets when its file has none of its own: the site's own words in the
 * region's English, the postal code as the shopper calls it (a US shopper gives a ZIP code).
 */
import type { Region } from '../../platform/config/regions';
import { wording } from '../../platform/formats/region';
import { regionTerms } from '../../platform/formats/region-terms';

export interface PrivacyPolicySite {
  name: string;
  region: Region;
  locale: string;
  /** How to reach the dealer: the phone as shown, and the email when there is one. */
  contact: string;
}

export function defaultPrivacyPolicy(site: PrivacyPolicySite): string[] {
  const w = wording(site.locale);
  const { postcode } = regionTerms(site.region);
  return [
    `${site.name} respects your privacy. This policy explains what personal information we collect through this website, why we collect it and how you can access or correct it.`,
    w(
      `We collect the details you give us when you send an enquiry, book a service, apply for finance, ask for a valuation or subscribe to offers: usually your name, phone number, email address, ${postcode} and the vehicles you are interested in.`,
    ),
    w(
      'We use these details to answer your enquiry, provide the products and services you ask for, and, where you agree, to tell you about offers. We share them only with the dealership that handles your request and with service providers who help us do so (such as finance partners), who must protect them as we do.',
    ),
    w(
      'This website uses cookies and local storage to remember your saved cars and form details on your device and to measure how the site is used. You can clear them in your browser at any time.',
    ),
    `To see or correct the personal information we hold about you, or to make a privacy complaint, contact us on ${site.contact}.`,
  ];
}
