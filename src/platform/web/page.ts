/** Small page-wide behaviour: the scroll-to-top button and the footer's current year. */
export function initPage(doc: Document = document, win: Window = window): void {
  const toTop = doc.querySelector<HTMLElement>('[data-scroll-top]');
  if (toTop) {
    const update = () => toTop.classList.toggle('is-visible', win.scrollY > 600);
    win.addEventListener('scroll', update, { passive: true });
    update();
    toTop.addEventListener('click', (event) => {
      event.preventDefault();
      const reduce = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
      win.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      doc.getElementById('main')?.focus({ preventScroll: true });
    });
  }
  // A static page can outlive the year it was built in.
  doc.querySelectorAll<HTMLElement>('[data-current-year]').forEach((el) => {
    el.textContent = String(new Date().getFullYear());
  });
}
