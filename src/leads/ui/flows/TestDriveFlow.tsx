/**
 * Booking a test drive from a car's page: Date & Time (a free slot at the sales location that
 * has the car, the service booking's slot picker over GET /api/appointment-slots) → User Details,
 * filed as 'test-drive' with the car's id. The form stays on the car page and says what was asked
 * for; the server checks the slot again when the lead arrives.
 */
import { useEffect, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { formDefinition, type FormOptions } from '../../model/forms';
import { dayLabel, timeLabel } from '../../browser/slots';
import { TextField } from '../fields';
import { MultiStepForm } from '../MultiStepForm';
import { UserDetails } from '../steps/UserDetails';
import { SlotPicker } from '../steps/SlotPicker';
import { useLeadFlow, type FlowSite } from './use-lead-flow';

export interface TestDriveCar {
  id: string;
  name: string;
  /** The car's dealership, for the lead's routing. */
  dealership_id?: string;
}

export interface TestDriveLocation {
  id: string;
  name: string;
  phone: string;
}

export interface TestDriveFlowProps {
  site: FlowSite;
  options: FormOptions;
  heading: string;
  /** The car and the sales location that has it; on the car shell (a car added after the build), read from the page once filled. */
  car?: TestDriveCar;
  location?: TestDriveLocation;
}

/** The car shell's car and its location, once src/cars/browser/shell.ts has filled the page in. */
function fromPage(doc: Document, phone: string): { car: TestDriveCar; location: TestDriveLocation } | undefined {
  const article = doc.querySelector<HTMLElement>('[data-shell-car]');
  const card = article?.querySelector<HTMLElement>('[data-location-card]:not([hidden])');
  let meta: unknown;
  try {
    meta = JSON.parse(doc.getElementById('assistant-car-metadata')?.textContent ?? '');
  } catch {
    return undefined;
  }
  const { id, dealership_id } = (typeof meta === 'object' && meta !== null ? meta : {}) as Record<string, unknown>;
  const name = article?.querySelector('[data-slot="name"]')?.textContent?.trim();
  if (typeof id !== 'string' || !name || !card?.dataset.locationCard) return undefined;
  return {
    car: { id, name, ...(typeof dealership_id === 'string' ? { dealership_id } : {}) },
    location: { id: card.dataset.locationCard, name: card.dataset.locationName ?? '', phone },
  };
}

export default function TestDriveFlow({ site, options, heading, ...given }: TestDriveFlowProps) {
  const [definition] = useState(() => formDefinition('test_drive', options));
  const [shellCar, setShellCar] = useState<ReturnType<typeof fromPage>>(undefined);
  // Read after hydration, so the server's markup and the first render agree.
  useEffect(() => {
    if (!given.car) setShellCar(fromPage(document, site.phone));
  }, [given.car, site.phone]);
  const car = given.car ?? shellCar?.car;
  const location = given.location ?? shellCar?.location;
  const flow = useLeadFlow({
    site,
    form: 'test_drive',
    category: 'test-drive',
    steps: definition.steps,
    fixed: () => (car ? { car_id: car.id, ...(car.dealership_id ? { car_dealership_id: car.dealership_id } : {}) } : {}),
    stay: true,
  });

  const booked = (): string => {
    const values = flow.saver.collected();
    const date = typeof values.booking_date === 'string' ? values.booking_date : '';
    const time = typeof values.booking_time === 'string' ? values.booking_time : '';
    return date && time ? `${dayLabel(date, site.locale)} at ${timeLabel(time, site.locale)}` : '';
  };

  return (
    <>
      {flow.honeypot}
      <MultiStepForm
        steps={flow.steps}
        saver={flow.saver}
        heading={heading}
        initialValues={(index): FieldValues | undefined => {
          const step = flow.steps[index];
          if (step?.id === 'date_time') return { location_id: location?.id ?? '', booking_date: '', booking_time: '' };
          if (step?.id === 'user_details') return { ...flow.savedUserDetails(), notes: '' };
          return undefined;
        }}
        renderStep={({ step, idPrefix }) => {
          if (step.id === 'date_time') {
            return (
              <>
                {car && location && (
                  <p className="multi-step-note">
                    {car.name} at {location.name}
                  </p>
                )}
                <SlotPicker kind="appointment" idPrefix={idPrefix} locationId={location?.id} location={location} locale={site.locale} sitePhone={site.phone} />
              </>
            );
          }
          return (
            <>
              <UserDetails idPrefix={idPrefix} consentText={site.consent.text} region={options.region} />
              <TextField id={`${idPrefix}-notes`} name="notes" label="Anything we should know?" multiline rows={3} maxLength={5000} />
            </>
          );
        }}
        renderComplete={() => (
          <p role="status" className="multi-step-note" data-test-drive-booked>
            Thanks! We have your test drive request for the {car?.name ?? 'car'}
            {booked() ? `, ${booked()}` : ''}. We&apos;ll be in touch to confirm.
          </p>
        )}
      />
    </>
  );
}
