/**
 * Under a range slider: a number box for each thumb and one-tap quick picks ("Under $20,000",
 * "Last 3 years"). A typed amount applies on Enter or on leaving the box, kept on the track and on
 * its side of the other thumb; text that is not an amount is refused with a message and changes
 * nothing. Loaded just after hydration (after-hydration.ts), outside the page's first download.
 */
import { useId, useState } from 'react';
import { rangePicks, typedRange, type RangeSide } from '../model/range-picks';
import type { RangeChoicesProps } from './RangeFacet';

interface TypedBoxProps extends Omit<RangeChoicesProps, 'definition' | 'show'> {
  side: RangeSide;
  caption: string;
  label: string;
}

function TypedBox({ side, caption, label, track, values, onCommit }: TypedBoxProps) {
  const id = useId();
  const value = values[side === 'min' ? 0 : 1];
  // What the shopper is typing, until it is applied; otherwise the box shows the thumb.
  const [draft, setDraft] = useState<string>();
  const [refused, setRefused] = useState(false);
  const apply = () => {
    if (draft === undefined) return;
    const next = typedRange(draft, side, values, track);
    setRefused(!next);
    if (!next) return;
    setDraft(undefined);
    onCommit(next);
  };
  return (
    <div className="range-typed-box">
      <label htmlFor={id}>
        {caption}
        <span className="sr-only"> {label.toLowerCase()}</span>
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={draft ?? String(value)}
        aria-invalid={refused || undefined}
        aria-describedby={refused ? `${id}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        onBlur={apply}
      />
      {refused && (
        <span className="range-typed-error" id={`${id}-error`}>
          Enter an amount
        </span>
      )}
    </div>
  );
}

export function RangeChoices({ definition, track, values, show, onCommit }: RangeChoicesProps) {
  const { attribute, label } = definition;
  const picks = rangePicks(attribute, { luxury_quick_picks: definition.luxuryPicks === true }, track, show, new Date().getFullYear());
  return (
    <>
      <div className="range-typed">
        <TypedBox side="min" caption="Minimum" label={label} track={track} values={values} onCommit={onCommit} />
        <TypedBox side="max" caption="Maximum" label={label} track={track} values={values} onCommit={onCommit} />
      </div>
      {picks.length > 0 && (
        <div className="range-picks" role="group" aria-label={`Quick ${label.toLowerCase()} picks`}>
          {picks.map((pick) => (
            <button
              key={pick.label}
              type="button"
              className="range-pick"
              aria-pressed={pick.range[0] === values[0] && pick.range[1] === values[1]}
              onClick={() => onCommit(pick.range)}
            >
              {pick.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
