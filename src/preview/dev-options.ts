/**
 * What `npm run dev -- --dealer <slug>` is asked for, and the folders its API keeps its data in.
 */
import path from 'node:path';
import { UsageError } from '../build/plan';
import { readCommandLine } from '../platform/cli/arguments';

export const USAGE = 'npm run dev -- --dealer <slug>';

/** The one dealer to preview; an unknown or missing slug is refused naming the dealers there are. */
export function parseDevArgs(argv: readonly string[], dealers: readonly string[]): string {
  const { values } = readCommandLine(argv, { dealer: { type: 'string' } }, (problem) =>
    problem.kind === 'needs-value'
      ? new UsageError(`${problem.option} needs a dealer's slug (${USAGE})`)
      : new UsageError(`unknown argument "${problem.arg}" (${USAGE})`),
  );
  const known = `the dealers here: ${dealers.join(', ') || 'none'}`;
  const slug = values.dealer?.trim();
  if (!slug) throw new UsageError(`say which dealer to preview: ${USAGE} (${known})`);
  if (!dealers.includes(slug)) throw new UsageError(`no dealer file for "${slug}" (${known})`);
  return slug;
}

/**
 * The environment the preview's API runs with. Embedded PGlite lets one process open a database
 * folder, and `npm start` holds `.data/leads-db`: by default the preview keeps its leads, files
 * sent with them and outbox copies in a folder of its own per dealer, `.data/preview/<slug>/`, so
 * it runs beside `npm start` (and beside a preview of another dealer) without touching their data.
 * Settings given explicitly (a shared DATABASE_URL, say) are kept.
 */
export function previewEnv(env: NodeJS.ProcessEnv, root: string, slug: string, stockDir: string): NodeJS.ProcessEnv {
  const folder = path.join(root, '.data', 'preview', slug);
  return {
    ...env,
    STOCK_DIR: stockDir,
    DEALER: slug,
    LEADS_DB_DIR: env.LEADS_DB_DIR?.trim() || path.join(folder, 'leads-db'),
    LEADS_FILES_DIR: env.LEADS_FILES_DIR?.trim() || path.join(folder, 'lead-files'),
    LEADS_OUTBOX_DIR: env.LEADS_OUTBOX_DIR?.trim() || path.join(folder, 'outbox'),
    // Nothing leaves the machine: no usage report, no check for a newer Astro.
    ASTRO_TELEMETRY_DISABLED: '1',
    ASTRO_DISABLE_UPDATE_CHECK: 'true',
  };
}

/** The preview's own port: PORT, else 4322 (npm start keeps 4321), so both can run at once. */
export function previewPort(raw: string | undefined): { port: number; strict: boolean } {
  if (raw === undefined || raw.trim() === '') return { port: 4322, strict: false };
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`PORT must be a port number (1-65535), got "${raw}"`);
  return { port, strict: true };
}
