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

const within = (file: string, folder: string): boolean => file === folder || file.startsWith(folder + path.sep);

/**
 * What the dev server's watcher should not follow: builds and data folders (`dist/`, `.data/`, the
 * lead database) are written all the time by `npm start` and the API, and each event makes Astro
 * look at its routes again. The dealer's own files (its stock file under `.data/stock`, say) and
 * the folders leading to them are kept.
 */
export function unwatched(ignore: readonly string[], keep: readonly string[]): (file: string) => boolean {
  const folders = ignore.map((folder) => path.resolve(folder));
  const kept = keep.map((file) => path.resolve(file));
  return (file) => {
    const full = path.resolve(file);
    if (!folders.some((folder) => within(full, folder))) return false;
    return !kept.some((wanted) => within(full, wanted) || within(wanted, full));
  };
}
