/**
 * Opens lead storage: Postgres when DATABASE_URL is set, embedded PGlite otherwise (data in
 * LEADS_DB_DIR, default .data/leads-db, created on first start). Both run the same generated
 * migrations before anything is read or written.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { leadsDbDir } from './lock';
import * as schema from './schema';

export type LeadDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: LeadDb;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for messages: the PGlite folder, or the Postgres URL without password. */
  location: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  env?: NodeJS.ProcessEnv;
  /** Project root that relative LEADS_DB_DIR paths are resolved from (default: the working directory). */
  root?: string;
  /**
   * Postgres schema to use instead of public (tests give each file its own). Created if absent;
   * the migration journal goes in it too, so schemas never share migration state.
   */
  pgSchema?: string;
  /** PGlite: keep everything in memory (tests). */
  memory?: boolean;
  /** Postgres pool size (default 10). */
  poolSize?: number;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const safeUrl = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

export async function openDatabase({ env = process.env, root = process.cwd(), pgSchema, memory = false, poolSize = 10 }: OpenOptions = {}): Promise<Database> {
  const url = env.DATABASE_URL?.trim();
  if (url) return openPostgres(url, pgSchema, poolSize);
  const dir = memory ? undefined : leadsDbDir(env, root);
  return openPglite(dir);
}

async function openPglite(dir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  return pgliteDatabase(new PGlite(dir), dir ?? 'memory');
}

/** Runs the migrations on an open PGlite (on a copy of a migrated one, finding nothing to do) and wraps it as lead storage. */
export async function pgliteDatabase(client: PGlite, location = 'memory'): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as LeadDb,
    kind: 'pglite',
    location,
    close: () => client.close(),
  };
}

async function openPostgres(url: string, pgSchema: string | undefined, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  if (pgSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(pgSchema)) throw new Error(`openDatabase: bad schema name "${pgSchema}"`);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}) });
  try {
    if (pgSchema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${pgSchema}`);
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder, ...(pgSchema ? { migrationsSchema: pgSchema } : {}) });
    return { db: db as unknown as LeadDb, kind: 'postgres', location: safeUrl(url), close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Could not open the lead database at ${safeUrl(url)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
