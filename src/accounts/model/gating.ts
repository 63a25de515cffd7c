/**
 * Which pages need a signed-in shopper on a dealer site. My Garage (and the dealer's garage
 * pages) always do; checkout, finance, spin-to-win and equifax finance when the dealer file lists
 * them in `features.gated_pages`; online payment unless the dealer lets shoppers pay without
 * signing in; trade-in and sell-my-car never. The browser asks this before showing a page, and
 * the API asks it again on every call such a page makes.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { signInHref, type SignInKind } from './sign-in-target';

/** The pages a gate can stand in front of. */
export type GatedPage = 'my_garage' | 'checkout' | 'finance' | 'spin_to_win' | 'online_payment' | 'equifax_finance' | 'trade_in' | 'sell_my_car';

type Features = Pick<DealerConfig['features'], 'gated_pages' | 'online_payment_without_sign_in'>;

/** Whether `page` needs sign-in on a site with these features. */
export function needsSignIn(page: GatedPage, features: Features): boolean {
  switch (page) {
    case 'my_garage':
      return true;
    case 'trade_in':
    case 'sell_my_car':
      return false;
    case 'online_payment':
      return !features.online_payment_without_sign_in || features.gated_pages.includes('online_payment');
    default:
      return features.gated_pages.includes(page);
  }
}

/**
 * The gate in front of the personalised finance page, or undefined where it is open. The page is
 * finance, so `finance` gates it (sign-in kind `finance`); it is also where the shopper's credit
 * is checked with Equifax, so a dealer gating only `equifax_finance` gates it too, as car finance
 * (kind `car-finance`). Its API calls ask the same.
 */
export function financePageGate(features: Features): 'finance' | 'equifax_finance' | undefined {
  if (needsSignIn('finance', features)) return 'finance';
  if (needsSignIn('equifax_finance', features)) return 'equifax_finance';
  return undefined;
}

/** The sign-in page's `type` for each gated page. */
export const SIGN_IN_KIND_OF: Record<GatedPage, SignInKind> = {
  my_garage: 'my-garage',
  checkout: 'checkout',
  finance: 'finance',
  spin_to_win: 'spin-to-win',
  online_payment: 'online-payment',
  equifax_finance: 'car-finance',
  trade_in: 'trade-in',
  sell_my_car: 'trade-in',
};

/**
 * Where a signed-out shopper on `page` is sent: sign-in, coming back to `here` afterwards and
 * with Back to `from` (the page before, when it was on this site) or `here`.
 */
export function gateRedirect(page: GatedPage, here: string, from?: string): string {
  return signInHref({ type: SIGN_IN_KIND_OF[page], redirect: here, back: from ?? '/' });
}
