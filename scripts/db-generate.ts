/**
 * npm run db:generate: drizzle-kit writes the next migration from src/platform/db/schema.ts; then
 * its `"public".` qualifiers are dropped so the same SQL runs in whatever schema the connection's
 * search_path names (tests give each file its own Postgres schema).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../src/platform/db/open';

execFileSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const name of readdirSync(migrationsFolder).filter((n) => n.endsWith('.sql'))) {
  const file = path.join(migrationsFolder, name);
  const sql = readFileSync(file, 'utf8');
  const unqualified = sql.replaceAll('"public".', '');
  if (unqualified !== sql) writeFileSync(file, unqualified);
}
