/**
 * How long the demo stock generator takes: every demo build, and the bench's own search and alert
 * runs, start by generating a dealer's cars. Timed here, not in a unit test, where a busy machine
 * would fail it for reasons that have nothing to do with the generator.
 */
import { performance } from 'node:perf_hooks';
import type { DealerConfig } from '../../src/platform/config/schema';
import { generateDemoStock } from '../../src/stock/model/demo';

export interface DemoStockTiming {
  cars: number;
  /** Milliseconds per run, in the order run. */
  timesMs: number[];
  /** The middle run (the lower middle for an even count): the first run also pays for warming the JIT. */
  medianMs: number;
}

export function medianOf(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** Generates `cars` demo cars for `site` `runs` times over; throws if a run comes back short. */
export function timeDemoStock(site: DealerConfig, cars = 5000, runs = 5, now = Date.now()): DemoStockTiming {
  const timesMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const stock = generateDemoStock(site, cars, now);
    timesMs.push(performance.now() - started);
    // A generator that stopped early would look fast; the figure only counts when every car came back.
    if (stock.length !== cars) throw new Error(`demo stock: asked for ${cars} cars, got ${stock.length}`);
  }
  return { cars, timesMs, medianMs: medianOf(timesMs) };
}
