/**
 * What the spin-to-win page shows for the API's answer: the shopper's earlier result (whenever
 * they have one, even after the campaign ends), the spin button (signed in, campaign running),
 * the sign-in link (signed out while it runs), or why nobody can spin.
 */
import type { CampaignView, DrawView } from './api';
import { notRunningMessage } from './words';

export type PageState = { show: 'result'; draw: DrawView } | { show: 'ready' } | { show: 'sign-in' } | { show: 'closed'; message: string };

export function pageState(view: CampaignView): PageState {
  if (view.draw) return { show: 'result', draw: view.draw };
  const { state } = view.campaign;
  if (state !== 'running') return { show: 'closed', message: notRunningMessage(state) };
  return view.signedIn ? { show: 'ready' } : { show: 'sign-in' };
}
