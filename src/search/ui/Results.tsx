/** The result grid, the count, and the empty state. */
import { trackSearchClick } from '../../platform/web/tracker';
import { savedCarOf } from '../../saved-cars/model/saved-list';
import { toggleSavedCar } from '../../saved-cars/browser/saved-cars';
import { useSavedCars } from '../../saved-cars/ui/use-saved-cars';
import type { CardHit } from '../browser/hits';
import { HitCard, type CardSite } from './HitCard';

/** Cards in the first row (three across on desktop) load at once: they are what the page opens on. */
export const EAGER_CARDS = 3;

export function HitListView({ hits, site }: { hits: readonly CardHit[]; site: CardSite }) {
  const saved = useSavedCars(site.slug);
  return (
    <ol className="car-grid">
      {hits.map((hit, index) => {
        const entry = savedCarOf(hit);
        const shownSaved = saved.some((car) => car.id === String(hit.id));
        return (
          <li key={hit.id}>
            <HitCard
              hit={hit}
              site={site}
              eager={index < EAGER_CARDS}
              saved={shownSaved}
              {...(entry ? { onToggleSaved: () => toggleSavedCar(site.slug, entry, shownSaved) } : {})}
              onOpen={() => trackSearchClick({ car_id: String(hit.id), position: index + 1 })}
            />
          </li>
        );
      })}
    </ol>
  );
}

export function ResultCountView({ count, format }: { count: number | undefined; format: (count: number) => string }) {
  return (
    <p className="result-count" role="status" aria-atomic="true">
      {count === undefined ? 'Searching stock…' : `${format(count)} ${count === 1 ? 'vehicle' : 'vehicles'}`}
    </p>
  );
}

export function EmptyStateView({ onClear }: { onClear?: () => void }) {
  return (
    <div className="search-empty">
      <h2>No vehicles match your search</h2>
      <p>Try fewer filters, a wider price range, or a different keyword.</p>
      {onClear && (
        <button type="button" className="button button-brand" onClick={onClear}>
          Clear all filters
        </button>
      )}
    </div>
  );
}
