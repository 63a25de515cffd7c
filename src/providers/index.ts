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
 * | Appointments   | the same back-office (sales locations)    | opening and holiday hours            |
 * | Manufacturers  | the same back-office                      | the dealer file's manufacturer entry |
 * | Session data   | DEALER_DASHBOARD_URL (DEALER_DASHBOARD_STAGING_URL when DEALER_DASHBOARD_STAGING=true) | the dealer file's navigation and special hours |
 * | Finance quotes | dealer file `finance_provider`, `finance.broker`; FINANCE_BROKER_API_KEY | the dealer file's lenders (finance.ts) |
 * | Credit check   | CREDIT_CHECK_URL, CREDIT_CHECK_API_KEY    | test identities by surname (credit-check.ts) |
 * | Geocoding      | GEOCODING_URL, GEOCODING_API_KEY          | AU and US postcode datasets (geocoding.ts) |
 */
import type { DealerConfig } from '../platform/config/schema';
import { createBackOfficeClient } from './back-office';
import { geocoderFromEnv, type Geocoder } from './geocoding';
import type { HttpOptions } from '../platform/http/outbound';
import { regoLookupsFromEnv, type RegoLookup } from './rego';
import { serviceSlots, type BookingKind, type ServiceSlotsAnswer, type SlotSite } from './service-slots';
import { sessionDataFromEnv, type SessionDataSource } from './session-data';
import { manufacturerPage, type ManufacturerPage } from './manufacturers';
import { snap21FromEnv, type Snap21Source } from './snap21';
import { valuatorFromEnv, type Valuator } from './valuation';

export interface Providers {
  nevdis: RegoLookup;
  autograb: RegoLookup;
  valuation: Valuator;
  snap21: Snap21Source;
  geocoder: Geocoder;
  /** Free booking times at a location: a service (the default) or an appointment with sales. */
  serviceSlots(site: SlotSite & Pick<DealerConfig, 'back_office'>, locationId: string, now: number, kind?: BookingKind): Promise<ServiceSlotsAnswer>;
  sessionData: SessionDataSource;
  manufacturer(site: Pick<DealerConfig, 'id' | 'back_office' | 'manufacturers'>, slug: string): Promise<ManufacturerPage | undefined>;
}

export interface ProviderOptions extends HttpOptions {
  now?: () => number;
  /** Tests skip the back-office's retry pauses. */
  sleep?: (ms: number) => Promise<void>;
  /** Project root that relative data folders (POSTCODE_TABLES_DIR) are resolved from. */
  root?: string;
}

export function providersFromEnv(env: NodeJS.ProcessEnv, options: ProviderOptions = {}): Providers {
  const { now, sleep, root, ...http } = options;
  const rego = regoLookupsFromEnv(env, { ...http, ...(now ? { now } : {}) });
  return {
    ...rego,
    valuation: valuatorFromEnv(env, http),
    snap21: snap21FromEnv(env, http),
    geocoder: geocoderFromEnv(env, { ...http, ...(root ? { root } : {}) }),
    serviceSlots: (site, locationId, at, kind = 'service') => {
      const backOffice = site.back_office ? createBackOfficeClient(site.back_office, { ...http, env, ...(sleep ? { sleep } : {}) }) : undefined;
      return serviceSlots(site, locationId, at, backOffice, http.log, kind);
    },
    sessionData: sessionDataFromEnv(env, { ...http, ...(now ? { now } : {}) }),
    manufacturer: (site, slug) => {
      const backOffice = site.back_office ? createBackOfficeClient(site.back_office, { ...http, env, ...(sleep ? { sleep } : {}) }) : undefined;
      return manufacturerPage(site, slug, backOffice);
    },
  };
}
