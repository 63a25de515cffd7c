/**
 * The one script every page runs (BaseLayout.astro): the header's menus and search box, the
 * footer's small behaviour, the ASC data layer, the lead trail and the dealer's live data. One
 * module, built into one file with the little modules it shares with other scripts (the
 * `site-script` chunk, src/platform/astro/chunks.ts): a brochure page's whole JavaScript budget
 * is 10 KB, and every file fetched apart costs its own gzip overhead and loses what the others
 * would have compressed against.
 */
import { initMenus } from '../../dealer/browser/menus';
import { applyLiveData } from '../../dealer/browser/live-data';
import { initPage } from '../../platform/web/page';
import { defineAscDataLayer, startAscAfterLoad } from '../../platform/web/asc-layer';
import { recordVisit } from '../../leads/browser/visits';

/** 'My account' instead of 'Sign in' where this browser is linked to the shopper's account. */
function markAccountLink(doc: Document): void {
  // The mark the saved-cars store keeps (src/saved-cars/browser/account-link.ts), read here by
  // its key in one line rather than by importing it: every page runs this script.
  const key = doc.querySelector<HTMLElement>('[data-account-key]')?.dataset.accountKey;
  try {
    if (key && localStorage.getItem(key) !== null) doc.documentElement.classList.add('account-linked');
  } catch {
    // Storage refused: the link stays 'Sign in', which still leads to the account.
  }
}

/**
 * On the narrowest phones the full-width box cuts the placeholder ("Search make, mod…" at 320 px):
 * below the spec's smallest breakpoint (400 px) it drops "Search", which the button beside it
 * already says. The label is unchanged.
 */
function fitPlaceholder(searchInput: HTMLInputElement, win: Window): void {
  const narrow = win.matchMedia('(max-width: 399.98px)');
  const wide = searchInput.placeholder;
  const fit = () => {
    searchInput.placeholder = (narrow.matches && searchInput.dataset.narrowPlaceholder) || wide;
  };
  fit();
  narrow.addEventListener('change', fit);
}

/**
 * The header's search suggestions arrive on the first focus or keystroke in the search box, so
 * pages where nobody searches load none of them.
 */
function suggestOnFirstUse(doc: Document): void {
  const searchInput = doc.getElementById('header-search-input');
  if (!(searchInput instanceof HTMLInputElement)) return;
  fitPlaceholder(searchInput, doc.defaultView ?? window);
  const load = () => {
    searchInput.removeEventListener('focus', load);
    searchInput.removeEventListener('input', load);
    import('../../search/browser/autocomplete')
      .then(({ initAutocomplete }) => initAutocomplete(searchInput))
      .catch(() => {
        // Offline or blocked: the plain search form still works.
      });
  };
  searchInput.addEventListener('focus', load);
  searchInput.addEventListener('input', load);
  if (doc.activeElement === searchInput) load();
}

/**
 * The footer newsletter and the home subscribe section are plain forms whose script loads only
 * as one comes near the screen: most page views never scroll to the footer. Their buttons stay
 * disabled until then.
 */
function signUpWhenNear(doc: Document): void {
  const signUps = doc.querySelectorAll('form[data-sign-up-form]');
  if (signUps.length === 0) return;
  let loading: Promise<void> | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (loading || !entries.some((e) => e.isIntersecting)) return;
      loading = import('../../leads/browser/sign-up-form')
        .then((m) => {
          observer.disconnect();
          m.initSignUpForms();
        })
        .catch(() => {
          // Offline or a new deploy replaced the file: try again next time a form comes into view.
          loading = undefined;
        });
    },
    { rootMargin: '400px 0px' },
  );
  signUps.forEach((form) => observer.observe(form));
}

export function startPage(doc: Document = document, win: Window = window): void {
  initMenus(doc);
  markAccountLink(doc);
  suggestOnFirstUse(doc);
  initPage(doc, win);
  // window.asc_datalayer now; the ASC page view and click events (with the shopper's consent)
  // once the page has loaded (this module script always runs before 'load').
  defineAscDataLayer(doc, win);
  startAscAfterLoad(win);
  signUpWhenNear(doc);
  // Every page view joins the trail a lead carries (visited_pages, linked_query_params).
  const leadSite = doc.querySelector<HTMLElement>('[data-lead-site]')?.dataset.leadSite;
  if (leadSite) recordVisit(leadSite);
  // What the dealer changed since the build (stock counts, holiday hours, navigation) is drawn
  // after the page has loaded, so it never delays the page. Offline or blocked, the built menus
  // and hours stay.
  win.addEventListener('load', () => void applyLiveData(doc).catch(() => undefined), { once: true });
}
