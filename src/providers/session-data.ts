/**
 * The dealer dashboard's session data: the site's navigation and special (holiday) hours as the
 * dealer keeps them today, so hours entered for a public holiday reach the pages without a
 * rebuild.
 *
 *   GET {dashboard}/api/v1/websites/{websiteId}/website_session_data.json   (Accept: JSON)
 *
 * `DEALER_DASHBOARD_URL` names the dashboard; with `DEALER_DASHBOARD_STAGING` set to "true" (or
 * "1") `DEALER_DASHBOARD_STAGING_URL` is asked instead. Without a dashboard, or when it fails or
 * answers something unusable, the navigation and special hours in the dealer file stand in
 * (`source: 'configured'`). Each part is read on its own: a usable `special_hours` list is kept
 * even when the navigation beside it is not.
 *
 * Answers are kept for `ttlMs` per website (one minute by default) and one request at a time is
 * made per website, so a busy site asks the dashboard about once a minute.
 */
import { z } from 'zod';
import { navigationItemSchema, specialHoursSchema, type DealerConfig, type SpecialHours } from '../platform/config/schema';
import { DEFAULT_TIMEOUT_MS, envUrl, errorText, fetchWithTimeout, logUrl, readJson, type HttpOptions } from '../platform/http/outbound';

export type SessionSite = Pick<DealerConfig, 'id' | 'navigation' | 'special_hours'>;

export interface SessionData {
  navigation: DealerConfig['navigation'];
  special_hours: SpecialHours[];
  /** 'dashboard' when at least one part came from the dealer dashboard. */
  source: 'dashboard' | 'configured';
}

export type SessionDataSource = (site: SessionSite) => Promise<SessionData>;

export const SESSION_DATA_TTL_MS = 60_000;

export function configuredSessionData(site: SessionSite): SessionData {
  return { navigation: site.navigation, special_hours: site.special_hours, source: 'configured' };
}

export const offlineSessionData: SessionDataSource = (site) => Promise.resolve(configuredSessionData(site));

// The dashboard sends more than these two parts; the rest is not ours to read.
const navigationPart = z.object({
  header: z.array(navigationItemSchema).max(12),
  footer: z.array(navigationItemSchema).max(12).optional(),
});
const specialHoursPart = z.array(specialHoursSchema).max(400);

/**
 * The parts of a dashboard answer that pass the dealer file's own rules, over the configured
 * ones. Special hours for a location the site does not have are dropped.
 */
export function readSessionData(body: unknown, site: SessionSite, log: (message: string) => void = () => undefined): SessionData {
  const configured = configuredSessionData(site);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    log('session data: the answer is not a JSON object; using the dealer file');
    return configured;
  }
  const record = body as Record<string, unknown>;
  const navigation = navigationPart.safeParse(record.navigation);
  const hours = specialHoursPart.safeParse(record.special_hours);
  if (!navigation.success) log('session data: navigation is missing or not valid; using the dealer file');
  if (!hours.success) log('session data: special_hours is missing or not valid; using the dealer file');
  if (!navigation.success && !hours.success) return configured;
  return {
    navigation: navigation.success ? navigation.data : site.navigation,
    special_hours: hours.success ? hours.data : site.special_hours,
    source: 'dashboard',
  };
}

export interface DashboardOptions extends HttpOptions {
  /** The dashboard's base address, e.g. "https://dashboard.example.com". */
  url: string;
  ttlMs?: number;
  now?: () => number;
}

export function dashboardSessionData(options: DashboardOptions): SessionDataSource {
  const { url, fetch: fetchFn = fetch, log = console.error, timeoutMs = DEFAULT_TIMEOUT_MS, ttlMs = SESSION_DATA_TTL_MS, now = Date.now } = options;
  const base = url.replace(/\/+$/, '');
  const kept = new Map<string, { at: number; answer: Promise<SessionData> }>();

  async function ask(site: SessionSite): Promise<SessionData> {
    const target = `${base}/api/v1/websites/${encodeURIComponent(String(site.id))}/website_session_data.json`;
    try {
      const response = await fetchWithTimeout(fetchFn, target, { headers: { Accept: 'application/json' } }, timeoutMs);
      if (!response.ok) {
        void response.body?.cancel().catch(() => undefined);
        log(`session data: ${logUrl(target)} answered ${response.status}; using the dealer file`);
        return configuredSessionData(site);
      }
      return readSessionData(await readJson(response), site, log);
    } catch (error) {
      log(`session data: ${logUrl(target)} failed: ${errorText(error)}; using the dealer file`);
      return configuredSessionData(site);
    }
  }

  return (site) => {
    const key = String(site.id);
    const hit = kept.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.answer;
    const answer = ask(site);
    kept.set(key, { at: now(), answer });
    return answer;
  };
}

const truthy = (value: string | undefined) => value === 'true' || value === '1';

export function sessionDataFromEnv(env: NodeJS.ProcessEnv, options: HttpOptions & { now?: () => number } = {}): SessionDataSource {
  const name = truthy(env.DEALER_DASHBOARD_STAGING?.trim()) ? 'DEALER_DASHBOARD_STAGING_URL' : 'DEALER_DASHBOARD_URL';
  const url = envUrl(env, name);
  return url ? dashboardSessionData({ ...options, url }) : offlineSessionData;
}
