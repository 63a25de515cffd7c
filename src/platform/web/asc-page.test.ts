import { describe, expect, it } from 'vitest';
import { startGtag } from './asc-page';

describe('Google’s gtag on a page', () => {
  it('is given the page’s address and referrer without the secrets a link carried', () => {
    const appended: unknown[] = [];
    const doc = {
      referrer: 'https://d.example/unsubscribe?token=EMAILED',
      createElement: () => ({}),
      head: { append: (el: unknown) => appended.push(el) },
    } as unknown as Document;
    const win = {
      asc_datalayer: { measurement_ids: ['G-TEST1', 'G-TEST2'] },
      location: { href: 'https://d.example/checkout/return?payment=p1&key=GUEST-KEY' },
    } as unknown as Window & { dataLayer: IArguments[] };
    startGtag(doc, win);
    const configs = win.dataLayer.map((args) => [...args] as unknown[]).filter((args) => args[0] === 'config');
    expect(configs).toEqual([
      [
        'config',
        'G-TEST1',
        { send_page_view: false, page_location: 'https://d.example/checkout/return?payment=p1', page_referrer: 'https://d.example/unsubscribe' },
      ],
      [
        'config',
        'G-TEST2',
        { send_page_view: false, page_location: 'https://d.example/checkout/return?payment=p1', page_referrer: 'https://d.example/unsubscribe' },
      ],
    ]);
    expect(JSON.stringify(win.dataLayer.map((args) => [...args] as unknown[]))).not.toMatch(/GUEST-KEY|EMAILED/);
    expect(appended).toHaveLength(1);
  });
});
