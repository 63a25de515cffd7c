/**
 * The dealer file of each dealer's last good build, kept beside its stamp
 * (`<distDir>/.stamps/<slug>.dealer.json`) when a build succeeds. When the file is later broken,
 * or claims what another dealer has, the server keeps serving that build with the settings it was
 * built from (its domains, its id), and a conflict can tell the dealer who had a domain first from
 * the newcomer.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkDealerText } from '../platform/config/dealer-check';
import type { DealerConfig } from '../platform/config/schema';

export const lastGoodFile = (slug: string, distDir: string): string => path.join(distDir, '.stamps', `${slug}.dealer.json`);

/** Keeps the dealer file a build has just succeeded with. */
export function keepLastGood(slug: string, file: string, distDir: string): void {
  mkdirSync(path.dirname(lastGoodFile(slug, distDir)), { recursive: true });
  copyFileSync(file, lastGoodFile(slug, distDir));
}

/** The dealer's config as its last good build had it; undefined when it never built (or the copy no longer reads under today's schema). */
export function lastGoodDealer(slug: string, distDir: string): DealerConfig | undefined {
  let text: string;
  try {
    text = readFileSync(lastGoodFile(slug, distDir), 'utf8');
  } catch {
    return undefined;
  }
  // Checked under the dealer's own file name, so the slug check holds.
  return checkDealerText(text, `${slug}.json`).dealer;
}
