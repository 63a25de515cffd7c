/**
 * The shopper's analytics choice, made on the privacy page's switch or the opt-in banner
 * (./consent-banner.ts): kept in this browser (./consent.ts reads it), and on "yes" analytics
 * start on this page at once; "no" stops every event from here on (the tracker checks consent
 * per event).
 */
import { analyticsAllowed, CONSENT_CHOICE_EVENT, CONSENT_KEY, consentChoice, type ConsentChoice } from './consent';
import { browserStorage } from './storage';
import { startAnalytics } from './asc-page';

/** Keeps the shopper's choice; false when the browser refuses storage (the switch then says so). */
export function setConsentChoice(choice: ConsentChoice): boolean {
  try {
    browserStorage('localStorage')?.setItem(CONSENT_KEY, choice);
  } catch {
    // Refused: consentChoice() below reads no choice.
  }
  return consentChoice() === choice;
}

/**
 * Keeps the choice, starts analytics on this page when it is "yes", and tells the page's other
 * controls. False when the browser refuses storage: then nothing is kept and nothing starts.
 */
export function chooseAnalytics(choice: ConsentChoice, doc: Document = document, win: Window = window): boolean {
  if (!setConsentChoice(choice)) return false;
  if (choice === 'granted') startAnalytics(doc, win);
  doc.dispatchEvent(new CustomEvent(CONSENT_CHOICE_EVENT, { detail: choice }));
  return true;
}

export function initAnalyticsChoice(doc: Document = document, win: Window = window): void {
  const root = doc.querySelector<HTMLElement>('[data-analytics-choice]');
  const state = root?.querySelector<HTMLElement>('[data-analytics-state]');
  const toggle = root?.querySelector<HTMLButtonElement>('[data-analytics-toggle]');
  if (!root || !state || !toggle) return;
  const show = () => {
    const on = analyticsAllowed();
    state.textContent = on
      ? 'Analytics are on in this browser: we measure which pages and cars are viewed and which buttons are used, never who you are.'
      : 'Analytics are off in this browser: nothing about your visit is measured.';
    toggle.textContent = on ? 'Turn analytics off' : 'Turn analytics on';
    toggle.setAttribute('aria-pressed', String(on));
    toggle.hidden = false;
  };
  toggle.addEventListener('click', () => {
    if (!chooseAnalytics(analyticsAllowed() ? 'denied' : 'granted', doc, win)) {
      state.textContent = 'This browser does not let the site keep your choice. Your browser’s privacy settings decide instead.';
    }
  });
  // The banner's choice on this page shows here too.
  doc.addEventListener(CONSENT_CHOICE_EVENT, show);
  show();
}
