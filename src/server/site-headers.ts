/**
 * The headers of a dealer's files on the platform's server: the rules the build wrote into
 * `<dist>/<slug>/_headers`, applied as Netlify and Cloudflare Pages apply them
 * (src/platform/http/security.ts), so a site sends the same headers from here as from a CDN.
 * The file is read per dealer and read again only when it changes, like routes.json (fallback.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HEADERS_FILE, parseHeadersFile } from '../platform/http/header-files';
import { FALLBACK_PAGE_POLICY, headersForPath, siteHeaderRules, type HeaderRule } from '../platform/http/security';

/** A site without a readable _headers still gets every header; only its page policy is the short one. */
const FALLBACK_RULES = siteHeaderRules(FALLBACK_PAGE_POLICY);

export class SiteHeaders {
  private readonly cache = new Map<string, { version: string; rules: readonly HeaderRule[] }>();

  constructor(
    private readonly root: string,
    private readonly log: (message: string) => void = console.error,
  ) {}

  /** The headers of the file at `sitePath` (decoded, from the site's root) on `dealer`'s site. */
  async for(dealer: string, sitePath: string): Promise<Record<string, string>> {
    return headersForPath(await this.rules(dealer), sitePath);
  }

  private async rules(dealer: string): Promise<readonly HeaderRule[]> {
    const file = path.join(this.root, dealer, HEADERS_FILE);
    let version: string;
    try {
      const info = await stat(file);
      version = `${info.size}:${info.mtimeMs}`;
    } catch {
      return FALLBACK_RULES;
    }
    const cached = this.cache.get(dealer);
    if (cached?.version === version) return cached.rules;
    let rules: readonly HeaderRule[] = FALLBACK_RULES;
    try {
      const parsed = parseHeadersFile(await readFile(file, 'utf8'));
      // The site-wide rule carries every header but the file types' policies: without it a page
      // would go out with none, which is worse than the fallback.
      if (!parsed.some((rule) => rule.path === '/*' && rule.headers['Content-Security-Policy']))
        throw new Error('it has no /* rule with a Content-Security-Policy');
      rules = parsed;
    } catch (error) {
      this.log(`${file} cannot be read, so ${dealer}'s pages get only the fallback policy: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.cache.set(dealer, { version, rules });
    return rules;
  }
}
