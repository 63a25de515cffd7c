/**
 * Shell pages for URLs no build could list: a car added after the last build (`/cars/<slug>`) or
 * a search landing path nobody prerendered. Each build writes `<dist>/<slug>/routes.json`
 * (src/pages/routes.json.ts); the server reads it per dealer, re-reading only when the file
 * changes, and answers such a URL with the matching shell page.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { fallbackPage, type FallbackRule } from '../search/model/fallback-routes';

const sitePath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)/);
const routesSchema = z.object({ fallbacks: z.array(z.strictObject({ prefix: sitePath, suffix: sitePath.optional(), page: sitePath })).max(200) });

export class FallbackRoutes {
  private readonly cache = new Map<string, { version: string; rules: readonly FallbackRule[] }>();

  constructor(
    private readonly root: string,
    private readonly log: (message: string) => void = console.error,
  ) {}

  /** The shell page path for `pathname` on `dealer`'s site, if its rules name one. */
  async pageFor(dealer: string, pathname: string): Promise<string | undefined> {
    // A missing file with an extension (an image, a script) is a real 404, never a page.
    if (/\.[^/]*$/.test(pathname)) return undefined;
    return fallbackPage(pathname, await this.rules(dealer));
  }

  private async rules(dealer: string): Promise<readonly FallbackRule[]> {
    const file = path.join(this.root, dealer, 'routes.json');
    let version: string;
    try {
      const info = await stat(file);
      version = `${info.size}:${info.mtimeMs}`;
    } catch {
      return [];
    }
    const cached = this.cache.get(dealer);
    if (cached?.version === version) return cached.rules;
    let rules: readonly FallbackRule[] = [];
    try {
      rules = routesSchema.parse(JSON.parse(await readFile(file, 'utf8'))).fallbacks;
    } catch (error) {
      const reason =
        error instanceof z.ZodError
          ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
          : error instanceof Error
            ? error.message
            : String(error);
      this.log(`${file} is not a valid routes file, so no fallback pages are served for ${dealer}: ${reason}`);
    }
    this.cache.set(dealer, { version, rules });
    return rules;
  }
}
