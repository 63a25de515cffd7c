import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOnWhite, readableTextOn, themeCss } from './colour';

describe('colour', () => {
  it('computes WCAG contrast: black on white is 21:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('puts white text on dark brand colours and dark text on light ones', () => {
    expect(readableTextOn('#0b3d91')).toBe('#ffffff');
    expect(readableTextOn('#ffd400')).toBe('#111111');
  });

  it('darkens a light brand colour until it reads as text on white (AA)', () => {
    const darker = readableOnWhite('#ffd400');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableOnWhite('#0b3d91')).toBe('#0b3d91');
  });

  it('writes the theme as CSS custom properties', () => {
    expect(themeCss({ primary: '#0b3d91', accent: '#d71920', dark: '#111827' })).toBe(
      ':root{--brand:#0b3d91;--on-brand:#ffffff;--brand-text:#0b3d91;--accent:#d71920;--on-accent:#ffffff;--dark:#111827;--on-dark:#ffffff}',
    );
  });
});
