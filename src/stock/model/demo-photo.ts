/**
 * Demo stock photos: rendered offline in Blender (scripts/demo-photos/), one per vehicle kind ×
 * paint colour × view, committed as JPEGs in two widths and served from the dealer's own site
 * (`/stock-photos/<width>/<kind>-<colour>-<view>.jpg`, src/pages/stock-photos/[width]/[name].jpg.ts).
 * Being real JPEGs, the ad feeds take them, unlike the drawn SVG placeholders.
 * Decision and licence: docs/decisions/demo-photos.md.
 */
import { PLACEHOLDER_VIEWS, parsePlaceholderName, placeholderName, type PlaceholderColour, type PlaceholderKind } from './placeholder-image';

export const DEMO_PHOTO_PATH = '/stock-photos/';
/** 800 for the car page and the feeds; 400 for cards and gallery thumbnails. */
export const DEMO_PHOTO_WIDTHS = [400, 800] as const;
export type DemoPhotoWidth = (typeof DEMO_PHOTO_WIDTHS)[number];
export const DEMO_PHOTO_LARGE: DemoPhotoWidth = 800;
/** Where the committed JPEGs live, one folder per width, from the repository root. */
export const DEMO_PHOTO_DIR = 'src/stock/demo-photos';

/** Same names as the placeholders: `<kind>-<colour>-<view>`. */
export const parseDemoPhotoName = parsePlaceholderName;

export const demoPhotoUrl = (kind: PlaceholderKind, colour: PlaceholderColour, view: number, width: DemoPhotoWidth = DEMO_PHOTO_LARGE): string =>
  `${DEMO_PHOTO_PATH}${width}/${placeholderName(kind, colour, view)}.jpg`;

/** The four views of one vehicle (3/4 front, side, 3/4 rear, front), the 3/4 front first as its primary image. */
export function demoPhotoUrls(kind: PlaceholderKind, colour: PlaceholderColour, width: DemoPhotoWidth = DEMO_PHOTO_LARGE): string[] {
  return Array.from({ length: PLACEHOLDER_VIEWS }, (_, i) => demoPhotoUrl(kind, colour, i + 1, width));
}

const PHOTO_URL = /^\/stock-photos\/(\d+)\/([a-z]+-[a-z]+-\d)\.jpg$/;

/** `{ width, name }` of a demo photo URL (site path), or undefined for any other image. */
export function parseDemoPhotoUrl(url: string): { width: DemoPhotoWidth; name: string } | undefined {
  const match = PHOTO_URL.exec(url);
  if (!match) return undefined;
  const width = Number(match[1]);
  const name = match[2]!;
  if (!(DEMO_PHOTO_WIDTHS as readonly number[]).includes(width) || !parseDemoPhotoName(name)) return undefined;
  return { width: width as DemoPhotoWidth, name };
}

/**
 * The demo photo at the smallest width that still fills `width` CSS pixels (the largest if none
 * does); undefined when the URL is not a demo photo. Lets cards and thumbnails load the 400-wide
 * file without an image CDN.
 */
export function demoPhotoAtWidth(url: string, width: number): string | undefined {
  const photo = parseDemoPhotoUrl(url);
  if (!photo) return undefined;
  const fit = DEMO_PHOTO_WIDTHS.find((w) => w >= width) ?? DEMO_PHOTO_LARGE;
  return `${DEMO_PHOTO_PATH}${fit}/${photo.name}.jpg`;
}

/** Every demo photo file (`<width>/<name>`) the given image URLs use, for the site to emit. */
export function demoPhotoFiles(urls: Iterable<string>): { width: DemoPhotoWidth; name: string }[] {
  const seen = new Map<string, { width: DemoPhotoWidth; name: string }>();
  for (const url of urls) {
    const photo = parseDemoPhotoUrl(url);
    if (!photo) continue;
    // A car showing the 800 photo also shows its 400 card/thumbnail, and the other way round.
    for (const width of DEMO_PHOTO_WIDTHS) seen.set(`${width}/${photo.name}`, { width, name: photo.name });
  }
  return [...seen.values()];
}
