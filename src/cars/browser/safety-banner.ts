/**
 * Loads the safety-rating vendor's script once the banner is within reach of the viewport, never
 * at page load: most shoppers never scroll that far, and the page must stay fast without it.
 *
 * When the script cannot load (offline, blocked by the shopper's browser, the vendor down) or
 * loads but fills no widget, the banner must not sit there as an empty frame: its widgets give way
 * to a plain statement that the rating cannot be shown here.
 */

/** How long the vendor's script gets to fill its widgets once it has loaded. */
export const SAFETY_WIDGET_GRACE_MS = 4000;

/** Whether the vendor's script has put anything in a widget beyond the label the page ships. */
export function widgetFilled(widget: Element): boolean {
  return [...widget.children].some((child) => !child.hasAttribute('data-safety-label'));
}

/** Hides the empty widgets and shows the banner's plain statement instead. */
export function showSafetyFallback(banner: HTMLElement): void {
  const widgets = [...banner.querySelectorAll<HTMLElement>('[data-safety-class]:not([hidden])')];
  if (widgets.some(widgetFilled)) return;
  banner.querySelector<HTMLElement>('.car-safety-widgets')?.setAttribute('hidden', '');
  const statement = banner.querySelector<HTMLElement>('[data-safety-unavailable]');
  if (statement) statement.hidden = false;
}

export function initSafetyBanner(root: ParentNode = document, doc: Document = document, graceMs = SAFETY_WIDGET_GRACE_MS): void {
  const banner = root.querySelector<HTMLElement>('[data-safety-banner]');
  const src = banner?.dataset.script;
  if (!banner || !src || banner.hidden || !('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const loaded = doc.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`);
      if (loaded) {
        // Another banner already asked for it (the car shell re-renders): judge this one after the grace.
        window.setTimeout(() => showSafetyFallback(banner), graceMs);
        return;
      }
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('error', () => showSafetyFallback(banner));
      script.addEventListener('load', () => window.setTimeout(() => showSafetyFallback(banner), graceMs));
      doc.head.append(script);
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(banner);
}
