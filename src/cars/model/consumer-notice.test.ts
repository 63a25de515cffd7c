import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { consumerNotice, NOT_PROVIDED, SECURITY_INTEREST_WARNING, needsConsumerNotice } from './consumer-notice';

const nz = { region: 'NZ', locale: 'en-NZ' };
const trader = { name: 'Southern Lakes Motors', address: '12 Gorge Rd, Queenstown 9300', phone: '03 442 1000', registration: 'M123456' };

const valueOf = (notice: ReturnType<typeof consumerNotice>, label: string) => notice?.sections.flatMap((s) => s.rows).find((r) => r.label === label)?.value;

describe('consumerNotice', () => {
  it('is shown on New Zealand used and demonstrator cars only', () => {
    expect(needsConsumerNotice('NZ', { car_type: 'used' })).toBe(true);
    expect(needsConsumerNotice('NZ', { car_type: 'demo' })).toBe(true);
    expect(needsConsumerNotice('NZ', { car_type: 'new' })).toBe(false);
    expect(needsConsumerNotice('AU', { car_type: 'used' })).toBe(false);
    expect(consumerNotice(testCar(), trader, { region: 'AU', locale: 'en-AU' })).toBeUndefined();
  });

  it('fills every required field the stock feed carries', () => {
    const car = testCar({
      engine_cc: 2487,
      registration_plate: 'MXY123',
      wof_expiry: '2027-03-14',
      licence_expiry: '2026-12-01',
      first_registered_nz: 2021,
      first_registered_overseas: 2019,
      country_last_registered: 'Japan',
      imported_damaged: false,
      security_interest: false,
      road_user_charges: false,
    });
    const notice = consumerNotice(car, trader, nz);
    expect(notice?.sections.map((s) => s.heading)).toEqual(['Trader', 'Sale', 'Vehicle', 'Import history']);
    expect(valueOf(notice, 'Trader registration number')).toBe('M123456');
    expect(valueOf(notice, 'Contact')).toBe('03 442 1000');
    expect(valueOf(notice, 'Cash price (including GST, registration and licensing)')).toBe('$38,990');
    expect(valueOf(notice, 'Security interest registered on the PPSR')).toBe('No');
    expect(valueOf(notice, 'Make and model')).toBe('Toyota RAV4');
    expect(valueOf(notice, 'Engine capacity')).toBe('2,487 cc');
    expect(valueOf(notice, 'Distance travelled (odometer)')).toBe('41,250 km');
    expect(valueOf(notice, 'VIN or chassis number')).toBe('JTMW1RFV10D012345');
    expect(valueOf(notice, 'Warrant or certificate of fitness expires')).toBe('14 March 2027');
    expect(valueOf(notice, 'Country where last registered')).toBe('Japan');
    expect(valueOf(notice, 'Imported as a damaged vehicle')).toBe('No');
    expect(notice?.sections.flatMap((s) => s.rows).every((r) => r.provided)).toBe(true);
    // No security interest: no repossession warning.
    expect(notice?.warning).toBeUndefined();
  });

  it('says "Not provided" for what the feed leaves out, and warns while a security interest is not ruled out', () => {
    const notice = consumerNotice(testCar({ price: 0 }), { name: 'Southern Lakes Motors' }, nz);
    expect(valueOf(notice, 'Engine capacity')).toBe(NOT_PROVIDED);
    expect(valueOf(notice, 'Cash price (including GST, registration and licensing)')).toBe(NOT_PROVIDED);
    expect(valueOf(notice, 'Trader registration number')).toBe(NOT_PROVIDED);
    expect(valueOf(notice, 'Security interest registered on the PPSR')).toBe(NOT_PROVIDED);
    expect(notice?.sections.flatMap((s) => s.rows).find((r) => r.label === 'Engine capacity')?.provided).toBe(false);
    expect(notice?.warning).toBe(SECURITY_INTEREST_WARNING);
    expect(consumerNotice(testCar({ security_interest: true }), trader, nz)?.warning).toBe(SECURITY_INTEREST_WARNING);
  });

  it('refuses a date that is not a calendar date in the feed', () => {
    expect(() => testCar({ wof_expiry: '2027-02-30' })).toThrow();
  });
});
