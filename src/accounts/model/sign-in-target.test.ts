import { describe, expect, it } from 'vitest';
import { gateRedirect, needsSignIn } from './gating';
import { signInWords, SIGN_IN_WORDS } from './sign-in-words';
import { readSignInTarget, signInHref, SIGN_IN_KINDS } from './sign-in-target';

describe('the sign-in address', () => {
  it('round-trips kind, redirect and back', () => {
    const href = signInHref({ type: 'checkout', redirect: '/cars/a-1/checkout?x=1', back: '/cars/a-1' });
    expect(href).toBe('/sign-in?type=checkout&redirect=%2Fcars%2Fa-1%2Fcheckout%3Fx%3D1&back=%2Fcars%2Fa-1');
    expect(readSignInTarget(href.slice(href.indexOf('?')))).toEqual({ type: 'checkout', redirect: '/cars/a-1/checkout?x=1', back: '/cars/a-1' });
  });

  it('drops another site, an API route, control characters and unknown kinds', () => {
    expect(readSignInTarget('?type=admin&redirect=https://evil.example/&back=//evil.example')).toEqual({});
    expect(readSignInTarget('?redirect=/api/account/sign-out&back=%2F%0Aevil')).toEqual({});
    expect(readSignInTarget('?redirect=%2F%5Cevil.example')).toEqual({});
    expect(signInHref({ redirect: 'javascript:alert(1)' })).toBe('/sign-in');
  });

  it('sends a signed-out shopper from a gated page to sign-in and back', () => {
    expect(needsSignIn('my_garage', { gated_pages: [], online_payment_without_sign_in: true })).toBe(true);
    expect(gateRedirect('my_garage', '/my-garage', '/search/used-cars')).toBe('/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2Fsearch%2Fused-cars');
    expect(gateRedirect('my_garage', '/my-garage')).toBe('/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2F');
  });
});

describe('signInWords', () => {
  it('has a heading and a line for every kind, and for none', () => {
    for (const kind of SIGN_IN_KINDS) {
      expect(signInWords(kind).heading, kind).toMatch(/^Sign in/);
      expect(signInWords(kind).line.length, kind).toBeGreaterThan(10);
    }
    expect(signInWords(undefined)).toBe(SIGN_IN_WORDS.none);
    expect(new Set(SIGN_IN_KINDS.map((kind) => signInWords(kind).heading)).size).toBe(SIGN_IN_KINDS.length);
  });
});
