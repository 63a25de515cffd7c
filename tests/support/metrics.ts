/**
 * Reading the platform's metrics in tests. The registry is shared by every test file a worker
 * runs, so tests compare a value before and after what they do, never an absolute count.
 */
import { registry } from '../../src/platform/metrics/metrics';

/**
 * The sum of `name`'s values whose labels include `labels`; `series` picks a histogram's part
 * (`<name>_count`, `<name>_sum`), by default the metric itself.
 */
export async function metricValue(name: string, labels: Record<string, string> = {}, series = name): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = (await metric.get()) as { values: { value: number; labels: Record<string, string | number>; metricName?: string }[] };
  return values
    .filter((value) => (value.metricName ?? name) === series && Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}

/** Every label value `label` takes in `name`'s series. */
export async function labelValues(name: string, label: string): Promise<Set<string>> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  return new Set(
    values
      .map((value) => value.labels[label])
      .filter((value) => value !== undefined)
      .map(String),
  );
}

/** The value of one sample line (`name{a="b",...} value`) in Prometheus text; undefined when absent. */
export function sampleIn(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, wanted]) => given.get(key) === wanted)) return Number(match[3]);
  }
  return undefined;
}
