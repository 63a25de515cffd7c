/**
 * The account API answered in the browser, for tests about every page rather than about
 * accounts (accessibility, metadata, hostile text): a shopper signed in on My Garage with a
 * saved search, signed out everywhere else, so a gated page shows its content and no page moves
 * on while the test reads it. tests/browser/accounts.test.ts drives the real API.
 */
import type { Page } from 'playwright-core';

export const STUB_EMAIL = 'jo@example.com';

/** /api/account itself (DELETE: the account) and everything under it. */
export const isAccountApi = (url: URL): boolean => url.pathname === '/api/account' || url.pathname.startsWith('/api/account/');

/** Gated pages are looked at as a signed-in shopper sees them; every other page (sign-in too) signed out. */
const SIGNED_IN_PAGES = ['/my-garage', '/personalised/', '/online-payment'];

export async function stubAccountApi(page: Page): Promise<void> {
  await page.route(isAccountApi, (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const from = new URL(request.headers()['referer'] ?? url.origin).pathname;
    const json = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    switch (url.pathname) {
      case '/api/account/session':
        return json(
          SIGNED_IN_PAGES.some((prefix) => from.startsWith(prefix))
            ? { signedIn: true, account: { email: STUB_EMAIL, since: '2026-01-01T00:00:00Z', passkeys: 0 } }
            : { signedIn: false },
        );
      case '/api/account/saved-cars/merge':
        return json({ cars: [] });
      case '/api/account/saved-searches':
        return json({
          searches: [{ id: 's1', name: 'Utes under $20,000', path: '/search/ute?price=0-20000', alerts: false, created_at: '2026-01-01T00:00:00Z' }],
        });
      case '/api/account/alerts':
        return json({ car_alerts: false, consent: null });
      case '/api/account/enquiries':
        return json({ enquiries: [] });
      default:
        return json({ error: 'Not stubbed' }, 404);
    }
  });
}
