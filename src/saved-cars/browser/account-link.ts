/**
 * Whether this browser is linked to the shopper's account on this site (../model/account-sync.ts).
 * It is a hint, not a proof: the session cookie is what the API trusts, and a change sent after
 * the session ended (signed out elsewhere, expired) answers 401 and removes the mark
 * (./account-sync.ts, which also sets it). The header reads the same mark by its key, in its own
 * line, to say "My account" instead of "Sign in" without asking the server.
 *
 * Result pages load this with the saved-cars store, so it is only the read. Storage is reached
 * inside try: private modes and blocked cookies throw on the property itself.
 */
import { accountLinkKey } from '../model/account-sync';

export function isAccountLinked(siteSlug: string, storage?: Storage): boolean {
  try {
    return (storage ?? localStorage).getItem(accountLinkKey(siteSlug)) !== null;
  } catch {
    return false;
  }
}
