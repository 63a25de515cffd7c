import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { setTracker, type TrackedEvent } from '../../platform/web/tracker';
import type { CampaignView } from '../model/api';
import { SpinPage, SPIN_MS } from './spin-page';

/** Just enough of an element for the page: the parts it reads and writes, by `data-part`. */
class Part {
  textContent = '';
  hidden = true;
  disabled = false;
  focused = false;
  dataset: Record<string, string> = {};
  style = { transform: '' };
  classes = new Set<string>();
  classList = {
    toggle: (name: string, on: boolean) => void (on ? this.classes.add(name) : this.classes.delete(name)),
    remove: (name: string) => void this.classes.delete(name),
  };
  listeners: Record<string, () => void> = {};
  addEventListener(type: string, listener: () => void): void {
    this.listeners[type] = listener;
  }
  focus(): void {
    this.focused = true;
  }
}

const NAMES = [
  'status',
  'alert',
  'dates',
  'disc',
  'spin',
  'ready',
  'sign-in',
  'closed',
  'result',
  'result-heading',
  'result-note',
  'prize',
  'voucher',
  'voucher-code',
  'voucher-line',
];

function page(routes: Parameters<typeof fakeFetch>[0], { reducedMotion = false } = {}) {
  const parts = Object.fromEntries(NAMES.map((name) => [name, new Part()])) as Record<string, Part>;
  parts.spin!.textContent = 'Spin the wheel';
  const root = {
    dataset: { locale: 'en-AU', dealerName: 'Kingfisher Toyota' },
    querySelector: (selector: string) => parts[/data-part="([^"]+)"/.exec(selector)?.[1] ?? ''] ?? null,
  } as unknown as HTMLElement;
  const { fetch, calls } = fakeFetch(routes);
  const waits: number[] = [];
  const spinPage = new SpinPage(root, {
    fetch,
    reducedMotion: () => reducedMotion,
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
  });
  return { parts, calls, waits, spinPage };
}

const prizes = [
  { id: 'service', label: 'Free service' },
  { id: 'fuel', label: '$100 fuel card' },
  { id: 'cafe', label: 'Café voucher' },
];
const view = (over: Partial<CampaignView> = {}): CampaignView => ({
  campaign: { id: 'summer', name: 'Summer Spin', starts: '2026-11-01', ends: '2027-12-31', state: 'running', prizes, terms: ['One spin each.'] },
  signedIn: true,
  draw: null,
  ...over,
});
const draw = { prize: prizes[1]!, voucher_code: 'FUEL-34679ACD', drawn_at: '2026-11-24T00:00:00.000Z' };

