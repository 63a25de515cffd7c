/**
 * The outside systems the lead forms use, each chosen from the environment: the real service's
 * HTTP adapter when its URL is set, else an offline default that needs no network.
 *
 * | Provider       | Env (URL, key)                            | Offline default                      |
 * |----------------|-------------------------------------------|--------------------------------------|
 * | NEVDIS         | NEVDIS_URL, NEVDIS_API_KEY                | demo vehicle per plate (source demo) |
 * | AutoGrab       | AUTOGRAB_URL, AUTOGRAB_API_KEY            | the same demo vehicle                |
 * | Valuation      | VALUATION_URL, VALUATION_API_KEY          | catalogue price, age, km, answers    |
 * | Snap21         | SNAP21_URL                                | the dealer's configured review summary |
 * | Service slots  | dealer file `back_office` + its credentials env | opening and holiday hours       |
 * | Finance quotes | dealer file `finance_provider`, `finance.broker`; FINANCE_BROKER_API_KEY | the dealer file's lenders (finance.ts) |
 * | Credit check   | CREDIT_CHECK_URL, CREDIT_CHECK_API_KEY    | test identities by surname (credit-check.ts) |
 * | Geocoding      | GEOCODING_URL, GEOCODING_API_KEY          | AU and US postcode datasets (geocoding.ts) |
 */
import type { DealerConfig } from '../platform/config/schema';
import { createBackOfficeClient } from './back-office';
import { geocoderFromEnv, type Geocoder } from './geocoding';
import type { HttpOptions } from '../platform/http/outbound';
import { regoLookupsFromEnv, type RegoLookup } from './rego';
import { serviceSlots, type ServiceSlotsAnswer, type SlotSite } from './service-slots';
import { snap21FromEnv, type Snap21Source } from './snap21';
import { valuatorFromEnv, type Valuator } from './valuation';

export interface Providers {
  nevdis: RegoLookup;
  autograb: RegoLookup;
  valuation: Valuator;
  snap21: Snap21Source;
  geocoder: Geocoder;
  serviceSlots(site: SlotSite & Pick<DealerConfig, 'back_office'>, locationId: string, now: number): Promise<ServiceSlotsAnswer>;
}

export interface ProviderOptions extends HttpOptions {
  now?: () => number;
  /** Tests skip the back-office's retry pauses. */
  sleep?: (ms: number) => Promise<void>;
}

export function providersFromEnv(env: NodeJS.ProcessEnv, options: ProviderOptions = {}): Providers {
  const { now, sleep, ...http } = options;
  const rego = regoLookupsFromEnv(env, { ...http, ...(now ? { now } : {}) });
  return {
    ...rego,
    valuation: valuatorFromEnv(env, http),
    snap21: snap21FromEnv(env, http),
    geocoder: geocoderFromEnv(env, http),
    serviceSlots: (site, locationId, at) => {
      const backOffice = site.back_office ? createBackOfficeClient(site.back_office, { ...http, env, ...(sleep ? { sleep } : {}) }) : undefined;
      return serviceSlots(site, locationId, at, backOffice, http.log);
    },
  };
}
