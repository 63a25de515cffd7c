/**
 * The campaign as it stands on a day: whether it has started, is running or has ended. A
 * campaign's dates are calendar days in the dealer's time zone (the dealer file's `starts` and
 * `ends`, both included), so a shopper in Perth and a server in UTC agree with the dealer's own
 * calendar about whether today is still in the campaign.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { todayIn } from '../../platform/formats/zoned-time';

export type Campaign = NonNullable<DealerConfig['spin_to_win']>;
export type Prize = Campaign['prizes'][number];
export type CampaignState = 'not-started' | 'running' | 'ended';

/** The state on a calendar day "YYYY-MM-DD" (ISO dates compare as text). */
export function stateOnDay(campaign: Pick<Campaign, 'starts' | 'ends'>, day: string): CampaignState {
  if (day < campaign.starts) return 'not-started';
  if (day > campaign.ends) return 'ended';
  return 'running';
}

/** The state at an instant, read on the dealer's calendar. */
export function campaignState(campaign: Pick<Campaign, 'starts' | 'ends'>, now: Date, timeZone: string): CampaignState {
  return stateOnDay(campaign, todayIn(timeZone, now));
}
