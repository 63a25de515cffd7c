/**
 * Security headers: the one place that decides which headers a response of a dealer's site
 * carries, by what it is. The build writes these rules into dist/<slug>/_headers (header-files.ts
 * renders that file and the nginx and Caddy ones); Netlify, Cloudflare Pages and the platform's own
 * server (src/server/site-headers.ts) all apply that same file, so they cannot disagree.
 *
 * The Content Security Policy is sent twice. Astro hashes every inline script and style it emits
 * and writes the policy into each page as a <meta> tag, so a page is protected on any host. The
 * header repeats it for the whole site and adds what a <meta> policy cannot say (frame-ancestors);
 * a browser enforces both, so a page never gets more than its own <meta> policy allows.
 */

/**
 * Astro's policy for the <meta> tags (experimental.csp). `default-src 'none'` with every fetch the
 * sites make listed, so whatever is not listed (media, workers, plugins) is refused.
 *
 * `scriptUrls` are outside scripts a dealer's pages load (the car page's safety banner). Their
 * origins go on every page rather than only the pages that use them, so every page has the same
 * script-src and the site-wide header can equal it: one vendor origin on pages that do not load it
 * is the price of a header that a CDN can send with one rule.
 */
/** Google's gtag script, which sends the ASC events to a dealer's GA4 properties (src/platform/web/asc-page.ts). */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/**
 * The outside scripts a dealer file asks for: the safety banner's widget, and Google's gtag when
 * the dealer names GA4 measurement ids. GA4's own calls go to https: hosts, which connect-src and
 * img-src already allow.
 */
export function siteScriptUrls(site: {
  features: { safety_banner?: { script_url: string } | undefined };
  analytics: { measurement_ids: readonly string[] };
}): string[] {
  return [
    ...(site.features.safety_banner ? [site.features.safety_banner.script_url] : []),
    ...(site.analytics.measurement_ids.length > 0 ? [GTAG_SCRIPT_URL] : []),
  ];
}

/** The origins a page policy's script-src names for these script addresses, each once. */
export const scriptOrigins = (scriptUrls: readonly string[]): string[] => [...new Set(scriptUrls.map((url) => new URL(url).origin))];

