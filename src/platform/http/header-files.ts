/**
 * The files that carry a site's header rules (security.ts) to wherever dist/<slug>/ is deployed,
 * written by the build into the site folder:
 *
 * - `_headers` for Netlify and Cloudflare Pages, which the platform's own server reads back too;
 * - `_deploy/nginx.conf` and `_deploy/caddy.conf`, to include in an nginx server or a Caddy site.
 *
 * All are generated per dealer rather than written once as templates: the page policy holds the
 * dealer's own hashes, and nginx drops every inherited add_header in a block that sets one of its
 * own, so each location must repeat the whole set; only a generator keeps those copies equal.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { headerLine, headersForPath, MAX_HEADER_LINE, pagePolicyHeader, siteHeaderRules, type HeaderRule } from './security';

export const HEADERS_FILE = '_headers';
export const DEPLOY_DIR = '_deploy';
/** Cloudflare Pages reads at most 100 rules from `_headers`. */
export const MAX_RULES = 100;

/** The build's files about the site, not of it: never served, as a CDN never serves `_headers`. */
export function isDeployFile(sitePath: string): boolean {
  const p = sitePath.toLowerCase();
  return p === `/${HEADERS_FILE}` || p === `/${DEPLOY_DIR}` || p.startsWith(`/${DEPLOY_DIR}/`);
}

const GENERATED = 'Written by the build from src/platform/http/security.ts; do not edit.';

