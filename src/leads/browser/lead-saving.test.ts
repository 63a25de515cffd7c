import { describe, expect, it } from 'vitest';
import type { LeadResult, SendLeadRequest } from './client';
import { EVENT_IDS } from '../../platform/web/event-ids';
import { createLeadSaver, successUrl, type LeadSaverConfig } from './lead-saving';

/** A fake API: records every request and answers from a script (default: success, id "lead-1"). */
function fakeSend(answers: Array<LeadResult | Error> = []) {
  const requests: SendLeadRequest[] = [];
  const send = (request: SendLeadRequest): Promise<LeadResult> => {
    requests.push(structuredClone(request));
    const answer = answers.shift() ?? { ok: true, id: 'lead-1' };
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { send, requests };
}

function saverWith(overrides: Partial<LeadSaverConfig> & Pick<LeadSaverConfig, 'send'>) {
  let key = 0;
  const navigations: string[] = [];
  const events: unknown[] = [];
  const saver = createLeadSaver({
    stepCount: 4,
    base: () => ({ form: 'finance', website_slug: 'kingfisher-toyota', category: 'finance-pre-approval' }),
    newIdempotencyKey: () => `key-${++key}`,
    navigate: (url) => navigations.push(url),
    track: (event) => events.push(event),
    success: { category: 'finance-pre-approval' },
    ...overrides,
  });
  return { saver, navigations, events };
}

const loan = { vehiclePriceBudget: 30000, deposit: 2000, loan_term_years: 5, has_trade_in: 'no' };
const employment = { employment_status: 'Full time', employer: 'Acme', years_employed: 3, annual_income: 90000 };
const details = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '0412345678', postcode: '4000', opt_in: true };

describe('successUrl', () => {
  it('puts the category first and the extras after', () => {
    expect(successUrl('finance-pre-approval')).toBe('/success?category=finance-pre-approval');
    expect(successUrl('trade-in', { car_id: '48213', note: 'a&b' })).toBe('/success?category=trade-in&car_id=48213&note=a%26b');
  });

  it('never lets an extra replace the category, and leaves empty extras out', () => {
    expect(successUrl('valuation', { category: 'x', empty: '' })).toBe('/success?category=valuation');
  });
});

describe('saving each step as an Incomplete lead', () => {
  it('creates the lead on the first step and updates it by id afterwards', async () => {
    const { send, requests } = fakeSend([{ ok: true, id: 'lead-9' }]);
    const { saver } = saverWith({ send });
    const first = await saver.continueWith(loan);
    expect(first).toEqual({ ok: true, leadId: 'lead-9', sent: true });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: 'key-1',
      lead: { form: 'finance', ...loan, lead_status: 'Incomplete', form_completed: false, step_number: 1, skipped_steps: [] },
    });
    expect(requests[0]?.id).toBeUndefined();
    expect(requests[0]?.lead).not.toHaveProperty('lead_id');

    await saver.continueWith({ trade_in_make: 'Mazda' });
    expect(requests[1]).toMatchObject({
      method: 'PUT',
      id: 'lead-9',
      idempotencyKey: 'key-2',
      lead: { lead_id: 'lead-9', ...loan, trade_in_make: 'Mazda', step_number: 2, lead_status: 'Incomplete' },
    });
    expect(saver.getState().leadId).toBe('lead-9');
    expect(saver.getState().steps.stepIndex).toBe(2);
  });

  it('keeps the first lead id even if an update answers with another', async () => {
    const { send } = fakeSend([
      { ok: true, id: 'lead-1' },
      { ok: true, id: 'other' },
    ]);
    const { saver } = saverWith({ send });
    await saver.continueWith(loan);
    await saver.continueWith({});
    expect(saver.getState().leadId).toBe('lead-1');
  });

  it('a skip is sent with the save that makes it', async () => {
    const { send, requests } = fakeSend();
    const { saver } = saverWith({ send });
    await saver.continueWith(loan, { skipTo: 2 });
    expect(requests[0]?.lead).toMatchObject({ skipped_steps: [{ from: 0, to: 2 }], step_number: 1 });
    expect(saver.getState().steps.stepIndex).toBe(2);
    await saver.continueWith(employment);
    expect(requests[1]?.lead).toMatchObject({ skipped_steps: [{ from: 0, to: 2 }], step_number: 3, ...loan, ...employment });
  });

  it('a step already saved with the same values is not sent again', async () => {
    const { send, requests } = fakeSend();
    const { saver } = saverWith({ send });
    await saver.continueWith(loan, { skipTo: 2 });
    saver.goBack();
    expect(saver.getState().steps.stepIndex).toBe(0);
    const again = await saver.continueWith({ ...loan }, { skipTo: 2 });
    expect(again).toEqual({ ok: true, leadId: 'lead-1', sent: false });
    expect(requests).toHaveLength(1);
    expect(saver.getState().steps.stepIndex).toBe(2);
  });

  it('field order does not make a save look new', async () => {
    const { send, requests } = fakeSend();
    const { saver } = saverWith({ send });
    await saver.continueWith({ a: 1, b: 2 });
    saver.goBack();
    await saver.continueWith({ b: 2, a: 1 });
    expect(requests).toHaveLength(1);
  });

  it('changed values on a step already saved are saved again', async () => {
    const { send, requests } = fakeSend();
    const { saver } = saverWith({ send });
    await saver.continueWith(loan, { skipTo: 2 });
    saver.goBack();
    await saver.continueWith({ ...loan, has_trade_in: 'yes' });
    expect(requests).toHaveLength(2);
    expect(requests[1]?.lead).toMatchObject({ has_trade_in: 'yes', skipped_steps: [] });
    expect(saver.getState().steps.stepIndex).toBe(1);
  });

  it('values of a step skipped later are left out of the lead', async () => {
    const { send, requests } = fakeSend();
    const { saver } = saverWith({ send });
    await saver.continueWith({ ...loan, has_trade_in: 'yes' });
    await saver.continueWith({ trade_in_make: 'Mazda' });
    saver.goBack();
    saver.goBack();
    await saver.continueWith({ ...loan, has_trade_in: 'no' }, { skipTo: 2 });
    expect(requests[2]?.lead).not.toHaveProperty('trade_in_make');
    await saver.continueWith(employment);
    expect(requests[3]?.lead).not.toHaveProperty('trade_in_make');
    expect(saver.collected()).not.toHaveProperty('trade_in_make');
    expect(saver.valuesOf(1)).toEqual({ trade_in_make: 'Mazda' });
  });
});

