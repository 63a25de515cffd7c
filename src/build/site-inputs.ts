/**
 * What a dealer's static site is built from: the files an Astro build can actually read. Stamps
 * hash these files and `--changed` rebuilds every dealer only when one of them changed, so an edit
 * to the API, the outbox or a test helper leaves the built sites alone while an edit to anything a
 * page imports rebuilds them all.
 *
 * The walk starts where Astro starts (astro.config.mjs, every file under src/pages/, Astro's
 * conventional entry files) and follows imports written as string literals, into the workspace
 * packages too. Dealer files, their assets and imported stock are per dealer and hashed by
 * stamps.ts itself. Reading imports with patterns rather than a parser keeps the walk to
 * milliseconds on every `npm start`; the patterns over-match (an import named in a comment counts),
 * which costs at most a needless rebuild. What they cannot follow (an import built at run time, a
 * glob, an unreadable file) makes every source file count, as before this walk existed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../platform/formats/records';

/** Unit tests sit beside the code in src/ but are never part of a page. */
export const isTestFile = (file: string): boolean => /\.test\.[cm]?[jt]sx?$/.test(file);

export interface SiteInputs {
  /** Project-relative paths with forward slashes, sorted: every file a dealer's build can read. */
  files: ReadonlySet<string>;
  /**
   * Imports naming a file that is not there, as `importer -> specifier`. The build would fail on
   * them, and creating the file must count as a change, so stamps hash them too.
   */
  missing: readonly string[];
  /** Why the walk fell back to every source file, when it did: `file: what it could not follow`. */
  unfollowed: readonly string[];
  /** Folders of project source (src/ and the workspace packages): a file there that the walk did not reach is not read. */
  sourceFolders: readonly string[];
}

