/**
 * Build stamps: after a dealer builds, `dist/.stamps/<slug>.json` records a hash of everything the
 * build read. `npm start` compares it with a fresh hash and rebuilds only what changed. Stamps sit
 * beside the dealer folders, not inside them, because dist/<slug>/ is deployed as it is.
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultDealersDir } from '../platform/config/load';
import { demoStockEdition } from '../stock/model/demo';
import { TENANT_TOKEN_RENEW_DAYS } from '../search/server/tenant-token';
import { siteInputs } from './site-inputs';
import { leadsModeOf } from '../leads/model/leads-mode';

export interface ProjectPaths {
  /** Project root: shared inputs are resolved against it. */
  root: string;
  /** Folder of `<slug>.json` files and `assets/<slug>/`. */
  dealersDir: string;
  /** Output root: `<distDir>/<slug>/` and `<distDir>/.stamps/`. */
  distDir: string;
  /** Imported stock feeds, `<stockDir>/<slug>.json` (STOCK_DIR, as src/stock/server/store.ts reads it). */
  stockDir: string;
}

/** Same defaults as astro.config.mjs, so a stamp describes the build Astro actually ran. */
export function projectPaths(overrides: Partial<ProjectPaths> = {}): ProjectPaths {
  const root = path.resolve(overrides.root ?? process.cwd());
  return {
    root,
    dealersDir: path.resolve(root, overrides.dealersDir ?? defaultDealersDir()),
    distDir: path.resolve(root, overrides.distDir ?? process.env.DIST_DIR ?? 'dist'),
    stockDir: path.resolve(root, overrides.stockDir ?? process.env.STOCK_DIR ?? '.data/stock'),
  };
}

/**
 * Feeds a file or folder into `hash`: relative path, size and bytes of each file in sorted order,
 * so renames, moves and edits all change the result while the walk order cannot. Content rather
 * than mtimes, so switching branches back and forth does not force a rebuild. `skip` sees paths
 * relative to `base`.
 */
function hashTree(hash: Hash, base: string, rel: string, skip: (rel: string) => boolean): void {
  const full = path.join(base, rel);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    hash.update(`missing\0${rel}\0`);
    return;
  }
  if (stat.isDirectory()) {
    hash.update(`dir\0${rel}\0`);
    for (const name of readdirSync(full).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      if (name === '.DS_Store' || skip(child)) continue;
      hashTree(hash, base, child, skip);
    }
  } else if (stat.isFile()) {
    hash.update(`file\0${rel}\0${stat.size}\0`);
    hash.update(readFileSync(full));
  }
}

/**
 * One hash over the files every dealer's build reads (site-inputs.ts, the same definition
 * `--changed` uses); computed once per run and reused for every dealer. Imports of files that are
 * not there count too, so creating one changes the hash.
 */
export function sharedInputsHash(root: string): string {
  const hash = createHash('sha256');
  const site = siteInputs(root);
  for (const file of site.files) hashTree(hash, root, file, () => false);
  for (const importer of site.missing) hash.update(`missing-import\0${importer}\0`);
  return hash.digest('hex');
}

/** Whether the dealer file asks for a tenant token (`search.read_only_key_uid`); an unreadable file is validated elsewhere. */
function usesTenantToken(file: string): boolean {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { search?: { read_only_key_uid?: unknown } };
    return typeof raw.search?.read_only_key_uid === 'string';
  } catch {
    return false;
  }
}

/**
 * The hash a dealer's stamp must match: its file, its assets folder, its stock and the shared
 * inputs. Stock is the imported feed's bytes when there is one; otherwise demo stock, which is a
 * function of the dealer file and src/stock (both hashed already) and of the model year. A dealer
 * whose pages carry a tenant token also goes stale every TENANT_TOKEN_RENEW_DAYS, so `npm start`
 * rebuilds it, with a fresh token, long before the old one expires. A test build (LEADS_MODE=mock,
 * src/leads/model/leads-mode.ts) hashes differently from a normal one, so neither is taken for the
 * other: switching the mode rebuilds every dealer.
 */
export function dealerInputHash(
  slug: string,
  paths: ProjectPaths,
  sharedHash = sharedInputsHash(paths.root),
  now = Date.now(),
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const hash = createHash('sha256');
  hash.update(`shared\0${sharedHash}\0`);
  // Only a test build adds to the hash, so normal builds' stamps stay as they were.
  if (leadsModeOf(env) === 'mock') hash.update('leads-mode\0mock\0');
  hashTree(hash, paths.dealersDir, `${slug}.json`, () => false);
  hashTree(hash, paths.dealersDir, `assets/${slug}`, () => false);
  if (existsSync(path.join(paths.stockDir, `${slug}.json`))) hashTree(hash, paths.stockDir, `${slug}.json`, () => false);
  else hash.update(`demo-stock\0${demoStockEdition()}\0`);
  if (usesTenantToken(path.join(paths.dealersDir, `${slug}.json`))) {
    hash.update(`search-token\0${Math.floor(now / (TENANT_TOKEN_RENEW_DAYS * 86_400_000))}\0`);
  }
  return hash.digest('hex');
}

export interface Stamp {
  slug: string;
  inputHash: string;
  builtAt: string;
  pages: number;
}

export const stampPath = (slug: string, distDir: string): string => path.join(distDir, '.stamps', `${slug}.json`);

export function writeStamp(stamp: Stamp, distDir: string): void {
  const file = stampPath(stamp.slug, distDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
}

export function removeStamp(slug: string, distDir: string): void {
  rmSync(stampPath(slug, distDir), { force: true });
}

export function readStamp(slug: string, distDir: string): Stamp | undefined {
  try {
    const data: unknown = JSON.parse(readFileSync(stampPath(slug, distDir), 'utf8'));
    if (typeof data === 'object' && data !== null && 'inputHash' in data && typeof data.inputHash === 'string') {
      return data as Stamp;
    }
  } catch {
    // Missing or unreadable: treated as no stamp, which means "rebuild".
  }
  return undefined;
}

export const STALE_INPUTS = 'inputs changed since the last build';

/** Why each stale dealer needs a build; dealers that are up to date are absent. */
export function staleReasons(slugs: readonly string[], overrides: Partial<ProjectPaths> = {}): Map<string, string> {
  const paths = projectPaths(overrides);
  const reasons = new Map<string, string>();
  if (slugs.length === 0) return reasons;
  const shared = sharedInputsHash(paths.root);
  for (const slug of slugs) {
    const stamp = readStamp(slug, paths.distDir);
    if (!stamp) reasons.set(slug, 'never built');
    else if (!existsSync(path.join(paths.distDir, slug, 'index.html'))) reasons.set(slug, `${slug}/index.html is missing`);
    else if (stamp.inputHash !== dealerInputHash(slug, paths, shared)) reasons.set(slug, STALE_INPUTS);
  }
  return reasons;
}

/** Dealers whose stamp is missing or out of date, or whose index.html is gone. */
export function staleDealers(slugs: readonly string[], overrides: Partial<ProjectPaths> = {}): string[] {
  return [...staleReasons(slugs, overrides).keys()];
}
