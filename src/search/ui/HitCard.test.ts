import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CardHit } from '../browser/hits';
import { HitCard, type CardSite } from './HitCard';

const au: CardSite = { slug: 'kingfisher-toyota', region: 'AU', locale: 'en-AU', units: 'km', saved_cars: 'favourites' };
const hit: CardHit = {
  id: 42,
  slug: '2021-toyota-rav4-gx',
  name: '2021 Toyota RAV4 GX',
  price: 38_990,
  km: 30_100,
  car_type: 'used',
  status: 'in_stock',
  primary_image_url: 'https://photos.example.test/rav4.jpg',
  badge: 'Certified',
};

const render = (props: Partial<Parameters<typeof HitCard>[0]> = {}) => renderToStaticMarkup(createElement(HitCard, { hit, site: au, eager: false, ...props }));

describe('result card', () => {
  it('shows one prominent price, the odometer and links to the car', () => {
    const html = render();
    expect(html).toContain('<p class="car-card-price">$38,990</p>');
    expect(html).toContain('30,100 km');
    expect(html).toContain('href="/cars/2021-toyota-rav4-gx"');
    expect(html).toContain('Certified');
  });

  it('shows how far away a car is when sorted nearest first, in the site’s units', () => {
    expect(render()).not.toContain('away');
    expect(render({ hit: { ...hit, distance: 12_480 } })).toContain('<p class="car-card-distance">12 km away</p>');
    const us = { ...au, region: 'US' as const, locale: 'en-US', units: 'miles' as const };
    expect(render({ site: us, hit: { ...hit, distance: 16_093 } })).toContain('<p class="car-card-distance">10 mi away</p>');
  });

  it('shows a repayment only on the dealer’s advertised terms, worked out from the price', () => {
    // Without the dealer's terms, no repayment.
    expect(render()).not.toContain('/week');
    const advertising = { ...au, repayment: { per_price: 0.005, per: '/week' as const } };
    expect(render({ site: advertising })).toContain('<p class="car-card-weekly">$195/week</p>');
    const us = { ...au, region: 'US' as const, locale: 'en-US', units: 'miles' as const, repayment: { per_price: 0.02, per: '/month' as const } };
    expect(render({ site: us })).toContain('$780/month');
    expect(render({ site: advertising, hit: { ...hit, price: 0 } })).not.toContain('car-card-weekly');
  });

  it('shows a subscription car’s weekly price as "Subscription per week"', () => {
    expect(render()).not.toContain('Subscription');
    expect(render({ hit: { ...hit, subscription_price: 249 } })).toContain('<p class="car-card-subscription">Subscription $249 per week</p>');
  });

  it("calls used cars 'Pre-Owned' on pre-owned sites", () => {
    expect(render()).toContain('<li>Used</li>');
    expect(render({ site: { ...au, pre_owned: true } })).toContain('<li>Pre-Owned</li>');
  });

  it("shows a car held by a deposit as 'Reserved'", () => {
    expect(render({ hit: { ...hit, reserved: true } })).toContain('<li>Reserved</li>');
    expect(render()).not.toContain('Reserved');
  });

  it('shows availability as a badge, and when a car on its way arrives', () => {
    expect(render({ hit: { ...hit, status: 'sale_pending' } })).toContain('<li>Sale Pending</li>');
    const arriving = render({ hit: { ...hit, status: 'in_transit', arrival_date: '2026-03-14' } });
    expect(arriving).toContain('<li>In Transit</li>');
    expect(arriving).toContain('<li>Arriving 14 March 2026</li>');
    expect(render()).not.toContain('In Stock');
  });

  it("says 'Price on application' for a price of 0", () => {
    expect(render({ hit: { ...hit, price: 0 } })).toContain('<p class="car-card-price">Price on application</p>');
  });

  it('shows miles on US sites', () => {
    expect(render({ site: { ...au, region: 'US', locale: 'en-US', units: 'miles' } })).toContain('18,703 mi');
  });

  it('sizes the image through the CDN with width and quality, lazily below the first row', () => {
    const html = render({ site: { ...au, image_cdn: { base_url: 'https://img.example.test', quality: 70 } } });
    expect(html).toContain('src="https://img.example.test/?url=https%3A%2F%2Fphotos.example.test%2Frav4.jpg&amp;w=400&amp;q=70"');
    expect(html).toContain('width="400"');
    expect(html).toContain('height="300"');
    expect(html).toContain('loading="lazy"');
    expect(render({ eager: true })).toContain('loading="eager"');
  });

  it('offers a favourite toggle the favourites feature can wire up', () => {
    const html = render();
    expect(html).toMatch(/<button[^>]*aria-pressed="false"[^>]*aria-label="Save 2021 Toyota RAV4 GX to favourites"[^>]*data-favourite-id="42"/);
    expect(render({ saved: true })).toContain('aria-pressed="true"');
    expect(render({ site: { ...au, saved_cars: 'compare' } })).toContain('Add 2021 Toyota RAV4 GX to compare');
  });

  it('escapes names from the feed', () => {
    const html = render({ hit: { ...hit, name: '<img src=x onerror=alert(1)>' } });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
