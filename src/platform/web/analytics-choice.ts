/**
 * The privacy page's analytics switch: says whether this browser is measured and lets the shopper
 * change it (./consent.ts keeps the choice). Turning analytics on starts them on this page at once;
 * turning them off stops every event from here on (the tracker checks consent per event).
 */
import { analyticsAllowed, CONSENT_KEY, consentChoice, type ConsentChoice } from './consent';
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
    const on = !analyticsAllowed();
    if (!setConsentChoice(on ? 'granted' : 'denied')) {
      state.textContent = 'This browser does not let the site keep your choice. Your browser’s privacy settings decide instead.';
      return;
    }
    if (on) startAnalytics(doc, win);
    show();
  });
  show();
}
