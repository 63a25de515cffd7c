/**
 * Every page's ASC (Automotive Standards Council) analytics, which the page script every page
 * runs (src/site/browser/page-script.ts) loads once the page has loaded, so measuring never
 * competes with the page for the network or the main thread: no framework, one listener per kind
 * of event. It is built into one file with the tracker it shares (src/platform/astro/chunks.ts). The data layer itself is on the window from the start
 * (./asc-layer.ts).
 *
 * With consent (./consent.ts) it loads Google's gtag for the dealer's GA4 measurement ids, sends
 *   `asc_pageview` (and `asc_item_pageview` on a car page), and from then on
 *   `asc_click_to_call` (a tel: link), `asc_cta_interaction` (a button or button-styled link) and
 *   `asc_form_engagement` (the first focus in a lead form).
 * Everything goes through the one tracker (./tracker.ts), which checks consent again per event.
 */
import { withoutSecrets } from './address-secrets';
import { analyticsAllowed } from './consent';
import { ascDepartment, trackAsc } from './asc-events';
import { ascDataLayer, type AscDataLayer, type AscItem } from './tracker';

// The same address the page's Content-Security-Policy allows (GTAG_SCRIPT_URL in src/platform/http/security.ts).
const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';

type AnalyticsWindow = Window & { asc_datalayer?: AscDataLayer; dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/**
 * gtag as Google's snippet defines it, configured for each measurement id without its own page
 * view (the ASC page view is the page's), and Google's script after it. Once per page. It is
 * given the page's address and referrer without secret parameters (address-secrets.ts), rather
 * than reading them itself.
 */
export function startGtag(doc: Document = document, win: Window = window): void {
  const w = win as AnalyticsWindow;
  const ids = w.asc_datalayer?.measurement_ids ?? [];
  if (ids.length === 0 || typeof w.gtag === 'function') return;
  w.dataLayer = Array.isArray(w.dataLayer) ? w.dataLayer : [];
  const layer = w.dataLayer;
  w.gtag = function gtag() {
    // gtag reads its commands as `arguments` objects, as Google's snippet pushes them.
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  w.gtag('js', new Date());
  const page = { page_location: withoutSecrets(win.location.href), ...(doc.referrer ? { page_referrer: withoutSecrets(doc.referrer) } : {}) };
  for (const id of ids) w.gtag('config', id, { send_page_view: false, ...page });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTAG_URL}?id=${encodeURIComponent(ids[0] ?? '')}`;
  doc.head.append(script);
}

/** A button's or link's words, as the shopper reads them, short. */
const words = (el: Element): string => (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);

/** The lead form's name: its kind where the form says it, else its heading. */
function formName(form: HTMLFormElement, doc: Document): string {
  if (form.dataset.leadForm) return form.dataset.leadForm;
  if (form.dataset.signUpForm !== undefined) return 'sign_up';
  const heading = doc.getElementById(form.getAttribute('aria-labelledby') ?? '');
  return heading ? words(heading).toLowerCase() : 'lead_form';
}

/** What the page's shared script runs once the page has loaded, with the data layer already on the window (./asc-layer.ts). */
export function initAsc(doc: Document = document, win: Window = window): void {
  if (ascDataLayer() && analyticsAllowed()) startAnalytics(doc, win);
}

let listening = false;

/** gtag, the page view and the listeners; also what the privacy page runs when the shopper turns analytics on. */
export function startAnalytics(doc: Document = document, win: Window = window): void {
  startGtag(doc, win);
  if (listening) return;
  listening = true;
  trackAsc('asc_pageview');
  if (ascDataLayer()?.page_type === 'item' && ascDataLayer()?.items[0]) trackAsc('asc_item_pageview');

  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const call = target?.closest<HTMLAnchorElement>('a[href^="tel:"]');
      if (call) {
        trackAsc('asc_click_to_call', {
          comm_phone_number: call.getAttribute('href')?.replace(/[^\d+]/g, ''),
          department: ascDepartment(call.dataset.department, words(call)),
        });
        return;
      }
      // The analytics choice (the privacy page's switch, the opt-in banner's buttons) is not a call
      // to action, and turning analytics off is not measured.
      const cta = target?.closest<HTMLElement>('a.button, button.button:not([data-analytics-toggle], [data-consent-choice])');
      if (!cta || (cta instanceof HTMLButtonElement && cta.type === 'submit')) return;
      trackAsc('asc_cta_interaction', {
        element_text: words(cta),
        element_type: 'button',
        event_action: 'click',
        event_action_result: cta instanceof HTMLAnchorElement ? 'open' : 'toggle',
        link_url: cta instanceof HTMLAnchorElement ? cta.href : undefined,
        department: ascDepartment(words(cta)),
      });
    },
    { capture: true },
  );

  const engaged = new WeakSet<HTMLFormElement>();
  doc.addEventListener('focusin', (event) => {
    const form = event.target instanceof Element ? event.target.closest<HTMLFormElement>('form.lead-form, form.multi-step-form') : null;
    if (!form || engaged.has(form)) return;
    engaged.add(form);
    const name = formName(form, doc);
    trackAsc('asc_form_engagement', { comm_type: 'form', comm_status: 'start', form_name: name, department: ascDepartment(name) });
  });
}

/** A car page made in the browser (the car shell) names its car once it has it. */
export function trackAscItemPage(item: AscItem): void {
  const layer = ascDataLayer();
  if (!layer) return;
  layer.items = [item];
  trackAsc('asc_item_pageview');
}
