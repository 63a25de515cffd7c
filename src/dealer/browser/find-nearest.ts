/**
 * "Find your nearest": the postcode goes to GET /api/postcode, and the page's list of locations
 * is put nearest first with each distance shown. A refusal ('Invalid postcode') is read out from
 * the box's alert.
 */
import type { Region } from '../../platform/config/regions';
import { findPostcode } from '../../platform/web/postcode-lookup';
import { nearestFirst } from '../model/locations';

export function initFindNearest(doc: Document = document, fetchImpl?: typeof fetch): void {
  doc.querySelectorAll<HTMLFormElement>('form[data-find-nearest]').forEach((form) => {
    const list = doc.getElementById(form.dataset.findNearest ?? '');
    const input = form.querySelector('input');
    const alert = form.querySelector<HTMLElement>('[role="alert"]');
    const button = form.querySelector('button');
    if (!list || !input || !alert || !button) return;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      button.disabled = true;
      void findPostcode(input.value, (form.dataset.region ?? 'AU') as Region, fetchImpl).then((answer) => {
        button.disabled = false;
        input.setAttribute('aria-invalid', String('error' in answer));
        alert.textContent = 'error' in answer ? answer.error : '';
        if (!('point' in answer)) return;
        const items = new Map([...list.querySelectorAll<HTMLElement>(':scope > [data-location]')].map((item) => [item.dataset.location ?? '', item]));
        for (const slug of nearestFirst([...items.keys()], answer.point.locations)) {
          const item = items.get(slug);
          const distance = item?.querySelector<HTMLElement>('[data-distance]');
          const found = answer.point.locations.find((l) => l.slug === slug);
          if (distance) {
            distance.textContent = found ? `${found.distance} from ${answer.point.postcode}` : '';
            distance.hidden = !found;
          }
          if (item) list.append(item);
        }
        const done = form.querySelector<HTMLElement>('[data-nearest-done]');
        if (done) done.textContent = `Locations sorted nearest to ${answer.point.postcode} first.`;
      });
    });
  });
}
