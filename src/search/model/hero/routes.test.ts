import { describe, expect, it } from 'vitest';
import { testSite } from '../../../../tests/support/test-site';
import { routeToState } from '../routing';
import { searchSite } from '../site';
import { emptySelection } from './remembered';
import { budgetSearchPath, heroSearchPath } from './routes';

const site = searchSite(
  testSite({
    manufacturer: { name: 'Toyota', slug: 'toyota' },
    models: [{ name: 'RAV4', slug: 'rav4' }],
    search: { path_patterns: ['car_type', 'make+model', 'make', 'body'] },
  }),
);

describe('the hero search button goes to the built search path', () => {
  it('with nothing chosen, the default search path', () => {
    expect(heroSearchPath(emptySelection(), site)).toBe('/search/new-used-and-demo-cars');
  });

  it('a car type gives its path', () => {
    expect(heroSearchPath({ car_type: 'used', make: '', make_model: '' }, site)).toBe('/search/used-cars');
    expect(heroSearchPath({ car_type: 'new,demo', make: '', make_model: '' }, site)).toBe('/search/new-and-demo-cars');
  });

  it('a car type comes first; the make rides in the query string', () => {
    expect(heroSearchPath({ car_type: 'used', make: 'Toyota', make_model: '' }, site)).toBe('/search/used-cars?make=Toyota');
  });

  it('make with model gives /search/{make}/{model}', () => {
    expect(heroSearchPath({ car_type: '', make: 'Toyota', make_model: 'Toyota RAV4' }, site)).toBe('/search/toyota/rav4');
  });

  it('reads back as the same choice', () => {
    const path = heroSearchPath({ car_type: 'used', make: 'Toyota', make_model: 'Toyota RAV4' }, site);
    expect(routeToState(path, site).refinements).toEqual({ car_type: ['used'], make: ['Toyota'], model: ['RAV4'] });
  });
});

describe('the budget link', () => {
  it('is the search path with range[price]=1001:{budget}: priced cars only, "price on application" left out', () => {
    expect(budgetSearchPath(54_000, site)).toBe('/search/new-used-and-demo-cars?range[price]=1001:54000');
    expect(routeToState(budgetSearchPath(54_000, site), site).ranges).toEqual({ price: { min: 1_001, max: 54_000 } });
  });
});
