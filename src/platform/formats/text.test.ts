import { describe, expect, it } from 'vitest';
import { truncateAtWord } from './text';

describe('truncateAtWord', () => {
  it('leaves short text alone', () => {
    expect(truncateAtWord('  Roomy and frugal. ', 75)).toEqual({ text: 'Roomy and frugal.', truncated: false });
  });

  it('cuts at the last word break before the limit (model descriptions: 75)', () => {
    const text = 'The all-new RAV4 Hybrid brings more power, more room and more technology to every single drive.';
    const result = truncateAtWord(text, 75);
    expect(result.truncated).toBe(true);
    expect(result.text).toBe('The all-new RAV4 Hybrid brings more power, more room and more technology to…');
    expect(result.text.length).toBeLessThanOrEqual(76);
  });

  it('cuts a single long word at the limit', () => {
    expect(truncateAtWord('x'.repeat(200), 10)).toEqual({ text: `${'x'.repeat(10)}…`, truncated: true });
  });
});
