import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { PRICE_ON_APPLICATION, carSlugFromPath, priceText, weeklyPriceText } from './car';

const site = testSite();

describe('car path', () => {
  it('reads a car slug from /cars/{slug} and refuses anything else', () => {
    expect(carSlugFromPath('/cars/2021-toyota-rav4-48213')).toBe('2021-toyota-rav4-48213');
    expect(carSlugFromPath('/cars/2021-toyota-rav4-48213/')).toBe('2021-toyota-rav4-48213');
    expect(carSlugFromPath('/cars/')).toBeUndefined();
    expect(carSlugFromPath('/cars/a/b')).toBeUndefined();
    expect(carSlugFromPath('/cars/%22%20OR%20id%20%3E%200')).toBeUndefined();
    expect(carSlugFromPath('/cars/Upper-Case')).toBeUndefined();
  });
});

describe('price', () => {
  it('shows one total price, and a price of 0 as price on application', () => {
    expect(priceText(38990, site)).toBe('$38,990');
    expect(priceText(0, site)).toBe(PRICE_ON_APPLICATION);
    expect(weeklyPriceText(189, site)).toBe('$189/week');
    expect(weeklyPriceText(undefined, site)).toBe('');
  });
});
