import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDatabaseLock, databaseLockHolder, DatabaseLockedError, LOCK_FILE_NAME } from './lock';

let root: string;
const env = { LEADS_DB_DIR: 'db' };

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'leads-lock-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A pid that surely ran and is gone. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid ?? 999_999_999;

describe('database lock', () => {
  it('writes the pid into the PGlite folder and frees it on release', () => {
    const lock = acquireDatabaseLock({ env, root });
    expect(lock?.file).toBe(path.join(root, 'db', LOCK_FILE_NAME));
    expect(JSON.parse(readFileSync(lock?.file ?? '', 'utf8'))).toMatchObject({ pid: process.pid, holder: 'the server' });
    // The holder itself is not "someone else".
    expect(databaseLockHolder({ env, root })).toBeUndefined();
    lock?.release();
    expect(existsSync(path.join(root, 'db', LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses while another live process holds it, naming that process', () => {
    const other = process.ppid;
    acquireDatabaseLock({ env, root, pid: other, holder: 'the server' });
    expect(databaseLockHolder({ env, root })).toMatchObject({ pid: other, holder: 'the server' });
    expect(() => acquireDatabaseLock({ env, root, holder: 'leads:export' })).toThrow(DatabaseLockedError);
    expect(() => acquireDatabaseLock({ env, root })).toThrow(`in use by the server (pid ${other}`);
  });

  it('takes over a lock left by a process that has gone', () => {
    const gone = acquireDatabaseLock({ env, root, pid: deadPid() });
    expect(databaseLockHolder({ env, root })).toBeUndefined();
    const lock = acquireDatabaseLock({ env, root });
    expect(JSON.parse(readFileSync(lock?.file ?? '', 'utf8'))).toMatchObject({ pid: process.pid });
    // The old holder's release must not remove the new holder's lock.
    gone?.release();
    expect(existsSync(lock?.file ?? '')).toBe(true);
  });

  it('reads a bare pid written by other tools', () => {
    acquireDatabaseLock({ env, root }); // creates the folder
    writeFileSync(path.join(root, 'db', LOCK_FILE_NAME), `${process.ppid}\n`);
    expect(databaseLockHolder({ env, root })).toMatchObject({ pid: process.ppid, holder: 'another process' });
  });

  it('takes no lock on Postgres, which many processes share', () => {
    const pg = { ...env, DATABASE_URL: 'postgres://x@127.0.0.1/db' };
    expect(acquireDatabaseLock({ env: pg, root })).toBeUndefined();
    expect(databaseLockHolder({ env: pg, root })).toBeUndefined();
    expect(existsSync(path.join(root, 'db'))).toBe(false);
  });
});
