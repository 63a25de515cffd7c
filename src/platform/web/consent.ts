/**
 * Whether this shopper's browser may be measured: the one check every analytics event passes
 * (src/platform/web/tracker.ts). Lead forms, saved cars and the trail a lead carries are the
 * service the shopper asked for and do not depend on it; analytics do.
 *
 * - The shopper's own choice, kept in this browser (the privacy page's switch,
 *   ./analytics-choice.ts), always wins. A browser that refuses storage keeps no choice: the
 *   default below holds there.
 * - Without one, the dealer file's `analytics.consent` decides, written on the page as
 *   `<html data-analytics-consent>` so it holds before any script runs: `implied` measures unless
 *   the browser sends Global Privacy Control (a standing "no" the shopper already gave);
 *   `opt_in` measures nothing until the shopper turns analytics on.
 */
import { browserStorage } from './storage';

export const CONSENT_KEY = 'analytics-consent';
export type ConsentChoice = 'granted' | 'denied';
/**
 * Dispatched on the document when the shopper makes a choice on this page, so every control that
 * shows it (the privacy page's switch, the opt-in banner) agrees without importing the others.
 */
export const CONSENT_CHOICE_EVENT = 'analytics-consent-choice';

/** Whether the dealer file asks for opt-in (`<html data-analytics-consent="opt_in">`). */
export function optInSite(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  return doc?.documentElement.dataset.analyticsConsent === 'opt_in';
}

export function consentChoice(): ConsentChoice | undefined {
  try {
    const value = browserStorage('localStorage')?.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function analyticsAllowed(): boolean {
  const choice = consentChoice();
  if (choice) return choice === 'granted';
  if (optInSite()) return false;
  return !(typeof navigator !== 'undefined' && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true);
}
