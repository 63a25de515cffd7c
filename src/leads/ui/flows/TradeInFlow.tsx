/**
 * Trade-in and valuation (/cars/trade-in?car_id=, /sell-my-car, /valuations):
 * Your Car (rego and state) → Vehicle Details, filled in from the registration lookup and
 * editable (typed in when the lookup finds nothing) → Condition → User Details. The car is
 * valued as Vehicle Details is left (POST /api/valuations, linked to the lead), and the valuation
 * adjusted by the condition answers once the lead is complete (PUT /api/valuations); then the
 * shopper goes to /success, which shows the estimate range, or the 'no online estimate' message
 * for cars over 7 years old or 100,000 km. Filed as 'trade-in' (with the car in stock it is
 * traded towards), 'sell-my-car' or 'valuation'.
 *
 * Trade-in and sell-my-car take optional photos of the car on Vehicle Details, sent to the lead
 * started on the first step (POST /api/leads/{id}/files) as that step is left. A photo that
 * cannot be sent keeps the shopper on the step with the reason; the lead itself is already kept.
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CAR_CONDITIONS, formDefinition, lastModelYear, type FormOptions } from '../../model/forms';
import { formatMoney } from '../../../platform/formats/region';
import { PhotosField, RadioGroupField, SelectField, TextField } from '../fields';
import { acceptOf, CAR_PHOTOS_FIELD, fileLimitsInWords } from '../../model/lead-files';
import { photosProblem, PHOTOS_NOT_SENT, sendLeadFiles } from '../../browser/lead-files';
import { newIdempotencyKey } from '../../browser/client';
import { MultiStepForm } from '../MultiStepForm';
import { UserDetails } from '../steps/UserDetails';
import {
  adjustValuation,
  carDealershipId,
  lookUpRego,
  requestValuation,
  saveValuation,
  valuationAnswers,
  type DealershipDirectory,
  type LookedUpVehicle,
  type Valuation,
} from '../../browser/trade-in-api';
import { keepEstimate } from '../../browser/kept-estimate';
import { successUrl } from '../../model/success';
import { browserStorage } from '../../../platform/web/storage';
import { useLeadFlow, type FlowSite } from './use-lead-flow';
import { estimateBasis } from '../../model/estimate-basis';
import type { ValuationRequest } from '../../model/valuation-request';
import { odometerKm, odometerLabel, regionTerms } from '../../../platform/formats/region-terms';

export interface TradeInFlowProps {
  site: FlowSite;
  options: FormOptions;
  heading: string;
  category: 'trade-in' | 'sell-my-car' | 'valuation';
  /** Trade-in towards a car in stock: the car id comes from the page's ?car_id=. */
  withCar?: boolean;
  dealerships: DealershipDirectory;
  /** Keep the estimate against the lead once shown (leads.save_valuation). */
  saveValuation?: boolean;
  /** The estimate's heading and what happens next, worded for the page's purpose (leads/model/valuation-purpose.ts). */
  result: EstimateWords;
}

interface EstimateWords {
  heading: string;
  next: string;
}

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The car photos chosen on Vehicle Details: kept by the flow, as the step's form is remade on each visit. */
interface CarPhotos {
  files: File[];
  /** One key per choice of files, so a retry of a send whose answer was lost keeps them once. */
  key: string;
  sent: boolean;
  /** What the file rule says of the choice: the shopper must choose again or remove them. */
  problem?: string;
  /** Why the last send failed: Continue tries again. */
  notSent?: string;
  /** Counts the times the shopper's attention is needed on the input. */
  attention: number;
}

const NO_PHOTOS: CarPhotos = { files: [], key: '', sent: false, attention: 0 };

function readCarId(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const id = new URLSearchParams(window.location.search).get('car_id')?.trim();
  return id && /^[A-Za-z0-9_-]{1,40}$/.test(id) ? id : undefined;
}

