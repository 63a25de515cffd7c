import { describe, expect, it } from 'vitest';
import { VEHICLE_ENQUIRY_CATEGORIES, vehicleEnquiryCategory } from './enquiry-category';

describe('vehicleEnquiryCategory: the lead category from the car type', () => {
  it('demo gives demo-vehicle-enquiry, used gives used-vehicle-enquiry, otherwise new-vehicle-enquiry', () => {
    expect(vehicleEnquiryCategory('demo')).toBe('demo-vehicle-enquiry');
    expect(vehicleEnquiryCategory('used')).toBe('used-vehicle-enquiry');
    expect(vehicleEnquiryCategory('new')).toBe('new-vehicle-enquiry');
    expect(vehicleEnquiryCategory('')).toBe('new-vehicle-enquiry');
  });

  it.each([
    ['demo', 'demo-vehicle-enquiry'],
    ['used', 'used-vehicle-enquiry'],
    ['Used', 'used-vehicle-enquiry'],
    ['new', 'new-vehicle-enquiry'],
    ['', 'new-vehicle-enquiry'],
    [undefined, 'new-vehicle-enquiry'],
    [null, 'new-vehicle-enquiry'],
    ['electric', 'new-vehicle-enquiry'],
  ])('%j → %s', (carType, category) => {
    expect(vehicleEnquiryCategory(carType)).toBe(category);
  });

  // The two copies this replaced disagreed here: the car page's filed these as new-vehicle-enquiry.
  it.each([
    [' Used ', 'used-vehicle-enquiry'],
    ['USED', 'used-vehicle-enquiry'],
    ['DEMO', 'demo-vehicle-enquiry'],
    ['\tdemo\n', 'demo-vehicle-enquiry'],
    [' New', 'new-vehicle-enquiry'],
  ])('files a feed car type written %j as %s, not as a new-car enquiry', (carType, category) => {
    expect(vehicleEnquiryCategory(carType)).toBe(category);
  });

  it('lists one category per car type', () => {
    expect(VEHICLE_ENQUIRY_CATEGORIES).toEqual(['new-vehicle-enquiry', 'demo-vehicle-enquiry', 'used-vehicle-enquiry']);
  });
});
