import { describe, expect, it } from 'vitest';
import { financePageGate, gateRedirect, needsSignIn, SIGN_IN_KIND_OF, type GatedPage } from './gating';
import { readSignInTarget } from './sign-in';

type Features = Parameters<typeof needsSignIn>[1];
const features = (overrides: Partial<Features> = {}): Features => ({ gated_pages: [], online_payment_without_sign_in: false, ...overrides });

const PAGES: GatedPage[] = ['my_garage', 'checkout', 'finance', 'spin_to_win', 'online_payment', 'equifax_finance', 'trade_in', 'sell_my_car'];

describe('needsSignIn', () => {
  it('always gates My Garage, and never trade-in or sell-my-car, whatever the dealer file lists', () => {
    const everything = features({ gated_pages: ['checkout', 'finance', 'spin_to_win', 'online_payment', 'equifax_finance'] });
    for (const f of [features(), everything, features({ online_payment_without_sign_in: true })]) {
      expect(needsSignIn('my_garage', f)).toBe(true);
      expect(needsSignIn('trade_in', f)).toBe(false);
      expect(needsSignIn('sell_my_car', f)).toBe(false);
    }
  });

  it('gates checkout, finance, spin-to-win and equifax finance only when the dealer file lists them', () => {
    for (const page of ['checkout', 'finance', 'spin_to_win', 'equifax_finance'] as const) {
      expect(needsSignIn(page, features()), page).toBe(false);
      expect(needsSignIn(page, features({ gated_pages: [page] })), page).toBe(true);
      // Listing another page does not gate this one.
      const others = (['checkout', 'finance', 'spin_to_win', 'equifax_finance'] as const).filter((p) => p !== page);
      expect(needsSignIn(page, features({ gated_pages: others })), page).toBe(false);
    }
  });

  it('gates online payment unless the dealer lets shoppers pay without signing in', () => {
    expect(needsSignIn('online_payment', features())).toBe(true);
    expect(needsSignIn('online_payment', features({ online_payment_without_sign_in: true }))).toBe(false);
    // Listing it among the gated pages wins over the switch.
    expect(needsSignIn('online_payment', features({ online_payment_without_sign_in: true, gated_pages: ['online_payment'] }))).toBe(true);
  });
});

describe('financePageGate', () => {
  it('gates the personalised finance page where the dealer gates finance, or only equifax finance, and sends the latter to sign in for car finance', () => {
    expect(financePageGate(features())).toBeUndefined();
    expect(financePageGate(features({ gated_pages: ['checkout', 'spin_to_win'] }))).toBeUndefined();
    expect(financePageGate(features({ gated_pages: ['finance'] }))).toBe('finance');
    expect(financePageGate(features({ gated_pages: ['finance', 'equifax_finance'] }))).toBe('finance');
    expect(financePageGate(features({ gated_pages: ['equifax_finance'] }))).toBe('equifax_finance');
    const here = '/personalised/finance?car_id=48213';
    const href = gateRedirect(financePageGate(features({ gated_pages: ['equifax_finance'] }))!, here, '/cars/2021-toyota-corolla-48213');
    expect(readSignInTarget(new URL(href, 'https://d.example').search)).toEqual({
      type: 'car-finance',
      redirect: here,
      back: '/cars/2021-toyota-corolla-48213',
    });
  });
});

describe('gateRedirect', () => {
  it('sends every gated page to sign-in with its own kind, coming back to the page', () => {
    for (const page of PAGES) {
      const href = gateRedirect(page, '/my-garage?tab=searches', '/cars/2021-toyota-corolla');
      const url = new URL(href, 'https://dealer.example');
      expect(url.pathname).toBe('/sign-in');
      expect(readSignInTarget(url.search)).toEqual({ type: SIGN_IN_KIND_OF[page], redirect: '/my-garage?tab=searches', back: '/cars/2021-toyota-corolla' });
    }
  });

  it('goes back to the home page when no earlier page is known, and drops other sites', () => {
    expect(readSignInTarget(new URL(gateRedirect('finance', '/finance'), 'https://d.example').search)).toEqual({
      type: 'finance',
      redirect: '/finance',
      back: '/',
    });
    const target = readSignInTarget(new URL(gateRedirect('checkout', '//evil.com', 'https://evil.com'), 'https://d.example').search);
    expect(target).toEqual({ type: 'checkout' });
  });
});
