import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { CAR_TYPE_ORDER, carTypesFor, chooseCarType, newAndDemoJoined, orderCarTypes } from './car-type';

describe("car type refinement: choosing 'new' where new and demo are joined sets both", () => {
  it('sets new and demo when they are joined', () => {
    expect(chooseCarType([], 'new', true)).toEqual(['new', 'demo']);
    expect(carTypesFor('new', true)).toEqual(['new', 'demo']);
  });

  it('sets new alone when they are not', () => {
    expect(chooseCarType([], 'new', false)).toEqual(['new']);
    expect(carTypesFor('demo', true)).toEqual(['demo']);
  });

  it('toggles: choosing a chosen type again removes it, with demo when joined', () => {
    expect(chooseCarType(['new', 'demo'], 'new', true)).toEqual([]);
    expect(chooseCarType(['new', 'demo', 'used'], 'new', true)).toEqual(['used']);
    expect(chooseCarType(['used'], 'new', false)).toEqual(['new', 'used']);
    expect(chooseCarType(['new'], 'new', false)).toEqual([]);
  });

  it('clears with the empty choice', () => {
    expect(chooseCarType(['used', 'new'], '', true)).toEqual([]);
  });

  it('keeps the display order new, demo, used and drops unknown types', () => {
    expect(CAR_TYPE_ORDER).toEqual(['new', 'demo', 'used']);
    expect(orderCarTypes(['used', 'luxury', 'demo', 'new', 'used'])).toEqual(['new', 'demo', 'used']);
    expect(chooseCarType(['used', 'luxury'], 'demo', false)).toEqual(['demo', 'used']);
  });

  it('joins new and demo where the site offers "New / Demo"', () => {
    expect(newAndDemoJoined(testSite({ search: { hero_options: ['all', 'new_demo', 'used'] } }))).toBe(true);
    expect(newAndDemoJoined(testSite())).toBe(false);
  });
});
