/**
 * The account session check, GET /api/account/session, as every gated page asks it: a shopper
 * signs in through the API (code by email), then the check is timed over HTTP with their cookie,
 * one request at a time, on a fresh PGlite folder and, with DATABASE_URL, a fresh Postgres
 * database. A signed-out check (no cookie, no database read) is timed alongside for comparison.
 *
 *   npx tsx scripts/bench/session-check.ts [--rounds 2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { accountPaths } from '../../src/accounts/model/api';
import type { ShopperMail } from '../../src/leads/delivery/outbox/shopper-mail';
import { openDatabase } from '../../src/platform/db/open';
import { createApp } from '../../src/server/app';
import { createPlatformServer } from '../../src/server/http-server';
import { summarise, type LatencySummary } from './engine';
import { freshDatabase } from './leads';

export interface SessionCheckResult {
  database: 'pglite' | 'postgres';
  /** Checks timed for each kind, after warm-up. */
  requests: number;
  signedIn: LatencySummary;
  signedOut: LatencySummary;
}

export interface SessionCheckOptions {
  dealersDir: string;
  slug: string;
  root: string;
  rounds?: number;
  warmup?: number;
}

async function timed(url: string, headers: Record<string, string>, rounds: number, warmup: number, expectSignedIn: boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < warmup + rounds; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { signedIn?: boolean };
    const ms = performance.now() - start;
    if (response.status !== 200 || body.signedIn !== expectSignedIn) throw new Error(`session check answered ${response.status} ${JSON.stringify(body)}`);
    if (i >= warmup) times.push(ms);
  }
  return times;
}

/**
 * Signs `email` in on the site `host` names, as a shopper does (a code by email, read from `mail`,
 * where the app under test puts the mails it sends), and answers the session cookie (`name=value`).
 */
export async function signInCookie(origin: string, host: string, mail: readonly ShopperMail[], email: string): Promise<string> {
  const post = (target: string, body: unknown) =>
    fetch(`${origin}${target}`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(body),
    });
  let asked = await post(accountPaths.signIn, { email });
  // An earlier part of the bench (the checkout race signs many shoppers in from this address)
  // can leave the minute's sign-in allowance spent: wait as the API says, once.
  if (asked.status === 429) {
    const seconds = Math.min(Number(asked.headers.get('retry-after')) || 60, 120);
    console.log(`sign-in for ${host}: rate limited, waiting ${seconds} s as the API asks`);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    asked = await post(accountPaths.signIn, { email });
  }
  if (asked.status !== 202) throw new Error(`the bench could not ask for a sign-in code: ${asked.status} ${(await asked.text()).slice(0, 200)}`);
  const code = /^\s+(\d{6})\s*$/m.exec(mail.at(-1)?.text ?? '')?.[1] ?? '';
  const verified = await post(accountPaths.verify, { email, code });
  const cookie = verified.headers.getSetCookie()[0]?.split(';')[0];
  if (verified.status !== 200 || !cookie) throw new Error(`the bench could not sign in: ${verified.status}`);
  return cookie;
}

export async function benchSessionCheck(
  kind: 'pglite' | 'postgres',
  { dealersDir, slug, root, rounds = 2000, warmup = 200 }: SessionCheckOptions,
): Promise<SessionCheckResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-session-'));
  const fresh = await freshDatabase(kind, work);
  const database = await openDatabase({ env: fresh.env, root });
  const mail: ShopperMail[] = [];
  const app = createApp({
    distDir: path.join(work, 'dist'),
    dealers: [slug],
    defaultDealer: slug,
    dealersDir,
    env: { LEADS_OUTBOX_DIR: path.join(work, 'outbox') },
    leads: { database, log: () => undefined },
    accounts: {
      sendMail: (_site, message) => {
        mail.push(message);
        return Promise.resolve({ via: 'folder', file: 'memory' });
      },
    },
  });
  const server = createPlatformServer(app.fetch, '127.0.0.1');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const host = `${slug}.localhost`;
  try {
    const cookie = await signInCookie(origin, host, mail, 'bench@example.com');
    const url = `${origin}${accountPaths.session}`;
    const signedIn = await timed(url, { host, cookie }, rounds, warmup, true);
    const signedOut = await timed(url, { host }, rounds, warmup, false);
    return { database: kind, requests: rounds, signedIn: summarise(signedIn), signedOut: summarise(signedOut) };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    await fresh.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const roundsAt = process.argv.indexOf('--rounds');
  const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 2000;
  const kinds = process.env.DATABASE_URL?.trim() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  for (const kind of kinds) {
    const result = await benchSessionCheck(kind, { dealersDir: path.resolve('dealers'), slug: 'kingfisher-toyota', root: process.cwd(), rounds });
    const line = (label: string, l: LatencySummary) => `  ${label.padEnd(10)} p50 ${l.p50} ms  p95 ${l.p95} ms  mean ${l.mean} ms`;
    console.log(`GET ${accountPaths.session} on ${kind}, ${result.requests} requests each, one at a time:`);
    console.log(line('signed in', result.signedIn));
    console.log(line('signed out', result.signedOut));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
