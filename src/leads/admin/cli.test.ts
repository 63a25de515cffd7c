import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../platform/db/lock';
import { outbox } from '../../platform/db/schema';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import { openDatabaseForCli } from './cli';
import { parseOutboxArgs, runOutbox } from './outbox-tool';

const dealersDir = DEALER_FILES_DIR;

describe('the PGlite lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'leads-db-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses while the server holds the database, naming its pid', async () => {
    // Our parent process is alive and is not us: it stands in for `npm start`.
    writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, holder: 'the server', since: '2025-11-21T00:00:00.000Z' }));
    const env = { LEADS_DB_DIR: dir };
    await expect(openDatabaseForCli('leads:export', { env })).rejects.toThrow(
      `the lead database is in use by the server (pid ${process.ppid}, since 2025-11-21T00:00:00.000Z). The embedded database (PGlite) can be open in one process only: stop \`npm start\``,
    );
    await expect(runOutbox(parseOutboxArgs([]), { dealersDir, env })).rejects.toThrow('set DATABASE_URL');
  });

  it('opens when free, holds the lock while open and releases it on close', async () => {
    const env = { LEADS_DB_DIR: dir };
    const cli = await openDatabaseForCli('leads:outbox', { env });
    try {
      const lock = JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number; holder: string };
      expect(lock).toMatchObject({ pid: process.pid, holder: 'leads:outbox' });
      expect(await cli.database.db.select().from(outbox)).toEqual([]);
    } finally {
      await cli.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  }, 180_000);
});
