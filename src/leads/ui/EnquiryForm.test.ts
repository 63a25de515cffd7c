import { load } from 'cheerio';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { consentWordings } from '../model/consent';
import { formOptionsFor } from '../model/form-options';
import EnquiryForm, { type EnquiryFormProps } from './EnquiryForm';

const site = testSite();
/** The form as its page's HTML holds it before hydration (Astro renders the island on the server). */
const render = (props: Partial<EnquiryFormProps> = {}) =>
  load(
    renderToStaticMarkup(
      createElement(EnquiryForm, {
        options: formOptionsFor(site),
        site: { website_slug: site.slug },
        idPrefix: 'enquiry',
        consent: consentWordings(site).checkbox,
        ...props,
      }),
    ),
  );

describe('the enquiry form’s mock error (test builds only)', () => {
  it('is offered, labelled, on a test build: no error by default, or each error the mock route gives', () => {
    const $ = render({ mockErrors: true });
    const select = $('#enquiry-mock-error');
    expect($('label[for="enquiry-mock-error"]').text()).toBe('Mock error (test build only)');
    expect(
      select
        .find('option')
        .map((_, o) => $(o).attr('value'))
        .get(),
    ).toEqual(['', 'server', 'validation', 'unavailable']);
    // Not a field of the form: a plain form post never carries it.
    expect(select.attr('name')).toBeUndefined();
  });

  it('is absent from a normal build’s form', () => {
    const $ = render();
    expect($('#enquiry-mock-error')).toHaveLength(0);
    expect($.text()).not.toContain('Mock error');
  });
});
