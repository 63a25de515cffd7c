import { describe, expect, it } from 'vitest';
import { readCampaignView, readDrawAnswer } from './api';
import { drawRequestBody } from './draw-request';
import { drawRequestSchema } from './draw-schema';
import { campaignDates, resultLine, voucherLine } from './words';

const view = {
  campaign: {
    id: 'summer',
    name: 'Summer spin',
    starts: '2026-12-01',
    ends: '2027-12-31',
    state: 'running',
    prizes: [{ id: 'fuel', label: '$50 fuel card' }],
    terms: ['One spin each.'],
  },
  signedIn: true,
  draw: { prize: { id: 'fuel', label: '$50 fuel card' }, voucher_code: 'FUEL-34679ACD', drawn_at: '2026-12-02T00:00:00.000Z' },
};

describe('reading the answers', () => {
  it('reads the campaign and the account’s draw', () => {
    expect(readCampaignView(view)).toEqual(view);
    expect(readCampaignView({ ...view, draw: null, signedIn: false })?.draw).toBeNull();
  });

  it('refuses what is not the promised shape', () => {
    expect(readCampaignView({ ...view, campaign: { ...view.campaign, state: 'paused' } })).toBeUndefined();
    expect(readCampaignView({ ...view, campaign: { ...view.campaign, prizes: [{ id: 'x' }] } })).toBeUndefined();
    expect(readCampaignView({ ...view, draw: { prize: view.draw.prize } })).toBeUndefined();
    expect(readCampaignView('nope')).toBeUndefined();
    expect(readDrawAnswer({ draw: view.draw, new: true })).toEqual({ draw: view.draw, new: true });
    expect(readDrawAnswer({ draw: view.draw })).toBeUndefined();
  });
});

describe('the draw request', () => {
  it('names a campaign id and nothing else', () => {
    expect(drawRequestSchema.safeParse({ campaign: 'summer-2027' }).success).toBe(true);
    expect(drawRequestSchema.safeParse({ campaign: '<script>' }).success).toBe(false);
    expect(drawRequestSchema.safeParse({ campaign: 'summer', prize: 'car' }).success).toBe(false);
    expect(drawRequestSchema.safeParse({ campaign: 'a'.repeat(81) }).success).toBe(false);
    // The page checks with the same field before it sends.
    expect(drawRequestBody.safeParse({ campaign: 'summer-2027' }).success).toBe(true);
    expect(drawRequestBody.safeParse({ campaign: 'Summer 2027' }).success).toBe(false);
  });
});

describe('words', () => {
  it('says the dates in the region’s style', () => {
    expect(campaignDates({ starts: '2026-12-01', ends: '2027-12-31', state: 'running' }, 'en-AU')).toBe('Runs until 31 December 2027.');
    expect(campaignDates({ starts: '2026-12-01', ends: '2027-12-31', state: 'not-started' }, 'en-US')).toBe(
      'Starts December 1, 2026 and runs until December 31, 2027.',
    );
    expect(campaignDates({ starts: '2026-12-01', ends: '2027-12-31', state: 'ended' }, 'en-NZ')).toBe('Ended 31 December 2027.');
  });

  it('announces a prize, and a voucher with where to claim it', () => {
    expect(resultLine(view.draw)).toBe('You won: $50 fuel card.');
    expect(resultLine({ ...view.draw, prize: { id: 'none', label: 'Better luck next time' }, voucher_code: null })).toBe('Better luck next time.');
    expect(voucherLine('FUEL-34679ACD', 'Kingfisher Toyota')).toContain('FUEL-34679ACD');
  });
});
