import { describe, expect, it } from 'vitest';
import type { FormField } from '../../platform/http/form-body';
import { leadFromFormFields } from './form-fields';

const form = (entries: [string, string][]): FormField[] => entries.map(([name, value]) => ({ name, value }));

describe('leadFromFormFields', () => {
  it('turns form text into the JSON lead the schemas read', () => {
    const result = leadFromFormFields(
      form([
        ['first_name', 'Jane'],
        ['opt_in', 'on'],
        ['terms_conditions', 'false'],
        ['form_started_at', '1763700000000'],
        ['visited_pages[]', '/'],
        ['visited_pages[]', '/finance'],
        ['linked_query_params', '{"utm_source":"google"}'],
        ['lead[phone]', '0412345678'],
        ['vehiclePriceBudget', '$35,000'],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      lead: {
        first_name: 'Jane',
        opt_in: true,
        terms_conditions: false,
        form_started_at: 1763700000000,
        visited_pages: ['/', '/finance'],
        linked_query_params: { utm_source: 'google' },
        phone: '0412345678',
        vehiclePriceBudget: '$35,000',
      },
    });
  });
  it('leaves what it cannot read for the schema to refuse', () => {
    const result = leadFromFormFields(
      form([
        ['opt_in', 'maybe'],
        ['step_number', 'two'],
      ]),
    );
    expect(result.ok && result.lead.opt_in).toBe('maybe');
    expect(result.ok && result.lead.step_number).toBe('two');
  });
  it("refuses a field that names an object's own machinery, naming it", () => {
    for (const name of ['lead[__proto__]', 'lead[constructor]', 'prototype[]']) {
      const result = leadFromFormFields(form([[name, 'x']]));
      expect(result.ok, name).toBe(false);
      expect(!result.ok && result.error).toContain(name);
    }
  });
  it('refuses files', () => {
    expect(leadFromFormFields([], [{ name: 'payslip' }])).toMatchObject({
      ok: false,
      fields: { 'lead.payslip': expect.any(String) as unknown },
    });
  });
});
