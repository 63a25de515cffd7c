/**
 * Where a complete lead is owed: one outbox row per name returned here, written with the lead.
 *
 * - `folder`: the local copy (LEADS_OUTBOX_DIR, default .data/outbox), unless LEADS_OUTBOX_DIR=off.
 * - `webhook:<n>` for each webhook in `leads.destinations` (n is its index in that list).
 * - `adf_email:<n>` for each ADF email destination, only when SMTP_URL is set: without a mail
 *   server the row could only fail for 72 hours and die.
 * - With no destinations configured, SMTP_URL set and a site email, `adf_email:default` to it.
 *
 * `shopper_reply` (the automatic reply to the shopper) is owed per lead, not per dealer: the lead
 * route adds it with `replyDestinations` when the lead has an email address.
 */
import type { DealerConfig, LeadDestination } from '../../../platform/config/schema';
import { wantsReply } from '../../model/shopper-reply';

export type DestinationSite = Pick<DealerConfig, 'email'> & { leads: Pick<DealerConfig['leads'], 'destinations'> };
type ReplySiteSwitch = { leads: Pick<DealerConfig['leads'], 'shopper_reply'> };

export const folderDestination = 'folder';
export const shopperReplyDestination = 'shopper_reply';
export const defaultEmailDestination = 'adf_email:default';

export const outboxDirOff = (env: NodeJS.ProcessEnv): boolean => env.LEADS_OUTBOX_DIR?.trim().toLowerCase() === 'off';
export const smtpConfigured = (env: NodeJS.ProcessEnv): boolean => Boolean(env.SMTP_URL?.trim());

export function outboxDestinations(site: DestinationSite, env: NodeJS.ProcessEnv = process.env): string[] {
  const names: string[] = [];
  if (!outboxDirOff(env)) names.push(folderDestination);
  const smtp = smtpConfigured(env);
  site.leads.destinations.forEach((destination, n) => {
    if (destination.type === 'webhook') names.push(`webhook:${n}`);
    else if (smtp) names.push(`adf_email:${n}`);
  });
  if (site.leads.destinations.length === 0 && smtp && site.email) names.push(defaultEmailDestination);
  return names;
}

/**
 * The reply to the shopper, when the dealer sends replies, the lead left an email address, and
 * the mail can go somewhere (SMTP, or the outbox folder's mail files).
 */
export function replyDestinations(site: ReplySiteSwitch, lead: Readonly<Record<string, unknown>>, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!wantsReply(site, lead)) return [];
  return smtpConfigured(env) || !outboxDirOff(env) ? [shopperReplyDestination] : [];
}

/** The kinds of destination, for counting deliveries without naming any address. */
export const DESTINATION_KINDS = ['folder', 'webhook', 'adf_email', 'shopper_reply', 'escalation_email', 'escalation_sms'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number] | 'other';

/** `webhook` for `webhook:2`: the kind of a destination name; `other` for a name no server writes. */
export function destinationKind(name: string): DestinationKind {
  const kind = name.split(':', 1)[0];
  return (DESTINATION_KINDS as readonly string[]).includes(kind ?? '') ? (kind as DestinationKind) : 'other';
}

/** What a destination name stands for, against the dealer's current config. */
export type ResolvedDestination =
  | { type: 'folder' }
  | { type: 'shopper_reply' }
  | { type: 'webhook'; url: string; secret_env: string }
  | { type: 'adf_email'; to: string[] }
  /** An unanswered lead's escalation step n, to the dealer file's n-th escalation contact (escalation.ts). */
  | { type: 'escalation'; channel: 'email' | 'sms'; step: number };

export class DestinationError extends Error {}

export function resolveDestination(site: DestinationSite, name: string): ResolvedDestination {
  if (name === folderDestination) return { type: 'folder' };
  if (name === shopperReplyDestination) return { type: 'shopper_reply' };
  if (name === defaultEmailDestination) {
    if (!site.email) throw new DestinationError('adf_email:default: the dealer file no longer has an email');
    return { type: 'adf_email', to: [site.email] };
  }
  const escalation = /^escalation_(email|sms):(\d{1,2})$/.exec(name);
  if (escalation) return { type: 'escalation', channel: escalation[1] as 'email' | 'sms', step: Number(escalation[2]) };
  const match = /^(webhook|adf_email):(\d{1,3})$/.exec(name);
  if (!match) throw new DestinationError(`unknown destination "${name.slice(0, 60)}"`);
  const configured: LeadDestination | undefined = site.leads.destinations[Number(match[2])];
  if (!configured || configured.type !== match[1]) throw new DestinationError(`${name} is no longer in the dealer's leads.destinations`);
  return configured.type === 'webhook' ? { type: 'webhook', url: configured.url, secret_env: configured.secret_env } : { type: 'adf_email', to: configured.to };
}
