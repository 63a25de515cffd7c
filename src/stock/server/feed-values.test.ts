import { describe, expect, it } from 'vitest';
import { milesToKm, readBoolean, readCondition, readDate, readList, readPrice, readStatus, readUrls, readWholeNumber, readYear } from './feed-values';

describe('readPrice', () => {
  it('reads prices as exports write them', () => {
    for (const [cell, value] of [
      ['34990', 34_990],
      ['34990.00', 34_990],
      ['$34,990', 34_990],
      ['AU$ 34,990', 34_990],
      ['NZD 34,990', 34_990],
      ['34 990', 34_990],
      ['$1,234,567.50', 1_234_567.5],
      ['34990 AUD', 34_990],
      ['POA', 0],
      ['Call for price', 0],
    ] as const) {
      expect(readPrice(cell), cell).toEqual({ value });
    }
  });

  it('refuses what could be another column or a decimal comma, saying how to write one', () => {
    for (const cell of ['1,5', '$3O,990', '34,99', '-500', 'abc', '34.999', '12,3456']) {
      expect(readPrice(cell).reason, cell).toMatch(/is not a price \(write 34990 or \$34,990, or POA\)$/);
    }
  });
});

describe('other values', () => {
  it('reads odometers and years', () => {
    expect(readWholeNumber('45,000 km')).toEqual({ value: 45_000 });
    expect(readWholeNumber('12 345 mi')).toEqual({ value: 12_345 });
    expect(readWholeNumber('45k').reason).toBe('"45k" is not a whole number');
    expect(milesToKm(30)).toBe(48);
    expect(readYear('2022')).toEqual({ value: 2022 });
    expect(readYear('22').reason).toBe('"22" is not a year such as 2022');
  });

  it('reads New/Used/Demo/Certified and dealer systems’ availability words', () => {
    expect(readCondition('Pre-Owned')).toEqual({ value: { car_type: 'used' } });
    expect(readCondition('Ex-Demo')).toEqual({ value: { car_type: 'demo' } });
    expect(readCondition('Certified Pre-Owned')).toEqual({ value: { car_type: 'used', certified: true } });
    expect(readCondition('Wholesale').reason).toBe('"Wholesale" is not New, Used, Demo or Certified');
    expect(readStatus('Deposit Taken')).toEqual({ value: 'sale_pending' });
    expect(readStatus('On Order')).toEqual({ value: 'in_production' });
    expect(readStatus('in_stock')).toEqual({ value: 'in_stock' });
    expect(readStatus('Wrecked').reason).toMatch(/is not a status the site knows/);
    expect(readBoolean('True')).toEqual({ value: true });
    expect(readBoolean('maybe').reason).toBe('"maybe" is not yes or no');
  });

  it('reads dates day-first or month-first as the shape says, and ISO always', () => {
    expect(readDate('14/03/2026', 'dmy')).toEqual({ value: '2026-03-14' });
    expect(readDate('3/14/2026', 'mdy')).toEqual({ value: '2026-03-14' });
    expect(readDate('2026-03-14 10:30:00', 'mdy')).toEqual({ value: '2026-03-14' });
    expect(readDate('3/14/2026', 'dmy').reason).toBe('"3/14/2026" is not a real date (DD/MM/YYYY)');
    expect(readDate('next week', 'dmy').reason).toBe('"next week" is not a date (DD/MM/YYYY or YYYY-MM-DD)');
  });

  it('splits lists and photo URLs, keeping commas inside an image service URL', () => {
    expect(readList('Tow Bar; Sat Nav;')).toEqual(['Tow Bar', 'Sat Nav']);
    expect(readList('Bluetooth,Sunroof')).toEqual(['Bluetooth', 'Sunroof']);
    expect(readUrls('https://a.example/1.jpg|https://a.example/2.jpg')).toEqual(['https://a.example/1.jpg', 'https://a.example/2.jpg']);
    expect(readUrls('https://i.example/w_800,h_600/1.jpg,https://i.example/w_800,h_600/2.jpg')).toEqual([
      'https://i.example/w_800,h_600/1.jpg',
      'https://i.example/w_800,h_600/2.jpg',
    ]);
  });
});