/** Read by every build whatever the pages import. */
const FIXED_INPUTS = ['astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/**
 * Every file in these folders is part of a site: a page by being there, a public file by being
 * copied, a demo stock photo by being read by its page (src/pages/stock-photos/, by path, so no import names it).
 */
const WHOLE_FOLDERS = ['src/pages', 'public', 'src/stock/demo-photos'];
/**
 * Files Astro loads by convention when they exist, and the publishing code that writes each site
 * from the bundle (its header files, its folder); the walk starts from them as from a page.
 */
const ASTRO_ENTRIES = ['src/middleware', 'src/content.config', 'src/content/config', 'src/actions', 'src/publish/publish-site'];
/** Where source files live when the walk has to fall back to all of them. */
const SOURCE_FOLDERS = ['src'];

/** Files whose text can name other files; anything else a page imports (JSON, SVG...) is read whole and followed no further. */
const SCANNED = /\.(astro|[cm]?[jt]sx?|css|mdx?|html)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.astro', '.json', '.md', '.mdx', '.css'];

const IMPORT_PATTERNS: readonly RegExp[] = [
  // import x from '...', export { y } from '...', import type z from '...'
  /\bfrom\s*(['"])([^'"\n]+)\1/g,
  // import '...'
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  // import('...'), also in `typeof import('...')`
  /\bimport\s*\(\s*(['"`])([^'"`\n$]+)\1\s*[,)]/g,
  // require('...') in plain JavaScript
  /\brequire\s*\(\s*(['"`])([^'"`\n$]+)\1\s*\)/g,
  // new URL('./x.ts', import.meta.url): how astro.config.mjs aliases a module and integrations name entry points
  /\bnew\s+URL\s*\(\s*(['"`])([^'"`\n$]+)\1\s*,\s*import\.meta\.url/g,
  // @import './x.css' and @import url('./x.css')
  /@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]+)\1/g,
  // /// <reference path="./x.d.ts" />
  /\/\/\/\s*<reference\s+path\s*=\s*(['"])([^'"]+)\1/g,
  // <script src="./x.ts"> in an Astro component, which Astro bundles
  /<script\b[^>]*\bsrc\s*=\s*(['"])([^'"]+)\1/g,
  // layout: ../layouts/Page.astro in a Markdown page's front matter
  /^layout:\s*(['"]?)([^'"\n]+?)\1\s*$/gm,
];
/** url(./font.woff2) in a style sheet: Vite copies what it names. Only relative ones; /x is in public/. */
const URL_PATTERN = /\burl\(\s*(['"]?)(\.{1,2}\/[^'")\s]+)\1\s*\)/g;
/** Imports whose target is computed when the code runs, which no pattern can follow. */
const UNFOLLOWABLE: readonly [RegExp, string][] = [
  [/\bimport\s*\((?!\s*['"`)])/, 'an import() of a computed path'],
  [/\bimport\s*\(\s*`[^`]*\$\{/, 'an import() of a template string'],
  [/\bimport\.meta\.glob\b/, 'import.meta.glob'],
  [/\brequire\s*\((?!\s*['"`)])/, 'a require() of a computed path'],
];

interface WorkspacePackage {
  name: string;
  /** Project-relative folder. */
  dir: string;
  /** Subpath (`.`, `./conformance`) to project-relative files; a condition object contributes all its targets. */
  exports: Map<string, string[]>;
}

/** The npm workspaces of the project (`workspaces` in package.json), which the build reads as source. */
function workspacePackages(root: string): WorkspacePackage[] {
  const readJson = (file: string): unknown => {
    try {
      return JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const manifest = readJson('package.json');
  const patterns = isRecord(manifest) && Array.isArray(manifest.workspaces) ? manifest.workspaces.filter((w): w is string => typeof w === 'string') : [];
  const dirs = patterns.flatMap((pattern) => {
    const clean = pattern.replace(/\/$/, '');
    if (!clean.endsWith('/*')) return [clean];
    const parent = clean.slice(0, -2);
    try {
      return readdirSync(path.join(root, parent)).map((name) => `${parent}/${name}`);
    } catch {
      return [];
    }
  });
  const packages: WorkspacePackage[] = [];
  for (const dir of dirs.sort()) {
    const pkg = readJson(`${dir}/package.json`);
    if (!isRecord(pkg) || typeof pkg.name !== 'string') continue;
    const exports = new Map<string, string[]>();
    const targets = (value: unknown): string[] =>
      typeof value === 'string' ? [path.posix.normalize(`${dir}/${value}`)] : isRecord(value) ? Object.values(value).flatMap(targets) : [];
    const entries =
      isRecord(pkg.exports) && Object.keys(pkg.exports).every((k) => k.startsWith('.'))
        ? Object.entries(pkg.exports)
        : [['.', pkg.exports ?? pkg.main ?? 'index.js'] as const];
    for (const [subpath, value] of entries) exports.set(subpath, targets(value));
    packages.push({ name: pkg.name, dir, exports });
  }
  return packages;
}

/** Every file under `dir` (project-relative), tests and Finder litter left out. */
function filesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const visit = (rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(path.join(root, rel));
    } catch {
      return;
    }
    for (const name of names) {
      if (name === '.DS_Store' || name === 'node_modules') continue;
      const child = `${rel}/${name}`;
      const stat = statSync(path.join(root, child), { throwIfNoEntry: false });
      if (stat?.isDirectory()) visit(child);
      else if (stat?.isFile() && !isTestFile(child)) out.push(child);
    }
  };
  visit(dir);
  return out;
}

/** Walks the project at `root` from the build's entry points. */
export function siteInputs(root: string): SiteInputs {
  const files = new Set<string>();
  const missing: string[] = [];
  const unfollowed: string[] = [];
  const packages = workspacePackages(root);
  const sourceFolders = [...SOURCE_FOLDERS, ...packages.map((p) => p.dir)];
  const isFileCache = new Map<string, boolean>();
  const isFile = (rel: string): boolean => {
    let known = isFileCache.get(rel);
    if (known === undefined) {
      known = statSync(path.join(root, rel), { throwIfNoEntry: false })?.isFile() ?? false;
      isFileCache.set(rel, known);
    }
    return known;
  };

  /** The file a module path names, trying extensions and index files as Vite does. */
  const resolveFile = (target: string): string | undefined => {
    const tsForJs = /\.[cm]?jsx?$/.test(target) ? [target.replace(/\.([cm]?)js(x?)$/, '.$1ts$2')] : [];
    const candidates = [target, ...tsForJs, ...EXTENSIONS.map((ext) => target + ext), ...EXTENSIONS.map((ext) => `${target}/index${ext}`)];
    return candidates.find(isFile);
  };

  const queue: string[] = [];
  const add = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    if (SCANNED.test(file)) queue.push(file);
  };

  /** Follows one specifier found in `importer`; bare names outside the workspaces are npm packages, pinned by package-lock.json. */
  const follow = (importer: string, raw: string): void => {
    const specifier = raw.replace(/[?#].*$/, '');
    if (!specifier || /^[a-z][a-z0-9+.-]*:/i.test(specifier)) return; // node:, astro:, data:, https:
    let target: string | undefined;
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
      target = path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
    } else if (specifier.startsWith('/')) {
      target = specifier.slice(1);
    } else {
      const pkg = packages.find((p) => specifier === p.name || specifier.startsWith(`${p.name}/`));
      if (!pkg) return;
      add(`${pkg.dir}/package.json`);
      const subpath = `.${specifier.slice(pkg.name.length)}`;
      const targets = pkg.exports.get(subpath);
      if (!targets) {
        missing.push(`${importer} -> ${raw}`);
        return;
      }
      for (const t of targets) {
        const file = resolveFile(t);
        if (file) add(file);
        else missing.push(`${importer} -> ${raw}`);
      }
      return;
    }
    if (target.startsWith('../')) return; // outside the project: not ours to hash
    const file = resolveFile(target);
    if (file) add(file);
    else missing.push(`${importer} -> ${raw}`);
  };

  for (const file of FIXED_INPUTS) if (isFile(file)) add(file);
  for (const dir of WHOLE_FOLDERS) for (const file of filesUnder(root, dir)) add(file);
  for (const entry of ASTRO_ENTRIES) {
    const file = resolveFile(entry);
    if (file) add(file);
  }

  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    let text: string;
    try {
      text = readFileSync(path.join(root, next), 'utf8');
    } catch (error) {
      unfollowed.push(`${next}: cannot be read (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    for (const [pattern, what] of UNFOLLOWABLE) if (pattern.test(text)) unfollowed.push(`${next}: ${what}`);
    for (const pattern of IMPORT_PATTERNS) for (const match of text.matchAll(pattern)) follow(next, match[2] ?? '');
    if (/\.(css|astro|mdx?|html)$/.test(next)) for (const match of text.matchAll(URL_PATTERN)) follow(next, match[2] ?? '');
  }

  if (unfollowed.length > 0) {
    // Which files such an import reaches is unknown, so every source file counts.
    for (const dir of sourceFolders) for (const file of filesUnder(root, dir)) files.add(file);
  }
  return { files: new Set([...files].sort()), missing: [...new Set(missing)].sort(), unfollowed, sourceFolders };
}

/** What a change to one path means for the built sites. */
export type SiteRead =
  /** the build reads it: every dealer's site may change */
  | 'read'
  /** project source (src/, a workspace package) that nothing the build reads imports, tests among it */
  | 'unread'
  /** not project source (scripts, docs, dealer files...): the walk has nothing to say */
  | 'outside';

/**
 * What a change to `file` (project-relative, forward slashes) means for the built sites. A page or
 * public file counts even when it was just deleted, since removing it changes the site; any other
 * source file counts only while something the build reads imports it.
 */
export function siteReads(file: string, site: SiteInputs): SiteRead {
  if (site.files.has(file)) return 'read';
  const source = site.sourceFolders.some((dir) => file.startsWith(`${dir}/`));
  if (isTestFile(file)) return source ? 'unread' : 'outside';
  if (FIXED_INPUTS.includes(file) || WHOLE_FOLDERS.some((dir) => file.startsWith(`${dir}/`))) return 'read';
  return source ? 'unread' : 'outside';
}
