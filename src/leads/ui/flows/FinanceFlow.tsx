/**
 * Finance pre-approval (/finance, /finance-enquiry, /apply-for-finance): Your Loan →
 * Trade-in → Employment → User Details, filed as 'finance-pre-approval'. A car page's finance
 * link query (preferredDealership, vehiclePriceBudget, car_id, car_type, vin) fills in the budget
 * and dealership and ties the lead to the car.
 * 'No trade-in' on Your Loan skips the Trade-in step; Go Back from Employment returns to Your Loan.
 */
import { useState } from 'react';
import { parseFinanceQuery, type FinanceLinkQuery } from '../../model/finance-query';
import { EMPLOYMENT_STATUSES, LOAN_TERM_YEARS, formDefinition, type FormOptions } from '../../model/forms';
import { MultiStepForm } from '../MultiStepForm';
import { RadioGroupField, SelectField, TextField } from '../fields';
import { UserDetails } from '../steps/UserDetails';
import { useLeadFlow, type FlowSite } from './use-lead-flow';
import { loanTermLabel, odometerLabel, regionTerms } from '../../../platform/formats/region-terms';
import type { Region } from '../../../platform/config/regions';

export interface FinanceFlowProps {
  site: FlowSite;
  options: FormOptions;
  heading: string;
  /** Label of the terms checkbox, in the site's wording. */
  termsLabel: string;
}

/** The lead keeps the term in years (loan_term_years); US shoppers choose it in months. */
const loanTerms = (region: Region) =>
  Array.from({ length: LOAN_TERM_YEARS.max - LOAN_TERM_YEARS.min + 1 }, (_, i) => {
    const years = LOAN_TERM_YEARS.min + i;
    return { value: String(years), label: loanTermLabel(years, region) };
  });
const yesNo = [
  { value: 'yes', label: 'I have a trade-in' },
  { value: 'no', label: 'No trade-in' },
];

/** The finance link query of this page, read once in the browser (the static HTML has none). */
function readQuery(options: FormOptions): FinanceLinkQuery {
  if (typeof window === 'undefined') return {};
  return parseFinanceQuery(window.location.search, { dealerships: options.dealerships.map((d) => d.slug) });
}

export default function FinanceFlow({ site, options, heading, termsLabel }: FinanceFlowProps) {
  const [query] = useState(() => readQuery(options));
  const [definition] = useState(() => formDefinition('finance', options));
  const flow = useLeadFlow({
    site,
    form: 'finance',
    category: 'finance-pre-approval',
    steps: definition.steps,
    // The lead carries the car by id; its type and VIN are the car's own and not lead fields.
    fixed: () => (query.car_id ? { car_id: query.car_id } : {}),
  });
  const chooseDealership = options.dealerships.length > 1;
  const words = regionTerms(options.region);
  const terms = loanTerms(options.region);
  const onlyDealership = options.dealerships.length === 1 ? options.dealerships[0]?.slug : undefined;

  return (
    <>
      {flow.honeypot}
      <MultiStepForm
        steps={flow.steps}
        saver={flow.saver}
        heading={heading}
        initialValues={(index) => {
          if (index === 0) {
            return {
              vehiclePriceBudget: query.vehiclePriceBudget !== undefined ? String(query.vehiclePriceBudget) : '',
              deposit: '',
              loan_term_years: '5',
              // An unanswered radio group reads as null otherwise, which the schema words as a type error.
              has_trade_in: '',
              preferredDealership: query.preferredDealership ?? onlyDealership ?? '',
            };
          }
          if (index === flow.steps.length - 1) return flow.savedUserDetails();
          return undefined;
        }}
        renderStep={({ step, idPrefix }) => {
          const id = (name: string) => `${idPrefix}-${name}`;
          switch (step.id) {
            case 'loan':
              return (
                <>
                  <div className="grid grid-2">
                    <TextField id={id('budget')} name="vehiclePriceBudget" label="Vehicle price or budget ($)" required inputMode="numeric" maxLength={12} />
                    <TextField id={id('deposit')} name="deposit" label={`${words.down_payment} ($)`} inputMode="numeric" maxLength={12} />
                    <SelectField id={id('term')} name="loan_term_years" label="Loan term" required options={terms} />
                    {chooseDealership && (
                      <SelectField
                        id={id('dealership')}
                        name="preferredDealership"
                        label="Preferred dealership"
                        required
                        placeholder="Choose a dealership"
                        options={options.dealerships.map((d) => ({ value: d.slug, label: d.name }))}
                      />
                    )}
                  </div>
                  <RadioGroupField id={id('has-trade-in')} name="has_trade_in" legend="Do you have a car to trade in?" required options={yesNo} />
                </>
              );
            case 'trade_in':
              return (
                <div className="grid grid-2">
                  <TextField id={id('trade-make')} name="trade_in_make" label="Make" required maxLength={60} />
                  <TextField id={id('trade-model')} name="trade_in_model" label="Model" required maxLength={60} />
                  <TextField id={id('trade-year')} name="trade_in_year" label="Year" required inputMode="numeric" maxLength={4} />
                  <TextField id={id('trade-km')} name="trade_in_km" label={odometerLabel(options.region)} required inputMode="numeric" maxLength={9} />
                </div>
              );
            case 'employment':
              return (
                <div className="grid grid-2">
                  <SelectField
                    id={id('employment-status')}
                    name="employment_status"
                    label="Employment status"
                    required
                    placeholder="Choose one"
                    options={EMPLOYMENT_STATUSES}
                  />
                  <TextField id={id('employer')} name="employer" label="Employer" autoComplete="organization" maxLength={100} />
                  <TextField id={id('years-employed')} name="years_employed" label="Years with this employer" inputMode="decimal" maxLength={5} />
                  <TextField id={id('income')} name="annual_income" label="Annual income before tax ($)" required inputMode="numeric" maxLength={12} />
                </div>
              );
            default:
              return <UserDetails idPrefix={idPrefix} consentText={site.consent.text} middleName postcode region={options.region} terms={termsLabel} />;
          }
        }}
      />
    </>
  );
}
