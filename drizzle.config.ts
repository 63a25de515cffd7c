import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the table definitions and committed; both PGlite and Postgres run them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema.ts',
  out: './src/platform/db/migrations',
});
