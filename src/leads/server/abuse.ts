/**
 * Spam checks that cost a real shopper nothing: the honeypot field `company_website` (hidden, so
 * only a bot fills it) and the time trap `form_started_at` (no person completes a form within 3
 * seconds of it rendering). A caught lead is quarantined: stored with the reason, answered like
 * any other, never delivered, so the bot learns nothing.
 */

/** A form sent sooner than this after it rendered is a bot. */
export const MIN_FILL_MS = 3_000;
/** Clocks drift; a start time further ahead of ours than this is made up. */
export const MAX_CLOCK_AHEAD_MS = 60_000;

export interface AbuseSignals {
  company_website?: unknown;
  form_started_at?: unknown;
  /** 'Incomplete' for a multi-step form's save of the steps so far. */
  lead_status?: unknown;
}

function startedAt(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d{1,16}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * Why the lead looks like a bot's, or null. A missing form_started_at is not held against it:
 * integrations that post without our forms (carClarityCustomer) never send one.
 */
export function quarantineReason(signals: AbuseSignals, receivedAt: number): string | null {
  const honeypot = signals.company_website;
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot: company_website was filled in';
  // A multi-step form saves its first step as soon as it is answered, often within seconds (one
  // radio button, a prefilled price): that save is a step of the form, not the form sent. The
  // trap judges the last step; a quarantined save would stay quarantined and lose the lead.
  if (signals.lead_status === 'Incomplete') return null;
  const started = startedAt(signals.form_started_at);
  if (started === undefined) return null;
  const elapsed = receivedAt - started;
  if (elapsed < -MAX_CLOCK_AHEAD_MS) return 'time trap: form_started_at is more than a minute in the future';
  // Slightly ahead is a shopper's clock running fast, not a bot: a lost lead costs more than a
  // naive bot getting through.
  if (elapsed < 0) return null;
  if (elapsed < MIN_FILL_MS) return `time trap: sent ${Math.round(elapsed)} ms after the form opened`;
  return null;
}
