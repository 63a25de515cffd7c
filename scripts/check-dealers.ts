/**
 * npm run check:dealers [-- file.json ...]
 *
 * Validates every dealers/*.json (DEALERS_DIR respected), or the files given, and that no two
 * dealers claim one domain. Prints `ok <slug>` per valid file and the full error per invalid one;
 * exits 1 if any is invalid. Warns (without failing) about menu links whose search finds no car in
 * the dealer's current stock or whose page the site does not build, and about locations' opening days.
 */
import path from 'node:path';
import { dealerFile, defaultDealersDir, listDealerSlugs } from '../src/platform/config/load';
import { checkDealerFiles, dealerWarnings, filesToCheck } from '../src/build/check';
import { sitemapPaths } from '../src/site/site-pages';

const dealersDir = defaultDealersDir();
const files = filesToCheck(process.argv.slice(2), dealersDir);
if (files.length === 0) {
  console.error(`No dealer files in ${path.relative(process.cwd(), dealersDir) || '.'}/.`);
  process.exit(1);
}

// The folder's other dealers too: a file given alone must not take a domain one of them is served on.
const results = checkDealerFiles(
  files,
  listDealerSlugs(dealersDir).map((slug) => dealerFile(slug, dealersDir)),
);
for (const result of results) (result.ok ? console.log : console.error)(result.message);
// Menu links that find no cars are warnings: the stock may fill them tomorrow.
for (const result of results.filter((r) => r.ok)) for (const warning of await dealerWarnings(result.file, sitemapPaths)) console.warn(warning);
const bad = results.filter((r) => !r.ok);
if (bad.length > 0) {
  console.error(
    `\n${bad.length} of ${results.length} dealer file${results.length === 1 ? '' : 's'} invalid: ${bad.map((r) => path.basename(r.file)).join(', ')}`,
  );
  process.exit(1);
}
