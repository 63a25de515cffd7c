/**
 * Save toggles on plain pages (the car page and the car shell): each `[data-save-car]` button
 * carries its car's saved entry as JSON and is pressed while the car is in the shopper's list,
 * whichever tab changed it. The car shell learns its car after load and hands it over with
 * `setCar`.
 */
import { savedCarOf, type SavedCar } from '../model/saved-list';
import { savedCars, toggleSavedCar } from './saved-cars';

export const SAVE_BUTTON_SELECTOR = '[data-save-car]';

function entryOf(button: HTMLElement): SavedCar | undefined {
  try {
    return savedCarOf(JSON.parse(button.dataset.saveCar ?? ''));
  } catch {
    return undefined;
  }
}

export interface SaveButtons {
  /** Gives every button this car (the car shell's, once found); a car that makes no valid entry hides them. */
  setCar(car: unknown): void;
}

/** Shows each button's state now and whenever the list changes; toggles on press. */
export function initSaveButtons(siteSlug: string, root: ParentNode = document): SaveButtons {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>(SAVE_BUTTON_SELECTOR)];
  const $list = savedCars(siteSlug);
  const show = (list: readonly SavedCar[]): void => {
    for (const button of buttons) {
      const id = entryOf(button)?.id;
      const saved = id !== undefined && list.some((car) => car.id === id);
      // The label stays; the pressed state says whether the car is saved, as a toggle should.
      button.setAttribute('aria-pressed', String(saved));
    }
  };
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const entry = entryOf(button);
      if (entry) toggleSavedCar(siteSlug, entry, button.getAttribute('aria-pressed') === 'true');
    });
  }
  if (buttons.length > 0) $list.subscribe(show);
  return {
    setCar(car) {
      const entry = savedCarOf(car);
      for (const button of buttons) {
        if (entry) button.dataset.saveCar = JSON.stringify(entry);
        button.hidden = !entry;
      }
      show($list.get());
    },
  };
}
