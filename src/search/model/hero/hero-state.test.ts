import { describe, expect, it } from 'vitest';
import { heroSearchState } from './hero-state';
import { emptySelection } from './remembered';

describe('heroSearchState', () => {
  it('leaves out what was not chosen', () => {
    expect(heroSearchState(emptySelection())).toEqual({ refinements: {}, ranges: {} });
  });
  it("splits the joined 'new,demo' option into both car types", () => {
    expect(heroSearchState({ car_type: 'new,demo', make: 'Kia', make_model: 'Kia EV6' }).refinements).toEqual({
      car_type: ['new', 'demo'],
      make: ['Kia'],
      model: ['EV6'],
    });
  });
  it('sends a make_model that does not start with its make as it is', () => {
    expect(heroSearchState({ car_type: '', make: 'Mercedes-Benz', make_model: 'Mercedes Benz GLC' }).refinements).toEqual({
      make: ['Mercedes-Benz'],
      make_model: ['Mercedes Benz GLC'],
    });
  });
  it('never sends a model without its make', () => {
    expect(heroSearchState({ car_type: 'used', make: '', make_model: 'Kia EV6' }).refinements).toEqual({ car_type: ['used'] });
  });
});
