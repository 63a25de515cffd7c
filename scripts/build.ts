/**
 * npm run build [-- --dealer a,b | --changed <git-ref>] [--verbose]
 *
 * Builds each selected dealer into dist/<slug>/ (one Astro child process per dealer, in
 * parallel), then prints a summary table. Exits 1 naming the dealers that failed.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { listDealerSlugs } from '../src/platform/config/load';
import { changedPathsSince } from '../src/build/git';
import { dealersAffected, formatOutcome, formatSummary, parseBuildArgs, selectDealers } from '../src/build/plan';
import { buildDealers } from '../src/publish/build-dealers';
import { sitemapPaths } from '../src/site/site-pages';
import { siteInputs } from '../src/build/site-inputs';
import { projectPaths, STALE_INPUTS, staleReasons } from '../src/build/stamps';

export { buildDealers } from '../src/publish/build-dealers';
export { staleDealers } from '../src/build/stamps';

async function main(argv: string[]): Promise<number> {
  const args = parseBuildArgs(argv);
  const paths = projectPaths();
  const all = listDealerSlugs(paths.dealersDir);
  if (all.length === 0) {
    console.error(`No dealer files in ${path.relative(process.cwd(), paths.dealersDir) || '.'}/: nothing to build.`);
    return 1;
  }

  let slugs: string[];
  if (args.dealers) {
    slugs = selectDealers(args.dealers, all);
    console.log(`Building ${slugs.join(', ')} (--dealer).`);
  } else if (args.changed !== undefined) {
    const changed = changedPathsSince(args.changed, paths.root);
    const affected = dealersAffected(changed, all, siteInputs(paths.root), path.relative(paths.root, paths.dealersDir));
    // Imported stock lives outside git: a dealer built here before whose inputs (its stock feed
    // among them) changed since is rebuilt too. Never-built dealers stay out, so a fresh CI
    // checkout still builds only what git says changed.
    for (const [slug, why] of staleReasons(all, paths)) {
      if (why === STALE_INPUTS && !affected.slugs.includes(slug)) {
        affected.slugs.push(slug);
        affected.reasons.set(slug, 'stock or other inputs changed since its last build here');
      }
    }
    if (affected.slugs.length === 0) {
      const what = changed.length === 0 ? 'nothing changed' : `only ${changed.length} path${changed.length === 1 ? '' : 's'} that no site uses changed`;
      console.log(`No dealers to build since ${args.changed}: ${what}.`);
      return 0;
    }
    console.log(`Building ${affected.slugs.length} of ${all.length} dealers changed since ${args.changed}:`);
    for (const slug of affected.slugs) console.log(`  ${slug}: ${affected.reasons.get(slug) ?? ''}`);
    slugs = affected.slugs;
  } else {
    slugs = all;
    console.log(`Building all ${all.length} dealers: ${all.join(', ')}.`);
  }

  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const results = await buildDealers(slugs, { ...paths, verbose: args.verbose, signal: controller.signal, sitePages: sitemapPaths });

  console.log(`\n${formatSummary(results)}\n`);
  const outcome = formatOutcome(results);
  (outcome.ok ? console.log : console.error)(outcome.message);
  return outcome.ok ? 0 : 1;
}

// Run only when executed (npm run build), so start.ts and tests can import the exports above.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
