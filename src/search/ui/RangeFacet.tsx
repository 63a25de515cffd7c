/**
 * A min–max slider (price, odometer, year) under a 'min - max' heading. Two native range
 * inputs, so keyboards and screen readers get the platform's own slider; PageUp and PageDown move
 * to round values (range-steps.ts). A thumb at its end of the track means "no limit" on that side,
 * so cars outside the track (a $300,000 car, a price on application) are never hidden by a slider
 * nobody touched. The number boxes and quick picks (RangeChoices) arrive just after hydration.
 */
import { useEffect, useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { useRange } from 'react-instantsearch';
import type { RangeDefinition } from '../browser/labels';
import { pagedValue, rangeScale } from '../model/range-steps';
import { sliderEnds } from '../model/state';
import { useStateResetBy } from './hooks';

export interface RangeSliderViewProps {
  label: string;
  min: number;
  max: number;
  step: number;
  pageStep: number;
  /** Thumb positions. */
  values: readonly [number, number];
  format: (value: number) => string;
  disabled?: boolean;
  onInput: (values: [number, number]) => void;
  onCommit: (values: [number, number]) => void;
  /** Shown under the slider: the number boxes and quick picks. */
  children?: ReactNode;
}

export function RangeSliderView({ label, min, max, step, pageStep, values, format, disabled = false, onInput, onCommit, children }: RangeSliderViewProps) {
  const track = useRef<HTMLDivElement>(null);
  const [low, high] = values;
  const span = max - min || 1;
  useEffect(() => {
    // CSSOM, not a style attribute: the page's CSP allows no inline styles.
    track.current?.style.setProperty('--range-low', `${((low - min) / span) * 100}%`);
    track.current?.style.setProperty('--range-high', `${((high - min) / span) * 100}%`);
  }, [low, high, min, span]);
  const lower = label.toLowerCase();
  const commit = () => onCommit([low, high]);
  const page = (side: 0 | 1) => (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = event.key === 'PageUp' ? 1 : event.key === 'PageDown' ? -1 : 0;
    if (!direction) return;
    event.preventDefault();
    const next = pagedValue(values[side], direction, pageStep, { min, max });
    onInput(side ? [low, Math.max(next, low)] : [Math.min(next, high), high]);
  };
  return (
    <fieldset className="facet facet-range" disabled={disabled}>
      <legend className="facet-title">{label}</legend>
      <p className="range-heading" aria-hidden="true">
        {`${format(low)} - ${format(high)}`}
      </p>
      <div className="range-slider" ref={track}>
        <input
          type="range"
          aria-label={`Minimum ${lower}`}
          aria-valuetext={format(low)}
          min={min}
          max={max}
          step={step}
          value={low}
          onChange={(event) => onInput([Math.min(Number(event.target.value), high), high])}
          onKeyDown={page(0)}
          onPointerUp={commit}
          onKeyUp={commit}
          onBlur={commit}
        />
        <input
          type="range"
          aria-label={`Maximum ${lower}`}
          aria-valuetext={format(high)}
          min={min}
          max={max}
          step={step}
          value={high}
          onChange={(event) => onInput([low, Math.max(Number(event.target.value), low)])}
          onKeyDown={page(1)}
          onPointerUp={commit}
          onKeyUp={commit}
          onBlur={commit}
        />
      </div>
      {children}
    </fieldset>
  );
}

const snapDown = (value: number, step: number) => Math.floor(value / step) * step;
const snapUp = (value: number, step: number) => Math.ceil(value / step) * step;

/** Slider ends: fixed where the definition sets them (price: 5,000 to 250,000), else the stock's own range snapped to the step. */
export function sliderBounds(
  definition: Pick<RangeDefinition, 'bounds' | 'step'>,
  stats: { min?: number; max?: number },
): { min: number; max: number } | undefined {
  if (definition.bounds) return definition.bounds;
  if (stats.min === undefined || stats.max === undefined || !Number.isFinite(stats.min) || !Number.isFinite(stats.max) || stats.max <= stats.min)
    return undefined;
  return { min: snapDown(stats.min, definition.step), max: snapUp(stats.max, definition.step) };
}

/**
 * What to refine for thumb positions: a thumb at (or past) the end of the track, or outside what
 * the stock holds, sets no limit on its side.
 */
export function rangeRefinement(
  [low, high]: readonly [number, number],
  bounds: { min: number; max: number },
  stats: { min?: number; max?: number },
): [number | undefined, number | undefined] {
  const floor = Math.max(bounds.min, stats.min ?? -Infinity);
  const ceiling = Math.min(bounds.max, stats.max ?? Infinity);
  const { isMinRange, isMaxRange } = sliderEnds([low, high], floor, ceiling);
  return [isMinRange ? undefined : low, isMaxRange ? undefined : high];
}

/** What the number boxes and quick picks get; values in shown units. */
export interface RangeChoicesProps {
  definition: RangeDefinition;
  track: { min: number; max: number };
  values: readonly [number, number];
  show: (shown: number) => string;
  onCommit: (values: [number, number]) => void;
}

export interface RangeFacetProps {
  definition: RangeDefinition;
  /** Text for a stored value (kilometres, not miles). */
  format: (value: number) => string;
  Choices?: ComponentType<RangeChoicesProps>;
}

const shownEnd = (value: number | undefined, toShown: (stored: number) => number) => (value === undefined || !Number.isFinite(value) ? value : toShown(value));

export function RangeFacet({ definition, format, Choices }: RangeFacetProps) {
  const { start: stored, range: storedRange, refine, canRefine } = useRange({ attribute: definition.attribute });
  // Everything below is in the units the shopper reads; only `refine` and `format` take stored values.
  const { toShown, toStored } = rangeScale(definition.miles === true);
  const range = { min: shownEnd(storedRange.min, toShown), max: shownEnd(storedRange.max, toShown) };
  const start = [shownEnd(stored[0], toShown), shownEnd(stored[1], toShown)];
  const bounds = sliderBounds(definition, range);
  const current: [number, number] = [
    bounds && Number.isFinite(start[0]) ? Math.max(start[0] ?? bounds.min, bounds.min) : (bounds?.min ?? 0),
    bounds && Number.isFinite(start[1]) ? Math.min(start[1] ?? bounds.max, bounds.max) : (bounds?.max ?? 0),
  ];
  // The thumbs stay where the shopper left them until the search answers with the new refinement.
  const [dragging, setDragging] = useStateResetBy<[number, number] | undefined>(undefined, `${current[0]}:${current[1]}`);
  if (!bounds) return null;
  const values = dragging ?? current;
  const show = (value: number) => format(toStored(value));
  const commit = (next: [number, number]) => {
    if (next[0] === current[0] && next[1] === current[1]) return;
    setDragging(next);
    const [low, high] = rangeRefinement(next, bounds, range);
    refine([low === undefined ? low : toStored(low), high === undefined ? high : toStored(high)]);
  };
  return (
    <RangeSliderView
      label={definition.label}
      min={bounds.min}
      max={bounds.max}
      step={definition.step}
      pageStep={definition.pageStep}
      values={values}
      format={show}
      disabled={!canRefine && !definition.bounds}
      onInput={setDragging}
      onCommit={commit}
    >
      {Choices && <Choices definition={definition} track={bounds} values={values} show={show} onCommit={commit} />}
    </RangeSliderView>
  );
}

/** Keeps a range from the URL in the search when no slider shows it. */
export function VirtualRange({ attribute }: { attribute: string }) {
  useRange({ attribute });
  return null;
}
