/**
 * Service booking (/service and the per-location booking pages): Your Vehicle →
 * Service → Date & Time → User Details, filed as 'service-booking'. The shopper chooses the
 * location when the dealer has more than one and the page has none preset; Date & Time offers
 * that location's free times from GET /api/service-slots.
 */
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { SERVICE_TYPES, formDefinition, lastModelYear, type FormOptions } from '../../model/forms';
import { CheckboxGroupField, SelectField, TextField } from '../fields';
import { MultiStepForm } from '../MultiStepForm';
import { UserDetails } from '../steps/UserDetails';
import { SlotPicker } from '../steps/SlotPicker';
import { useLeadFlow, type FlowSite } from './use-lead-flow';
import { odometerLabel, regionTerms } from '../../../platform/formats/region-terms';

export interface ServiceLocation {
  id: string;
  name: string;
  phone: string;
}

export interface ServiceFlowProps {
  site: FlowSite;
  options: FormOptions;
  heading: string;
  /** Service locations the shopper can book at, in card order. */
  locations: ServiceLocation[];
  /** A per-location booking page books there and asks no location. */
  presetLocationId?: string;
}

export default function ServiceFlow({ site, options, heading, locations, presetLocationId }: ServiceFlowProps) {
  const [definition] = useState(() => formDefinition('service', options));
  const onlyLocation = presetLocationId ?? (locations.length === 1 ? locations[0]?.id : undefined);
  const flow = useLeadFlow({ site, form: 'service', category: 'service-booking', steps: definition.steps });
  const year = lastModelYear();

  return (
    <>
      {flow.honeypot}
      <MultiStepForm
        steps={flow.steps}
        saver={flow.saver}
        heading={heading}
        initialValues={(index): FieldValues | undefined => {
          const step = flow.steps[index];
          if (step?.id === 'service') return { location_id: onlyLocation ?? '', service_type: '', additional_services: [], notes: '' };
          if (step?.id === 'date_time') return { booking_date: '', booking_time: '' };
          if (step?.id === 'user_details') return flow.savedUserDetails();
          return undefined;
        }}
        renderStep={({ step, idPrefix }) => {
          const id = (name: string) => `${idPrefix}-${name}`;
          switch (step.id) {
            case 'vehicle':
              return (
                <div className="grid grid-2">
                  <TextField id={id('rego')} name="rego" label={regionTerms(options.region).plate} maxLength={10} autoComplete="off" />
                  <TextField id={id('make')} name="make" label="Make" required maxLength={60} />
                  <TextField id={id('model')} name="model" label="Model" required maxLength={60} />
                  <TextField id={id('year')} name="year" label="Year" required inputMode="numeric" maxLength={4} hint={`1950 to ${year}`} />
                  <TextField id={id('odometer')} name="odometer" label={odometerLabel(options.region)} inputMode="numeric" maxLength={9} />
                </div>
              );
            case 'service': {
              const chosen = locations.find((l) => l.id === onlyLocation);
              return (
                <>
                  {onlyLocation ? (
                    chosen && <p className="multi-step-note">Booking at {chosen.name}</p>
                  ) : (
                    <SelectField
                      id={id('location')}
                      name="location_id"
                      label="Service location"
                      required
                      placeholder="Choose a location"
                      options={locations.map((l) => ({ value: l.id, label: l.name }))}
                    />
                  )}
                  <SelectField
                    id={id('service-type')}
                    name="service_type"
                    label="Service type"
                    required
                    placeholder="Choose a service"
                    options={SERVICE_TYPES}
                  />
                  {options.additional_services.length > 0 && (
                    <CheckboxGroupField id={id('additional')} name="additional_services" legend="Additional services" options={options.additional_services} />
                  )}
                  <TextField id={id('notes')} name="notes" label="Notes for the workshop" multiline rows={3} maxLength={5000} />
                </>
              );
            }
            case 'date_time': {
              const chosen: unknown = flow.saver.collected().location_id;
              const locationId = typeof chosen === 'string' && chosen !== '' ? chosen : onlyLocation;
              return (
                <SlotPicker
                  kind="service"
                  idPrefix={idPrefix}
                  locationId={locationId}
                  location={locations.find((l) => l.id === locationId)}
                  locale={site.locale}
                  sitePhone={site.phone}
                />
              );
            }
            default:
              return <UserDetails idPrefix={idPrefix} consentText={site.consent.text} region={options.region} />;
          }
        }}
      />
    </>
  );
}
