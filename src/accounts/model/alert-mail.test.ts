import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { alertMail, alertSubject, MAX_CARS_PER_SEARCH } from './alert-mail';
import { escapeHtml, singleLine } from '../../platform/formats/text';
import type { Alert, AlertCar } from './alerts';

const site = testSite();
const rav4: AlertCar = { id: '42', name: '2021 Toyota RAV4 GX Hybrid', slug: '2021-toyota-rav4-gx-hybrid-42', make: 'Toyota', model: 'RAV4', price: 36990 };
const cx5: AlertCar = { id: '43', name: '2019 Mazda CX-5 Maxx', slug: '2019-mazda-cx-5-maxx-43', make: 'Mazda', model: 'CX-5' };
const search = { id: 's1', name: 'SUVs under 40k', path: '/search/suv?range[price]=:40000' };
const drop: Alert = { kind: 'price_drop', car: rav4, was: 38990, now: 36990 };
const sold: Alert = { kind: 'sold', car: cx5 };
const match = (car: AlertCar, on = search): Alert => ({ kind: 'new_match', car, search: on });

describe('alert subjects', () => {
  it('name the car when there is one change', () => {
    expect(alertSubject([drop])).toBe('Price drop on the Toyota RAV4 you saved');
    expect(alertSubject([sold])).toBe('The Mazda CX-5 you saved has sold');
    expect(alertSubject([match(rav4)])).toBe('A new Toyota RAV4 matches your search “SUVs under 40k”');
  });

  it('count the changes when there are several', () => {
    expect(alertSubject([drop, sold])).toBe('2 updates on cars you saved');
    expect(alertSubject([drop, sold, match(rav4)])).toBe('3 updates on your saved cars and searches');
    expect(alertSubject([match(rav4), match(cx5)])).toBe('2 new cars match your search “SUVs under 40k”');
    expect(alertSubject([match(rav4), match(cx5, { ...search, id: 's2', name: 'Mazdas' })])).toBe('2 updates on your saved cars and searches');
  });
});

describe('an alert email', () => {
  const mail = alertMail(site, [drop, sold, match(rav4)], 'tok-en_123');

  it('says what changed, with prices in the dealer’s format and each car’s page', () => {
    expect(mail.text).toContain(
      '2021 Toyota RAV4 GX Hybrid\n  Was $38,990, now $36,990 ($2,000 less).\n  https://www.fixturemotors.example/cars/2021-toyota-rav4-gx-hybrid-42',
    );
    expect(mail.text).toContain(
      '2019 Mazda CX-5 Maxx\n  It has sold or is no longer for sale. Other Mazda CX-5 cars:\n  https://www.fixturemotors.example/search/mazda/cx-5',
    );
    expect(mail.text).toContain('New for your search “SUVs under 40k”\n- 2021 Toyota RAV4 GX Hybrid, $36,990');
    expect(mail.text).toContain('See the search: https://www.fixturemotors.example/search/suv?range[price]=:40000');
    expect(mail.html).toContain('<a href="https://www.fixturemotors.example/cars/2021-toyota-rav4-gx-hybrid-42">2021 Toyota RAV4 GX Hybrid</a>');
  });

  it('carries the one-click unsubscribe headers and the unsubscribe page in the body', () => {
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://www.fixturemotors.example/api/account/unsubscribe?token=tok-en_123>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('Unsubscribe from every alert: https://www.fixturemotors.example/unsubscribe?token=tok-en_123');
    expect(mail.html).toContain('<a href="https://www.fixturemotors.example/unsubscribe?token=tok-en_123">Unsubscribe from every alert</a>');
  });

  it('lists at most ten cars per search and counts the rest', () => {
    const cars = Array.from({ length: MAX_CARS_PER_SEARCH + 3 }, (_, i) => ({ ...rav4, id: String(100 + i), slug: `car-${100 + i}` }));
    const many = alertMail(
      site,
      cars.map((car) => match(car)),
      't',
    );
    expect(many.text.match(/\/cars\/car-/g)).toHaveLength(MAX_CARS_PER_SEARCH);
    expect(many.text).toContain('And 3 more. See them all: https://www.fixturemotors.example/search/suv?range[price]=:40000');
    expect(many.subject).toBe('13 new cars match your search “SUVs under 40k”');
  });
});

describe('shopper-supplied text', () => {
  const hostile = '<img src=x onerror=alert(1)>\r\nBcc: victim@example.com \u202eevil';
  const mail = alertMail(
    site,
    [match(rav4, { id: 's9', name: hostile, path: '//evil.example/phish' }), { kind: 'sold', car: { ...cx5, name: '<b>Bold</b>\nline' } }],
    'token',
  );

  it('is escaped in the HTML', () => {
    expect(mail.html).not.toMatch(/<img|<b>/);
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; Bcc: victim@example.com evil');
    expect(mail.html).toContain('&#60;b&#62;Bold&#60;/b&#62; line');
  });

  it('stays on one line in the subject and the text', () => {
    const one = alertMail(site, [match(rav4, { id: 's9', name: hostile, path: '/search' })], 'token');
    expect(one.subject).toBe('A new Toyota RAV4 matches your search “<img src=x onerror=alert(1)> Bcc: victim@example.com evil”');
    expect(one.subject).not.toMatch(/[\r\n\u202e]/);
    expect(mail.text).toContain('New for your search “<img src=x onerror=alert(1)> Bcc: victim@example.com evil”\n');
    expect(mail.text).not.toMatch(/^Bcc:/m);
  });

  it('cannot send the shopper to another site from a saved search', () => {
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain('See the search: https://www.fixturemotors.example/search/new-used-and-demo-cars');
  });

  it('is cut to a readable length', () => {
    expect(singleLine('x'.repeat(300), 60)).toHaveLength(60);
    expect(escapeHtml(`"'&`)).toBe('&#34;&#39;&#38;');
  });
});
