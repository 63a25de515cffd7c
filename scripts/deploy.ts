/**
 * npm run deploy -- [--dealer a,b] [--target folder|s3] [--dry-run]
 *
 * Publishes each dealer's built site (`dist/<slug>/`, all built dealers by default; DIST_DIR
 * moves dist) to a folder (DEPLOY_DIR, default .data/deploy) or an S3-compatible bucket
 * (DEPLOY_S3_*), uploading only files whose content changed, removing what the site no longer
 * has only after every upload is in, then telling the CDN purge hook what changed. Settings and
 * why: README 'Deploying to a CDN', docs/decisions/deploy.md; the code is in src/publish/deploy/.
 */
import { runDeployCommand } from '../src/publish/deploy/command';

runDeployCommand({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`deploy: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
