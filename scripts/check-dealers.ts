/**
 * npm run check:dealers [-- file.json ...]
 *
 * Checks every dealers/*.json (DEALERS_DIR respected), or the files given, exactly as the build
 * does (src/build/check.ts): each problem on one line with the file, line and column, the field,
 * what is wrong and how to fix it. Also what files claim together (a domain or dealer id in two
 * files, naming both) and each dealer's menu links against its current stock and pages. Prints
 * `ok <slug>` per valid file; warnings do not fail; exits 1 if any file has an error.
 */
import path from 'node:path';
import { dealerFile, defaultDealersDir, listDealerSlugs } from '../src/platform/config/load';
import { checkDealers, filesToCheck, formatProblem } from '../src/build/check';
import { projectPaths } from '../src/build/stamps';
import { sitemapPaths } from '../src/site/site-pages';

const dealersDir = defaultDealersDir();
const files = filesToCheck(process.argv.slice(2), dealersDir);
if (files.length === 0) {
  console.error(`No dealer files in ${path.relative(process.cwd(), dealersDir) || '.'}/.`);
  process.exit(1);
}

// The folder's other dealers too: a file given alone must not take a domain or id one of them has.
const results = await checkDealers(
  files,
  listDealerSlugs(dealersDir).map((slug) => dealerFile(slug, dealersDir)),
  { dealersDir, distDir: projectPaths().distDir, sitePages: sitemapPaths },
);
for (const result of results) {
  if (result.ok) console.log(result.message);
  for (const problem of result.problems) (problem.severity === 'error' ? console.error : console.warn)(formatProblem(problem));
}
const bad = results.filter((r) => !r.ok);
if (bad.length > 0) {
  console.error(
    `\n${bad.length} of ${results.length} dealer file${results.length === 1 ? '' : 's'} invalid: ${bad.map((r) => path.basename(r.file)).join(', ')}`,
  );
  process.exit(1);
}
