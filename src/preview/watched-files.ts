/**
 * The files a dealer's preview follows: its dealer file, its assets folder and the stock file its
 * site reads (src/stock/server/store.ts: `<STOCK_DIR>/<slug>.json`, which may not exist yet while
 * the dealer shows demo stock; a feed imported later creates it, and that counts as a change).
 */
import path from 'node:path';
import { dealerFile } from '../platform/config/load';
import { stockFile } from '../stock/server/store';

export interface WatchedFiles {
  dealerFile: string;
  assets: string;
  stock: string;
}

export type PreviewChange = 'dealer file' | 'assets' | 'stock';

export function watchedFiles(slug: string, paths: { dealersDir: string; stockDir: string }): WatchedFiles {
  return {
    dealerFile: path.resolve(dealerFile(slug, paths.dealersDir)),
    assets: path.resolve(paths.dealersDir, 'assets', slug),
    stock: path.resolve(stockFile(slug, { STOCK_DIR: paths.stockDir })),
  };
}

/** What a changed path is to the preview, or undefined when it is none of the dealer's files. */
export function changeOf(file: string, watched: WatchedFiles): PreviewChange | undefined {
  const full = path.resolve(file);
  if (full === watched.dealerFile) return 'dealer file';
  if (full === watched.stock) return 'stock';
  if (full === watched.assets || full.startsWith(watched.assets + path.sep)) return 'assets';
  return undefined;
}
