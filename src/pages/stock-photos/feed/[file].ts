import { existsSync, readFileSync } from 'node:fs';
import type { APIRoute, GetStaticPaths } from 'astro';
import { feedPhotoFiles, parseFeedPhotoFileName } from '../../../stock/model/feed-photo';
import { storedPhotoFile } from '../../../stock/server/photo-store';
import { stockForPathsAndSearch } from '../../../stock/server/site-stock';
import { perSite, site } from '../../../platform/config/current';

// A feed's photos as the import stored them (src/stock/server/feed-photos.ts): only the files this
// dealer's stock shows, each in every stored width and format, copied from the dealer's photo folder.
// A file missing from the folder (deleted by hand) is left out rather than failing the dealer's site.
export const getStaticPaths = (() =>
  perSite('feed photo pages', () =>
    feedPhotoFiles(
      stockForPathsAndSearch().flatMap((car) => [
        ...(car.primary_image_url ? [car.primary_image_url] : []),
        ...car.images.map((i) => i.image_url),
        ...car.thumbnails,
      ]),
    )
      .filter((file) => {
        const photo = parseFeedPhotoFileName(file);
        const stored = photo && storedPhotoFile(site.slug, photo.hash, photo.width, photo.format);
        return stored !== undefined && existsSync(stored);
      })
      .map((file) => ({ params: { file } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const photo = parseFeedPhotoFileName(params.file ?? '');
  const file = photo && storedPhotoFile(site.slug, photo.hash, photo.width, photo.format);
  if (!file) return new Response('Not found', { status: 404 });
  return new Response(readFileSync(file), { headers: { 'Content-Type': photo.format === 'webp' ? 'image/webp' : 'image/jpeg' } });
};
