import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../platform/config/current';
import { parsePlaceholderName, placeholderKindsFor, placeholderNames, renderPlaceholderSvg } from '../../stock/model/placeholder-image';

// Placeholder stock photos (src/stock/model/placeholder-image.ts): a finite set, prerendered per dealer.
export const getStaticPaths = (() =>
  placeholderNames(placeholderKindsFor(site.search.categories)).map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const image = parsePlaceholderName(params.name ?? '');
  if (!image) return new Response('Not found', { status: 404 });
  return new Response(renderPlaceholderSvg(image.kind, image.colour, image.view), { headers: { 'Content-Type': 'image/svg+xml' } });
};
