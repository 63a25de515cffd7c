import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRoute, GetStaticPaths } from 'astro';
import { DEMO_PHOTO_DIR, demoPhotoFiles, parseDemoPhotoUrl } from '../../../stock/model/demo-photo';
import { stockForPathsAndSearch } from '../../../stock/server/site-stock';
import { perSite, site } from '../../../platform/config/current';

// Demo stock photos (src/stock/model/demo-photo.ts): only the files this dealer's stock and model
// range show, copied from the committed set.
export const getStaticPaths = (() =>
  perSite('demo photo pages', () =>
    demoPhotoFiles([
      ...stockForPathsAndSearch().flatMap((car) => [
        ...(car.primary_image_url ? [car.primary_image_url] : []),
        ...car.images.map((i) => i.image_url),
        ...car.thumbnails,
      ]),
      ...site.models.flatMap((model) => [model.image?.url, model.cloudfront_new_image_url].filter((url): url is string => url !== undefined)),
    ]).map(({ width, name }) => ({ params: { width: String(width), name } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const photo = parseDemoPhotoUrl(`/stock-photos/${params.width ?? ''}/${params.name ?? ''}.jpg`);
  if (!photo) return new Response('Not found', { status: 404 });
  return new Response(readFileSync(path.resolve(DEMO_PHOTO_DIR, String(photo.width), `${photo.name}.jpg`)), { headers: { 'Content-Type': 'image/jpeg' } });
};
