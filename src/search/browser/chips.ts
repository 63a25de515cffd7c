/**
 * The shopper's current choices as removable chips, read from our search state rather than from
 * InstantSearch's own current-refinements widget (which the island does not need to ship).
 * Removing a chip is a change to the UI state; any removal goes back to page 1.
 */
import type { IndexUiState } from 'instantsearch.js';
import { rangeFields, refinementFields, type SearchState } from '../model/state';
import { formatRange } from './ui-state';

export interface Chip {
  key: string;
  label: string;
  remove: (ui: IndexUiState) => IndexUiState;
}

export interface ChipLabels {
  attribute: (attribute: string) => string;
  value: (attribute: string, value: string) => string;
  number: (attribute: string, value: number) => string;
}

const withoutPage = ({ page: _page, ...ui }: IndexUiState): IndexUiState => ui;

export function refinementChips(state: SearchState, labels: ChipLabels): Chip[] {
  const chips: Chip[] = [];
  if (state.query) {
    chips.push({ key: 'query', label: `Search: ${state.query}`, remove: ({ query: _query, ...ui }) => withoutPage(ui) });
  }
  for (const field of refinementFields) {
    for (const value of state.refinements[field] ?? []) {
      chips.push({
        key: `${field}:${value}`,
        label: `${labels.attribute(field)}: ${labels.value(field, value)}`,
        remove: (ui) => {
          const left = (ui.refinementList?.[field] ?? []).filter((v) => v !== value);
          return withoutPage({ ...ui, refinementList: { ...ui.refinementList, [field]: left } });
        },
      });
    }
  }
  for (const field of rangeFields) {
    const range = state.ranges[field];
    if (!range) continue;
    const sides = [
      ['min', 'from'],
      ['max', 'up to'],
    ] as const;
    for (const [side, word] of sides) {
      const bound = range[side];
      if (bound === undefined) continue;
      chips.push({
        key: `${field}:${side}`,
        label: `${labels.attribute(field)} ${word} ${labels.number(field, bound)}`,
        remove: (ui) => {
          const rest = formatRange({ ...range, [side]: undefined });
          const { [field]: _dropped, ...others } = ui.range ?? {};
          return withoutPage({ ...ui, range: rest ? { ...others, [field]: rest } : others });
        },
      });
    }
  }
  return chips;
}

/** Everything cleared but the widgets' fixed settings. */
export function clearedUiState(ui: IndexUiState): IndexUiState {
  return ui.configure ? { configure: ui.configure } : {};
}
