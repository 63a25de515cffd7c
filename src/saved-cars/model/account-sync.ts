/**
 * A signed-in shopper's saved list is kept on their account too, so it follows them to another
 * browser. Sign-in leaves a mark in this browser's storage (the account link: any value under
 * this key); while it is there, each save or removal also replaces the account's list, a moment
 * later. Result and car pages pay only for reading the mark: the code that talks to the account
 * (src/saved-cars/browser/account-sync.ts) loads on the first change.
 */

/** The account link's storage key: one per dealer site, like the list itself. */
export const accountLinkKey = (siteSlug: string): string => `saved-cars-account:${siteSlug}`;
