/**
 * Where a feed's stored photos live (src/stock/server/feed-photos.ts writes them): one folder per
 * dealer under `STOCK_PHOTOS_DIR`. Apart from the conversion, so the site build that copies the
 * files into the dealer's site does not load the image library.
 */
import path from 'node:path';
import { FEED_PHOTO_HASH, feedPhotoFileName, type FeedPhotoFormat, type FeedPhotoWidth } from '../model/feed-photo';

/** `STOCK_PHOTOS_DIR` (default `.data/stock-photos`): one folder per dealer. */
export function stockPhotosDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.STOCK_PHOTOS_DIR ?? '.data/stock-photos');
}

export function dealerPhotosDir(dealer: string, env: NodeJS.ProcessEnv = process.env): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(dealer)) throw new Error(`"${dealer.slice(0, 60)}" is not a dealer slug`);
  return path.join(stockPhotosDir(env), dealer);
}

/** The stored file for a photo's variant, or undefined when the name is not one this store writes. */
export function storedPhotoFile(
  dealer: string,
  hash: string,
  width: FeedPhotoWidth,
  format: FeedPhotoFormat,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (!FEED_PHOTO_HASH.test(hash)) return undefined;
  return path.join(dealerPhotosDir(dealer, env), feedPhotoFileName(hash, width, format));
}
