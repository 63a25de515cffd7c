/**
 * The sign-in page's steps without the page: check what the shopper typed with the same schemas
 * the API uses, send it, and say where to go once signed in. The page (./sign-in-page.ts) wires
 * these to its forms; tests run them with a fake fetch.
 *
 * The fields are zod/mini schemas, so they load when the shopper first reaches for a form rather
 * than with the page (loadAccountFields); the page itself stays a few kilobytes.
 */
import { checkFields } from '../model/fields';
import { safeReturnPath } from '../model/return-path';
import { MY_GARAGE_PATH, type SignInTarget } from '../model/sign-in-target';
import type { Fetch } from './account-api';
import { requestSignInCode, verifySignIn } from './account-calls';
import type { AccountFields } from './account-schemas';

export type FlowResult<T> = { ok: true; value: T } | { ok: false; error: string; fields: Record<string, string> };

export interface FlowDeps {
  fetch?: Fetch;
  /** The shared fields (loadAccountFields). */
  fields: AccountFields;
}

/** Step 1. Answers the address as the API keeps it (trimmed, lower case). */
export async function askForCode(email: string, target: SignInTarget, deps: FlowDeps): Promise<FlowResult<string>> {
  const checked = checkFields({ email: [deps.fields.emailField, email] });
  if (!checked.ok) return { ok: false, error: '', fields: checked.fields };
  const address = checked.values.email;
  const redirect = safeReturnPath(target.redirect);
  const result = await requestSignInCode({ email: address, ...(target.type ? { type: target.type } : {}), ...(redirect ? { redirect } : {}) }, deps.fetch);
  return result.ok ? { ok: true, value: address } : { ok: false, error: result.error, fields: result.fields ?? {} };
}

/** Step 2 by code. Answers where the server says to go ('' for nowhere in particular). */
export async function checkCode(email: string, code: string, deps: FlowDeps): Promise<FlowResult<string>> {
  const checked = checkFields({ email: [deps.fields.emailField, email], code: [deps.fields.codeField, code] });
  if (!checked.ok) return { ok: false, error: '', fields: checked.fields };
  const result = await verifySignIn(checked.values, deps.fetch);
  return result.ok ? { ok: true, value: result.value } : { ok: false, error: result.error, fields: result.fields ?? {} };
}

export const INVALID_LINK = 'This sign-in link is not valid. Ask for a new code below.';

/** Step 2 by the emailed link's token. */
export async function checkLink(token: string, deps: FlowDeps): Promise<FlowResult<string>> {
  const checked = checkFields({ token: [deps.fields.tokenField, token] });
  if (!checked.ok) return { ok: false, error: INVALID_LINK, fields: {} };
  const result = await verifySignIn(checked.values, deps.fetch);
  return result.ok ? { ok: true, value: result.value } : { ok: false, error: result.error, fields: {} };
}

/** Where to go once signed in: the server's answer (it checked it), else the page's own, else My Garage; always a path here. */
export function destination(serverRedirect: string | undefined, target: SignInTarget): string {
  return safeReturnPath(serverRedirect) ?? safeReturnPath(target.redirect) ?? MY_GARAGE_PATH;
}
