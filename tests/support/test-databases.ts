/**
 * The databases a storage test runs on: in-memory PGlite always, and Postgres as well when
 * DATABASE_URL is set, each test file in a fresh schema that is dropped afterwards (so parallel
 * test files never see each other's rows or migrations).
 *
 *   describe.each(testDatabaseKinds())('leads on %s', (kind) => {
 *     const db = useTestDatabase(kind);
 *     beforeEach(() => resetTestDatabase(db.current));
 *     it('...', async () => { await db.current.db.select()... });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, pgliteDatabase, type Database } from '../../src/platform/db/open';

export type TestDatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  database: Database;
  /** Postgres only: a connection string whose sessions use the test schema (for other processes). */
  url?: string;
  /** Closes the database and, on Postgres, drops its schema. */
  dispose: () => Promise<void>;
}

/**
 * For tests of storage itself (queries, locking, transactions, migrations): 'pglite', plus
 * 'postgres' when DATABASE_URL is set.
 */
export function testDatabaseKinds(env: NodeJS.ProcessEnv = process.env): TestDatabaseKind[] {
  return env.DATABASE_URL?.trim() ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * For tests of an HTTP route's behaviour, which storage tests already cover on both: the one
 * database the platform would open here ('postgres' when DATABASE_URL is set, as openDatabase
 * chooses), so each route is tested once.
 */
export function routeTestDatabaseKinds(env: NodeJS.ProcessEnv = process.env): TestDatabaseKind[] {
  return env.DATABASE_URL?.trim() ? ['postgres'] : ['pglite'];
}

/**
 * A dump of an in-memory PGlite database with every migration run, taken from the first one a
 * process opens: the test files after it in a worker load copies instead of migrating again.
 */
let migratedPglite: Promise<Blob> | undefined;

export async function openTestDatabase(kind: TestDatabaseKind, env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const dump = await migratedPglite?.catch(() => undefined);
    const client = new PGlite(undefined, dump ? { loadDataDir: dump } : {});
    const database = await pgliteDatabase(client);
    if (!dump) migratedPglite = client.dumpDataDir('none');
    await migratedPglite;
    return { database, dispose: () => database.close() };
  }
  const url = env.DATABASE_URL?.trim();
  if (!url) throw new Error('openTestDatabase: postgres needs DATABASE_URL');
  const schema = `test_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  const database = await openDatabase({ env: { DATABASE_URL: url }, pgSchema: schema, poolSize: 30 });
  return {
    database,
    url: urlInSchema(url, schema),
    async dispose() {
      await database.close();
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A Postgres URL whose connections use `schema` (libpq's options parameter, read by pg too). */
export function urlInSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** Opens the database before the file's tests and disposes of it after; read it as `.current`. */
export function useTestDatabase(kind: TestDatabaseKind): { readonly current: Database } {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(kind);
    // Minutes, not seconds: under npm test the builds and browser tests share the two cores.
  }, 180_000);
  afterAll(async () => {
    await opened?.dispose();
  });
  return {
    get current(): Database {
      if (!opened) throw new Error('useTestDatabase: the database is not open yet (read it inside a test or hook)');
      return opened.database;
    },
  };
}

/** Empties every lead and account table, so each test starts from nothing. */
export async function resetTestDatabase(database: Database): Promise<void> {
  await database.db.execute(
    sql`TRUNCATE leads, lead_files, idempotency_keys, outbox, valuations, miscellaneous,
        accounts, sign_in_codes, sessions, passkeys, passkey_challenges, account_saved_cars, saved_searches, stock_watch, alert_sends RESTART IDENTITY CASCADE`,
  );
}
