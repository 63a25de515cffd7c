/**
 * Redraws what the dashboard changed since the build (holiday hours, header and footer
 * navigation, the Snap21 rating) into a built page: loaded by ./live-data.ts only when an answer
 * differs from what the page shows, so most page views never fetch it.
 */
import type { NavigationItem, SpecialHours } from '../../platform/config/schema';
import { todayIn } from '../../platform/formats/zoned-time';
import { upcomingSpecialHours } from '../model/hours';
import { specialHoursFor } from '../model/locations';
import { footerColumnsOf, navigationDigest } from '../model/navigation';
import { formatRating, starIcons } from '../model/reviews';

/**
 * Rewrites each holiday hours block from `entries` (the dealer's special hours for every
 * location), with the same rules the build used. A block with nothing to show keeps its place.
 */
export function applyHolidayHours(doc: Document, entries: readonly SpecialHours[]): void {
  doc.querySelectorAll<HTMLElement>('[data-holiday-hours][data-location-id]').forEach((block) => {
    const upcoming = upcomingSpecialHours(specialHoursFor(entries, { id: block.dataset.locationId ?? '' }), todayIn(block.dataset.timeZone ?? 'UTC'), {
      allowByAppointment: block.dataset.byAppointment === 'true',
      ...(block.dataset.locale ? { locale: block.dataset.locale } : {}),
    });
    const list = block.querySelector('dl');
    if (!list) return;
    list.replaceChildren(
      ...upcoming.map((entry) => {
        const row = doc.createElement('div');
        row.className = 'hours-row';
        row.dataset.date = entry.date;
        const term = doc.createElement('dt');
        const label = doc.createElement('span');
        label.dataset.dateLabel = '';
        label.textContent = entry.label;
        term.append(label, entry.name ? ` – ${entry.name}` : '');
        const hours = doc.createElement('dd');
        hours.textContent = entry.text;
        row.append(term, hours);
        return row;
      }),
    );
    block.toggleAttribute('data-empty', upcoming.length === 0);
  });
}

/** A header menu link as the built page writes one. */
function menuLink(doc: Document, name: string, url: string, target: string, className: string): HTMLAnchorElement {
  const link = doc.createElement('a');
  link.className = className;
  link.href = url;
  link.textContent = name;
  if (target === '_blank') {
    link.target = '_blank';
    link.rel = 'noopener';
  }
  return link;
}

/**
 * Rebuilds the header menu from the dashboard's navigation when it differs from the one the page
 * was built with. Links, dropdowns and columns are drawn from the new items; a mega-menu drawn
 * from the rest of the dealer file (models, brands, bodies, stock) keeps the built panel of its
 * kind, and is left out when the page has none to keep.
 */
export function applyNavigation(doc: Document, items: readonly NavigationItem[]): void {
  const menu = doc.querySelector<HTMLElement>('[data-nav-digest]');
  if (!menu || menu.dataset.navDigest === navigationDigest(items)) return;
  const built = new Map<string, HTMLElement[]>();
  menu.querySelectorAll<HTMLElement>(':scope > [data-menu-kind]').forEach((li) => {
    const kind = li.dataset.menuKind ?? '';
    built.set(kind, [...(built.get(kind) ?? []), li]);
  });
  const entries = items.flatMap((item, index): HTMLElement[] => {
    const dynamic = item.dynamicDropdown && item.dynamicDropdown !== 'columns' && item.dynamicDropdown !== 'tractors' ? item.dynamicDropdown : undefined;
    if (dynamic) {
      const kept = built.get(dynamic)?.shift();
      return kept ? [kept] : [];
    }
    const li = doc.createElement('li');
    li.className = ['menu-item', item.className ?? ''].join(' ').trim();
    const columns = item.dropdownItems.length > 0 ? [{ heading: '', items: item.dropdownItems }] : item.dropdownMenus;
    if (columns.length === 0) {
      li.append(menuLink(doc, item.name, item.url ?? '/', item.target, 'menu-link'));
      return [li];
    }
    const id = `menu-live-${index}`;
    li.classList.add('has-dropdown');
    li.dataset.menu = '';
    const toggle = doc.createElement('button');
    toggle.type = 'button';
    toggle.className = 'menu-link menu-toggle';
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-controls', id);
    toggle.textContent = item.name;
    const panel = doc.createElement('div');
    panel.id = id;
    panel.className = 'dropdown';
    panel.hidden = true;
    if (item.url) panel.append(menuLink(doc, `View all ${item.name}`, item.url, item.target, 'dropdown-all'));
    for (const column of columns) {
      if (column.heading) {
        const heading = doc.createElement('p');
        heading.className = 'dropdown-heading';
        heading.textContent = column.heading;
        panel.append(heading);
      }
      const list = doc.createElement('ul');
      list.className = 'dropdown-list';
      for (const link of column.items) {
        const row = doc.createElement('li');
        row.append(menuLink(doc, link.name, link.url, link.target, ''));
        list.append(row);
      }
      panel.append(list);
    }
    li.append(toggle, panel);
    return [li];
  });
  menu.replaceChildren(...entries);
  menu.dataset.navDigest = navigationDigest(items);
}

/**
 * Redraws the footer's link columns from the dashboard's footer navigation when it differs from
 * the one the page was built with. A footer built without columns (the minimal footer) stays so.
 */
export function applyFooterNavigation(doc: Document, items: readonly NavigationItem[]): void {
  const nav = doc.querySelector<HTMLElement>('[data-footer-digest]');
  if (!nav || nav.dataset.footerDigest === navigationDigest(items)) return;
  const columns = footerColumnsOf(items).map((column) => {
    const box = doc.createElement('div');
    box.className = 'footer-column';
    const heading = doc.createElement('h2');
    heading.className = 'footer-heading';
    heading.append(column.url ? menuLink(doc, column.heading, column.url, column.target, '') : column.heading);
    const halves = doc.createElement('div');
    halves.className = 'footer-halves';
    for (const half of column.halves.filter((h) => h.length > 0)) {
      const list = doc.createElement('ul');
      for (const link of half) {
        const row = doc.createElement('li');
        row.append(menuLink(doc, link.name, link.url, link.target, ''));
        list.append(row);
      }
      halves.append(list);
    }
    box.append(heading, halves);
    return box;
  });
  nav.replaceChildren(...columns);
  nav.dataset.footerDigest = navigationDigest(items);
}

/** Draws the dealer's Snap21 rating into its badge: the stars it earns and the rating with one decimal. */
export function applySnap21(badge: HTMLElement, rating: number): void {
  const stars = badge.querySelector<HTMLElement>('.stars');
  if (!stars) return;
  const text = formatRating(rating, badge.dataset.locale);
  stars.setAttribute('aria-label', `Rated ${text} out of 5 on Snap21`);
  const icons = starIcons(rating);
  stars.querySelectorAll('.star').forEach((star, i) => (star.className = `star star-${icons[i] ?? 'empty'}`));
  const label = stars.querySelector('.stars-text');
  if (label) label.textContent = text;
  badge.removeAttribute('data-empty');
}
