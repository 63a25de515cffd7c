/**
 * How many cases each property test tries: PROPERTY_RUNS from the environment (the bench runs
 * 10,000), else 1,000 so the unit suite stays fast.
 */
export const DEFAULT_PROPERTY_RUNS = 1000;

export function propertyRuns(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.PROPERTY_RUNS?.trim() ?? '';
  if (!/^\d+$/.test(raw)) return DEFAULT_PROPERTY_RUNS;
  const runs = Number(raw);
  return runs >= 1 ? Math.min(runs, 10_000_000) : DEFAULT_PROPERTY_RUNS;
}
