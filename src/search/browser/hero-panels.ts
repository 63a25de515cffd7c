/**
 * The hero's live behaviour: the stock panel's make and model lists from the stock, its search
 * button to the built search path, and the budget panel (the rules are in src/search/model/hero/).
 * src/search/browser/hero.ts loads this module once the shopper reaches for the hero (pointer,
 * focus or touch), so the home page itself ships only a small loader.
 */
import { currencyFor, formatMoney } from '../../platform/formats/region';
import { searchEndpoint } from '../../platform/config/search-endpoint';
import type { SearchContext } from '../model/query';
import type { SearchSite } from '../model/site';
import {
  budgetFor,
  budgetLinkMax,
  budgetLoanFrom,
  budgetTooLow,
  foundLabel,
  parseAmount,
  repaymentAfterSwitch,
  stockNoun,
  type Frequency,
  type PriceStats,
} from '../model/hero/budget';
import type { HeroSelection } from '../model/hero/remembered';
import { makeDropdown, modelDropdown } from '../model/hero/makes';
import { multiSearch, resultCount, type SearchQuery, type SearchResult } from '../model/hero/multi-search';
import { formatAmount } from '../model/hero/quick-picks';
import { budgetCountQuery, makeFacetQuery, modelFacetQuery, priceStats, priceStatsQuery } from '../model/hero/requests';
import { budgetSearchPath, heroSearchPath } from '../model/hero/routes';
import { readSearchSite } from '../model/hero/site-json';
import { rememberHeroSelection } from './hero-state';

export interface HeroParts {
  stock: HTMLFormElement;
  budget: HTMLFormElement;
}

export interface HeroPanels {
  /** Where the stock panel's search button goes now. */
  searchPath: () => string;
  /** The budget panel has just been shown. */
  budgetShown: () => void;
}

interface HeroSearch {
  site: SearchSite;
  indexUid: string;
  context: () => SearchContext;
  search: (queries: SearchQuery[]) => Promise<SearchResult[]>;
}

/** Typing settles before the budget count is asked for. */
const COUNT_DELAY_MS = 250;

/** Undefined when the page carries no usable search settings: the plain forms then do the work. */
export function enhanceHero(parts: HeroParts, win: Window): HeroPanels | undefined {
  const doc = parts.stock.ownerDocument;
  const site = readSearchSite(doc);
  if (!site) return undefined;
  const endpoint = searchEndpoint(site);
  const hero: HeroSearch = {
    site,
    indexUid: endpoint.indexUid,
    context: () => ({ site, nowSeconds: Math.floor(Date.now() / 1000) }),
    search: (queries) => multiSearch(endpoint, queries, { origin: win.location.origin }),
  };
  const searchPath = initStockPanel(parts.stock, hero);
  const budgetShown = initBudgetPanel(parts.budget, hero);
  if (!searchPath) return undefined;
  return { searchPath, budgetShown };
}

function option(doc: Document, value: string, label: string): HTMLOptionElement {
  const element = doc.createElement('option');
  element.value = value;
  element.textContent = label;
  return element;
}

/** Replaces every option but the first ('Any make' / 'Any model'). */
function replaceOptions(select: HTMLSelectElement, children: Node[]): void {
  const first = select.options[0];
  select.replaceChildren(...(first ? [first] : []), ...children);
}

function initStockPanel(form: HTMLFormElement, hero: HeroSearch): (() => string) | undefined {
  const doc = form.ownerDocument;
  const makeSelect = form.querySelector<HTMLSelectElement>('select[name="make"]');
  const modelSelect = form.querySelector<HTMLSelectElement>('select[name="make_model"]');
  if (!makeSelect || !modelSelect) return undefined;
  const { site } = hero;
  const carTypeInputs = [...form.querySelectorAll<HTMLInputElement>('input[name="car_type"]')];
  const radios = carTypeInputs.filter((input) => input.type === 'radio');

  // The form already shows the remembered choice (src/search/browser/hero.ts put it there), and
  // whatever the shopper changed since: read it from there.
  let selection: HeroSelection = {
    car_type: carTypeInputs.find((input) => input.type !== 'radio' || input.checked)?.value ?? '',
    make: makeSelect.value,
    make_model: makeSelect.value ? modelSelect.value : '',
  };
  const save = () => rememberHeroSelection(site.slug, selection);

  const fillMakes = (distribution: Record<string, number> | undefined) => {
    const { popular, rest } = makeDropdown(distribution, site.features);
    const group = (label: string, makes: string[]) => {
      const element = doc.createElement('optgroup');
      element.label = label;
      element.append(...makes.map((make) => option(doc, make, make)));
      return element;
    };
    replaceOptions(
      makeSelect,
      popular.length > 0 ? [group('Popular Makes', popular), ...(rest.length > 0 ? [group('All Makes', rest)] : [])] : rest.map((m) => option(doc, m, m)),
    );
    if (!popular.includes(selection.make) && !rest.includes(selection.make)) selection = { ...selection, make: '', make_model: '' };
    makeSelect.value = selection.make;
  };

  const fillModels = (distribution: Record<string, number> | undefined) => {
    const models = selection.make ? modelDropdown(distribution, selection.make) : [];
    replaceOptions(
      modelSelect,
      models.map((m) => option(doc, m.value, m.label)),
    );
    if (!models.some((m) => m.value === selection.make_model)) selection = { ...selection, make_model: '' };
    modelSelect.value = selection.make_model;
    // Models follow the make: with none chosen there is nothing to list.
    modelSelect.disabled = !selection.make;
  };

  let generation = 0;
  const refresh = async (makesToo: boolean) => {
    const current = ++generation;
    const ctx = hero.context();
    const queries: SearchQuery[] = [];
    if (makesToo) queries.push(makeFacetQuery(selection, ctx, hero.indexUid));
    if (selection.make) queries.push(modelFacetQuery(selection, ctx, hero.indexUid));
    let results: SearchResult[] = [];
    try {
      if (queries.length > 0) results = await hero.search(queries);
    } catch {
      // The lists from the config stay; the search page copes with any choice.
      return;
    }
    if (current !== generation) return;
    const [first, second] = results;
    if (makesToo) fillMakes(first?.facetDistribution?.make);
    fillModels((makesToo ? second : first)?.facetDistribution?.make_model);
    form.dataset.stockLists = 'ready';
    save();
  };

  for (const radio of radios) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      selection = { ...selection, car_type: radio.value };
      save();
      void refresh(true);
    });
  }
  makeSelect.addEventListener('change', () => {
    selection = { ...selection, make: makeSelect.value, make_model: '' };
    save();
    void refresh(false);
  });
  modelSelect.addEventListener('change', () => {
    selection = { ...selection, make_model: modelSelect.value };
    save();
  });

  void refresh(true);
  return () => heroSearchPath(selection, site);
}

