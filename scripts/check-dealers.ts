/**
 * npm run check:dealers [-- file.json ...]
 *
 * Validates every dealers/*.json (DEALERS_DIR respected), or the files given. Prints `ok <slug>`
 * per valid file and the full error per invalid one; exits 1 if any is invalid.
 */
import path from 'node:path';
import { defaultDealersDir } from '../src/platform/config/load';
import { checkDealerFile, filesToCheck } from '../src/build/check';

const dealersDir = defaultDealersDir();
const files = filesToCheck(process.argv.slice(2), dealersDir);
if (files.length === 0) {
  console.error(`No dealer files in ${path.relative(process.cwd(), dealersDir) || '.'}/.`);
  process.exit(1);
}

const results = files.map(checkDealerFile);
for (const result of results) (result.ok ? console.log : console.error)(result.message);
const bad = results.filter((r) => !r.ok);
if (bad.length > 0) {
  console.error(
    `\n${bad.length} of ${results.length} dealer file${results.length === 1 ? '' : 's'} invalid: ${bad.map((r) => path.basename(r.file)).join(', ')}`,
  );
  process.exit(1);
}
