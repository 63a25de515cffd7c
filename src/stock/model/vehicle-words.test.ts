import { describe, expect, it } from 'vitest';
import { canTestDrive, testDriveWords, vehicleNoun, vehicleNounPlural } from './vehicle-words';

describe('vehicleNoun', () => {
  it.each([
    ['car', 'car'],
    [undefined, 'car'],
    ['caravan', 'caravan'],
    ['Camper Trailer', 'trailer'],
    ['Pop Top', 'caravan'],
    ['motorcycle', 'motorcycle'],
    ['Scooter', 'motorcycle'],
    ['truck', 'truck'],
    ['Boat', 'vehicle'],
  ])('words a %s as a %s', (kind, noun) => {
    expect(vehicleNoun(kind)).toBe(noun);
  });

  it('makes the plural for "see similar" links', () => {
    expect(vehicleNounPlural('caravan')).toBe('caravans');
  });
});

describe('canTestDrive', () => {
  it('offers a drive of a car, truck or motorcycle, never of a caravan or trailer', () => {
    expect(['car', 'truck', 'motorcycle'].map(canTestDrive)).toEqual([true, true, true]);
    expect(['caravan', 'Camper Trailer', 'Box Trailer', 'Horse Float'].map(canTestDrive)).toEqual([false, false, false, false]);
  });

  it('calls it a test ride on a motorcycle', () => {
    expect(testDriveWords('motorcycle')).toBe('Book a test ride');
    expect(testDriveWords('car')).toBe('Book a test drive');
  });
});
