/**
 * A facet: checkboxes for one field's values with their counts (OR within the field), and
 * 'Show more' for long lists. `RefinementListView` is props only; `RefinementFacet` feeds it
 * from InstantSearch.
 */
import { useInstantSearchContext, useRefinementList } from 'react-instantsearch';
import { chooseCarType, isCarType, CAR_TYPE_ORDER } from '../model/car-type';
import type { FacetDefinition } from '../browser/labels';

export interface FacetItem {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
}

export interface RefinementListViewProps {
  label: string;
  items: readonly FacetItem[];
  onToggle: (value: string) => void;
  showMore?: { expanded: boolean; onToggle: () => void };
  formatCount: (count: number) => string;
}

export function RefinementListView({ label, items, onToggle, showMore, formatCount }: RefinementListViewProps) {
  return (
    <fieldset className="facet">
      <legend className="facet-title">{label}</legend>
      <ul className="facet-list">
        {items.map((item) => (
          <li key={item.value}>
            <label className="facet-option">
              <input type="checkbox" checked={item.isRefined} onChange={() => onToggle(item.value)} />
              <span className="facet-label">{item.label}</span>
              <span className="facet-count">
                {formatCount(item.count)}
                <span className="sr-only"> vehicles</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {showMore && (
        <button type="button" className="facet-more" aria-expanded={showMore.expanded} onClick={showMore.onToggle}>
          {showMore.expanded ? `Show fewer ${label.toLowerCase()} options` : `Show more ${label.toLowerCase()} options`}
        </button>
      )}
    </fieldset>
  );
}

const carTypeRank = (value: string): number => {
  const rank = (CAR_TYPE_ORDER as readonly string[]).indexOf(value);
  return rank < 0 ? CAR_TYPE_ORDER.length : rank;
};
// Module-level: widget options are compared between renders, and a new function would rebuild the widget.
const byCarType = (a: { name: string }, b: { name: string }): number => carTypeRank(a.name) - carTypeRank(b.name);
const BY_COUNT_THEN_NAME: Array<'count:desc' | 'name:asc'> = ['count:desc', 'name:asc'];

export interface RefinementFacetProps {
  facet: FacetDefinition;
  valueLabel: (attribute: string, value: string) => string;
  formatCount: (count: number) => string;
  /** Car type only: 'new' also chooses 'demo' on sites that sell them as one. */
  newAndDemoJoined?: boolean;
}

export function RefinementFacet({ facet, valueLabel, formatCount, newAndDemoJoined = false }: RefinementFacetProps) {
  const isCarTypeFacet = facet.attribute === 'car_type';
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute: facet.attribute,
    limit: facet.limit,
    showMore: facet.showMoreLimit > facet.limit,
    showMoreLimit: facet.showMoreLimit,
    // Car types always read new, demo, used; other values by stock, then name.
    sortBy: isCarTypeFacet ? byCarType : BY_COUNT_THEN_NAME,
  });
  // The index itself, not useInstantSearch: that hook keeps a copy of the whole UI state, read
  // from every widget as it mounts and again on every result; over ten facets it was most of the
  // island's script time after hydration.
  const search = useInstantSearchContext();
  if (items.length === 0) return null;

  const onToggle = (value: string): void => {
    if (!isCarTypeFacet || !newAndDemoJoined || !isCarType(value)) {
      refine(value);
      return;
    }
    const current = items.filter((item) => item.isRefined).map((item) => item.value);
    const next = chooseCarType(current, value, true);
    search.mainIndex.setIndexUiState((ui) => ({ ...ui, page: undefined, refinementList: { ...ui.refinementList, car_type: next } }));
  };

  return (
    <RefinementListView
      label={facet.label}
      items={items.map((item) => ({ value: item.value, label: valueLabel(facet.attribute, item.value), count: item.count, isRefined: item.isRefined }))}
      onToggle={onToggle}
      formatCount={formatCount}
      {...(canToggleShowMore ? { showMore: { expanded: isShowingMore, onToggle: toggleShowMore } } : {})}
    />
  );
}

/** Keeps a field's refinements in the search when no list shows it (URLs may name any field). */
export function VirtualRefinement({ attribute }: { attribute: string }) {
  useRefinementList({ attribute, limit: 1 });
  return null;
}
