/**
 * The sign-in page's address: why the shopper is signing in, where they go afterwards and where
 * Back leads. No zod here (sign-in.ts, which re-exports all of it, holds the forms' schemas), so
 * the gate on a signed-in page can build the address without carrying a validation library.
 */
import { safeReturnPath } from './return-path';

/** Why the shopper is signing in: the flow that sent them (the sign-in page words itself for it). */
export const SIGN_IN_KINDS = ['trade-in', 'checkout', 'finance', 'spin-to-win', 'online-payment', 'car-finance', 'my-garage'] as const;
export type SignInKind = (typeof SIGN_IN_KINDS)[number];

export const isSignInKind = (value: unknown): value is SignInKind => typeof value === 'string' && (SIGN_IN_KINDS as readonly string[]).includes(value);

/** The page that signs a shopper in. */
export const SIGN_IN_PATH = '/sign-in';
/** Where a signed-in shopper lands when nothing else was asked for. */
export const MY_GARAGE_PATH = '/my-garage';

export interface SignInTarget {
  type?: SignInKind;
  /** Same-site path to continue to once signed in. */
  redirect?: string;
  /** Same-site path of the page the shopper came from (the sign-in page's Back link). */
  back?: string;
}

/** `/sign-in?type=…&redirect=…&back=…`, leaving out what is missing or not a same-site path. */
export function signInHref({ type, redirect, back }: SignInTarget): string {
  const params = new URLSearchParams();
  if (type && isSignInKind(type)) params.set('type', type);
  const to = safeReturnPath(redirect);
  if (to) params.set('redirect', to);
  const from = safeReturnPath(back);
  if (from) params.set('back', from);
  const query = params.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}

/** The sign-in page's query, read safely: unknown kinds and other sites' addresses are dropped. */
export function readSignInTarget(search: string | URLSearchParams): SignInTarget {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const target: SignInTarget = {};
  const type = params.get('type');
  if (isSignInKind(type)) target.type = type;
  const redirect = safeReturnPath(params.get('redirect'));
  if (redirect) target.redirect = redirect;
  const back = safeReturnPath(params.get('back'));
  if (back) target.back = back;
  return target;
}

export const INVALID_EMAIL = 'invalid email address';
export const INVALID_CODE = 'Enter the 6-digit code from the email.';
export const REQUIRED = '*This is a required field.';

/** The emailed code: six digits. Spaces the shopper typed between them are ignored. */
export const SIGN_IN_CODE_LENGTH = 6;
