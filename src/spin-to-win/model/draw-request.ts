/**
 * The body of POST /api/spin-to-win/draw: the campaign the shopper saw on the page. The server
 * refuses a spin for a campaign that is no longer the dealer's (the page was open across a change
 * of campaign), so nobody spins one wheel and wins from another.
 *
 * The field is a zod/mini schema, which the page loads when the shopper spins; the server's
 * request schema (./draw-schema.ts) is made of the same field.
 */
import { z } from 'zod/mini';

export const RELOAD_AND_SPIN = 'Reload the page and spin again.';

export const campaignField = z.string().check(z.maxLength(80, RELOAD_AND_SPIN), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, RELOAD_AND_SPIN));

export const drawRequestBody = z.strictObject({ campaign: campaignField });

export type DrawRequest = z.infer<typeof drawRequestBody>;