describe('the spin-to-win page', () => {
  it('offers the spin, posts the campaign, turns to the server’s prize and says what was won', async () => {
    const events: TrackedEvent[] = [];
    setTracker((event) => events.push(event));
    const { parts, calls, waits, spinPage } = page({
      'GET /api/spin-to-win': { status: 200, body: view() },
      'POST /api/spin-to-win/draw': { status: 201, body: { draw, new: true } },
    });
    await spinPage.load();
    expect(parts.ready!.hidden).toBe(false);
    expect(parts.result!.hidden).toBe(true);
    expect(parts.dates!.textContent).toBe('Runs until 31 December 2027.');

    await spinPage.spin();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ campaign: 'summer' }]);
    expect(parts.disc!.dataset.stopped).toBe('1');
    expect(parts.disc!.style.transform).toMatch(/^rotate\(\d+(\.\d+)?deg\)$/);
    expect(waits).toEqual([SPIN_MS]);
    expect(parts.result!.hidden).toBe(false);
    expect(parts.ready!.hidden).toBe(true);
    expect(parts.status!.textContent).toBe('You won: $100 fuel card.');
    expect(parts.prize!.textContent).toBe('$100 fuel card');
    expect(parts['voucher-code']!.textContent).toBe('FUEL-34679ACD');
    expect(parts.voucher!.hidden).toBe(false);
    expect(parts['result-heading']!.focused).toBe(true);
    expect(events).toEqual([
      { event: 'form_submit', event_id: 22, form: 'spin_to_win', category: 'Spin to Win', subcategory: 'fuel' },
      // The standard's event for the same entry: a promotion form, no prize or personal detail in it.
      { event: 'asc_form_submission', comm_type: 'form', comm_outcome: 'crm_update', form_name: 'spin_to_win', form_type: 'promotion', department: 'sales' },
    ]);
    setTracker(undefined);
  });

  it('sends one spin for a double click', async () => {
    const { calls, spinPage } = page({
      'GET /api/spin-to-win': { status: 200, body: view() },
      'POST /api/spin-to-win/draw': { status: 201, body: { draw, new: true } },
    });
    await spinPage.load();
    await Promise.all([spinPage.spin(), spinPage.spin()]);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('does not wait for the wheel with reduced motion', async () => {
    const { parts, waits, spinPage } = page(
      { 'GET /api/spin-to-win': { status: 200, body: view() }, 'POST /api/spin-to-win/draw': { status: 201, body: { draw, new: true } } },
      { reducedMotion: true },
    );
    await spinPage.load();
    await spinPage.spin();
    expect(waits).toEqual([]);
    expect(parts.disc!.classes.has('spin-wheel-turning')).toBe(false);
    expect(parts.disc!.dataset.stopped).toBe('1');
  });

  it('shows the earlier result on return, without a spin button and without taking focus', async () => {
    const { parts, calls, spinPage } = page({
      'GET /api/spin-to-win': { status: 200, body: view({ draw: { ...draw, prize: prizes[2]!, voucher_code: null } }) },
    });
    await spinPage.load();
    expect(parts.result!.hidden).toBe(false);
    expect(parts.ready!.hidden).toBe(true);
    expect(parts['result-note']!.textContent).toBe('You have had your spin in this campaign. Here is your result.');
    expect(parts.voucher!.hidden).toBe(true);
    expect(parts.disc!.dataset.stopped).toBe('2');
    expect(parts['result-heading']!.focused).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers sign-in to a signed-out shopper, and when the session ends before the spin', async () => {
    const signedOut = page({ 'GET /api/spin-to-win': { status: 200, body: view({ signedIn: false }) } });
    await signedOut.spinPage.load();
    expect(signedOut.parts['sign-in']!.hidden).toBe(false);
    expect(signedOut.parts.ready!.hidden).toBe(true);

    const expired = page({
      'GET /api/spin-to-win': { status: 200, body: view() },
      'POST /api/spin-to-win/draw': { status: 401, body: { error: 'Please sign in.' } },
    });
    await expired.spinPage.load();
    await expired.spinPage.spin();
    expect(expired.parts['sign-in']!.hidden).toBe(false);
    expect(expired.parts.result!.hidden).toBe(true);
  });

  it('says why a spin was refused and lets the shopper try again', async () => {
    const { parts, spinPage } = page({
      'GET /api/spin-to-win': { status: 200, body: view() },
      'POST /api/spin-to-win/draw': { status: 409, body: { error: 'The campaign has ended.' } },
    });
    await spinPage.load();
    await spinPage.spin();
    expect(parts.alert!.textContent).toBe('The campaign has ended.');
    expect(parts.spin!.disabled).toBe(false);
    expect(parts.spin!.textContent).toBe('Spin the wheel');
    expect(parts.result!.hidden).toBe(true);
  });

  it('says why nobody can spin outside the dates', async () => {
    const { parts, spinPage } = page({ 'GET /api/spin-to-win': { status: 200, body: view({ campaign: { ...view().campaign, state: 'ended' } }) } });
    await spinPage.load();
    expect(parts.closed!.hidden).toBe(false);
    expect(parts.closed!.textContent).toBe('The campaign has ended.');
    expect(parts.dates!.textContent).toBe('Ended 31 December 2027.');
  });

  it('shows the API’s refusal when the campaign cannot be loaded', async () => {
    const { parts, spinPage } = page({ 'GET /api/spin-to-win': { status: 404, body: { error: 'There is no spin-to-win campaign on this site.' } } });
    await spinPage.load();
    expect(parts.alert!.textContent).toBe('There is no spin-to-win campaign on this site.');
    expect(parts.ready!.hidden).toBe(true);
  });
});
