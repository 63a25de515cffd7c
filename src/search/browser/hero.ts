/**
 * The home page hero: the 'SEARCH BY BUDGET' / 'SEARCH STOCK' switch, the remembered
 * car type, make and model put back into the form (kept by ./hero-state.ts), and a loader
 * for the rest (./hero-panels.ts: lists from the stock, the built search path, the budget panel).
 * The rest arrives once the shopper reaches for the hero, so the home page ships only this.
 * Without any script the server-rendered forms still search.
 */
import { browserStorage, readStored } from '../../platform/web/storage';
import { heroStorageKey, onSlider, parseHeroSelection } from '../model/hero/remembered';
import type { HeroPanels } from './hero-panels';

/** Puts a remembered value back, adding it as an option when the config's list lacks it. */
function choose(select: HTMLSelectElement | null, value: string): void {
  if (!select) return;
  if (value && ![...select.options].some((o) => o.value === value)) {
    const option = select.ownerDocument.createElement('option');
    option.value = value;
    option.textContent = value;
    select.append(option);
  }
  select.value = value;
}

export function initHero(doc: Document = document, win: Window = window): void {
  const panel = doc.querySelector<HTMLElement>('[data-hero-panel]');
  const stock = panel?.querySelector<HTMLFormElement>('[data-panel="stock"]');
  const budget = panel?.querySelector<HTMLFormElement>('[data-panel="budget"]');
  const toggle = panel?.querySelector<HTMLButtonElement>('[data-hero-switch]');
  const slug = panel?.dataset.siteSlug;
  if (!panel || !stock || !budget || !toggle || !slug) return;

  // The car types this form offers, first option first (without 'All', the first is chosen on arrival).
  const carTypeInputs = [...stock.querySelectorAll<HTMLInputElement>('input[name="car_type"]')];
  // Read here rather than through the hero's session store (./hero-state.ts), which the panels
  // bring: the home page's first load carries only this read.
  const stored = readStored(browserStorage('sessionStorage'), heroStorageKey(slug), parseHeroSelection);
  const remembered = stored && onSlider(stored, carTypeInputs.length > 0 ? carTypeInputs.map((input) => input.value) : ['']);
  if (remembered) {
    for (const input of carTypeInputs) if (input.type === 'radio') input.checked = input.value === remembered.car_type;
    choose(stock.querySelector('select[name="make"]'), remembered.make);
    choose(stock.querySelector('select[name="make_model"]'), remembered.make_model);
  }

  let panels: Promise<HeroPanels | undefined> | undefined;
  const load = (): Promise<HeroPanels | undefined> => {
    panels ??= import('./hero-panels').then(({ enhanceHero }) => enhanceHero({ stock, budget }, win));
    return panels;
  };
  const warm = () => void load().catch(() => undefined);
  for (const type of ['pointerenter', 'focusin', 'touchstart'] as const) panel.addEventListener(type, warm, { once: true, passive: true });
  // A shopper who has used the hero before gets the stock's lists straight away.
  if (remembered) warm();

  stock.addEventListener('submit', (event) => {
    event.preventDefault();
    load()
      .then((enhanced) => {
        if (!enhanced) throw new Error('no search settings');
        win.location.assign(enhanced.searchPath());
      })
      // The plain form's own request still reaches the search page.
      .catch(() => stock.submit());
  });

  // The switch shows (at every width) only once it can act.
  panel.dataset.ready = '';
  toggle.addEventListener('click', () => {
    const toBudget = budget.hidden;
    budget.hidden = !toBudget;
    stock.hidden = toBudget;
    toggle.textContent = toBudget ? 'SEARCH STOCK' : 'SEARCH BY BUDGET';
    if (toBudget)
      void load()
        .then((enhanced) => enhanced?.budgetShown())
        .catch(() => undefined);
    (toBudget ? budget : stock).querySelector<HTMLElement>('input:checked, input:not([type="radio"]), select')?.focus();
  });
}
