/**
 * `npm run leads:purge -- [--dealer <slug>] [--dry-run]`
 *
 * Removes each dealer's leads older than its `leads.retention_days`, with everything kept about
 * them: outbox rows, file records and miscellaneous values go with the lead (foreign keys
 * cascade), valuations of the same age go too, and the files themselves are deleted from
 * LEADS_FILES_DIR/<dealer>/ after the rows are gone (a file left behind by a failed delete is
 * an orphan nobody can reach; a row pointing at a deleted file would be worse). Leads of
 * dealers this install has no dealer file for are kept and counted: no retention is known.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { DealerConfigError, listDealerSlugs, loadDealer } from '../../platform/config/load';
import type { DealerConfig } from '../../platform/config/schema';
import { leadFilesDir } from '../server/files';
import type { Database } from '../../platform/db/open';
import { leadFiles, leads, valuations } from '../../platform/db/schema';
import { knownDealer, openDatabaseForCli, parseOptions, type OpenForCli } from './cli';

export const PURGE_USAGE = 'usage: npm run leads:purge -- [--dealer <slug>] [--dry-run]';

export interface PurgeArgs {
  dealer?: string;
  dryRun: boolean;
}

export function parsePurgeArgs(argv: readonly string[]): PurgeArgs {
  const { values, flags } = parseOptions(argv, { values: ['--dealer'], flags: ['--dry-run'] }, PURGE_USAGE);
  return { dealer: values.get('--dealer'), dryRun: flags.has('--dry-run') };
}

export interface DealerPurge {
  dealer: string;
  retentionDays: number;
  /** Leads created before this are removed. */
  cutoff: Date;
  leads: number;
  files: number;
  valuations: number;
  /** Files whose delete failed (other than already gone). */
  fileErrors: string[];
}

export interface PurgeResult {
  dealers: DealerPurge[];
  /** Leads kept because their dealer has no dealer file here (slug → count). */
  unknownDealers: Record<string, number>;
}

const DAY = 86_400_000;
const batchSize = 500;

