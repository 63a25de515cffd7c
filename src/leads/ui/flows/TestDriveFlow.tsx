/**
 * Booking a test drive from a car's page: Date & Time (a free slot at the sales location that
 * has the car, the service booking's slot picker over GET /api/appointment-slots) → User Details,
 * filed as 'test-drive' with the car's id, then on to /success (with the way back to the car);
 * the server checks the slot again when the lead arrives, and the reply email says what was asked for.
 */
import { useEffect, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { formDefinition, type FormOptions } from '../../model/forms';
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

/** The car's slug from its page's path, /cars/{slug}: the success page's way back to it. */
function carSlugOf(pathname: string): string | undefined {
  return /^\/cars\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(pathname)?.[1];
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
    successExtra: () => {
      const slug = carSlugOf(window.location.pathname);
      return { ...(car ? { car_id: car.id } : {}), ...(slug ? { car: slug } : {}) };
    },
  });

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
      />
    </>
  );
}
