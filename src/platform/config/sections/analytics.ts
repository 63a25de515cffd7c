/**
 * Analytics: the dealer's Google Analytics 4 properties for the Automotive Standards Council
 * (ASC) events, the store fields those events carry, and whether shoppers must agree first.
 */
import { z } from 'zod';
import { text } from './values';

export const consentModes = ['implied', 'opt_in'] as const;
export type ConsentMode = (typeof consentModes)[number];

export const analyticsSchema = z
  .strictObject({
    measurement_ids: z
      .array(z.string().regex(/^G-[A-Z0-9]{4,20}$/, { error: 'must be a GA4 measurement id, e.g. "G-AB12CD34EF"' }))
      .max(10)
      .default([])
      .describe(
        'GA4 measurement ids the ASC events are sent to (the dealer’s, the group’s, the manufacturer’s). None: events stay in the page data layer for a tag manager, and no Google script loads.',
      ),
    consent: z
      .enum(consentModes)
      .default('implied')
      .describe(
        'implied: analytics run unless the shopper turns them off on the privacy page or their browser sends Global Privacy Control; opt_in: nothing is measured until the shopper turns analytics on, in the banner every page shows until they choose or on the privacy page.',
      ),
    store_name: text(120).optional().describe('Store name in the ASC data layer; the dealer name when absent.'),
    oem_code: text(40).optional().describe('Dealer code the manufacturer knows the store by.'),
    oem_brand: text(60).optional().describe('Manufacturer brand in the ASC data layer; the franchise (manufacturer.name) when absent.'),
    event_owner: text(60).optional().describe('Who sends the events (ASC event_owner); the footer’s powered-by name when absent.'),
  })
  .describe('Analytics: Automotive Standards Council events and GA4.');
