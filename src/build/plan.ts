/**
 * Which dealers a build run covers, and how its outcome is reported. Pure functions only: the git
 * calls, file system and child processes live in scripts/build.ts and src/publish/build-dealers.ts, so every
 * selection rule here is unit-tested without a repository or an Astro build.
 */
import { commaLists, readCommandLine } from '../platform/cli/arguments';
import { isTestFile, siteReads, type SiteInputs } from './site-inputs';

export interface BuildArgs {
  /** `--dealer a,b` (repeatable); undefined when not given. */
  dealers?: string[];
  /** `--changed <git-ref>`; undefined when not given. */
  changed?: string;
  verbose: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses the arguments after `npm run build --` (node:util parseArgs). Both `--flag value` and `--flag=value` work. */
export function parseBuildArgs(argv: readonly string[]): BuildArgs {
  const { values, tokens } = readCommandLine(
    argv,
    {
      dealer: { type: 'string', multiple: true },
      dealers: { type: 'string', multiple: true },
      changed: { type: 'string' },
      verbose: { type: 'boolean', short: 'v' },
    },
    (problem) =>
      problem.kind === 'needs-value'
        ? new UsageError(`${problem.option} needs a value`)
        : new UsageError(`unknown argument "${problem.arg}" (expected --dealer a,b, --changed <git-ref>, --verbose)`),
  );
  const args: BuildArgs = { verbose: values.verbose ?? false };
  // --dealer and --dealers are one list, in the order typed.
  for (const { option, items } of commaLists(tokens, ['dealer', 'dealers'])) {
    if (items.length === 0) throw new UsageError(`${option} needs at least one slug`);
    args.dealers = [...(args.dealers ?? []), ...items];
  }
  if (values.changed !== undefined) args.changed = values.changed;
  if (args.dealers && args.changed !== undefined) {
    // Combining them has no single obvious meaning (intersection? union?), so refuse rather than guess.
    throw new UsageError('use either --dealer or --changed, not both');
  }
  return args;
}

/** The requested slugs, de-duplicated in the order given; every unknown slug is named in the error. */
export function selectDealers(requested: readonly string[], allSlugs: readonly string[]): string[] {
  const known = new Set(allSlugs);
  const unknown = requested.filter((s) => !known.has(s));
  if (unknown.length > 0) {
    const list = allSlugs.length > 0 ? allSlugs.join(', ') : '(none)';
    throw new UsageError(`unknown dealer${unknown.length > 1 ? 's' : ''} ${unknown.map((s) => `"${s}"`).join(', ')}; known dealers: ${list}`);
  }
  return [...new Set(requested)];
}

export interface AffectedDealers {
  /** Dealers to build, sorted. */
  slugs: string[];
  /** Why each dealer is built, for the log. */
  reasons: Map<string, string>;
  /** Changed paths that force a full rebuild; empty when only dealer files changed. */
  shared: string[];
  /** Changed paths that affect no build (docs, tests, code no page imports, deleted dealers...). */
  ignored: string[];
}

/**
 * Paths whose changes never reach a built site: project source that nothing the build reads
 * imports (the API, the outbox, tests), and docs, tests and CI files. Anything that is neither one
 * of these nor a dealer file counts as shared: rebuilding one dealer too many is cheap, shipping a
 * stale site is not. `site` is what the sites are built from (siteInputs in site-inputs.ts).
 */
export function isIgnoredPath(file: string, site: SiteInputs): boolean {
  const read = siteReads(file, site);
  if (read !== 'outside') return read === 'unread';
  return /^(docs|tests|\.ci)\//.test(file) || /^scripts\/bench/.test(file) || file.endsWith('.md') || file === '.gitignore' || isTestFile(file);
}

const toPosix = (p: string): string => p.replace(/\\/g, '/').replace(/^\.\//, '');

/**
 * Dealers whose build output may differ after `changedPaths` (repo-relative, as git prints them).
 * `site` is what the sites are built from now (siteInputs); `dealersDir` is the dealers folder
 * relative to the same root.
 */
export function dealersAffected(changedPaths: readonly string[], allSlugs: readonly string[], site: SiteInputs, dealersDir = 'dealers'): AffectedDealers {
  const prefix = `${toPosix(dealersDir).replace(/\/$/, '')}/`;
  const known = new Set(allSlugs);
  const direct = new Map<string, string[]>();
  const shared: string[] = [];
  const ignored: string[] = [];

  for (const raw of changedPaths) {
    const file = toPosix(raw);
    if (!file) continue;
    let slug: string | undefined;
    if (file.startsWith(prefix)) {
      const rest = file.slice(prefix.length);
      const own = /^([^/]+)\.json$/.exec(rest);
      const asset = /^assets\/([^/]+)\//.exec(rest);
      if (rest === 'schema.json') {
        shared.push(file);
        continue;
      }
      slug = own?.[1] ?? asset?.[1];
      if (slug === undefined && rest.startsWith('assets/')) {
        // Loose files beside the per-dealer folders (.gitkeep, notes) are copied into no build.
        ignored.push(file);
        continue;
      }
      if (slug !== undefined) {
        // A deleted dealer (file gone, so not in allSlugs) has nothing left to build.
        if (known.has(slug)) direct.set(slug, [...(direct.get(slug) ?? []), file]);
        else ignored.push(file);
        continue;
      }
    }
    if (isIgnoredPath(file, site)) ignored.push(file);
    else shared.push(file);
  }

  const reasons = new Map<string, string>();
  if (shared.length > 0) {
    const why = `shared input changed: ${summarise(shared)}`;
    for (const slug of allSlugs) reasons.set(slug, why);
  } else {
    for (const [slug, files] of direct) reasons.set(slug, `changed: ${summarise(files)}`);
  }
  return { slugs: [...reasons.keys()].sort(), reasons, shared, ignored };
}

function summarise(files: readonly string[], max = 3): string {
  const shown = files.slice(0, max).join(', ');
  return files.length > max ? `${shown} and ${files.length - max} more` : shown;
}

/** Parses `git ... -z` output (NUL-separated, so names with spaces or quotes survive). */
export function splitNul(output: string): string[] {
  return output.split('\0').filter((s) => s.length > 0);
}

export interface DealerResult {
  slug: string;
  ok: boolean;
  seconds: number;
  /** HTML pages written, or undefined when the build failed. */
  pages?: number;
  /** Why it failed, one short line (details are in `output`). */
  error?: string;
  /** Captured child output (or the validation message). */
  output: string;
}

/** The end-of-run table: one row per dealer, aligned for a terminal. */
export function formatSummary(results: readonly DealerResult[]): string {
  const rows = [
    ['dealer', 'result', 'seconds', 'pages'],
    ...results.map((r) => [r.slug, r.ok ? 'ok' : 'FAILED', r.seconds.toFixed(1), r.pages === undefined ? '-' : String(r.pages)]),
  ];
  const widths = [0, 1, 2, 3].map((col) => Math.max(...rows.map((row) => (row[col] ?? '').length)));
  const line = (row: string[]): string =>
    row
      .map((cell, col) => (col >= 2 ? cell.padStart(widths[col] ?? 0) : cell.padEnd(widths[col] ?? 0)))
      .join('  ')
      .trimEnd();
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The closing line: what failed, so a CI log's last line says it. */
export function formatOutcome(results: readonly DealerResult[]): { ok: boolean; message: string } {
  const failed = results.filter((r) => !r.ok).map((r) => r.slug);
  if (failed.length === 0) return { ok: true, message: `built ${results.length} dealer${results.length === 1 ? '' : 's'}` };
  return { ok: false, message: `build failed for ${failed.length} of ${results.length} dealer${results.length === 1 ? '' : 's'}: ${failed.join(', ')}` };
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