export function contentSecurityPolicy(scriptUrls: readonly string[] = []) {
  const origins = scriptOrigins(scriptUrls);
  return {
    algorithm: 'SHA-256',
    directives: [
      "default-src 'none'",
      "img-src 'self' data: https:",
      "font-src 'self'",
      // The search client may call the dealer's own Meilisearch host.
      "connect-src 'self' https:",
      // No page frames anything: with a maps key, location maps are an image (img-src https:).
      "frame-src 'none'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ],
    scriptDirective: { resources: ["'self'", ...origins] },
    styleDirective: { resources: ["'self'"] },
  } as const;
}

/** A policy as directive name (lower case) → sources, in the order written. */
export type Policy = Map<string, string[]>;

export function parsePolicy(text: string): Policy {
  const policy: Policy = new Map();
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    // A repeated directive is ignored by browsers (the first one counts), so it is here too.
    if (name && !policy.has(name.toLowerCase())) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

export const formatPolicy = (policy: Policy): string => [...policy].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');

/**
 * Cloudflare Pages refuses a `_headers` line over 2,000 characters, header name and indent
 * included; the page policy is the one header that can grow that long.
 */
export const MAX_HEADER_LINE = 2000;
export const headerLine = (name: string, value: string): string => `  ${name}: ${value}`;

const isHash = (source: string): boolean => /^'(sha256|sha384|sha512)-/i.test(source);

/**
 * The site's page policy as a header, from the <meta> policies of every page the build emitted:
 * each directive's sources joined over all pages (a page's style hashes differ; its scripts and
 * everything else do not), plus `frame-ancestors 'none'`.
 *
 * When that does not fit one `_headers` line, style-src gives up its hashes for 'unsafe-inline':
 * each page's own <meta> policy still allows only its hashed styles, since a browser enforces both
 * policies (a style must pass both). Scripts are never loosened: a script-src too long for one line
 * fails the build.
 */
export function pagePolicyHeader(metaPolicies: readonly string[]): string {
  if (metaPolicies.length === 0) throw new Error('no page has a Content-Security-Policy <meta> tag to build the header from');
  const union: Policy = new Map();
  for (const text of metaPolicies) {
    for (const [name, sources] of parsePolicy(text)) {
      const known = union.get(name) ?? [];
      union.set(name, [...known, ...sources.filter((s) => !known.includes(s))]);
    }
  }
  union.set('frame-ancestors', ["'none'"]);
  const fits = (policy: Policy): boolean => headerLine('Content-Security-Policy', formatPolicy(policy)).length <= MAX_HEADER_LINE;
  if (fits(union)) return formatPolicy(union);

  const styles = union.get('style-src');
  if (styles) union.set('style-src', [...styles.filter((s) => !isHash(s)), "'unsafe-inline'"]);
  if (fits(union)) return formatPolicy(union);
  const scripts = union.get('script-src') ?? [];
  throw new Error(
    `the page policy is ${formatPolicy(union).length} characters even without style hashes, over the ${MAX_HEADER_LINE}-character ` +
      `line a _headers file may have; script-src alone has ${scripts.filter(isHash).length} hashes (fewer inline scripts would fit)`,
  );
}

/**
 * What a page carries when its site has no _headers (a build from before this file existed, a test
 * fixture): only the directives every page's <meta> policy leaves out, so it can never block
 * what the page itself allows.
 */
export const FALLBACK_PAGE_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** On every response, whatever it is. */
const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Other sites may not embed the dealer's files; same-site rather than same-origin so a dealer's
  // own other host names (www and the bare domain) still may.
  'Cross-Origin-Resource-Policy': 'same-site',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
};

/** For anything that is not a page: nothing in it may run, load or be framed. */
export const LOCKED_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** An SVG opened on its own is a document that can run script; sandbox also takes its origin away. */
export const SVG_POLICY = `${LOCKED_POLICY}; sandbox`;

/**
 * Files a site holds that are not pages (Astro's scripts and styles, the sitemaps, robots.txt,
 * images and fonts in dealer assets), each locked by its own rule. Pages have no extension in
 * their URLs (/cars/x/), so they are everything else.
 */
const NOT_PAGES = ['js', 'mjs', 'css', 'map', 'json', 'webmanifest', 'xml', 'txt', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'ico', 'woff', 'woff2'];

export interface HeaderRule {
  /** A `_headers` path: `*` matches anything (slashes too), `:name` one segment. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * A site's rules, in `_headers` order. Netlify and Cloudflare Pages apply every rule whose path
 * matches and join a header set by several with ", " (headersForPath). So the page policy goes on
 * `/*`, and each file type adds its own policy: two policies in one header, both enforced, which
 * leaves that of the file type. Twenty rules: far below Cloudflare's hundred.
 */
export function siteHeaderRules(pagePolicy: string): HeaderRule[] {
  return [
    { path: '/*', headers: { ...COMMON_HEADERS, 'Content-Security-Policy': pagePolicy } },
    { path: '/*.svg', headers: { 'Content-Security-Policy': SVG_POLICY } },
    ...NOT_PAGES.map((extension) => ({ path: `/*.${extension}`, headers: { 'Content-Security-Policy': LOCKED_POLICY } })),
  ];
}

/** The API's answers and the server's own (errors, the unknown-host page): never a page. */
export const platformHeaders: Readonly<Record<string, string>> = { ...COMMON_HEADERS, 'Content-Security-Policy': LOCKED_POLICY };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a `_headers` path matches a URL path. Case-insensitive as on Netlify: on a server that
 * finds `/Logo.SVG` for `/logo.svg`, a case-sensitive match would miss the rule that locks it.
 */
export function pathMatches(pattern: string, urlPath: string): boolean {
  const source = pattern
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`, 'i').test(urlPath);
}

/** The headers of the file at `urlPath`, as Netlify and Cloudflare Pages apply `rules`. */
export function headersForPath(rules: readonly HeaderRule[], urlPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  const names = new Map<string, string>();
  for (const rule of rules) {
    if (!pathMatches(rule.path, urlPath)) continue;
    for (const [name, value] of Object.entries(rule.headers)) {
      const known = names.get(name.toLowerCase());
      if (known === undefined) {
        names.set(name.toLowerCase(), name);
        out[name] = value;
      } else {
        out[known] = `${out[known]}, ${value}`;
      }
    }
  }
  return out;
}
