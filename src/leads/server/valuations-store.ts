/**
 * Keeping valuations: each request's car and answers, the market it was valued in and the result,
 * linked to the lead it came with. A valuation is read back only to value the same car again
 * with new answers, and only by the dealer that made it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DealerConfig } from '../../platform/config/schema';
import type { LeadDb } from '../../platform/db/open';
import { valuations } from '../../platform/db/schema';
import type { AdjustmentAnswers, TradeInResult } from '../../providers/valuation';

/** The car as it was valued: what the request sent, checked and normalised. */
export interface ValuedCar {
  rego?: string;
  regoState?: string;
  make: string;
  model: string;
  variant?: string;
  year: number;
  km: number;
  adjustmentAnswers: AdjustmentAnswers;
}

/** A valuation row's data (a type, not an interface, so it fits the jsonb column's record type). */
export type Valuation = {
  input: ValuedCar;
  market: DealerConfig['region'];
  result: TradeInResult;
  valued_at: string;
};

/** Keeps a new valuation and answers its id. */
export async function saveValuation(db: LeadDb, { dealer, leadId, data }: { dealer: string; leadId: string | undefined; data: Valuation }): Promise<string> {
  const id = randomUUID();
  await db.insert(valuations).values({ id, dealer, lead_id: leadId ?? null, data });
  return id;
}

/** The car of one of the dealer's valuations; undefined when the dealer has no valuation with that id. */
export async function valuedCar(db: LeadDb, dealer: string, id: string): Promise<ValuedCar | undefined> {
  const [row] = await db
    .select({ data: valuations.data })
    .from(valuations)
    .where(and(eq(valuations.id, id), eq(valuations.dealer, dealer)))
    .limit(1);
  return (row?.data as Partial<Valuation> | undefined)?.input;
}

/** Replaces a valuation's data with the car valued again. */
export async function updateValuation(db: LeadDb, { dealer, id, data, at }: { dealer: string; id: string; data: Valuation; at: Date }): Promise<void> {
  await db
    .update(valuations)
    .set({ data, updated_at: at })
    .where(and(eq(valuations.id, id), eq(valuations.dealer, dealer)));
}
