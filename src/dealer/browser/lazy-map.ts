/** Swaps a map placeholder for the embedded map once it nears the viewport, never before. */
export function initLazyMaps(doc: Document = document): void {
  const placeholders = doc.querySelectorAll<HTMLElement>('[data-map-src]');
  if (placeholders.length === 0 || !('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const el = entry.target as HTMLElement;
        observer.unobserve(el);
        const frame = doc.createElement('iframe');
        frame.src = el.dataset.mapSrc ?? '';
        frame.title = el.dataset.mapTitle ?? 'Map';
        frame.loading = 'lazy';
        frame.referrerPolicy = 'no-referrer-when-downgrade';
        el.replaceChildren(frame);
      }
    },
    { rootMargin: '200px' },
  );
  placeholders.forEach((el) => observer.observe(el));
}
