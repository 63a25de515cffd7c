/**
 * /compare: the cars named by `?ids=` (a shared link), else the first four saved cars, side by
 * side in a table whose rows are marked where the cars differ. Cars come from search as they are
 * listed now; one the site no longer lists is named as gone. The address bar always holds the
 * shareable link for what is on screen.
 */
import { carPath, type CarView } from '../../stock/model/car';
import { savedCars } from '../../saved-cars/browser/saved-cars';
import { fetchCarsByIds } from '../../cars/browser/fetch-car';
import { compareIdsFromQuery, comparePath, compareRows, MAX_COMPARE, MIN_COMPARE } from '../model/compare';
import { showsFinanceTerms } from '../model/live-car';
import { garageSite, showFinanceTerms } from './garage-site';

export async function initComparePage(doc: Document = document, win: Window = window): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-compare]');
  const site = root && garageSite(root);
  if (!root || !site) return;
  const status = root.querySelector<HTMLElement>('[data-compare-status]');
  const table = root.querySelector<HTMLTableElement>('[data-compare-table]');
  const share = root.querySelector<HTMLAnchorElement>('[data-compare-share]');
  const say = (text: string) => {
    if (status) status.textContent = text;
  };

  const shared = compareIdsFromQuery(win.location.search);
  const ids =
    shared.length > 0
      ? shared
      : savedCars(site.slug)
          .get()
          .slice(0, MAX_COMPARE)
          .map((car) => car.id);
  if (ids.length < MIN_COMPARE) {
    say(ids.length === 0 ? 'Save two to four cars, then compare them here.' : 'Save one more car to compare it with this one.');
    return;
  }
  say('Loading the cars…');
  const found = await fetchCarsByIds(ids, site.search);
  if (!found) {
    say('We could not load these cars just now. Please try again in a moment.');
    return;
  }
  const cars = ids.map((id) => found.find((car) => String(car.id) === id)).filter((car): car is CarView => car !== undefined);
  const gone = ids.length - cars.length;
  if (cars.length < MIN_COMPARE) {
    say(gone > 0 ? 'Some of these cars are no longer listed, so there is not enough to compare.' : 'Not enough cars to compare.');
    return;
  }
  const path = comparePath(cars.map((car) => String(car.id)));
  win.history.replaceState(win.history.state, '', path);
  if (share) {
    share.href = path;
    share.hidden = false;
  }
  if (table) renderTable(table, cars, site, doc);
  showFinanceTerms(root, showsFinanceTerms(cars, site));
  say(`Comparing ${cars.length} cars${gone > 0 ? `; ${gone} no longer listed` : ''}. Rows where they differ are highlighted.`);
}

function renderTable(table: HTMLTableElement, cars: readonly CarView[], site: Parameters<typeof compareRows>[1], doc: Document): void {
  const head = doc.createElement('thead');
  const headRow = doc.createElement('tr');
  const corner = doc.createElement('td');
  headRow.append(corner);
  for (const car of cars) {
    const th = doc.createElement('th');
    th.scope = 'col';
    if (car.primary_image_url) {
      const img = doc.createElement('img');
      img.src = car.primary_image_url;
      img.alt = '';
      img.width = 160;
      img.height = 120;
      img.decoding = 'async';
      th.append(img);
    }
    const link = doc.createElement('a');
    link.href = carPath(car.slug);
    link.textContent = car.name;
    th.append(link);
    headRow.append(th);
  }
  head.append(headRow);
  const body = doc.createElement('tbody');
  for (const row of compareRows(cars, site)) {
    const tr = doc.createElement('tr');
    if (row.differs) tr.className = 'differs';
    const th = doc.createElement('th');
    th.scope = 'row';
    th.textContent = row.label;
    if (row.differs) {
      const note = doc.createElement('span');
      note.className = 'sr-only';
      note.textContent = ' (differs)';
      th.append(note);
    }
    tr.append(th);
    for (const value of row.values) {
      const td = doc.createElement('td');
      td.textContent = value;
      tr.append(td);
    }
    body.append(tr);
  }
  const caption = table.querySelector('caption');
  table.replaceChildren(...(caption ? [caption] : []), head, body);
  table.hidden = false;
}
