/**
 * The favourites strip (markup in src/saved-cars/ui/SavedStrip.astro, rules in ../model/strip.ts):
 * filled from the shopper's list, shown when a result or car page opens and again each time the
 * list changes, hidden five seconds later. It sits over the page's bottom edge (fixed), so it
 * never moves the page. While the pointer or focus is in it, it stays, so nobody loses it mid-use.
 * It gives way to the page's calls to action: it does not show over one, and hides when the page
 * scrolls one under it.
 */
import { coversAction, stripShowsOn, stripView, STRIP_HIDE_AFTER_MS } from '../model/strip';
import type { SavedCar } from '../model/saved-list';
import { removeSavedCar, savedCars } from './saved-cars';

/**
 * The page's calls to action: a car's action buttons (Enquire, Book a test drive, Finance…), the
 * brand-coloured buttons, and every form's submit button.
 */
export const CALL_TO_ACTION_SELECTOR = 'main .car-actions .button, main .button-brand, main button[type="submit"]';

export function initSavedStrip(doc: Document = document, win: Window = window): void {
  const strip = doc.querySelector<HTMLElement>('[data-saved-strip]');
  const siteSlug = strip?.dataset.siteSlug;
  if (!strip || siteSlug === undefined || !stripShowsOn(win.location.pathname)) return;
  const list = strip.querySelector<HTMLElement>('[data-strip-cars]');
  const item = strip.querySelector<HTMLTemplateElement>('[data-strip-car]');
  const start = strip.querySelector<HTMLElement>('[data-strip-start]');
  const badge = strip.querySelector<HTMLElement>('[data-strip-badge]');
  if (!list || !item) return;

  let timer: ReturnType<typeof setTimeout> | undefined;
  let held = false;
  const hideLater = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!held) strip.hidden = true;
    }, STRIP_HIDE_AFTER_MS);
  };
  const hold = (on: boolean) => () => {
    held = on;
    if (!on) hideLater();
  };
  strip.addEventListener('pointerenter', hold(true));
  strip.addEventListener('pointerleave', hold(false));
  strip.addEventListener('focusin', hold(true));
  strip.addEventListener('focusout', (event) => {
    if (!strip.contains(event.relatedTarget as Node | null)) hold(false)();
  });

  const coversPage = (): boolean =>
    coversAction(
      strip.getBoundingClientRect(),
      [...doc.querySelectorAll(CALL_TO_ACTION_SELECTOR)].map((action) => action.getBoundingClientRect()),
    );
  let frame = 0;
  const giveWay = (): void => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (!strip.hidden && !held && coversPage()) strip.hidden = true;
    });
  };
  win.addEventListener('scroll', giveWay, { passive: true });
  win.addEventListener('resize', giveWay, { passive: true });

  const render = (saved: readonly SavedCar[]): void => {
    const view = stripView(saved);
    const cars = view.cars.map((car) => {
      const li = item.content.firstElementChild!.cloneNode(true) as HTMLElement;
      const link = li.querySelector<HTMLAnchorElement>('a');
      const image = li.querySelector<HTMLImageElement>('img');
      const remove = li.querySelector<HTMLButtonElement>('button');
      if (link) {
        link.href = `/cars/${car.slug}`;
        link.querySelector('span')!.textContent = car.name;
      }
      if (image) {
        if (car.primary_image_url) image.src = car.primary_image_url;
        else image.remove();
      }
      if (remove) {
        remove.setAttribute('aria-label', `${remove.dataset.label ?? 'Remove'} ${car.name}`);
        remove.addEventListener('click', () => {
          removeSavedCar(siteSlug, car.id);
          // Focus stays in the strip rather than falling to the page's top.
          strip.querySelector<HTMLElement>('[data-strip-compare]')?.focus();
        });
      }
      return li;
    });
    list.replaceChildren(...cars);
    list.hidden = view.empty;
    if (start) start.hidden = !view.empty;
    if (badge) {
      badge.textContent = view.badge;
      badge.hidden = view.badge === '';
    }
    strip.hidden = false;
    // Measured in place: how tall the strip is depends on what it holds and the screen's width.
    if (!held && coversPage()) {
      strip.hidden = true;
      return;
    }
    hideLater();
  };
  savedCars(siteSlug).subscribe(render);
}
