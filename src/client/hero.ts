/** The hero's 'SEARCH BY BUDGET' / 'SEARCH STOCK' switch between its two panels. */
export function initHero(doc: Document = document): void {
  const panel = doc.querySelector<HTMLElement>('[data-hero-panel]');
  const toggle = panel?.querySelector<HTMLButtonElement>('[data-hero-switch]');
  const stock = panel?.querySelector<HTMLElement>('[data-panel="stock"]');
  const budget = panel?.querySelector<HTMLElement>('[data-panel="budget"]');
  if (!toggle || !stock || !budget) return;
  toggle.addEventListener('click', () => {
    const showBudget = budget.hidden;
    budget.hidden = !showBudget;
    stock.hidden = showBudget;
    toggle.textContent = showBudget ? 'SEARCH STOCK' : 'SEARCH BY BUDGET';
    (showBudget ? budget : stock).querySelector<HTMLElement>('input, select')?.focus();
  });
}
