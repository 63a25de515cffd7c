/**
 * The postcode box beside the sort menu: a postcode turns on "Nearest first", and once there is
 * a point the shopper may keep to cars within 25, 50, 100 or 250 km (miles on US sites). The
 * lookup is GET /api/postcode; the postcode datasets never reach this page, and the lookup's own
 * code arrives when the shopper first asks.
 */
import { useId, useState } from 'react';
import type { Region } from '../../platform/config/regions';
import type { DistanceUnit } from '../../platform/formats/distance';
import { postcodeRule } from '../../platform/formats/postcode';
import type { IndexUiState } from 'instantsearch.js';
import { withNear } from '../browser/near-state';
import { useStateResetBy } from './hooks';
import { WITHIN_CHOICES, type Near } from '../model/near';

export interface NearestBoxProps {
  region: Region;
  unit: DistanceUnit;
  near: Near | undefined;
  indexUid: string;
  setIndexUiState: (change: (ui: IndexUiState) => IndexUiState) => void;
}

export function NearestBox({ region, unit, near, indexUid, setIndexUiState }: NearestBoxProps) {
  // A new point sorts nearest first; a new radius (`sort` false) or no point keeps the sort.
  const onNear = (point: Near | undefined, sort: boolean) => setIndexUiState((ui) => withNear(ui, point, sort, indexUid));
  const id = useId();
  const rule = postcodeRule(region);
  const [text, setText] = useStateResetBy(near?.postcode ?? '', near?.postcode);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  return (
    <form
      className="nearest-box"
      aria-label="Cars near you"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void import('../../platform/web/postcode-lookup')
          .then(({ findPostcode }) => findPostcode(text, region))
          // The page's own server did not answer for the code: as when the lookup itself is down.
          .catch(() => ({ error: 'Finding cars near you is not available right now. Please try again shortly.' }))
          .then((answer) => {
            setBusy(false);
            setError('error' in answer ? answer.error : '');
            if ('point' in answer)
              onNear({ lat: answer.point.lat, lng: answer.point.lng, postcode: answer.point.postcode, ...(near?.within ? { within: near.within } : {}) }, true);
          });
      }}
    >
      <label htmlFor={id}>Your {rule.label.toLowerCase()}</label>
      <div className="keyword-row">
        <input
          id={id}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={rule.maxLength}
          value={text}
          aria-invalid={error !== ''}
          aria-describedby={`${id}-error`}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-outline" disabled={busy}>
          Nearest first
        </button>
      </div>
      <p id={`${id}-error`} role="alert" className="nearest-error">
        {error}
      </p>
      {near && (
        <>
          <label htmlFor={`${id}-within`}>Distance</label>
          <select
            id={`${id}-within`}
            value={near.within?.distance ?? ''}
            onChange={(event) => {
              const distance = Number(event.target.value);
              const { within: _within, ...point } = near;
              onNear(distance ? { ...point, within: { distance, unit } } : point, false);
            }}
          >
            <option value="">Any distance</option>
            {WITHIN_CHOICES.map((distance) => (
              <option key={distance} value={distance}>
                Within {distance} {unit}
              </option>
            ))}
          </select>
          <button type="button" className="button button-outline" onClick={() => onNear(undefined, false)}>
            Clear {rule.label.toLowerCase()}
          </button>
        </>
      )}
    </form>
  );
}
