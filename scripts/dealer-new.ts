/**
 * npm run dealer:new -- <slug> [--name "City Motors"] [--region AU|NZ|US]
 *
 * Writes a minimal dealer file, dealers/<slug>.json (DEALERS_DIR respected), that passes
 * `npm run check:dealers`: a dealer id no other dealer has, placeholder addresses under .example
 * (no other dealer's domain), a placeholder logo in dealers/assets/<slug>/. Refuses a slug that
 * is taken or not a slug. docs/dealer-files.md says what to fill in next.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDealersDir } from '../src/platform/config/load';
import { regions, type Region } from '../src/platform/config/schema';
import { NewDealerError, writeNewDealer } from '../src/build/new-dealer';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { name: { type: 'string' }, region: { type: 'string' } },
});
const [slug = ''] = positionals;
const region = (values.region ?? 'AU').toUpperCase();
if (!(regions as readonly string[]).includes(region)) {
  console.error(`--region must be one of ${regions.join(', ')}, got "${values.region}"`);
  process.exit(1);
}

try {
  const file = writeNewDealer({ slug, dealersDir: defaultDealersDir(), region: region as Region, ...(values.name ? { name: values.name } : {}) });
  const shown = path.relative(process.cwd(), file);
  console.log(`Wrote ${shown} and a placeholder logo in ${path.join(path.dirname(shown), 'assets', slug)}/.`);
  console.log('Next: set the real id, name, url, phone and first location (docs/dealer-files.md), then npm run check:dealers.');
} catch (error) {
  if (error instanceof NewDealerError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