/** Wires the budget panel; returns what to do each time it is shown (first: load stock prices). */
function initBudgetPanel(form: HTMLFormElement, hero: HeroSearch): () => void {
  const repaymentInput = form.querySelector<HTMLInputElement>('[data-amount="repayment"]');
  const depositInput = form.querySelector<HTMLInputElement>('[data-amount="deposit"]');
  // A select where the shopper chooses weekly or monthly; a hidden input where payments are monthly only (US).
  const frequencySelect = form.querySelector<HTMLSelectElement | HTMLInputElement>('[name="frequency"]');
  const total = form.querySelector<HTMLElement>('[data-budget-total]');
  const none = form.querySelector<HTMLElement>('[data-budget-none]');
  const link = form.querySelector<HTMLAnchorElement>('[data-budget-link]');
  const empty = form.querySelector<HTMLButtonElement>('[data-budget-empty]');
  if (!repaymentInput || !depositInput || !frequencySelect || !total || !none || !link || !empty) return () => undefined;

  const { site } = hero;
  const noun = stockNoun(site);
  const money = (amount: number) => formatMoney(amount, site.locale, currencyFor(site.region));
  // The advertised loan the page was built with; without one, the plain sum (as the panel's note says).
  const loan = budgetLoanFrom(form.dataset.budgetLoan);
  const asFrequency = (value: string): Frequency => (value === 'monthly' ? 'monthly' : 'weekly');
  let frequency = asFrequency(frequencySelect.value);
  let stats: PriceStats | undefined;
  let statsRequested = false;
  let countTimer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  const showNone = (isNone: boolean) => {
    none.hidden = !isNone;
    empty.hidden = !isNone;
    link.hidden = isNone;
  };

  const count = async (maxPrice: number) => {
    const current = ++generation;
    try {
      const [result] = await hero.search([budgetCountQuery(maxPrice, hero.context(), hero.indexUid)]);
      if (current !== generation || !result) return;
      const found = resultCount(result);
      showNone(found === 0);
      link.textContent = foundLabel(found, noun);
    } catch {
      // The previous count stays on a failed search: the link itself still works.
    }
  };

  const render = () => {
    const budget = budgetFor({ repayment: parseAmount(repaymentInput.value), frequency, deposit: parseAmount(depositInput.value) }, loan);
    total.textContent = money(budget);
    clearTimeout(countTimer);
    if (budgetTooLow(budget, stats)) {
      generation += 1; // a count still on its way is for another budget
      showNone(true);
      return;
    }
    showNone(false);
    const maxPrice = budgetLinkMax(budget, stats);
    try {
      link.href = budgetSearchPath(maxPrice, site);
    } catch {
      // The last good link stays.
    }
    countTimer = setTimeout(() => void count(maxPrice), COUNT_DELAY_MS);
  };

  const tidy = (input: HTMLInputElement) => {
    input.value = formatAmount(parseAmount(input.value), site.locale);
  };
  for (const input of [repaymentInput, depositInput]) {
    input.addEventListener('input', render);
    input.addEventListener('change', () => tidy(input));
  }
  frequencySelect.addEventListener('change', () => {
    const next = asFrequency(frequencySelect.value);
    repaymentInput.value = formatAmount(repaymentAfterSwitch(parseAmount(repaymentInput.value), frequency, next), site.locale);
    frequency = next;
    render();
  });
  form.querySelectorAll<HTMLButtonElement>('[data-quick-pick]').forEach((button) => {
    button.addEventListener('click', () => {
      depositInput.value = formatAmount(parseAmount(button.dataset.quickPick), site.locale);
      render();
    });
  });
  form.addEventListener('submit', (event) => {
    // Enter in an amount field follows the link rather than sending the raw amounts.
    event.preventDefault();
    if (!link.hidden) link.click();
  });

  return () => {
    if (!statsRequested) {
      statsRequested = true;
      hero
        .search([priceStatsQuery(hero.context(), hero.indexUid)])
        .then(([result]) => {
          stats = priceStats(result);
          render();
        })
        .catch(() => {
          statsRequested = false; // try again next time the panel opens
        });
    }
    render();
  };
}
