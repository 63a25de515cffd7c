import { describe, expect, it } from 'vitest';
import type { CampaignView } from './api';
import { pageState } from './page-state';

const view = (over: Partial<CampaignView> & { state?: CampaignView['campaign']['state'] } = {}): CampaignView => ({
  campaign: { id: 'c', name: 'C', starts: '2026-01-01', ends: '2027-12-31', state: over.state ?? 'running', prizes: [], terms: [] },
  signedIn: over.signedIn ?? true,
  draw: over.draw ?? null,
});
const draw = { prize: { id: 'fuel', label: 'Fuel' }, voucher_code: 'FUEL-34679ACD', drawn_at: '2026-12-01T00:00:00.000Z' };

describe('what the page shows', () => {
  it('shows an earlier result instead of a new spin, even after the campaign ends', () => {
    expect(pageState(view({ draw }))).toEqual({ show: 'result', draw });
    expect(pageState(view({ draw, state: 'ended' }))).toEqual({ show: 'result', draw });
  });

  it('offers the spin to a signed-in shopper and sign-in to a signed-out one while it runs', () => {
    expect(pageState(view())).toEqual({ show: 'ready' });
    expect(pageState(view({ signedIn: false }))).toEqual({ show: 'sign-in' });
  });

  it('says why nobody can spin outside the dates', () => {
    expect(pageState(view({ state: 'ended' }))).toEqual({ show: 'closed', message: 'The campaign has ended.' });
    expect(pageState(view({ state: 'not-started', signedIn: false }))).toEqual({ show: 'closed', message: 'The campaign has not started yet.' });
  });
});
