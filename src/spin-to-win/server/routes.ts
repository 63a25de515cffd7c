/**
 * The spin-to-win API (paths and answers in ../model/api.ts), mounted under /api:
 *
 * - GET /api/spin-to-win: the dealer's campaign as shoppers see it (labels and terms; no odds or
 *   stock) and, for a signed-in shopper, their draw. Signed out it still answers, so the page can
 *   show the campaign beside its sign-in link.
 * - POST /api/spin-to-win/draw `{ campaign }`: always signed in, from the dealer's own site only,
 *   while the campaign runs. 201 with a new draw; 200 with the account's first draw when it has
 *   already spun (a double click or a second tab gets the same prize, never a second one), or
 *   with the draw of its mailbox (one prize per person: see draws.ts).
 *
 * A dealer that does not offer the page (`features.enabled_pages`) has no campaign: 404.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { answerFaults, problem, send } from '../../platform/http/answers';
import type { AppEnv } from '../../platform/http/app-env';
import { proxyTrust } from '../../platform/http/client-ip';
import { refuseOtherSites } from '../../platform/http/cross-site';
import { knownDealer, type ConfigFor, type SiteEnv } from '../../platform/http/dealer-site';
import { jsonBody, SMALL_BODY_BYTES, validJson } from '../../platform/http/request-body';
import { siteDomains } from '../../platform/config/dealer-domains';
import type { DealerConfig } from '../../platform/config/schema';
import type { Database } from '../../platform/db/open';
import { NO_ACCOUNT_STORAGE, requireSession, sessionChecker, type AccountEnv } from '../../accounts/server/require-session';
import { siteOrigin } from '../../accounts/server/site-origin';
import { spinPaths, type CampaignView, type DrawAnswer } from '../model/api';
import { campaignState, type Campaign } from '../model/campaign';
import { drawRequestSchema } from '../model/draw-schema';
import { notRunningMessage, SPIN_MESSAGES } from '../model/words';
import { mailboxKey } from '../../accounts/server/secrets';
import { drawView, findDraw, spin, type Spinner } from './draws';

export interface SpinApiOptions {
  /** The lead database; without one the routes answer 503 like every account route. */
  database: Database | undefined;
  configFor: ConfigFor;
  /** TRUST_PROXY, lead destinations' settings. */
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** The roll; the secure one unless a test fixes it. */
  roll?: () => number;
  /** The server's secret for the mailbox's keyed hash (accounts/server/secrets.ts). */
  secret: () => string;
}

/** The dealer's campaign when the site offers the page. */
export function campaignOf(site: DealerConfig): Campaign | undefined {
  return site.features.enabled_pages.includes('spin_to_win') ? site.spin_to_win : undefined;
}

type SpinEnv = AccountEnv & SiteEnv & { Variables: { campaign: Campaign } };

const at = (path: string): string => path.slice('/api'.length);

export function createSpinToWinApi({
  database,
  configFor,
  env = process.env,
  now = Date.now,
  log = console.error,
  roll,
  secret,
}: SpinApiOptions): Hono<AppEnv> {
  const api = new Hono<SpinEnv>();
  const trust = proxyTrust(env);
  const sessionOptions = { database, env, now };
  const checkSession = sessionChecker(sessionOptions);
  const signedIn = requireSession(sessionOptions);

  api.onError(answerFaults({ log, answer: 'Something went wrong on our side; please try again.' }));

  const site = knownDealer(configFor);
  const withCampaign: MiddlewareHandler<SpinEnv> = async (c, next) => {
    const campaign = campaignOf(c.get('site'));
    if (!campaign) return send(c, problem(404, SPIN_MESSAGES.noCampaign));
    c.set('campaign', campaign);
    await next();
  };
  const fromOwnSite = refuseOtherSites(async (c) => {
    const config = await configFor(c.get('dealer') ?? '');
    return config ? siteDomains(config) : [];
  });
  const db = () => {
    if (!database) throw new Error('spin-to-win route reached without a database');
    return database.db;
  };
  const spinner = (account: { id: string; email: string }): Spinner => ({ id: account.id, email: account.email, mailbox: mailboxKey(secret(), account.email) });

  api.get(at(spinPaths.campaign), site, withCampaign, async (c) => {
    const config = c.get('site');
    const campaign = c.get('campaign');
    const found = await checkSession(c);
    if (found.kind === 'no-storage') return send(c, NO_ACCOUNT_STORAGE);
    const row = found.kind === 'signed-in' ? await findDraw(db(), config.slug, campaign.id, spinner(found.account)) : undefined;
    const view: CampaignView = {
      campaign: {
        id: campaign.id,
        name: campaign.name,
        starts: campaign.starts,
        ends: campaign.ends,
        state: campaignState(campaign, new Date(now()), config.time_zone),
        prizes: campaign.prizes.map(({ id, label }) => ({ id, label })),
        terms: campaign.terms,
      },
      signedIn: found.kind === 'signed-in',
      draw: row ? drawView(row, campaign) : null,
    };
    return send(c, { status: 200, body: view });
  });

  api.post(at(spinPaths.draw), site, withCampaign, fromOwnSite, signedIn, jsonBody(SMALL_BODY_BYTES), validJson(drawRequestSchema), async (c) => {
    const config = c.get('site');
    const campaign = c.get('campaign');
    const account = spinner(c.get('account'));
    if (c.req.valid('json').campaign !== campaign.id) return send(c, problem(409, SPIN_MESSAGES.changed, { campaign: SPIN_MESSAGES.changed }));
    const at = new Date(now());
    const state = campaignState(campaign, at, config.time_zone);
    if (state !== 'running') {
      // Someone who spun while it ran still sees their prize; nobody spins outside the dates.
      const earlier = await findDraw(db(), config.slug, campaign.id, account);
      if (earlier) return send(c, { status: 200, body: { draw: drawView(earlier, campaign), new: false } satisfies DrawAnswer });
      return send(c, problem(409, notRunningMessage(state)));
    }
    const result = await spin({
      database: db(),
      site: config,
      campaign,
      env,
      account,
      origin: siteOrigin(c, trust).origin,
      now: at,
      ...(roll ? { roll } : {}),
    });
    if (result.kind === 'all-won') return send(c, problem(409, SPIN_MESSAGES.allWon));
    const answer: DrawAnswer = { draw: drawView(result.row, campaign), new: result.kind === 'drawn' };
    return send(c, { status: result.kind === 'drawn' ? 201 : 200, body: answer });
  });

  return api as unknown as Hono<AppEnv>;
}
