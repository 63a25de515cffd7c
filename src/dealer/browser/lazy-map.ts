/**
 * Swaps a keyed locations map's placeholder (StaticLocationsMap.astro) for the maps service's
 * image once it nears the viewport, never before: most visits never scroll that far, and the
 * shopper's address is not sent to the maps service for a map nobody looked at.
 */
export function initLazyMaps(doc: Document = document, win: Window = window): void {
  const placeholders = doc.querySelectorAll<HTMLElement>('[data-map-image]');
  if (placeholders.length === 0 || !('IntersectionObserver' in win)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const el = entry.target as HTMLElement;
        observer.unobserve(el);
        const image = doc.createElement('img');
        image.src = el.dataset.mapImage ?? '';
        // The list under the map names every location: the picture adds nothing to read out.
        image.alt = '';
        image.width = Number(el.dataset.mapWidth) || 640;
        image.height = Number(el.dataset.mapHeight) || 360;
        image.decoding = 'async';
        image.referrerPolicy = 'strict-origin-when-cross-origin';
        el.replaceChildren(image);
      }
    },
    { rootMargin: '200px' },
  );
  placeholders.forEach((el) => observer.observe(el));
}
