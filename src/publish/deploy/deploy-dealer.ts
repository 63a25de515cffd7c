/**
 * Publishing one dealer's built site to a target, sending only what changed.
 *
 * The order is what keeps the live site whole: every new and changed file goes up first (what
 * a page loads before the page, see compareUploadOrder), and only when all of them are in are
 * the files the site no longer has removed. A shopper on the live site therefore never follows
 * a link to a page that is not there yet, and a failed upload stops the deploy before any
 * removal, leaving the old site plus some new files, all of them reachable.
 */
import { performance } from 'node:perf_hooks';
import { eachLimited } from './limited';
import { planDeploy, type DeployPlan } from './plan';
import { purgePaths, type PurgeHook } from './purge';
import { readSiteFolder, readSnapshotFile } from './site-folder';
import type { DeployTarget } from './target';

export interface DeployDealerOptions {
  slug: string;
  /** The built site, `dist/<slug>`; a symlink is followed once, at the start. */
  siteDir: string;
  target: DeployTarget;
  /** Told what changed once the deploy is done; none: no CDN to tell. */
  purge?: PurgeHook | undefined;
  log?: (line: string) => void;
  /** Plan and report, change nothing, purge nothing. */
  dryRun?: boolean;
}

export interface DeploySummary {
  slug: string;
  target: string;
  uploaded: number;
  unchanged: number;
  deleted: number;
  /** Bytes uploaded (or, in a dry run, that would be). */
  bytes: number;
  ms: number;
  /** Addresses the purge hook was told of. */
  purged: number;
  dryRun: boolean;
  plan: DeployPlan;
}

export type DeployStage = 'read' | 'list' | 'upload' | 'delete' | 'purge';

export class DeployError extends Error {
  override name = 'DeployError';
  constructor(
    message: string,
    readonly stage: DeployStage,
    /** The site files that failed, for an upload. */
    readonly files: readonly string[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export async function deployDealer({ slug, siteDir, target, purge, log = () => {}, dryRun = false }: DeployDealerOptions): Promise<DeploySummary> {
  const started = performance.now();

  const snapshot = await readSiteFolder(siteDir).catch((error: unknown) => {
    throw new DeployError(describe(error), 'read', [], { cause: error });
  });
  if (!snapshot.files.some((file) => file.path === 'index.html')) {
    // An empty or half-written folder would otherwise remove the whole live site.
    throw new DeployError(`${snapshot.root} has no index.html: not a built site, nothing deployed`, 'read');
  }
  const published = await target.list().catch((error: unknown) => {
    throw new DeployError(`could not list ${target.description}: ${describe(error)}`, 'list', [], { cause: error });
  });
  const plan = planDeploy(snapshot.files, published);
  const bytes = plan.uploads.reduce((sum, upload) => sum + upload.file.size, 0);
  const summary = (deleted: number, purged: number): DeploySummary => ({
    slug,
    target: target.description,
    uploaded: plan.uploads.length,
    unchanged: plan.unchanged.length,
    deleted,
    bytes,
    ms: performance.now() - started,
    purged,
    dryRun,
    plan,
  });
  if (dryRun) return summary(plan.removals.length, 0);

  const uploaded: string[] = [];
  const settle = async (): Promise<void> => {
    await target
      .settle?.()
      .catch((error: unknown) => log(`${slug}: could not record what ${target.description} now holds (${describe(error)}); the next deploy asks again`));
  };
  const failures = await eachLimited(plan.uploads, target.concurrency, async (upload) => {
    const body = await readSnapshotFile(snapshot, upload.file);
    await target.put({ path: upload.file.path, body, sha256: upload.file.sha256, contentType: upload.contentType, cacheControl: upload.cacheControl });
    uploaded.push(upload.file.path);
  });
  if (failures.length > 0) {
    await settle();
    // What did go up is live at the origin; the CDN is told, so it does not keep serving the
    // old copy of a file the next deploy will find unchanged and never mention again.
    if (purge && uploaded.length > 0) {
      await purge
        .purge({ dealer: slug, paths: purgePaths(uploaded) })
        .catch((error: unknown) => log(`purge after the failed upload failed too: ${describe(error)}`));
    }
    const named = failures.map((failure) => `${failure.item.file.path} (${failure.message})`);
    throw new DeployError(
      `upload to ${target.description} failed for ${named.join(', ')}; ${uploaded.length} of ${plan.uploads.length} files went up, nothing was deleted`,
      'upload',
      failures.map((failure) => failure.item.file.path),
      { cause: failures[0]?.error },
    );
  }

  try {
    if (plan.removals.length > 0) await target.remove(plan.removals);
  } catch (error) {
    await settle();
    throw new DeployError(
      `every file went up, but removing the ${plan.removals.length} files the site no longer has from ${target.description} failed: ${describe(error)}`,
      'delete',
      [],
      { cause: error },
    );
  }
  await settle();

  const changed = purgePaths([...uploaded, ...plan.removals]);
  if (purge && changed.length > 0) {
    try {
      await purge.purge({ dealer: slug, paths: changed });
    } catch (error) {
      throw new DeployError(`the site is deployed, but the CDN purge (${purge.description}) failed: ${describe(error)}`, 'purge', [], { cause: error });
    }
  }
  return summary(plan.removals.length, purge ? changed.length : 0);
}
