/** The sort menu (Featured, price, odometer, year, newest listed). */
import { useId } from 'react';
import { useSortBy } from 'react-instantsearch';

export interface SortSelectViewProps {
  items: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
}

export function SortSelectView({ items, value, onChange }: SortSelectViewProps) {
  const id = useId();
  return (
    <div className="search-sort">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {items.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `shown`: how many of the items the menu lists (a sort may be known before it is offered). */
export function SortSelect({ items, shown }: { items: ReadonlyArray<{ value: string; label: string }>; shown?: number }) {
  const { currentRefinement, refine, options } = useSortBy({ items: [...items] });
  return <SortSelectView items={options.slice(0, shown)} value={currentRefinement} onChange={refine} />;
}