const safeName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export async function purgeLeads(
  database: Pick<Database, 'db'>,
  {
    sites,
    filesDir,
    now = new Date(),
    dryRun = false,
    allDealers = true,
  }: { sites: readonly Pick<DealerConfig, 'slug' | 'leads'>[]; filesDir: string; now?: Date; dryRun?: boolean; allDealers?: boolean },
): Promise<PurgeResult> {
  const db = database.db;
  const result: PurgeResult = { dealers: [], unknownDealers: {} };
  for (const site of sites) {
    const retentionDays = site.leads.retention_days;
    const cutoff = new Date(now.getTime() - retentionDays * DAY);
    const purge: DealerPurge = { dealer: site.slug, retentionDays, cutoff, leads: 0, files: 0, valuations: 0, fileErrors: [] };
    const old = and(eq(leads.dealer, site.slug), lt(leads.created_at, cutoff));
    const oldValuations = and(eq(valuations.dealer, site.slug), lt(valuations.created_at, cutoff));
    if (dryRun) {
      purge.leads =
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(leads)
            .where(old)
        )[0]?.n ?? 0;
      purge.files =
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(leadFiles)
            .innerJoin(leads, eq(leadFiles.lead_id, leads.id))
            .where(old)
        )[0]?.n ?? 0;
      const ofOldLeads = inArray(valuations.lead_id, db.select({ id: leads.id }).from(leads).where(old));
      purge.valuations =
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(valuations)
            .where(or(oldValuations, ofOldLeads))
        )[0]?.n ?? 0;
      result.dealers.push(purge);
      continue;
    }
    // In batches, each its own transaction, so a purge of years of leads never holds one huge lock.
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const ids = (await tx.select({ id: leads.id }).from(leads).where(old).limit(batchSize)).map((r) => r.id);
        if (ids.length === 0) return { ids, files: [], valuations: 0 };
        const files = await tx.select({ stored_name: leadFiles.stored_name }).from(leadFiles).where(inArray(leadFiles.lead_id, ids));
        const gone = await tx.delete(valuations).where(inArray(valuations.lead_id, ids)).returning({ id: valuations.id });
        await tx.delete(leads).where(inArray(leads.id, ids));
        return { ids, files, valuations: gone.length };
      });
      purge.leads += batch.ids.length;
      purge.valuations += batch.valuations;
      for (const { stored_name } of batch.files) {
        purge.files++;
        if (!safeName.test(stored_name)) {
          purge.fileErrors.push(`${stored_name.slice(0, 60)}: not a stored file name, left alone`);
          continue;
        }
        try {
          await rm(path.join(filesDir, site.slug, stored_name), { force: true });
        } catch (error) {
          purge.fileErrors.push(`${stored_name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
      }
      if (batch.ids.length < batchSize) break;
    }
    purge.valuations += (await db.delete(valuations).where(oldValuations).returning({ id: valuations.id })).length;
    result.dealers.push(purge);
  }
  if (allDealers) {
    const known = sites.map((s) => s.slug);
    const others = await db
      .select({ dealer: leads.dealer, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(known.length > 0 ? notInArray(leads.dealer, known) : undefined)
      .groupBy(leads.dealer);
    for (const { dealer, n } of others) result.unknownDealers[dealer] = n;
  }
  return result;
}

export function formatPurge(result: PurgeResult, dryRun: boolean): string[] {
  const verb = dryRun ? 'would remove' : 'removed';
  const lines = result.dealers.map(
    (d) =>
      `${d.dealer}: ${verb} ${d.leads} lead${d.leads === 1 ? '' : 's'} created before ${d.cutoff.toISOString().slice(0, 10)} (kept ${d.retentionDays} days), ${d.files} file${d.files === 1 ? '' : 's'}, ${d.valuations} valuation${d.valuations === 1 ? '' : 's'}`,
  );
  for (const d of result.dealers) for (const problem of d.fileErrors) lines.push(`  ${d.dealer}: could not delete file ${problem}`);
  for (const [dealer, n] of Object.entries(result.unknownDealers)) {
    lines.push(`${dealer.slice(0, 60)}: kept ${n} lead${n === 1 ? '' : 's'}: there is no dealer file for it, so no retention period is known`);
  }
  if (dryRun) lines.push('Dry run: nothing was removed.');
  return lines;
}

export interface PurgeContext {
  dealersDir: string;
  env?: NodeJS.ProcessEnv;
  root?: string;
  now?: Date;
  open?: OpenForCli;
}

/** The whole command: every dealer (or one), each by its own retention. Returns the report lines. */
export async function runPurge(
  args: PurgeArgs,
  { dealersDir, env = process.env, root = process.cwd(), now = new Date(), open }: PurgeContext,
): Promise<string[]> {
  const slugs = args.dealer ? [knownDealer(args.dealer, dealersDir)] : listDealerSlugs(dealersDir);
  const sites: DealerConfig[] = [];
  const broken: string[] = [];
  for (const slug of slugs) {
    try {
      sites.push(loadDealer(slug, dealersDir));
    } catch (error) {
      if (!(error instanceof DealerConfigError)) throw error;
      broken.push(slug);
    }
  }
  const cli = await (open ?? ((tool: string) => openDatabaseForCli(tool, { env, root })))('leads:purge');
  let result: PurgeResult;
  try {
    result = await purgeLeads(cli.database, { sites, filesDir: leadFilesDir(env, root), now, dryRun: args.dryRun, allDealers: !args.dealer });
  } finally {
    await cli.close();
  }
  for (const slug of broken) delete result.unknownDealers[slug];
  return [...formatPurge(result, args.dryRun), ...broken.map((slug) => `${slug}: its dealer file is invalid (npm run check:dealers), so its leads were kept`)];
}
