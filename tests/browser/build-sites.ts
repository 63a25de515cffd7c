/**
 * The sites the browser tests load: the demo dealers (dealers/ into dist/) and the fixture
 * dealers (tests/fixtures/dealers/ into .test-dist/), each built only when stale.
 *
 * `npm test` runs this file as its own step beside the unit tests, so the browser tests find both
 * built when they start; the browser tests' global setup calls it again, so `npm run
 * test:browser` alone builds what is missing.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { listDealerSlugs, readDealerFile } from '../../src/platform/config/load';
import { buildDealers } from '../../src/publish/build-dealers';
import { staleDealers, type ProjectPaths } from '../../src/build/stamps';

type SitePaths = Partial<ProjectPaths> & { dealersDir: string; distDir: string };

export const DEMO_PATHS = { dealersDir: 'dealers', distDir: 'dist' } satisfies SitePaths;

/** Fixture dealers; hostile-motors' stock is a hand-written hostile feed in tests/fixtures/stock/. */
export const FIXTURE_PATHS = {
  dealersDir: 'tests/fixtures/dealers',
  distDir: '.test-dist',
  stockDir: path.resolve('tests/fixtures/stock'),
} satisfies SitePaths;

/** Builds the stale dealers of one folder and returns every dealer's slug; throws with the build output when one fails. */
export async function ensureBuilt(paths: SitePaths, log: (text: string) => void = () => undefined): Promise<string[]> {
  const slugs = listDealerSlugs(paths.dealersDir);
  const stale = staleDealers(slugs, paths);
  if (stale.length > 0) {
    // The fixture dealers hold on purpose what an editor's check refuses (hostile-motors' markup
    // and reversed text, to prove the pages escape it anyway): they are held to the schema only.
    const schemaOnly = paths.dealersDir === FIXTURE_PATHS.dealersDir ? { validate: readDealerFile } : {};
    const results = await buildDealers(stale, { ...paths, log, ...schemaOnly });
    const failed = results.filter((r) => !r.ok);
    if (failed.length > 0) throw new Error(`browser tests: could not build ${failed.map((f) => `${f.slug}\n${f.output}`).join('\n')}`);
  }
  return slugs;
}

// As a command (npm test's build:test-sites step): the fixture dealers, whose build no other step makes.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureBuilt(FIXTURE_PATHS, (text) => console.log(text)).then(
    (slugs) => console.log(`Test sites up to date: ${slugs.join(', ')}.`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
