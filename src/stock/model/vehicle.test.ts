import { describe, expect, it } from 'vitest';
import { vehicleSchema } from './vehicle';

describe('feed text', () => {
  const name = vehicleSchema.shape.name;

  it('keeps markup, emoji and bidirectional marks as text to escape on the page', () => {
    for (const text of ['<b>RAV4</b> "GX"', 'Corolla 😀', 'ok\u202eevil', 'Line one\nline two']) expect(name.safeParse(text).success, text).toBe(true);
  });

  it('refuses control characters', () => {
    for (const text of ['Bell\u0007car', 'a\u0000b', 'x\u001b[2J', 'a\u007fb']) expect(name.safeParse(text).success, JSON.stringify(text)).toBe(false);
  });

  // A lone half cannot be written as UTF-8: the page would show U+FFFD, and Meilisearch's JSON
  // reader refuses a payload holding one, so the push of that stock would fail.
  it('refuses lone surrogate halves', () => {
    for (const text of ['Hilux \ud800', '\udc00 Ranger']) expect(name.safeParse(text).success, JSON.stringify(text)).toBe(false);
    expect(name.safeParse('Hilux \ud83d\ude99').success).toBe(true);
  });
});
