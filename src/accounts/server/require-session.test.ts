import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../platform/http/app-env';
import { accounts } from '../../platform/db/schema';
import { SESSION_COOKIE } from '../model/api';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { requireSession, type SessionOptions } from './require-session';
import { createSession, ROTATE_AFTER_MS } from './sessions';

const NOW = Date.UTC(2025, 10, 21, 3, 0, 0);

/** A feature's gated route, mounted as another router would mount it. */
function gatedApp(options: SessionOptions) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const host = c.req.header('host') ?? '';
    c.set('dealer', host.endsWith('.localhost') ? host.slice(0, -'.localhost'.length) : null);
    c.set('devHost', true);
    await next();
  });
  const gated = new Hono<AppEnv>();
  gated.post('/checkout', requireSession(options), (c) => c.json({ for: c.get('account').email, dealer: c.get('account').dealer }));
  app.route('/api', gated);
  return app;
}

const post = async (app: ReturnType<typeof gatedApp>, token: string | undefined, host = 'alpha.localhost') => {
  const res = await app.request(`http://${host}/api/checkout`, {
    method: 'POST',
    headers: { host, ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}) },
  });
  return { status: res.status, body: (await res.json()) as unknown, cookie: res.headers.get('set-cookie') };
};

describe.each(routeTestDatabaseKinds())('requireSession on %s', (kind) => {
  const db = useTestDatabase(kind);
  let now: number;
  let token: string;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    now = NOW;
    const id = randomUUID();
    await db.current.db.insert(accounts).values({ id, dealer: 'alpha', email: 'jane@example.com', unsubscribe_token: randomUUID() });
    token = await createSession(db.current.db, id, 'alpha', new Date(NOW));
  });

  it("lets a live session of the Host's dealer through, with its account", async () => {
    const app = gatedApp({ database: db.current, now: () => now });
    expect(await post(app, token)).toEqual({ status: 200, body: { for: 'jane@example.com', dealer: 'alpha' }, cookie: null });
  });

  it('answers 401 without a session, with a made-up one, or with a session of another dealer', async () => {
    const app = gatedApp({ database: db.current, now: () => now });
    const refused = { status: 401, body: { error: 'Please sign in.' }, cookie: null };
    expect(await post(app, undefined)).toEqual(refused);
    expect(await post(app, 'A'.repeat(43))).toEqual(refused);
    expect(await post(app, 'not a token')).toEqual(refused);
    expect(await post(app, token, 'beta.localhost')).toEqual(refused);
  });

  it('gives a day-old session a new cookie on the way through', async () => {
    const app = gatedApp({ database: db.current, now: () => now });
    now += ROTATE_AFTER_MS;
    const rotated = await post(app, token);
    expect(rotated.status).toBe(200);
    const fresh = /^garage_session=([A-Za-z0-9_-]{43});/.exec(rotated.cookie ?? '')?.[1];
    expect(fresh).toBeDefined();
    expect((await post(app, token)).status).toBe(401);
    expect((await post(app, fresh)).status).toBe(200);
  });

  it('answers 503 when the server has no database', async () => {
    expect(await post(gatedApp({ database: undefined }), token)).toMatchObject({ status: 503 });
  });
});
