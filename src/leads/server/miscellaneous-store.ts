/**
 * Extra values a site keeps against a lead (POST /api/miscellaneous), under a column name the
 * site chooses, e.g. the valuation a trade-in flow showed.
 */
import type { LeadDb } from '../../platform/db/open';
import { miscellaneous } from '../../platform/db/schema';

export interface ExtraValues {
  dealer: string;
  leadId: string | undefined;
  column: string;
  values: Record<string, unknown>;
}

/** Keeps the values and answers their row's id. */
export async function keepExtraValues(db: LeadDb, { dealer, leadId, column, values }: ExtraValues): Promise<number | undefined> {
  const [row] = await db
    .insert(miscellaneous)
    .values({ dealer, lead_id: leadId ?? null, column_name: column, data: values })
    .returning({ id: miscellaneous.id });
  return row?.id;
}
