/**
 * Tiles for one field's values (body types by default): a quick first choice above the
 * results. Most stock first, ties by name; up to 4, or 20 on sites with custom body tiles.
 */
import { useRefinementList } from 'react-instantsearch';
import { pickTiles, type TileItem } from '../browser/tiles';
import { BODY_TILES } from '../model/state';

export interface FacetTilesViewProps {
  title: string;
  items: readonly TileItem[];
  onToggle: (value: string) => void;
  formatCount: (count: number) => string;
}

export function FacetTilesView({ title, items, onToggle, formatCount }: FacetTilesViewProps) {
  if (items.length === 0) return null;
  return (
    <section className="facet-tiles" aria-label={title}>
      <ul>
        {items.map((item) => (
          <li key={item.value}>
            <button type="button" className="facet-tile" aria-pressed={item.isRefined} onClick={() => onToggle(item.value)}>
              <span className="facet-tile-name">{item.label}</span>
              <span className="facet-tile-count">
                {formatCount(item.count)}
                <span className="sr-only"> vehicles</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface FacetTilesProps {
  attribute: string;
  title: string;
  /** Most tiles shown; body types use `tileLimit` (4, or 20 on custom sites). */
  limit: number;
  valueLabel: (attribute: string, value: string) => string;
  formatCount: (count: number) => string;
}

export function FacetTiles({ attribute, title, limit, valueLabel, formatCount }: FacetTilesProps) {
  const { items, refine } = useRefinementList({ attribute, limit: BODY_TILES.custom, sortBy: ['count:desc', 'name:asc'] });
  const tiles = pickTiles(
    items.map((item) => ({ value: item.value, label: valueLabel(attribute, item.value), count: item.count, isRefined: item.isRefined })),
    limit,
  );
  // One value is no choice.
  if (tiles.length < 2) return null;
  return <FacetTilesView title={title} items={tiles} onToggle={refine} formatCount={formatCount} />;
}
