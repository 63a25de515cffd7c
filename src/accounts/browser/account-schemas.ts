/**
 * The account forms' shared fields (../model/account-fields.ts), loaded when the shopper first
 * reaches for a form rather than with the page: they are zod/mini schemas, which a page where the
 * shopper only looks need not carry.
 */
import type * as Fields from '../model/account-fields';

export type AccountFields = typeof Fields;

let loading: Promise<AccountFields> | undefined;

/** Loads once; a failed load (offline) is tried again next time. */
export function loadAccountFields(): Promise<AccountFields> {
  loading ??= import('../model/account-fields').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
