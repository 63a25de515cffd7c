/**
 * The header search's autocomplete (matching cars with image, name and price, each linking to its
 * car page): the ARIA 1.2 combobox pattern over the
 * server-rendered search form. The header loads this module on the first focus or keystroke in
 * the search box, so pages that never search ship none of it.
 *
 * The typed words are read as the results page reads them (model/shopper-words.ts, with the
 * stock's own values, asked for once per page): 'used suv' suggests used SUVs and 'ranger under
 * 40k' Rangers up to $40,000, and when the words read so find nothing, the text as typed is
 * searched, as the results page then does.
 *
 * Hit text comes from the stock feed and may hold markup: it is only ever set as textContent.
 */
import { currencyFor, formatMoney, wording } from '../../platform/formats/region';
import { searchEndpoint } from '../../platform/config/search-endpoint';
import { stockNoun } from '../model/hero/budget';
import { multiSearch, resultCount } from '../model/hero/multi-search';
import { autocompleteHit, autocompleteQuery, stockWords, stockWordsQuery, type AutocompleteHit } from '../model/hero/requests';
import { readingsOf, settledReading } from '../model/shopper-words';
import { createQueryCache } from '../../platform/web/query-cache';
import type { Vocabulary } from '../model/routing';
import { readSearchSite } from '../model/hero/site-json';
import { AUTOCOMPLETE_IMAGE_HEIGHT } from '../model/state';
import { MIN_QUERY_LENGTH, QUERY_DELAY_MS, moveActive, normaliseQuery, RecentResults } from '../model/hero/autocomplete';

/** Hit images are drawn 50 px high; their width follows the image (4:3 until it loads). */
const IMAGE_WIDTH_GUESS = Math.round((AUTOCOMPLETE_IMAGE_HEIGHT * 4) / 3);

