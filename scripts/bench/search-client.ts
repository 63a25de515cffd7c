/**
 * The shoppers' side of the lead bench's mixed run, in a process of its own: multi-searches of
 * the landing-page mix at a steady rate against a running API, then one line
 * `search-client result <json>` with what it measured (paced-load.ts). Leads and searches come from
 * separate processes, as they come from separate browsers: sharing one event loop, each load
 * generator's own work would be counted in the other's latency.
 *
 * Env: BENCH_PORT, BENCH_SECONDS, BENCH_RATE, DEALERS_DIR, DEALER.
 */
import { loadDealer } from '../../src/platform/config/load';
import { pacedLoad } from './paced-load';
import { cycleEachSecond, landingMix, SEARCH_CLIENT_RESULT } from './search-load';

const env = (name: string): string => {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`search-client: ${name} is not set`);
  return value;
};

const site = loadDealer(env('DEALER'), env('DEALERS_DIR'));
const body = cycleEachSecond((now) => landingMix(site, now));
const ratePerSecond = Number(env('BENCH_RATE'));
const result = await pacedLoad({
  port: Number(env('BENCH_PORT')),
  ratePerSecond,
  seconds: Number(env('BENCH_SECONDS')),
  connections: 20,
  request: () => ({ method: 'POST', path: '/api/search/multi-search', headers: { 'content-type': 'application/json' }, body: body() }),
});
const { p50, p99, max } = result.latencyMs;
console.log(SEARCH_CLIENT_RESULT + JSON.stringify({ ratePerSecond, requests: result.requests, ok: result.ok, latencyMs: { p50, p99, max } }));
