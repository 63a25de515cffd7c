/**
 * Loads the safety-rating vendor's script once the banner is within reach of the viewport, never
 * at page load: most shoppers never scroll that far, and the page must stay fast without it.
 */
export function initSafetyBanner(root: ParentNode = document, doc: Document = document): void {
  const banner = root.querySelector<HTMLElement>('[data-safety-banner]');
  const src = banner?.dataset.script;
  if (!banner || !src || banner.hidden || !('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      if (doc.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      doc.head.append(script);
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(banner);
}
