/**
 * The trade-in estimate carried from the form to /success. The success page's query is the
 * shopper's to edit (and to share), so the estimate never travels in it: a link could otherwise
 * show any figure under the dealer's name. The form keeps what it showed in this tab's
 * sessionStorage, tied to the lead; the page shows it only for the lead its query names, as text.
 */
import { isRecord } from '../../platform/formats/records';

export interface KeptEstimate {
  lead_id: string;
  /** 'estimate' shows the range; 'refused' and 'unavailable' show the message instead. */
  kind: 'estimate' | 'refused' | 'unavailable';
  heading: string;
  /** The range as shown ('$18,000 – $21,500'); empty unless kind is 'estimate'. */
  range: string;
  /** What the estimate takes for granted, or why there is none. */
  message: string;
  /** What happens next, worded for the page the form was on. */
  next: string;
}

export const keptEstimateKey = (siteSlug: string): string => `leads:estimate:${siteSlug}`;

const TEXT_MAX = 600;
const KINDS = new Set(['estimate', 'refused', 'unavailable']);

export function keepEstimate(storage: Storage | undefined, siteSlug: string, estimate: KeptEstimate): void {
  try {
    storage?.setItem(keptEstimateKey(siteSlug), JSON.stringify(estimate));
  } catch {
    // A full or refused storage: /success shows its plain thanks, the reply email has the rest.
  }
}

/** The estimate kept for this lead, or undefined when none was, or what is stored is not ours. */
export function readKeptEstimate(storage: Storage | undefined, siteSlug: string, leadId: string | null): KeptEstimate | undefined {
  if (!leadId) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(storage?.getItem(keptEstimateKey(siteSlug)) ?? 'null');
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value.lead_id !== leadId || typeof value.kind !== 'string' || !KINDS.has(value.kind)) return undefined;
  const text = (key: string) => {
    const field = value[key];
    return typeof field === 'string' && field.length <= TEXT_MAX ? field : undefined;
  };
  const [heading, range, message, next] = [text('heading'), text('range'), text('message'), text('next')];
  if (heading === undefined || range === undefined || message === undefined || next === undefined) return undefined;
  return { lead_id: leadId, kind: value.kind as KeptEstimate['kind'], heading, range, message, next };
}
