/**
 * The Date & Time step every booking shares: the location's free days and times from
 * GET /api/service-slots (a workshop service) or GET /api/appointment-slots (a test drive at a
 * sales location), a date select then that day's times, or a 'call us' note when none load.
 * Fields `booking_date` and `booking_time`, as the forms' schemas name them.
 */
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { dayLabel, readSlots, timeLabel, type DaySlots } from '../../browser/slots';
import { RadioGroupField, SelectField } from '../fields';

/** Which slots: the workshop's, or sales' (appointments such as a test drive). */
export type SlotKind = 'service' | 'appointment';

export interface SlotLocation {
  name: string;
  phone: string;
}

type SlotsState = { status: 'loading' } | { status: 'ready'; days: DaySlots[] } | { status: 'failed' };

function useSlots(kind: SlotKind, locationId: string | undefined): SlotsState {
  const [state, setState] = useState<SlotsState>({ status: 'loading' });
  useEffect(() => {
    if (!locationId) {
      setState({ status: 'ready', days: [] });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(`/api/${kind}-slots?location_id=${encodeURIComponent(locationId)}`, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${kind} slots: ${response.status}`);
        setState({ status: 'ready', days: readSlots(await response.json()) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [kind, locationId]);
  return state;
}

export function SlotPicker({
  kind,
  idPrefix,
  locationId,
  location,
  locale,
  sitePhone,
}: {
  kind: SlotKind;
  idPrefix: string;
  locationId: string | undefined;
  location: SlotLocation | undefined;
  locale: string;
  sitePhone: string;
}) {
  const slots = useSlots(kind, locationId);
  const chosenDate = useWatch({ name: 'booking_date' }) as unknown;
  const phone = location?.phone || sitePhone;
  const where = location ? ` at ${location.name}` : '';

  if (slots.status === 'loading') {
    return (
      <p role="status" className="multi-step-note">
        Finding available times{where}…
      </p>
    );
  }
  if (slots.status === 'failed' || slots.days.length === 0) {
    return (
      <p role="status" className="multi-step-note">
        {slots.status === 'failed' ? `We couldn't load booking times${where} just now.` : `There are no online booking times${where} at the moment.`} Please
        call us on <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a> and we'll find a time for you.
      </p>
    );
  }
  const day = slots.days.find((d) => d.date === chosenDate);
  return (
    <>
      <SelectField
        id={`${idPrefix}-booking-date`}
        name="booking_date"
        label="Date"
        required
        placeholder="Choose a date"
        options={slots.days.map((d) => ({ value: d.date, label: dayLabel(d.date, locale) }))}
      />
      {day ? (
        <RadioGroupField
          key={day.date}
          id={`${idPrefix}-booking-time`}
          name="booking_time"
          legend={`Time on ${dayLabel(day.date, locale)}`}
          required
          options={day.times.map((t) => ({ value: t, label: timeLabel(t, locale) }))}
        />
      ) : (
        <p className="lead-field-hint">Choose a date to see its times.</p>
      )}
    </>
  );
}
