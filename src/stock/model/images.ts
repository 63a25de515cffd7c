import type { DealerConfig } from '../../platform/config/schema';
import { demoPhotoAtWidth } from './demo-photo';
import { feedPhotoAtWidth, feedPhotoSrcSet } from './feed-photo';

export interface ImageSize {
  width: number;
  quality?: number;
}

/**
 * A stock or model image through the dealer's image CDN, sized for where it is shown (width and
 * quality parameters). Site-relative images are already static files and pass as they
 * are (demo stock photos at the file width that fits; a feed's stored photos as the WebP at the
 * width that fits), as does everything when the dealer has no CDN.
 */
export function imageSrc(url: string, site: Pick<DealerConfig, 'image_cdn'>, size: ImageSize): string {
  const demo = demoPhotoAtWidth(url, size.width);
  if (demo) return demo;
  const stored = feedPhotoAtWidth(url, size.width);
  if (stored) return stored;
  const cdn = site.image_cdn;
  if (!cdn || !/^https?:\/\//.test(url)) return url;
  const params = new URLSearchParams({ url, w: String(Math.round(size.width)), q: String(size.quality ?? cdn.quality) });
  return `${cdn.base_url.replace(/\/$/, '')}/?${params.toString()}`;
}

/** A srcset of CDN widths (a stored feed photo's own two widths); empty when the image cannot be resized. */
export function imageSrcSet(url: string, site: Pick<DealerConfig, 'image_cdn'>, widths: readonly number[], quality?: number): string {
  const stored = feedPhotoSrcSet(url);
  if (stored) return stored;
  if (!site.image_cdn || !/^https?:\/\//.test(url)) return '';
  return widths.map((width) => `${imageSrc(url, site, { width, quality })} ${width}w`).join(', ');
}
