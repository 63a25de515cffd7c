/**
 * What the spin-to-win page and API say, in one place. The page passes its lines through the
 * region's wording; prize labels and terms are the dealer's own words and are shown as written.
 */
import { formatDate } from '../../platform/formats/region';
import type { CampaignState } from './campaign';
import type { DrawView } from './api';

export const SPIN_MESSAGES = {
  noCampaign: 'There is no spin-to-win campaign on this site.',
  notStarted: 'The campaign has not started yet.',
  ended: 'The campaign has ended.',
  changed: 'This campaign has changed. Reload the page to see the current one.',
  allWon: 'Every prize in this campaign has been won.',
} as const;

/** Why a spin is refused when the campaign is not running. */
export const notRunningMessage = (state: Exclude<CampaignState, 'running'>): string => (state === 'ended' ? SPIN_MESSAGES.ended : SPIN_MESSAGES.notStarted);

/** "Runs 1 December 2026 to 31 December 2027" in the dealer's date style. */
export function campaignDates(campaign: { starts: string; ends: string; state: CampaignState }, locale: string): string {
  const starts = formatDate(campaign.starts, locale);
  const ends = formatDate(campaign.ends, locale);
  if (campaign.state === 'not-started') return `Starts ${starts} and runs until ${ends}.`;
  if (campaign.state === 'ended') return `Ended ${ends}.`;
  return `Runs until ${ends}.`;
}

/** The sentence announced and shown once the wheel stops. */
export function resultLine(draw: DrawView): string {
  return draw.voucher_code ? `You won: ${draw.prize.label}.` : `${draw.prize.label}.`;
}

/** How to claim a voucher. */
export function voucherLine(code: string, dealer: string): string {
  return `Your voucher code is ${code}. Show it at ${dealer} to claim your prize; we have also let the team know.`;
}

/** Under the result when the shopper comes back: they have had their spin. */
export const EARLIER_SPIN = 'You have had your spin in this campaign. Here is your result.';
export const SIGN_IN_TO_SPIN = 'Sign in to spin the wheel: one spin per account.';
export const SPIN_BUTTON = 'Spin the wheel';
export const SPINNING = 'Spinning…';