export function renderHeadersFile(rules: readonly HeaderRule[], slug: string): string {
  if (rules.length > MAX_RULES) throw new Error(`${rules.length} header rules, over the ${MAX_RULES} Cloudflare Pages reads`);
  const lines = [`# Response headers of ${slug}'s site, for Netlify and Cloudflare Pages and the platform's server.`, `# ${GENERATED}`];
  for (const rule of rules) {
    lines.push(rule.path);
    for (const [name, value] of Object.entries(rule.headers)) {
      const line = headerLine(name, value);
      if (line.length > MAX_HEADER_LINE)
        throw new Error(`${name} for ${rule.path} is ${line.length} characters, over the ${MAX_HEADER_LINE} a _headers line may have`);
      lines.push(line);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Reads a `_headers` file as Netlify does: a line starting with `/` opens a rule, `Name: value`
 * lines add to it (a name given twice in one rule is joined with ", "), `#` lines are comments.
 * What this platform never writes (absolute URLs, Cloudflare's `! Name` detach lines) is refused
 * with its line number rather than half understood.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: { path: string; headers: Record<string, string> }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const where = `${HEADERS_FILE} line ${index + 1}`;
    if (line === '' || line.startsWith('#')) return;
    if (/^https?:\/\//i.test(line)) throw new Error(`${where}: rules for absolute URLs are not supported here`);
    if (line.startsWith('/')) {
      rules.push({ path: line, headers: {} });
      return;
    }
    const rule = rules.at(-1);
    if (!rule) throw new Error(`${where}: "${line.slice(0, 40)}" comes before any path`);
    const colon = line.indexOf(':');
    const name = line.slice(0, Math.max(colon, 0)).trim();
    const value = line.slice(colon + 1).trim();
    if (colon <= 0 || !/^[A-Za-z0-9-]+$/.test(name) || value === '') throw new Error(`${where}: expected "Name: value", got "${line.slice(0, 40)}"`);
    rule.headers[name] = rule.headers[name] === undefined ? value : `${rule.headers[name]}, ${value}`;
  });
  return rules;
}

/** Rules other than `/*` as groups of extensions whose files get the same headers. */
function byExtension(rules: readonly HeaderRule[]): { extensions: string[]; headers: Record<string, string> }[] {
  const groups = new Map<string, { extensions: string[]; headers: Record<string, string> }>();
  for (const rule of rules) {
    if (rule.path === '/*') continue;
    const extension = /^\/\*\.([a-z0-9]+)$/.exec(rule.path)?.[1];
    if (!extension) throw new Error(`no nginx or Caddy form for the rule path ${rule.path}`);
    const headers = headersForPath(rules, `/file.${extension}`);
    const key = JSON.stringify(headers);
    const group = groups.get(key) ?? { extensions: [], headers };
    groups.set(key, group);
    group.extensions.push(extension);
  }
  return [...groups.values()];
}

/** A value inside double quotes where both servers would read `$`, `{` or a quote as syntax. */
function quoted(value: string): string {
  if (/["\\$`{}\n\r]/.test(value)) throw new Error(`a header value with a character nginx or Caddy would interpret: ${value.slice(0, 60)}`);
  return `"${value}"`;
}

/** For `include` inside the site's `server { }` block (README: "Deploying a dealer's site"). */
export function renderNginx(rules: readonly HeaderRule[], slug: string): string {
  const addHeaders = (headers: Record<string, string>): string[] =>
    Object.entries(headers).map(([name, value]) => `    add_header ${name} ${quoted(value)} always;`);
  const lines = [
    `# ${slug}'s site on nginx: include this file inside its server { } block.`,
    `# ${GENERATED}`,
    '# nginx forgets inherited add_header lines in any block that sets its own, so every location',
    '# below carries the whole set. Route /api/ with "location ^~ /api/" so these never see it.',
    '',
    'error_page 404 /404.html;',
    `location = /${HEADERS_FILE} { return 404; }`,
    `location ^~ /${DEPLOY_DIR}/ { return 404; }`,
    '',
    'location / {',
    '    try_files $uri $uri/index.html $uri.html =404;',
    ...addHeaders(headersForPath(rules, '/')),
    '}',
  ];
  for (const group of byExtension(rules)) lines.push('', `location ~* \\.(${group.extensions.join('|')})$ {`, ...addHeaders(group.headers), '}');
  return `${lines.join('\n')}\n`;
}

/**
 * For `import` inside the site's block of a Caddyfile. The headers sit in a `route`, where Caddy
 * keeps the written order (outside one it sorts directives), so a file type's header replaces the
 * page's. They apply after `try_files`, so to the file actually served.
 */
export function renderCaddy(rules: readonly HeaderRule[], slug: string): string {
  const page = headersForPath(rules, '/');
  const fields = (headers: Record<string, string>, indent: string): string[] =>
    Object.entries(headers).map(([name, value]) => `${indent}${name} ${quoted(value)}`);
  const lines = [
    `# ${slug}'s site on Caddy: import this file inside its site block.`,
    `# ${GENERATED}`,
    '# /api/* is left to the API service, which sends its own headers.',
    '',
    `@site_build_files path /${HEADERS_FILE} /${DEPLOY_DIR}/*`,
    'error @site_build_files 404',
    '',
    '@site_files not path /api/*',
  ];
  const groups = byExtension(rules).map((group, i) => ({ ...group, name: `@site_${group.extensions.length === 1 ? group.extensions[0] : `types${i + 1}`}` }));
  for (const group of groups) lines.push(`${group.name} path ${group.extensions.map((e) => `*.${e}`).join(' ')}`);
  lines.push('route @site_files {', '\theader {', ...fields(page, '\t\t'), '\t}');
  for (const group of groups) {
    const changed = Object.fromEntries(Object.entries(group.headers).filter(([name, value]) => page[name] !== value));
    for (const line of fields(changed, '')) lines.push(`\theader ${group.name} ${line}`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

const META = /<meta\b[^>]*\bhttp-equiv\s*=\s*["']?content-security-policy["']?[^>]*>/gi;
const CONTENT = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** The Content-Security-Policy <meta> policies of a page (in its head, where a browser reads them). */
export function metaPolicies(html: string): string[] {
  const head = html.indexOf('</head>');
  return [...(head === -1 ? html : html.slice(0, head)).matchAll(META)].flatMap(([tag]) => {
    const match = CONTENT.exec(tag);
    const content = match?.[1] ?? match?.[2];
    return content === undefined ? [] : [content.replace(/&(?:amp|quot|#39|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)];
  });
}

/**
 * `metaPolicies` of a rendered page's bytes, decoding only its head: the policies are there, and
 * decoding a whole page of a publish (half of it after the head) was about 2 % of a render worker.
 */
export function metaPoliciesOfPage(body: Uint8Array): string[] {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const head = bytes.indexOf('</head>');
  return metaPolicies(bytes.toString('utf8', 0, head === -1 ? bytes.length : head));
}

export interface SiteHeaderSummary {
  pagePolicy: string;
  pages: number;
  /** Pages with no policy <meta> tag: the header is all that guards them. */
  pagesWithoutPolicy: string[];
}

/** Reads every page the build wrote into `siteDir` and writes the site's header files beside them. */
export function writeSiteHeaders(siteDir: string, slug: string): SiteHeaderSummary {
  const policiesByPage = new Map<string, string[]>();
  for (const rel of readdirSync(siteDir, { recursive: true, encoding: 'utf8' })) {
    if (rel.endsWith('.html')) policiesByPage.set(rel.split(path.sep).join('/'), metaPolicies(readFileSync(path.join(siteDir, rel), 'utf8')));
  }
  return writeSiteHeadersFor(siteDir, slug, policiesByPage);
}

/**
 * Writes the site's header files from each HTML page's policy <meta> tags (`metaPolicies`), for a
 * publisher that already knows them: a publish that links most pages from the served build kept
 * their policies in its record rather than read every page again.
 */
export function writeSiteHeadersFor(siteDir: string, slug: string, policiesByPage: ReadonlyMap<string, readonly string[]>): SiteHeaderSummary {
  const policies = new Set<string>();
  const pagesWithoutPolicy: string[] = [];
  for (const [page, found] of policiesByPage) {
    if (found.length === 0) pagesWithoutPolicy.push(page);
    for (const policy of found) policies.add(policy);
  }
  const pages = policiesByPage.size;
  const pagePolicy = pagePolicyHeader([...policies]);
  const rules = siteHeaderRules(pagePolicy);
  writeFileSync(path.join(siteDir, HEADERS_FILE), renderHeadersFile(rules, slug));
  mkdirSync(path.join(siteDir, DEPLOY_DIR), { recursive: true });
  writeFileSync(path.join(siteDir, DEPLOY_DIR, 'nginx.conf'), renderNginx(rules, slug));
  writeFileSync(path.join(siteDir, DEPLOY_DIR, 'caddy.conf'), renderCaddy(rules, slug));
  return { pagePolicy, pages, pagesWithoutPolicy };
}
