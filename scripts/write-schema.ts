/** Writes dealers/schema.json from the zod schema; `--check` fails when the committed file is stale. */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dealerJsonSchema } from '../src/platform/config/json-schema';

const target = 'dealers/schema.json';
const fresh = dealerJsonSchema();
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== fresh) {
    console.error(`${target} is stale: run "npm run schema" and commit the result.`);
    process.exit(1);
  }
  console.log(`${target} is up to date.`);
} else {
  writeFileSync(target, fresh);
  console.log(`wrote ${target}`);
}
