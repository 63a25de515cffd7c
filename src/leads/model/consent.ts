/**
 * The consent wording a form shows, and the id the form sends in its place (`consent_id`).
 *
 * The server resolves the id against the dealer file, so the wording stored with a lead is the
 * dealer's own text that the page showed, never text the browser sent, which could say anything.
 * The id is a hash of the wording as shown: a page built before the dealer changed the wording
 * sends an id the server no longer finds, and the record says the wording is not known rather
 * than naming words the shopper never saw.
 *
 * Build time and server only (the forms get `{ id, text }` as props or data attributes).
 */
import type { DealerConfig } from '../../platform/config/schema';
import { wording } from '../../platform/formats/region';
import { hashSeed } from '../../stock/model/random';

/** Signing up (the subscribe and newsletter forms) is the consent: this is the button's wording. */
export const SIGN_UP_WORDING = 'Sign Up for Latest Offers';

export interface ConsentWording {
  id: string;
  text: string;
}

export function consentWordingId(text: string): string {
  return `cw-${hashSeed(text).toString(36)}`;
}

const shown = (text: string): ConsentWording => ({ id: consentWordingId(text), text });

/**
 * What each kind of form on the dealer's site shows, in the site's words: the opt-in checkbox
 * (enquiry, finance, service and trade-in forms) and the sign-up button.
 */
export function consentWordings(site: Pick<DealerConfig, 'locale' | 'leads'>): { checkbox: ConsentWording; sign_up: ConsentWording } {
  const w = wording(site.locale);
  return { checkbox: shown(w(site.leads.consent_text)), sign_up: shown(w(SIGN_UP_WORDING)) };
}

/** The wording a form's `consent_id` names on this dealer's site, or undefined. */
export function consentWordingFor(site: Pick<DealerConfig, 'locale' | 'leads'>, id: string): string | undefined {
  return Object.values(consentWordings(site)).find((w) => w.id === id)?.text;
}
