/**
 * `npm run check:dealers`: validates dealer files exactly as the build does (readDealerFile), so
 * an editor can check a file in a second without waiting for Astro.
 */
import path from 'node:path';
import { DealerConfigError, dealerFile, listDealerSlugs, readDealerFile } from '../platform/config/load';

export interface CheckResult {
  file: string;
  ok: boolean;
  /** `ok <slug>`, or the DealerConfigError message (file name, then one line per bad field). */
  message: string;
}

export function checkDealerFile(file: string): CheckResult {
  try {
    const dealer = readDealerFile(file);
    return { file, ok: true, message: `ok ${dealer.slug}` };
  } catch (error) {
    if (error instanceof DealerConfigError) return { file, ok: false, message: error.message };
    // Anything else is a bug in the schema or loader, not in the file; say so rather than blame the editor.
    return { file, ok: false, message: `${file}: could not be checked: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The files to check: those named on the command line, else every dealer file in `dealersDir`. */
export function filesToCheck(args: readonly string[], dealersDir: string): string[] {
  if (args.length > 0) return args.map((a) => path.resolve(a));
  return listDealerSlugs(dealersDir).map((slug) => dealerFile(slug, dealersDir));
}
