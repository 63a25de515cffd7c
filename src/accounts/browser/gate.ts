/**
 * The gate in front of a signed-in page (src/accounts/ui/Gate.astro). Pages are static, so the
 * page's own content ships hidden (the `hidden` attribute: not shown, not read out, not in the
 * tab order) and a status line says the page is checking. The gate asks the API for the session:
 *
 * - signed in: the content is shown and the page script gets the account;
 * - signed out: the shopper is sent to sign-in (replacing this page in history, so Back from
 *   sign-in does not land on a page that would send them there again), coming back here after;
 * - no answer: a message with a retry button; the private content stays hidden.
 */
import type { GatedPage } from '../model/gating';
import { gateRedirect } from '../model/gating';
import type { Session } from '../model/paths';
import { safeReturnPath } from '../model/return-path';
import { SIGN_IN_PATH } from '../model/sign-in-target';
import type { Fetch } from './account-api';
import { getSession } from './account-calls';

export type SignedIn = Extract<Session, { signedIn: true }>;

export interface GateView {
  /** Which part shows: only one at a time. */
  show(part: 'loading' | 'content' | 'error', message?: string): void;
}

export interface GateDeps {
  fetch?: Fetch;
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'origin' | 'replace'>;
  /** document.referrer: the page before, for sign-in's Back link when it was on this site. */
  referrer: string;
}

/** The referrer as a path on this site, or undefined (another site, none, or the sign-in page itself). */
export function sameSiteReferrer(referrer: string, origin: string): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || url.pathname === SIGN_IN_PATH) return undefined;
  return safeReturnPath(url.pathname + url.search + url.hash);
}

export const GATE_OFFLINE = 'We could not check whether you are signed in. Check your connection and try again.';
export const GATE_ERROR = 'We could not check whether you are signed in just now. Please try again.';

/** One check. Resolves with the account when signed in; undefined when sent away or when the check failed. */
export async function checkGate(page: GatedPage, view: GateView, deps: GateDeps): Promise<SignedIn | undefined> {
  view.show('loading');
  const result = await getSession(deps.fetch);
  if (result.ok && result.value.signedIn) {
    view.show('content');
    return result.value;
  }
  if (result.ok) {
    const { pathname, search, hash, origin } = deps.location;
    deps.location.replace(gateRedirect(page, pathname + search + hash, sameSiteReferrer(deps.referrer, origin)));
    return undefined;
  }
  view.show('error', result.status === 0 ? GATE_OFFLINE : GATE_ERROR);
  return undefined;
}

const PAGES: readonly GatedPage[] = ['my_garage', 'checkout', 'finance', 'spin_to_win', 'online_payment', 'equifax_finance', 'trade_in', 'sell_my_car'];
const isGatedPage = (value: unknown): value is GatedPage => PAGES.includes(value as GatedPage);

/** The view over Gate.astro's markup. */
export function gateView(root: HTMLElement): GateView {
  const part = (name: string) => root.querySelector<HTMLElement>(`[data-gate-${name}]`);
  const loading = part('loading');
  const content = part('content');
  const error = part('error');
  const message = part('message');
  return {
    show(which, text) {
      if (loading) loading.hidden = which !== 'loading';
      if (content) content.hidden = which !== 'content';
      if (error) error.hidden = which !== 'error';
      root.setAttribute('aria-busy', String(which === 'loading'));
      // Set after the part shows, and cleared between tries, so a screen reader announces each failure.
      if (message) message.textContent = which === 'error' ? (text ?? '') : '';
    },
  };
}

/**
 * Runs the gate on the page's `[data-gate]` element, retrying when the shopper asks. The promise
 * resolves only once the shopper is signed in; it never resolves on a page that sends them away.
 */
export function initGate(doc: Document = document, win: Window = window): Promise<SignedIn> {
  return new Promise((resolve) => {
    const root = doc.querySelector<HTMLElement>('[data-gate]');
    const page = root?.dataset.gate;
    if (!root || !isGatedPage(page)) return;
    const view = gateView(root);
    const deps: GateDeps = { location: win.location, referrer: doc.referrer };
    const run = async (): Promise<void> => {
      const account = await checkGate(page, view, deps);
      if (account) resolve(account);
    };
    root.querySelector<HTMLButtonElement>('[data-gate-retry]')?.addEventListener('click', () => void run());
    void run();
  });
}
