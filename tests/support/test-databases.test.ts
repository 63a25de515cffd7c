import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, leads, sessions } from '../../src/platform/db/schema';
import { openTestDatabase, resetTestDatabase, testDatabaseKinds } from './test-databases';

describe('testDatabaseKinds', () => {
  it('always includes PGlite, and Postgres only with DATABASE_URL', () => {
    expect(testDatabaseKinds({})).toEqual(['pglite']);
    expect(testDatabaseKinds({ DATABASE_URL: ' ' })).toEqual(['pglite']);
    expect(testDatabaseKinds({ DATABASE_URL: 'postgres://x@h/db' })).toEqual(['pglite', 'postgres']);
  });
});

describe.each(testDatabaseKinds())('openTestDatabase(%s)', (kind) => {
  it('opens a migrated, empty database that reset empties again', { timeout: 180_000 }, async () => {
    const { database, dispose } = await openTestDatabase(kind);
    try {
      expect(database.kind).toBe(kind);
      await database.db.insert(leads).values({
        id: 'a',
        dealer: 'd',
        form: 'enquiry',
        category: 'General Enquiry',
        status: 'Complete',
        data: {},
        consent: { opt_in: true, wording: 'w', at: 'now' },
      });
      await database.db.insert(accounts).values({ id: 'acc', dealer: 'd', email: 'a@b.co', unsubscribe_token: 't' });
      await database.db.insert(sessions).values({ id: 's', account_id: 'acc', dealer: 'd', expires_at: new Date() });
      expect(await database.db.select().from(leads)).toHaveLength(1);
      await resetTestDatabase(database);
      expect(await database.db.select().from(leads)).toHaveLength(0);
      expect(await database.db.select().from(accounts)).toHaveLength(0);
      expect(await database.db.select().from(sessions)).toHaveLength(0);
    } finally {
      await dispose();
    }
  });

  it.runIf(kind === 'pglite')('opens each database as its own copy of the migrated one', { timeout: 180_000 }, async () => {
    const first = await openTestDatabase(kind);
    const second = await openTestDatabase(kind);
    try {
      await first.database.db.insert(accounts).values({ id: 'acc', dealer: 'd', email: 'a@b.co', unsubscribe_token: 't' });
      expect(await first.database.db.select().from(accounts)).toHaveLength(1);
      expect(await second.database.db.select().from(accounts)).toHaveLength(0);
    } finally {
      await first.dispose();
      await second.dispose();
    }
  });

  it.runIf(kind === 'postgres')('gives each opening its own schema and drops it afterwards', { timeout: 180_000 }, async () => {
    const first = await openTestDatabase(kind);
    const second = await openTestDatabase(kind);
    const schemaOf = async (t: typeof first): Promise<string> => {
      const result = await t.database.db.execute<{ schema: string }>(sql`SELECT current_schema() AS schema`);
      return (result as { rows: { schema: string }[] }).rows[0]?.schema ?? '';
    };
    const a = await schemaOf(first);
    const b = await schemaOf(second);
    expect(a).toMatch(/^test_/);
    expect(a).not.toBe(b);
    // Another process reaches the same schema through the URL.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    const seen = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
    await client.end();
    expect(seen.rows[0]?.schema).toBe(a);
    await first.dispose();
    const left = await second.database.db.execute(sql`SELECT 1 FROM information_schema.schemata WHERE schema_name = ${a}`);
    expect((left as { rows: unknown[] }).rows).toHaveLength(0);
    await second.dispose();
  });
});