export default function TradeInFlow({
  site,
  options,
  heading,
  category,
  withCar = false,
  dealerships,
  saveValuation: keepValuation = false,
  result,
}: TradeInFlowProps) {
  const [definition] = useState(() => formDefinition('trade_in', options));
  const terms = regionTerms(options.region);
  const [carId] = useState(() => (withCar ? readCarId() : undefined));
  const [dealershipId, setDealershipId] = useState<string | undefined>(dealerships.only);
  const [vehicle, setVehicle] = useState<LookedUpVehicle | undefined>();
  const [lookupMissed, setLookupMissed] = useState(false);
  // A valuation is only an estimate; selling or trading the car in leads to an appraisal, where
  // the dealer can use photos.
  const takesPhotos = category !== 'valuation';
  const [photos, setPhotos] = useState<CarPhotos>(NO_PHOTOS);
  /** The valuation of the car as Vehicle Details described it, made while the shopper answers the rest. */
  const firstValuation = useRef<{ car: string; valued: Promise<Valuation> } | undefined>(undefined);
  const flow = useLeadFlow({
    site,
    form: 'trade_in',
    category,
    steps: definition.steps,
    stay: true,
    fixed: () => ({ ...(carId ? { car_id: carId } : {}), ...(carId && dealershipId ? { car_dealership_id: dealershipId } : {}) }),
  });

  useEffect(() => {
    if (!carId || dealerships.only) return;
    let live = true;
    void carDealershipId(carId, dealerships, window.location.origin).then((id) => {
      if (live) setDealershipId(id);
    });
    return () => {
      live = false;
    };
  }, [carId, dealerships]);

  const year = lastModelYear();

  /** The car as the valuation service takes it, from the form's values. */
  const carToValue = (values: FieldValues, leadId: string | undefined): ValuationRequest => ({
    ...(leadId ? { lead_id: leadId } : {}),
    ...(values.rego ? { rego: String(values.rego) } : {}),
    ...(values.regoState ? { regoState: String(values.regoState) } : {}),
    make: String(values.make),
    model: String(values.model),
    ...(values.variant ? { variant: String(values.variant) } : {}),
    year: Number(values.year),
    // The shopper reads the odometer in the site's units; valuations are worked out in km.
    km: odometerKm(Number(values.km), terms.distance),
  });

  return (
    <>
      {flow.honeypot}
      <MultiStepForm
        steps={flow.steps}
        saver={flow.saver}
        heading={heading}
        labels={{ submit: 'Get my estimate' }}
        initialValues={(index): FieldValues | undefined => {
          const step = flow.steps[index];
          // No default for rego: react-hook-form then reads what was typed while the island loaded.
          if (step?.id === 'car') return { regoState: '' };
          if (step?.id === 'vehicle_details') {
            return {
              make: vehicle?.make ?? '',
              model: vehicle?.model ?? '',
              year: vehicle ? String(vehicle.year) : '',
              variant: vehicle?.variant ?? '',
              km: '',
            };
          }
          if (step?.id === 'condition')
            return { adjustmentAnswers: { two_sets_of_keys: '', service_history: '', no_illegal_modifications: '', condition: '' } };
          if (step?.id === 'user_details') return flow.savedUserDetails();
          return undefined;
        }}
        beforeContinue={async (index, values) => {
          const stepId = flow.steps[index]?.id;
          if (stepId === 'vehicle_details') {
            if (takesPhotos && photos.files.length > 0 && !photos.sent) {
              if (photos.problem) {
                setPhotos((current) => ({ ...current, attention: current.attention + 1 }));
                return 'stay';
              }
              const leadId = flow.saver.getState().leadId;
              const outcome = leadId ? await sendLeadFiles(leadId, CAR_PHOTOS_FIELD, photos.files, photos.key) : { ok: false as const, error: PHOTOS_NOT_SENT };
              if (!outcome.ok) {
                setPhotos((current) => ({ ...current, notSent: outcome.error, attention: current.attention + 1 }));
                return 'stay';
              }
              setPhotos((current) => ({ ...current, sent: true, notSent: undefined }));
            }
            // Valued now, without waiting: the condition answers adjust it at the end.
            // The plate is on the step before: the car is what every step so far says.
            const car = carToValue({ ...flow.saver.collected(), ...values }, flow.saver.getState().leadId);
            const print = JSON.stringify(car);
            if (firstValuation.current?.car !== print) firstValuation.current = { car: print, valued: requestValuation(car) };
            return;
          }
          if (stepId !== 'car') return;
          const found = await lookUpRego(String(values.rego ?? ''), String(values.regoState ?? ''));
          setVehicle(found);
          setLookupMissed(!found);
        }}
        afterComplete={async (leadId, values) => {
          const answers = valuationAnswers(values.adjustmentAnswers) ?? {};
          const car = carToValue(values, leadId);
          const first = firstValuation.current?.car === JSON.stringify(car) ? await firstValuation.current.valued : undefined;
          // The adjustment step when the car was valued and kept; else one valuation with the answers.
          const valuation =
            first && first.kind !== 'unavailable' && first.id
              ? await adjustValuation(first.id, answers)
              : await requestValuation({ ...car, adjustmentAnswers: answers });
          if (keepValuation && valuation.kind === 'estimate') await saveValuation(leadId, valuation);
          keepEstimate(browserStorage('sessionStorage'), site.lead.website_slug, {
            lead_id: leadId,
            kind: valuation.kind,
            heading:
              valuation.kind === 'estimate'
                ? result.heading
                : valuation.kind === 'refused'
                  ? 'No online estimate for this car'
                  : 'Thanks, we have your details',
            range:
              valuation.kind === 'estimate'
                ? `${formatMoney(valuation.low, site.locale, valuation.currency)} – ${formatMoney(valuation.high, site.locale, valuation.currency)}`
                : '',
            message: valuation.kind === 'estimate' ? estimateBasis(answers) : valuation.message,
            next: valuation.kind === 'estimate' ? result.next : '',
          });
          window.location.assign(successUrl(category, { lead_id: leadId, ...(carId ? { car_id: carId } : {}) }));
        }}
        renderComplete={() => <p role="status">Working out your estimate…</p>}
        renderStep={({ step, idPrefix, disabled }) => {
          const id = (name: string) => `${idPrefix}-${name}`;
          switch (step.id) {
            case 'car':
              return (
                <div className="grid grid-2">
                  <TextField id={id('rego')} name="rego" label={terms.plate} required maxLength={10} autoComplete="off" />
                  {options.states.length > 0 && (
                    <SelectField id={id('state')} name="regoState" label="State" required placeholder="Choose a state" options={options.states} />
                  )}
                </div>
              );
            case 'vehicle_details':
              return (
                <>
                  <p className="multi-step-note" role="status">
                    {vehicle
                      ? 'We found your car. Check the details and add its odometer reading.'
                      : lookupMissed
                        ? `We couldn't find that ${terms.plate_in_words}. Please enter your car's details.`
                        : "Please enter your car's details."}
                  </p>
                  <div className="grid grid-2">
                    <TextField id={id('make')} name="make" label="Make" required maxLength={60} />
                    <TextField id={id('model')} name="model" label="Model" required maxLength={60} />
                    <TextField id={id('year')} name="year" label="Year" required inputMode="numeric" maxLength={4} hint={`1950 to ${year}`} />
                    <TextField id={id('variant')} name="variant" label="Variant" maxLength={100} />
                    <TextField id={id('km')} name="km" label={odometerLabel(options.region)} required inputMode="numeric" maxLength={9} />
                  </div>
                  {takesPhotos && (
                    <PhotosField
                      id={id('photos')}
                      label="Photos of your car (optional)"
                      hint={fileLimitsInWords(CAR_PHOTOS_FIELD)}
                      accept={acceptOf(CAR_PHOTOS_FIELD)}
                      chosen={photos.files.map((f) => f.name)}
                      sent={photos.sent}
                      error={photos.problem ?? photos.notSent}
                      disabled={disabled}
                      attention={photos.attention}
                      onChoose={(files) => {
                        const key = newIdempotencyKey();
                        setPhotos((current) => ({ ...NO_PHOTOS, files, key, attention: current.attention }));
                        void photosProblem(CAR_PHOTOS_FIELD, files).then((problem) => {
                          // Only if the shopper has not chosen again meanwhile.
                          if (problem) setPhotos((current) => (current.key === key ? { ...current, problem } : current));
                        });
                      }}
                      onRemove={() => setPhotos((current) => ({ ...NO_PHOTOS, attention: current.attention }))}
                    />
                  )}
                </>
              );
            case 'condition':
              return (
                <>
                  <RadioGroupField
                    id={id('keys')}
                    name="adjustmentAnswers.two_sets_of_keys"
                    legend="Does it come with 2 sets of keys?"
                    required
                    options={yesNo}
                  />
                  <RadioGroupField
                    id={id('history')}
                    name="adjustmentAnswers.service_history"
                    legend="Does it have a service history?"
                    required
                    options={yesNo}
                  />
                  <RadioGroupField
                    id={id('mods')}
                    name="adjustmentAnswers.no_illegal_modifications"
                    legend="Is it free of illegal modifications?"
                    required
                    options={yesNo}
                  />
                  <SelectField
                    id={id('condition')}
                    name="adjustmentAnswers.condition"
                    label="Overall condition"
                    required
                    placeholder="Choose one"
                    options={CAR_CONDITIONS}
                  />
                </>
              );
            default:
              return <UserDetails idPrefix={idPrefix} consentText={site.consent.text} postcode region={options.region} />;
          }
        }}
      />
    </>
  );
}
