import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify', () => {
  it('lowercases and joins words with single hyphens', () => {
    // Arrange
    const name = 'Kingfisher Toyota';
    // Act
    const slug = slugify(name);
    // Assert
    expect(slug).toBe('kingfisher-toyota');
  });

  it('strips diacritics after NFKD decomposition', () => {
    expect(slugify('Citroën Škoda Peugeot Café')).toBe('citroen-skoda-peugeot-cafe');
  });

  it('folds compatibility characters (ligatures, full-width digits)', () => {
    expect(slugify('ﬁat １２３')).toBe('fiat-123');
  });

  it('collapses runs of non-alphanumerics into one hyphen', () => {
    expect(slugify('Land  Rover -- & / Jaguar!!')).toBe('land-rover-jaguar');
  });

  it('trims leading and trailing hyphens', () => {
    expect(slugify('  --Mercedes-Benz (Vans)--  ')).toBe('mercedes-benz-vans');
  });

  it('keeps digits', () => {
    expect(slugify('Hyundai i30 N 2024')).toBe('hyundai-i30-n-2024');
  });

  it('returns an empty string when nothing alphanumeric is left', () => {
    expect(slugify('  —–!?  ')).toBe('');
    expect(slugify('')).toBe('');
  });
});
