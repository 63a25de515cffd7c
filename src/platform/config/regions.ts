/** Region facts, kept free of zod so browser code can import them without the schema. */
export const regions = ['AU', 'NZ', 'US'] as const;
export type Region = (typeof regions)[number];

export const regionDefaults = {
  AU: { locale: 'en-AU', time_zone: 'Australia/Sydney', units: 'km', phone_rule: 'au', currency: 'AUD' },
  NZ: { locale: 'en-NZ', time_zone: 'Pacific/Auckland', units: 'km', phone_rule: 'nz', currency: 'NZD' },
  US: { locale: 'en-US', time_zone: 'America/New_York', units: 'miles', phone_rule: 'us', currency: 'USD' },
} as const satisfies Record<Region, { locale: string; time_zone: string; units: 'km' | 'miles'; phone_rule: string; currency: string }>;
