/**
 * A stand-in for the account API inside the browser (Playwright routes), holding one shopper's
 * account in memory: the sign-in code, the session, saved cars and searches, alert settings,
 * enquiries. tests/browser/account-pages.test.ts drives the account pages against it, so their
 * behaviour is checked apart from the server's; tests/browser/accounts.test.ts uses the real API.
 * It answers as src/accounts/model/paths.ts says the API does, and records every request.
 */
import { isAccountApi } from './account-stub';
import type { Page, Route } from 'playwright-core';
import type { SavedCar } from '../../src/saved-cars/model/saved-list';
import type { AlertSettings, Enquiry, SavedSearch } from '../../src/accounts/model/paths';

export const CODE = '246810';
export const TOKEN = 'T'.repeat(43);

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

export class FakeAccountApi {
  signedIn = false;
  /** Answer the session with no answer at all (the network failing), this many times. */
  sessionFailures = 0;
  email = 'jo@example.com';
  cars: SavedCar[] = [];
  searches: SavedSearch[] = [];
  alerts: AlertSettings = { car_alerts: false, consent: null };
  enquiries: Enquiry[] = [];
  redirect = '/my-garage';
  readonly requests: Recorded[] = [];

  async attach(page: Page): Promise<void> {
    await page.route(isAccountApi, (route) => this.answer(route));
  }

  private answer(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    let body: unknown;
    try {
      body = request.postDataJSON() as unknown;
    } catch {
      body = request.postData();
    }
    this.requests.push({ method, path: url.pathname + url.search, body });
    const json = (status: number, answer: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(answer) });
    const signedOut = () => json(401, { error: 'Please sign in again.' });
    const input = (body ?? {}) as Record<string, unknown>;
    const path = url.pathname.replace('/api/account', '') || '/';
    const key = `${method} ${path}`;

    if (key === 'GET /session') {
      if (this.sessionFailures > 0) {
        this.sessionFailures -= 1;
        return route.abort('internetdisconnected');
      }
      return json(200, this.signedIn ? { signedIn: true, account: { email: this.email, since: '2026-01-01T00:00:00Z', passkeys: 0 } } : { signedIn: false });
    }
    if (key === 'POST /sign-in') return json(202, { sent: true });
    if (key === 'POST /verify') {
      if (input.token === TOKEN || (input.code === CODE && input.email === this.email)) {
        this.signedIn = true;
        return json(200, { redirect: this.redirect });
      }
      return json(400, { error: 'That code is not right, or has expired.', fields: { code: 'That code is not right, or has expired.' } });
    }
    if (key === 'POST /unsubscribe')
      return url.searchParams.get('token') === TOKEN ? json(200, { unsubscribed: true }) : json(400, { error: 'This unsubscribe link is not valid.' });
    if (!this.signedIn) return signedOut();
    switch (key) {
      case 'POST /saved-cars/merge': {
        const ids = new Set(this.cars.map((car) => car.id));
        this.cars = [...this.cars, ...((input.cars as SavedCar[]) ?? []).filter((car) => !ids.has(car.id))];
        return json(200, { cars: this.cars });
      }
      case 'PUT /saved-cars':
        this.cars = (input.cars as SavedCar[]) ?? [];
        return json(200, { cars: this.cars });
      case 'GET /saved-searches':
        return json(200, { searches: this.searches });
      case 'POST /saved-searches': {
        const search: SavedSearch = {
          id: `s${this.searches.length + 1}`,
          name: String(input.name),
          path: String(input.path),
          alerts: Boolean(input.alerts),
          created_at: new Date().toISOString(),
        };
        this.searches.push(search);
        return json(201, search);
      }
      case 'GET /alerts':
        return json(200, this.alerts);
      case 'PUT /alerts':
        this.alerts = {
          car_alerts: Boolean(input.car_alerts),
          consent: input.car_alerts ? { wording: String(input.wording), page: String(input.page), at: '2026-05-06T00:00:00Z' } : this.alerts.consent,
        };
        return json(200, this.alerts);
      case 'GET /enquiries':
        return json(200, { enquiries: this.enquiries });
      case 'POST /interest': {
        const car = this.cars.find((c) => c.id === input.car_id);
        this.enquiries.unshift({
          id: `l${this.enquiries.length + 1}`,
          form: 'enquiry',
          category: 'Vehicle Enquiry',
          created_at: '2026-05-06T00:00:00Z',
          ...(car ? { car } : {}),
        });
        return json(201, { lead_id: 'l1' });
      }
      case 'POST /sign-out':
        this.signedIn = false;
        return json(200, { signedOut: true });
      case 'POST /sign-out-everywhere':
        this.signedIn = false;
        return json(200, { signedOut: true, sessions: 3 });
      case 'DELETE /': {
        const deleted = { account: true, sessions: 2, saved_cars: this.cars.length, saved_searches: this.searches.length, passkeys: 0 };
        this.signedIn = false;
        return json(200, { deleted, kept: 'Enquiries you sent stay with the dealer, as the law asks them to keep them.' });
      }
    }
    const one = /^\/saved-searches\/([^/]+)$/.exec(path);
    const search = one && this.searches.find((s) => s.id === decodeURIComponent(one[1]!));
    if (search && method === 'PATCH') {
      Object.assign(search, input);
      return json(200, search);
    }
    if (search && method === 'DELETE') {
      this.searches = this.searches.filter((s) => s !== search);
      return json(200, { deleted: true });
    }
    return json(404, { error: 'No such route in the fake.' });
  }

  /** The requests sent to a route, e.g. 'POST /api/account/interest'. */
  sent(route: string): unknown[] {
    return this.requests.filter((r) => `${r.method} ${r.path.split('?')[0]}` === route).map((r) => r.body);
  }
}
