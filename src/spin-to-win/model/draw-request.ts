/**
 * The body of POST /api/spin-to-win/draw: the campaign the shopper saw on the page. The server
 * refuses a spin for a campaign that is no longer the dealer's (the page was open across a change
 * of campaign), so nobody spins one wheel and wins from another.
 */
import { z } from 'zod/mini';

export const drawRequestSchema = z.strictObject({
  campaign: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Reload the page and spin again.'), z.maxLength(80)),
});

export type DrawRequest = z.infer<typeof drawRequestSchema>;
