import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leadFiles, leads, miscellaneous, outbox, valuations } from '../../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { insertLead } from '../../../tests/support/outbox';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import type { OpenForCli } from './cli';
import { parsePurgeArgs, runPurge } from './purge';

const dealersDir = DEALER_FILES_DIR;
const DAY = 86_400_000;

describe('argument parsing', () => {
  it('reads purge options', () => {
    expect(parsePurgeArgs(['--dry-run'])).toEqual({ dealer: undefined, dryRun: true });
  });
});

describe.each(testDatabaseKinds())('lead tools on %s', (kind) => {
  const db = useTestDatabase(kind);
  const open: OpenForCli = () => Promise.resolve({ database: db.current, close: () => Promise.resolve() });
  let root: string;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    root = mkdtempSync(path.join(os.tmpdir(), 'lead-tools-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  describe('leads:purge', () => {
    const now = new Date('2027-06-01T00:00:00Z');

    it('removes leads past each dealer retention with their rows and files, and keeps the rest', async () => {
      const filesDir = path.join(root, 'lead-files');
      const env = { LEADS_FILES_DIR: filesDir };
      const old = await insertLead(db.current, { created_at: new Date(now.getTime() - 731 * DAY), destinations: ['folder'] });
      const recent = await insertLead(db.current, { created_at: new Date(now.getTime() - 729 * DAY) });
      const otherOld = await insertLead(db.current, { dealer: 'lone-star-auto', created_at: new Date(now.getTime() - 800 * DAY) });
      const orphan = await insertLead(db.current, { dealer: 'closed-motors', created_at: new Date(now.getTime() - 3000 * DAY) });
      mkdirSync(path.join(filesDir, 'kingfisher-toyota'), { recursive: true });
      const stored = ['0b4f7c1e-old-licence', '0b4f7c1e-recent-licence'];
      stored.forEach((name) => writeFileSync(path.join(filesDir, 'kingfisher-toyota', name), 'x'));
      await db.current.db.insert(leadFiles).values([
        { id: 'f-old', lead_id: old, field: 'drivers_licence', stored_name: stored[0] as string, content_type: 'image/png', size: 1 },
        { id: 'f-recent', lead_id: recent, field: 'drivers_licence', stored_name: stored[1] as string, content_type: 'image/png', size: 1 },
      ]);
      await db.current.db.insert(miscellaneous).values({ dealer: 'kingfisher-toyota', lead_id: old, column_name: 'valuation', data: { price: 1 } });
      await db.current.db.insert(valuations).values([
        { id: 'v-old', dealer: 'kingfisher-toyota', lead_id: old, data: { rego: 'ABC123' }, created_at: new Date(now.getTime() - 731 * DAY) },
        { id: 'v-recent', dealer: 'kingfisher-toyota', lead_id: null, data: { rego: 'XYZ' }, created_at: new Date(now.getTime() - 10 * DAY) },
      ]);

      const dry = await runPurge(parsePurgeArgs(['--dry-run', '--dealer', 'kingfisher-toyota']), { dealersDir, env, root, now, open });
      expect(dry).toEqual([
        'kingfisher-toyota: would remove 1 lead created before 2025-06-01 (kept 730 days), 1 file, 1 valuation',
        'Dry run: nothing was removed.',
      ]);
      expect((await db.current.db.select().from(leads)).length).toBe(4);

      const report = await runPurge(parsePurgeArgs([]), { dealersDir, env, root, now, open });
      expect(report).toContain('kingfisher-toyota: removed 1 lead created before 2025-06-01 (kept 730 days), 1 file, 1 valuation');
      expect(report).toContain('lone-star-auto: removed 1 lead created before 2025-06-01 (kept 730 days), 0 files, 0 valuations');
      expect(report).toContain('closed-motors: kept 1 lead: there is no dealer file for it, so no retention period is known');
      const left = (await db.current.db.select({ id: leads.id }).from(leads)).map((r) => r.id).sort();
      expect(left).toEqual([recent, orphan].sort());
      expect(left).not.toContain(otherOld);
      expect(await db.current.db.select().from(outbox).where(eq(outbox.lead_id, old))).toEqual([]);
      expect((await db.current.db.select().from(leadFiles)).map((f) => f.id)).toEqual(['f-recent']);
      expect(await db.current.db.select().from(miscellaneous)).toEqual([]);
      expect((await db.current.db.select().from(valuations)).map((v) => v.id)).toEqual(['v-recent']);
      expect(existsSync(path.join(filesDir, 'kingfisher-toyota', stored[0] as string))).toBe(false);
      expect(existsSync(path.join(filesDir, 'kingfisher-toyota', stored[1] as string))).toBe(true);
    });
  });
});