describe('save errors', () => {
  it('become the current error and the step does not advance', async () => {
    const { send } = fakeSend([
      { ok: false, error: 'Invalid phone number. Must be an Australian number.', fields: { phone: 'Invalid phone number. Must be an Australian number.' } },
    ]);
    const { saver } = saverWith({ send });
    const outcome = await saver.continueWith(loan);
    expect(outcome).toEqual({
      ok: false,
      error: 'Invalid phone number. Must be an Australian number.',
      fields: { phone: 'Invalid phone number. Must be an Australian number.' },
    });
    const state = saver.getState();
    expect(state.steps.stepIndex).toBe(0);
    expect(state.steps.submitting).toBe(false);
    expect(state.error).toBe('Invalid phone number. Must be an Australian number.');
    expect(state.fieldErrors).toEqual({ phone: 'Invalid phone number. Must be an Australian number.' });
    expect(state.leadId).toBeUndefined();
  });

  it('a skip asked for by a failed save is not made', async () => {
    const { send } = fakeSend([{ ok: false, error: 'nope' }]);
    const { saver } = saverWith({ send });
    await saver.continueWith(loan, { skipTo: 2 });
    expect(saver.getState().steps).toMatchObject({ stepIndex: 0, skipped: [] });
  });

  it('a thrown send is a failure with the standard message', async () => {
    const { send } = fakeSend([new Error('boom')]);
    const { saver } = saverWith({ send });
    expect(await saver.continueWith(loan)).toEqual({ ok: false, error: 'An error occurred when submitting this form' });
    expect(saver.getState().steps.submitting).toBe(false);
  });

  it('the retry of a failed save keeps its idempotency key; a changed save gets a new one', async () => {
    const { send, requests } = fakeSend([
      { ok: false, error: 'offline' },
      { ok: false, error: 'offline' },
      { ok: false, error: 'offline' },
    ]);
    const { saver } = saverWith({ send });
    await saver.continueWith(loan);
    await saver.continueWith(loan);
    await saver.continueWith({ ...loan, deposit: 5000 });
    await saver.continueWith({ ...loan, deposit: 5000 });
    expect(requests.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2', 'key-2']);
    expect(saver.getState().error).toBeUndefined();
    expect(saver.getState().steps.stepIndex).toBe(1);
  });

  it('a success clears the error', async () => {
    const { send } = fakeSend([{ ok: false, error: 'offline' }]);
    const { saver } = saverWith({ send });
    await saver.continueWith(loan);
    expect(saver.getState().error).toBe('offline');
    await saver.continueWith(loan);
    expect(saver.getState().error).toBeUndefined();
  });

  it('Go Back clears the error', async () => {
    const { send } = fakeSend([
      { ok: true, id: 'lead-1' },
      { ok: false, error: 'offline' },
    ]);
    const { saver } = saverWith({ send });
    await saver.continueWith(loan);
    await saver.continueWith({});
    expect(saver.getState().error).toBe('offline');
    saver.goBack();
    expect(saver.getState().error).toBeUndefined();
    expect(saver.getState().steps.stepIndex).toBe(0);
  });
});

describe('the last step', () => {
  async function toLastStep() {
    const fake = fakeSend();
    const setup = saverWith({ send: fake.send });
    await setup.saver.continueWith(loan, { skipTo: 2 });
    await setup.saver.continueWith(employment);
    return { ...fake, ...setup };
  }

  it('submits as Complete with the default event id, tracks, then goes to the success page', async () => {
    const { saver, requests, navigations, events } = await toLastStep();
    expect(saver.getState().steps.stepIndex).toBe(3);
    const outcome = await saver.continueWith(details);
    expect(outcome).toEqual({ ok: true, leadId: 'lead-1', sent: true });
    expect(requests[2]).toMatchObject({
      method: 'PUT',
      id: 'lead-1',
      lead: {
        ...loan,
        ...employment,
        ...details,
        lead_status: 'Complete',
        form_completed: true,
        event_id: EVENT_IDS.form,
        step_number: 4,
        skipped_steps: [{ from: 0, to: 2 }],
        lead_id: 'lead-1',
      },
    });
    expect(events).toEqual([{ eventId: 22, leadId: 'lead-1', category: 'finance-pre-approval' }]);
    expect(navigations).toEqual(['/success?category=finance-pre-approval']);
    const state = saver.getState();
    expect(state.steps.completed).toBe(true);
    expect(state.successUrl).toBe('/success?category=finance-pre-approval');
  });

  it('uses the form’s own event id and success extras', async () => {
    const { send, requests } = fakeSend();
    const { saver, navigations, events } = saverWith({ send, stepCount: 1, eventId: 51, success: { category: 'trade-in', extra: { car_id: '48213' } } });
    await saver.continueWith(details);
    expect(requests[0]).toMatchObject({ method: 'POST', lead: { event_id: 51, lead_status: 'Complete', form_completed: true } });
    expect(events).toEqual([{ eventId: 51, leadId: 'lead-1', category: 'trade-in' }]);
    expect(navigations).toEqual(['/success?category=trade-in&car_id=48213']);
  });

  it('a final error is shown, success is reported false, and nothing is tracked or opened', async () => {
    const fake = fakeSend([
      { ok: true, id: 'lead-1' },
      { ok: true, id: 'lead-1' },
      { ok: false, error: 'Server busy' },
    ]);
    const { saver, navigations, events } = saverWith({ send: fake.send });
    await saver.continueWith(loan, { skipTo: 2 });
    await saver.continueWith(employment);
    const outcome = await saver.continueWith(details);
    expect(outcome.ok).toBe(false);
    expect(saver.getState()).toMatchObject({ error: 'Server busy', successUrl: undefined });
    expect(saver.getState().steps).toMatchObject({ completed: false, submitting: false, stepIndex: 3 });
    expect(events).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('the last step is sent even if its values match an earlier save', async () => {
    const { send, requests } = fakeSend([{ ok: false, error: 'x' }]);
    const { saver } = saverWith({ send, stepCount: 1 });
    await saver.continueWith(details);
    await saver.continueWith(details);
    expect(requests).toHaveLength(2);
    expect(saver.getState().steps.completed).toBe(true);
  });

  it('without a success page the form stays, complete', async () => {
    const { send } = fakeSend();
    const navigations: string[] = [];
    const saver = createLeadSaver({ stepCount: 1, send, base: () => ({}), newIdempotencyKey: () => 'k-12345678', navigate: (url) => navigations.push(url) });
    await saver.continueWith(details);
    expect(navigations).toEqual([]);
    expect(saver.getState().steps.completed).toBe(true);
  });

  it('nothing more is sent once complete', async () => {
    const { saver, requests } = await toLastStep();
    await saver.continueWith(details);
    const after = await saver.continueWith(details);
    expect(after.ok).toBe(false);
    expect(requests).toHaveLength(3);
  });
});

describe('one save at a time', () => {
  it('a double click waits for the first save and reuses its lead id', async () => {
    let release: (value: LeadResult) => void = () => undefined;
    const requests: SendLeadRequest[] = [];
    const send = (request: SendLeadRequest) => {
      requests.push(request);
      return requests.length === 1 ? new Promise<LeadResult>((resolve) => (release = resolve)) : Promise.resolve<LeadResult>({ ok: true, id: 'lead-7' });
    };
    const { saver } = saverWith({ send });
    const first = saver.continueWith(loan);
    await Promise.resolve();
    expect(saver.getState().steps.submitting).toBe(true);
    const second = saver.continueWith({ trade_in_make: 'Mazda' });
    await Promise.resolve();
    expect(requests).toHaveLength(1);
    release({ ok: true, id: 'lead-7' });
    await first;
    await second;
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({ method: 'PUT', id: 'lead-7' });
    expect(saver.getState().steps.stepIndex).toBe(2);
  });

  it('tells subscribers about each change', async () => {
    const { send } = fakeSend();
    const { saver } = saverWith({ send });
    const seen: boolean[] = [];
    const stop = saver.subscribe(() => seen.push(saver.getState().steps.submitting));
    await saver.continueWith(loan);
    stop();
    saver.goBack();
    // Busy, lead id kept (still busy), moved on; nothing after unsubscribing.
    expect(seen).toEqual([true, true, false]);
  });
});
