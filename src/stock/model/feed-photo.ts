/**
 * Stock photos a feed sent, as the site serves them: stored when a feed is imported (src/stock/server/feed-photos.ts)
 * under a name made from the photo's content, in the site's two widths, and published with the
 * dealer's site (`/stock-photos/feed/<hash>-<width>.<format>`, src/pages/stock-photos/feed/[file].ts).
 * A content-named file never changes, so it is cached for a year (docs/decisions/feed-photos.md).
 *
 * The stock file keeps the 800-wide JPEG: every platform takes it (Meta's catalogue refuses WebP)
 * and browser code that shows `primary_image_url` as it is gets a working image. Pages ask
 * `feedPhotoAtWidth` for the WebP at the width that fills the box.
 */

export const FEED_PHOTO_PATH = '/stock-photos/feed/';
/** The same widths as the demo photos: 400 for cards and thumbnails, 800 for the car page and the feeds. */
export const FEED_PHOTO_WIDTHS = [400, 800] as const;
export type FeedPhotoWidth = (typeof FEED_PHOTO_WIDTHS)[number];
export const FEED_PHOTO_LARGE: FeedPhotoWidth = 800;
export type FeedPhotoFormat = 'webp' | 'jpg';

/** Every file stored for one photo: WebP in both widths for pages, the large JPEG for the feeds. */
export const FEED_PHOTO_VARIANTS: readonly { width: FeedPhotoWidth; format: FeedPhotoFormat }[] = [
  { width: 400, format: 'webp' },
  { width: 800, format: 'webp' },
  { width: 800, format: 'jpg' },
];

/** 20 hex characters (80 bits) of a SHA-256: no two photos of one dealer share it by chance. */
export const FEED_PHOTO_HASH = /^[0-9a-f]{20}$/;

export const feedPhotoFileName = (hash: string, width: FeedPhotoWidth, format: FeedPhotoFormat): string => `${hash}-${width}.${format}`;

export const feedPhotoUrl = (hash: string, width: FeedPhotoWidth = FEED_PHOTO_LARGE, format: FeedPhotoFormat = 'jpg'): string =>
  `${FEED_PHOTO_PATH}${feedPhotoFileName(hash, width, format)}`;

const FILE_NAME = /^([0-9a-f]{20})-(\d+)\.(webp|jpg)$/;

/** `{ hash, width, format }` of a stored photo's file name, or undefined for any other name. */
export function parseFeedPhotoFileName(name: string): { hash: string; width: FeedPhotoWidth; format: FeedPhotoFormat } | undefined {
  const match = FILE_NAME.exec(name);
  if (!match) return undefined;
  const width = Number(match[2]);
  const format = match[3] as FeedPhotoFormat;
  if (!FEED_PHOTO_VARIANTS.some((v) => v.width === width && v.format === format)) return undefined;
  return { hash: match[1]!, width: width as FeedPhotoWidth, format };
}

/** The stored photo a site URL names, or undefined for any other image. */
export function parseFeedPhotoUrl(url: string): { hash: string; width: FeedPhotoWidth; format: FeedPhotoFormat } | undefined {
  if (!url.startsWith(FEED_PHOTO_PATH)) return undefined;
  return parseFeedPhotoFileName(url.slice(FEED_PHOTO_PATH.length));
}

/**
 * The WebP at the smallest width that still fills `width` CSS pixels (the largest if none does);
 * undefined when the URL is not a stored feed photo.
 */
export function feedPhotoAtWidth(url: string, width: number): string | undefined {
  const photo = parseFeedPhotoUrl(url);
  if (!photo) return undefined;
  const fit = FEED_PHOTO_WIDTHS.find((w) => w >= width) ?? FEED_PHOTO_LARGE;
  return feedPhotoUrl(photo.hash, fit, 'webp');
}

/** `<400 webp> 400w, <800 webp> 800w` for a stored feed photo; '' for any other image. */
export function feedPhotoSrcSet(url: string): string {
  const photo = parseFeedPhotoUrl(url);
  if (!photo) return '';
  return FEED_PHOTO_WIDTHS.map((width) => `${feedPhotoUrl(photo.hash, width, 'webp')} ${width}w`).join(', ');
}

/** Every stored file (name) the given image URLs use, each photo in all its variants, for the site to emit. */
export function feedPhotoFiles(urls: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const url of urls) {
    const photo = parseFeedPhotoUrl(url);
    if (!photo) continue;
    for (const { width, format } of FEED_PHOTO_VARIANTS) names.add(feedPhotoFileName(photo.hash, width, format));
  }
  return [...names];
}
