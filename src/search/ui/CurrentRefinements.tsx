/** The shopper's choices as removable chips, with 'Clear all'. */
import type { IndexUiState } from 'instantsearch.js';
import { clearedUiState, type Chip } from '../browser/chips';

export interface CurrentRefinementsViewProps {
  chips: readonly Chip[];
  onRemove: (chip: Chip) => void;
  onClearAll: () => void;
}

export function CurrentRefinementsView({ chips, onRemove, onClearAll }: CurrentRefinementsViewProps) {
  if (chips.length === 0) return null;
  return (
    <div className="current-refinements">
      <h2 className="sr-only">Your choices</h2>
      <ul>
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className="chip" onClick={() => onRemove(chip)} aria-label={`Remove ${chip.label}`}>
              {chip.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="chip-clear" onClick={onClearAll}>
        Clear all
      </button>
    </div>
  );
}

export function CurrentRefinements({
  chips,
  setIndexUiState,
}: {
  chips: readonly Chip[];
  setIndexUiState: (update: (ui: IndexUiState) => IndexUiState) => void;
}) {
  return <CurrentRefinementsView chips={chips} onRemove={(chip) => setIndexUiState(chip.remove)} onClearAll={() => setIndexUiState(clearedUiState)} />;
}
