import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_STYLES, brandMark } from './marks';
import { demoBrandMarkFiles } from './files';

describe('demo brand marks', () => {
  const files = demoBrandMarkFiles();

  it('covers every brand tile of every demo dealer', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(new Set(files.map((f) => f.dealer)).size).toBe(4);
  });

  it('are the committed files, so a changed drawing is redrawn with the script', () => {
    for (const file of files) expect(readFileSync(file.path, 'utf8'), `${file.path}: run npx tsx scripts/demo-brand-marks/draw.ts`).toBe(file.svg);
  });

  it('draw an emblem, not just the name: two makes of one dealer never share emblem and lettering', () => {
    for (const dealer of new Set(files.map((f) => f.dealer))) {
      const looks = files.filter((f) => f.dealer === dealer).map((m) => `${BRAND_STYLES[m.make]?.emblem} ${BRAND_STYLES[m.make]?.lettering}`);
      expect(new Set(looks).size, dealer).toBe(looks.length);
    }
    for (const file of files) expect(file.svg).toMatch(/<(path|ellipse|circle) /);
  });

  it('names the make for a screen reader and escapes it', () => {
    const svg = brandMark({ name: 'A&B <x>', colour: '#123456', emblem: 'badge', lettering: 'serif' });
    expect(svg).toContain('aria-label="A&#38;B &#60;x&#62;"');
    expect(svg).not.toContain('<x>');
    expect(svg).toContain('A&#38;B &#60;X&#62;</text>');
  });

  it('squeezes a long name into the tile instead of letting it overflow', () => {
    expect(brandMark(BRAND_STYLES['mercedes-benz']!)).toContain('textLength="150"');
    expect(brandMark(BRAND_STYLES.kia!)).not.toContain('textLength');
  });
});
