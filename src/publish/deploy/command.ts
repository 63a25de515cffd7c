/**
 * `npm run deploy -- [--dealer a,b] [--target folder|s3] [--dry-run]`: the command line around
 * deployDealer. Everything it reads from outside (arguments, environment, working folder,
 * output) comes in as parameters, so tests run it as the script would, side by side.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { commaLists, readCommandLine } from '../../platform/cli/arguments';
import { slugPattern } from '../../platform/config/sections/values';
import { deployDealer, type DeploySummary } from './deploy-dealer';
import { folderTarget } from './folder-target';
import { httpPurge, purgeLog, type PurgeHook } from './purge';
import { checkPrefixesApart, createS3Client, DeploySettingsError, s3PrefixFor, s3SettingsFromEnv, s3Target } from './s3-target';
import type { DeployTarget } from './target';

export const DEPLOY_USAGE = 'usage: npm run deploy -- [--dealer a,b] [--target folder|s3] [--dry-run]';

export type TargetKind = 'folder' | 's3';

export interface DeployArgs {
  dealers: string[] | undefined;
  target: TargetKind;
  dryRun: boolean;
}

export function parseDeployArgs(argv: readonly string[]): DeployArgs {
  const { values, tokens } = readCommandLine(
    argv,
    { dealer: { type: 'string', multiple: true }, dealers: { type: 'string', multiple: true }, target: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    (problem) =>
      new DeploySettingsError(
        problem.kind === 'needs-value' ? `${problem.option} needs a value\n${DEPLOY_USAGE}` : `unknown argument "${problem.arg}"\n${DEPLOY_USAGE}`,
      ),
  );
  const target = values.target ?? 'folder';
  if (target !== 'folder' && target !== 's3') throw new DeploySettingsError(`--target is folder or s3, not "${target}"\n${DEPLOY_USAGE}`);
  let dealers: string[] | undefined;
  for (const { option, items } of commaLists(tokens, ['dealer', 'dealers'])) {
    if (items.length === 0) throw new DeploySettingsError(`${option} needs at least one slug\n${DEPLOY_USAGE}`);
    dealers = [...(dealers ?? []), ...items];
  }
  const bad = dealers?.find((slug) => !slugPattern.test(slug));
  if (bad !== undefined) throw new DeploySettingsError(`"${bad}" is not a dealer slug (lowercase letters, digits and single hyphens)`);
  return { dealers: dealers && [...new Set(dealers)], target, dryRun: values['dry-run'] ?? false };
}

/** Dealers with a built site in `distDir`: folders (or links to them) named by a slug, holding an index.html. */
export function builtDealers(distDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(distDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => slugPattern.test(name))
    .filter((name) => {
      try {
        return statSync(path.join(distDir, name, 'index.html')).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

const count = (n: number): string => n.toLocaleString('en-AU');

export function formatSummary(summary: DeploySummary): string {
  const { slug, target, uploaded, unchanged, deleted, bytes, ms, purged, dryRun } = summary;
  const time = `${(ms / 1000).toFixed(1)} s`;
  if (dryRun) {
    return `~ ${slug} → ${target} (dry run): would upload ${count(uploaded)} (${formatBytes(bytes)}), leave ${count(unchanged)} unchanged, delete ${count(deleted)}; planned in ${time}`;
  }
  const purgeNote = purged > 0 ? `; ${count(purged)} addresses sent to purge` : '';
  return `✓ ${slug} → ${target}: ${count(uploaded)} uploaded (${formatBytes(bytes)}), ${count(unchanged)} unchanged, ${count(deleted)} deleted in ${time}${purgeNote}`;
}

/** A dry run lists this many paths of each kind, then how many more. */
const DRY_RUN_LISTED = 50;

function dryRunLines(summary: DeploySummary): string[] {
  const listed = (label: string, paths: string[]): string[] => [
    ...paths.slice(0, DRY_RUN_LISTED).map((sitePath) => `    ${label} ${sitePath}`),
    ...(paths.length > DRY_RUN_LISTED ? [`    … and ${count(paths.length - DRY_RUN_LISTED)} more to ${label === '+' ? 'upload' : 'delete'}`] : []),
  ];
  return [
    ...listed(
      '+',
      summary.plan.uploads.map((upload) => `${upload.file.path} (${upload.reason})`),
    ),
    ...listed('-', summary.plan.removals),
  ];
}

/** DEPLOY_PURGE_URL's HTTP hook, else the purge log in DEPLOY_DIR. */
export function purgeHookFromEnv(env: Readonly<Record<string, string | undefined>>, deployDir: string): PurgeHook {
  const url = env.DEPLOY_PURGE_URL?.trim();
  if (!url) return purgeLog(path.join(deployDir, 'purges.log'));
  if (!/^https?:\/\/[^/]/.test(url)) throw new DeploySettingsError('DEPLOY_PURGE_URL must be an http(s) URL');
  const timeout = env.DEPLOY_PURGE_TIMEOUT_MS?.trim();
  if (timeout && !/^[1-9]\d*$/.test(timeout)) throw new DeploySettingsError(`DEPLOY_PURGE_TIMEOUT_MS is a number of milliseconds, not "${timeout}"`);
  return httpPurge({ url, token: env.DEPLOY_PURGE_TOKEN?.trim() || undefined, ...(timeout ? { timeoutMs: Number(timeout) } : {}) });
}

export interface DeployCommandIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** What relative DIST_DIR and DEPLOY_DIR are read against: the project's root. */
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

interface DeployTargets {
  targetFor: (slug: string) => DeployTarget;
  purge: PurgeHook;
  close: () => void;
}

/** Where each dealer's site goes, and the purge hook, from the settings; throws DeploySettingsError on a bad one. */
function deployTargetsFromEnv(
  kind: TargetKind,
  dealers: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  deployDir: string,
): DeployTargets {
  const purge = purgeHookFromEnv(env, deployDir);
  if (kind === 's3') {
    const settings = s3SettingsFromEnv(env);
    checkPrefixesApart(settings.prefix, dealers);
    const client = createS3Client(settings);
    return {
      targetFor: (slug) => s3Target({ client, bucket: settings.bucket, prefix: s3PrefixFor(settings.prefix, slug) }),
      purge,
      close: () => client.destroy(),
    };
  }
  return { targetFor: (slug) => folderTarget(path.join(deployDir, slug)), purge, close: () => undefined };
}

/**
 * With `PUBLISH_DEPLOY` set to `folder` or `s3`, every publish is followed by a deploy of the
 * dealer's site to that target, with the settings `npm run deploy` reads: what a stock change
 * changed reaches the CDN without anyone running a command. Undefined when it is not set; throws
 * DeploySettingsError when it or the target's settings are wrong.
 */
export function deployAfterPublishFromEnv(options: {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  distDir: string;
  dealers: readonly string[];
  log: (line: string) => void;
}): ((slug: string) => Promise<void>) | undefined {
  const kind = options.env.PUBLISH_DEPLOY?.trim();
  if (!kind) return undefined;
  if (kind !== 'folder' && kind !== 's3') throw new DeploySettingsError(`PUBLISH_DEPLOY is folder or s3, not "${kind}"`);
  const deployDir = path.resolve(options.cwd, options.env.DEPLOY_DIR?.trim() || '.data/deploy');
  const { targetFor, purge } = deployTargetsFromEnv(kind, options.dealers, options.env, deployDir);
  return async (slug) => {
    const summary = await deployDealer({ slug, siteDir: path.join(options.distDir, slug), target: targetFor(slug), purge, log: options.log, dryRun: false });
    options.log(formatSummary(summary));
  };
}

/** Runs the command; resolves to its exit code. */
export async function runDeployCommand({ argv, env, cwd, out, err }: DeployCommandIo): Promise<number> {
  let args: DeployArgs;
  try {
    args = parseDeployArgs(argv);
  } catch (error) {
    err(`deploy: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const distDir = path.resolve(cwd, env.DIST_DIR?.trim() || 'dist');
  const deployDir = path.resolve(cwd, env.DEPLOY_DIR?.trim() || '.data/deploy');
  const dealers = args.dealers ?? builtDealers(distDir);
  if (dealers.length === 0) {
    err(`deploy: no built site in ${distDir} (npm run build first, or set DIST_DIR)`);
    return 1;
  }

  let targets: DeployTargets;
  try {
    targets = deployTargetsFromEnv(args.target, dealers, env, deployDir);
  } catch (error) {
    err(`deploy: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const { targetFor, purge, close } = targets;

  out(
    `${args.dryRun ? 'Planning' : 'Deploying'} ${dealers.length} dealer${dealers.length === 1 ? '' : 's'} from ${path.relative(cwd, distDir) || '.'} to ${args.target}${args.dryRun ? '' : `; purge: ${purge.description}`}.`,
  );
  const failed: string[] = [];
  try {
    for (const slug of dealers) {
      try {
        const summary = await deployDealer({ slug, siteDir: path.join(distDir, slug), target: targetFor(slug), purge, log: out, dryRun: args.dryRun });
        out(formatSummary(summary));
        if (args.dryRun) for (const line of dryRunLines(summary)) out(line);
      } catch (error) {
        failed.push(slug);
        err(`✗ ${slug}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    close();
  }
  if (failed.length > 0) {
    err(`\n${failed.length} of ${dealers.length} dealers failed: ${failed.join(', ')}`);
    return 1;
  }
  return 0;
}