export function initAutocomplete(input: HTMLInputElement, doc: Document = document, win: Window = window): void {
  if (input.dataset.autocomplete === 'ready') return;
  const form = input.form;
  const popup = doc.getElementById(input.getAttribute('aria-controls') ?? '')?.closest<HTMLElement>('[data-ac-popup]');
  const listbox = popup?.querySelector<HTMLElement>('[role="listbox"]');
  const message = popup?.querySelector<HTMLElement>('[data-ac-message]');
  const status = form?.parentElement?.querySelector<HTMLElement>('[data-ac-status]');
  const site = readSearchSite(doc);
  if (!form || !popup || !listbox || !message || !status || !site) return;
  input.dataset.autocomplete = 'ready';

  const say = wording(site.locale);
  const noun = stockNoun(site);
  const endpoint = searchEndpoint(site);
  const money = (amount: number) => formatMoney(amount, site.locale, currencyFor(site.region));
  const recent = new RecentResults<AutocompleteHit[]>();
  const context = () => ({ site, nowSeconds: Math.floor(Date.now() / 1000) });
  const stock = createQueryCache<Vocabulary>(() =>
    multiSearch(endpoint, [stockWordsQuery(context(), endpoint.indexUid)], { origin: win.location.origin }).then(([result]) => stockWords(result)),
  );
  // One key: this page's stock. A failed ask is asked again with the next search, not kept for the page.
  const STOCK = 'stock';
  const stockVocabulary = () => (stock.state(STOCK)?.status === 'error' ? stock.refetch(STOCK) : stock.get(STOCK));
  void stockVocabulary().catch(() => undefined);
  let options: HTMLElement[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let shownFor = '';

  const setActive = (index: number) => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (option) {
      option.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };

  const close = () => {
    popup.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  };

  const showMessage = (text: string) => {
    options = [];
    listbox.replaceChildren();
    listbox.hidden = true;
    message.textContent = text;
    message.hidden = false;
    popup.hidden = false;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
    status.textContent = text;
  };

  const optionElement = (id: string, href: string, children: Node[], className: string) => {
    const li = doc.createElement('li');
    li.id = id;
    li.className = className;
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', 'false');
    li.dataset.href = href;
    li.append(...children);
    return li;
  };

  const hitOption = (hit: AutocompleteHit, index: number) => {
    const children: Node[] = [];
    if (hit.image) {
      const img = doc.createElement('img');
      img.src = hit.image;
      img.alt = '';
      img.height = AUTOCOMPLETE_IMAGE_HEIGHT;
      img.width = IMAGE_WIDTH_GUESS;
      img.decoding = 'async';
      img.className = 'ac-image';
      children.push(img);
    } else {
      const blank = doc.createElement('span');
      blank.className = 'ac-image ac-image-none';
      children.push(blank);
    }
    const text = doc.createElement('span');
    text.className = 'ac-text';
    const name = doc.createElement('span');
    name.className = 'ac-name';
    name.textContent = hit.name;
    text.append(name);
    if (hit.price !== undefined) {
      const price = doc.createElement('span');
      price.className = 'ac-price';
      price.textContent = money(hit.price);
      text.append(price);
    }
    children.push(text);
    return optionElement(`${listbox.id}-${index}`, hit.url, children, 'ac-option');
  };

  const showHits = (query: string, hits: AutocompleteHit[]) => {
    shownFor = query;
    if (hits.length === 0) {
      showMessage(say(`No ${noun}s match “${query}”.`));
      return;
    }
    const all = doc.createElement('span');
    all.textContent = `See all results for “${query}”`;
    const allUrl = `${form.getAttribute('action') ?? '/search'}?${new URLSearchParams({ query }).toString()}`;
    options = [...hits.map(hitOption), optionElement(`${listbox.id}-all`, allUrl, [all], 'ac-option ac-all')];
    listbox.replaceChildren(...options);
    listbox.hidden = false;
    message.hidden = true;
    popup.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    setActive(-1);
    status.textContent = `${hits.length} ${hits.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`;
  };

  const search = async (query: string) => {
    const cached = recent.get(query);
    if (cached) {
      showHits(query, cached);
      return;
    }
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      const readings = readingsOf({ query, refinements: {}, ranges: {} }, await stockVocabulary());
      const ctx = context();
      const results = await multiSearch(
        endpoint,
        readings.map((reading) => autocompleteQuery(reading, ctx, endpoint.indexUid)),
        { origin: win.location.origin, signal: controller.signal },
      );
      const result = settledReading(results, results.map(resultCount));
      const hits = (result?.hits ?? []).map(autocompleteHit).filter((hit): hit is AutocompleteHit => hit !== undefined);
      recent.set(query, hits);
      if (inFlight === controller && normaliseQuery(input.value) === query) showHits(query, hits);
    } catch (error) {
      if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
      if (normaliseQuery(input.value) === query) showMessage('Suggestions are unavailable right now. Press Enter to search.');
    } finally {
      if (inFlight === controller) inFlight = undefined;
    }
  };

  const update = () => {
    clearTimeout(timer);
    const query = normaliseQuery(input.value);
    if (query.length < MIN_QUERY_LENGTH) {
      inFlight?.abort();
      shownFor = '';
      close();
      status.textContent = '';
      return;
    }
    if (query === shownFor && !popup.hidden) return;
    timer = setTimeout(() => void search(query), QUERY_DELAY_MS);
  };

  const go = (option: HTMLElement | undefined) => {
    const href = option?.dataset.href;
    if (!href) return false;
    close();
    win.location.assign(href);
    return true;
  };

  input.addEventListener('input', update);
  input.addEventListener('focus', () => {
    if (shownFor && normaliseQuery(input.value) === shownFor) popup.hidden = false;
    if (options.length > 0 && !popup.hidden) input.setAttribute('aria-expanded', 'true');
  });
  input.addEventListener('keydown', (event) => {
    const open = !popup.hidden && options.length > 0;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!open) {
          if (options.length > 0) {
            popup.hidden = false;
            input.setAttribute('aria-expanded', 'true');
          } else return;
        }
        event.preventDefault();
        setActive(moveActive(active, options.length, event.key === 'ArrowDown' ? 1 : -1));
        break;
      case 'Enter':
        if (open && active >= 0 && go(options[active])) event.preventDefault();
        break;
      case 'Escape':
        if (!popup.hidden) {
          event.preventDefault();
          // The header's own Escape handling (menus, drawer) must not also act on this key.
          event.stopPropagation();
          close();
        }
        break;
      default:
    }
  });
  // Keep focus in the box while an option is pressed, so the click lands before any blur.
  listbox.addEventListener('mousedown', (event) => event.preventDefault());
  listbox.addEventListener('click', (event) => {
    const option = (event.target as Element | null)?.closest<HTMLElement>('[role="option"]');
    if (option) go(option);
  });
  input.addEventListener('blur', close);
  form.addEventListener('submit', close);

  // The first keystroke may have come before this module arrived.
  update();
}
