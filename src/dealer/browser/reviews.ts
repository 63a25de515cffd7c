/** 'View more' / 'View less' on long reviews, and the carousel's active (centre) card. */
export function initReviews(doc: Document = document): void {
  doc.querySelectorAll<HTMLElement>('[data-review-text]').forEach((block) => {
    const toggle = block.querySelector<HTMLButtonElement>('[data-review-toggle]');
    const short = block.querySelector<HTMLElement>('[data-short]');
    const full = block.querySelector<HTMLElement>('[data-full]');
    if (!toggle || !short || !full) return;
    toggle.addEventListener('click', () => {
      const expand = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(expand));
      short.hidden = expand;
      full.hidden = !expand;
      toggle.textContent = expand ? 'View less' : 'View more';
    });
  });

  doc.querySelectorAll<HTMLElement>('[data-review-carousel]').forEach((carousel) => {
    const track = carousel.querySelector<HTMLElement>('[data-track]');
    if (!track) return;
    const items = Array.from(track.children) as HTMLElement[];
    const activate = (index: number, behavior: ScrollBehavior) => {
      const item = items[index];
      if (!item) return;
      items.forEach((el, i) => el.querySelector('[data-review-card]')?.classList.toggle('is-active', i === index));
      track.scrollTo({ left: item.offsetLeft - (track.clientWidth - item.clientWidth) / 2, behavior });
    };
    // Centring needs layout; doing it when the carousel first nears the viewport keeps that
    // work off the page load (the active card is already marked in the HTML).
    const start = Number(carousel.dataset.start ?? 0);
    if ('IntersectionObserver' in window) {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          activate(start, 'auto');
        },
        { rootMargin: '200px' },
      );
      observer.observe(carousel);
    } else activate(start, 'auto');
    items.forEach((item, i) =>
      item.addEventListener('click', (event) => {
        if ((event.target as Element).closest('button, a')) return;
        activate(i, 'smooth');
      }),
    );
  });
}
