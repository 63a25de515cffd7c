import { describe, expect, it } from 'vitest';
import { testSite } from '../../../../tests/support/test-site';
import { ALWAYS_SHOW_SLIDER_REGION, carTypesOf, heroSlider } from './options';

describe('hero slider options', () => {
  it('defaults to ALL VEHICLES (empty value), NEW VEHICLES (new), USED VEHICLES (used)', () => {
    const slider = heroSlider(testSite());
    expect(slider.options.map(({ label, value }) => [label, value])).toEqual([
      ['ALL VEHICLES', ''],
      ['NEW VEHICLES', 'new'],
      ['USED VEHICLES', 'used'],
    ]);
    expect(slider.visible).toBe(true);
    expect(slider.initial).toBe('');
  });

  it("takes the site's own options in its order, New / Demo joined", () => {
    const slider = heroSlider(testSite({ search: { hero_options: ['used', 'new_demo', 'demo', 'all'] } }));
    expect(slider.options.map(({ label, value }) => [label, value])).toEqual([
      ['USED VEHICLES', 'used'],
      ['NEW / DEMO', 'new,demo'],
      ['DEMO', 'demo'],
      ['ALL VEHICLES', ''],
    ]);
  });

  it("selects the first option when 'All' is not offered", () => {
    expect(heroSlider(testSite({ search: { hero_options: ['new_demo', 'used', 'all'] } })).initial).toBe('new,demo');
    expect(heroSlider(testSite({ search: { hero_options: ['used'] } })).initial).toBe('used');
  });

  it('is hidden with fewer than 3 options', () => {
    expect(heroSlider(testSite({ region: 'AU', search: { hero_options: ['all', 'used'] } })).visible).toBe(false);
    expect(heroSlider(testSite({ region: 'US', search: { hero_options: ['new', 'used'] } })).visible).toBe(false);
  });

  it('shows with fewer than 3 options on the one region variant, NZ', () => {
    expect(ALWAYS_SHOW_SLIDER_REGION).toBe('NZ');
    expect(heroSlider(testSite({ region: 'NZ', search: { hero_options: ['new', 'used'] } })).visible).toBe(true);
  });

  it('lists a repeated option once', () => {
    expect(heroSlider(testSite({ search: { hero_options: ['all', 'all', 'new'] } })).options).toHaveLength(2);
  });
});

describe('carTypesOf', () => {
  it.each([
    ['', []],
    ['new', ['new']],
    ['new,demo', ['new', 'demo']],
    ['used, demo', ['used', 'demo']],
    ['trucks', []],
    ['new,"x" OR 1', ['new']],
  ])('%j → %j', (value, expected) => {
    expect(carTypesOf(value)).toEqual(expected);
  });
});
