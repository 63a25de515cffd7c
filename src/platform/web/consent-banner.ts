/**
 * The opt-in banner (src/site/ConsentBanner.astro): its markup is in every page of an opt-in
 * dealer's site, hidden, and this reveals it only while this browser holds no analytics choice.
 * It runs as every such page loads, so it stays tiny: the code that keeps the choice and starts
 * analytics (./analytics-choice.ts, the privacy page's own) loads only when the shopper chooses.
 */
import { CONSENT_CHOICE_EVENT, consentChoice, optInSite, type ConsentChoice } from './consent';

export const CONSENT_BANNER_SELECTOR = '[data-consent-banner]';

/** Whether this page view asks: an opt-in site and no choice kept in this browser. */
export function bannerWanted(doc: Document = document): boolean {
  return optInSite(doc) && consentChoice() === undefined;
}

/** The choice a banner button stands for. */
export const choiceOf = (button: HTMLElement): ConsentChoice => (button.dataset.consentChoice === 'granted' ? 'granted' : 'denied');

export function initConsentBanner(doc: Document = document, win: Window = window): void {
  const banner = doc.querySelector<HTMLElement>(CONSENT_BANNER_SELECTOR);
  if (!banner || !bannerWanted(doc)) return;
  const close = () => {
    if (banner.hidden) return;
    // Focus left on a hidden button falls back to the page's start; the page itself is where the shopper was.
    const hadFocus = banner.contains(doc.activeElement);
    banner.hidden = true;
    if (hadFocus) doc.getElementById('main')?.focus({ preventScroll: true });
  };
  // A choice made on the privacy page's switch answers the banner too.
  doc.addEventListener(CONSENT_CHOICE_EVENT, close);
  banner.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-consent-choice]') : null;
    if (!button) return;
    const choice = choiceOf(button);
    import('./analytics-choice')
      .then((m) => {
        // A kept choice closes the banner through CONSENT_CHOICE_EVENT. A browser that refuses
        // storage keeps none: this page stops asking, the next asks again.
        if (!m.chooseAnalytics(choice, doc, win)) close();
      })
      // Offline, or a new deploy replaced the file: nothing was kept, so the next page asks again.
      .catch(close);
  });
  banner.hidden = false;
}
