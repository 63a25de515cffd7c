/**
 * What the trade-in flow sends to /api/valuations, as one schema: the API checks bodies with it,
 * and the browser builds its request from its type (`ValuationRequest`, the schema's input), so
 * the two cannot drift apart. Browser code imports only the types from here: the schema's zod
 * stays on the server.
 *
 *   POST /valuations      {lead_id?, rego?, regoState?, make, model, variant?, year, km, adjustmentAnswers?}
 *   PUT  /valuations[/id] {id?, adjustmentAnswers}
 */
import { z } from 'zod';
import { hasUnsafeCharacters } from '../../platform/formats/unsafe-text';
import { adjustmentAnswersSchema } from '../../providers/valuation';

/** A lead the request points at (its id as the lead API answered it); only the dealer's own is taken. */
export const leadIdField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Unknown lead' });

/** Text kept as sent and shown to the dealer: required, capped, and free of control characters. */
const plainText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !hasUnsafeCharacters(v, true, 'controls'), { error: `${label} contains characters that are not allowed` });

/** A whole number, as JSON sends it or as a form field's text ("85,000"). */
const wholeNumber = (label: string, min: number, max: () => number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,3}(,?\d{3})*$|^\d+$/)
          .transform((v) => Number(v.replace(/,/g, ''))),
      ],
      {
        error: `${label} must be a whole number`,
      },
    )
    .pipe(
      z
        .number()
        .int({ error: `${label} must be a whole number` })
        .refine((n) => n >= min && n <= max(), { error: `${label} must be from ${min} to ${max()}` }),
    );

/**
 * The plate and state kept with a valuation: only stored, never looked up, so any plate the
 * trade-in form takes (up to 10 letters and digits, US states too) is accepted.
 */
const storedRego = z
  .string()
  .max(20, { error: 'Enter a registration of up to 10 letters and numbers' })
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{0,10}$/, { error: 'Enter a registration of up to 10 letters and numbers' }));

const storedState = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^([A-Z]{2,3})?$/, { error: 'Choose the state the car is registered in' }));

/** POST /valuations. Model years run to next year's, by the clock `now` reads when a body is checked. */
export function valuationRequestSchema(now: () => number) {
  const nextModelYear = () => new Date(now()).getUTCFullYear() + 1;
  return z.object({
    lead_id: leadIdField.nullish(),
    rego: storedRego.nullish(),
    regoState: storedState.nullish(),
    make: plainText(60, 'Make'),
    model: plainText(80, 'Model'),
    variant: plainText(120, 'Variant').nullish(),
    year: wholeNumber('Year', 1900, nextModelYear),
    km: wholeNumber('Kilometres', 0, () => 2_000_000),
    adjustmentAnswers: adjustmentAnswersSchema.optional(),
  });
}

/** The body of POST /api/valuations, as the browser sends it. */
export type ValuationRequest = z.input<ReturnType<typeof valuationRequestSchema>>;

/** The condition answers a valuation request carries. */
export type ValuationAnswers = NonNullable<ValuationRequest['adjustmentAnswers']>;

/** PUT /valuations/:id (or PUT /valuations with the id in the body): new condition answers. */
export const valuationUpdateSchema = z.object({
  id: z.string().max(100).optional(),
  adjustmentAnswers: adjustmentAnswersSchema,
});
