/**
 * `/models?body=…` in the browser: the page is one static file listing every model, so the body
 * filter hides the others. Chips are real links (they work without JavaScript: the full list
 * shows); with JavaScript a chip filters in place and updates the address.
 */
import { bodyFilter, modelsPath, ALL_BODIES } from './brands';

export function initBodyFilter(doc: Document = document, win: Window = window): void {
  const nav = doc.querySelector<HTMLElement>('[data-body-filter]');
  const cards = [...doc.querySelectorAll<HTMLElement>('[data-model-cards] > [data-body]')];
  const status = doc.querySelector<HTMLElement>('[data-body-filter-status]');
  if (!nav || cards.length === 0) return;
  const chips = [...nav.querySelectorAll<HTMLAnchorElement>('a[data-body-choice]')];
  const known = chips.map((c) => c.dataset.bodyChoice ?? '').filter((b) => b && b !== ALL_BODIES);

  const apply = (body: string) => {
    let shown = 0;
    for (const card of cards) {
      card.hidden = body !== ALL_BODIES && card.dataset.body !== body;
      if (!card.hidden) shown++;
    }
    for (const chip of chips) {
      if (chip.dataset.bodyChoice === body) chip.setAttribute('aria-current', 'true');
      else chip.removeAttribute('aria-current');
    }
    if (status) status.textContent = `Showing ${shown} ${shown === 1 ? 'model' : 'models'}`;
  };

  nav.addEventListener('click', (event) => {
    const chip = (event.target as Element).closest<HTMLAnchorElement>('a[data-body-choice]');
    const body = chip?.dataset.bodyChoice;
    if (!chip || !body || (event as MouseEvent).ctrlKey || (event as MouseEvent).metaKey) return;
    event.preventDefault();
    win.history.pushState(null, '', modelsPath(body));
    apply(body);
  });
  win.addEventListener('popstate', () => apply(bodyFilter(win.location.search, known)));
  apply(bodyFilter(win.location.search, known));
}
