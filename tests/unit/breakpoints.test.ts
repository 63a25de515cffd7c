/**
 * The stylesheets switch layout only at the spec's breakpoints: xs 400, sm 576, md 768, lg 992,
 * xl 1200, xxl 1400 px (a max-width query one step below one, 575.98px, is the same breakpoint
 * seen from below). A width of its own would make the pages change at widths nobody designs for.
 * Where another width is truly needed, add it to EXCEPTIONS with the reason and say why in a
 * comment beside the query.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BREAKPOINTS = [400, 576, 768, 992, 1200, 1400];

/** `file: width` allowed though off the spec's list, and why. */
const EXCEPTIONS = new Map<string, string>([]);

const STYLED = /\.(?:css|astro|tsx|ts)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return STYLED.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every width a media query (or an image's `sizes`) switches at, in px. */
function widths(text: string): { width: number; query: string }[] {
  const found: { width: number; query: string }[] = [];
  for (const match of text.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)) {
    const value = Number(match[2]) * (match[3] === 'px' ? 1 : 16);
    // A max-width just under a breakpoint (575.98px) is that breakpoint seen from below.
    found.push({ width: match[1] === 'max' ? Math.ceil(value) : value, query: match[0] });
  }
  return found;
}

describe('breakpoints', () => {
  it('finds the queries it checks', () => {
    expect(widths('@media (max-width: 575.98px) {} @media (min-width: 48rem) {}')).toEqual([
      { width: 576, query: '(max-width: 575.98px)' },
      { width: 768, query: '(min-width: 48rem)' },
    ]);
  });

  it('switches layout only at the spec’s breakpoints, 400 and 1,400 px among them', () => {
    const used = new Set<number>();
    const strays: string[] = [];
    for (const file of [...files('src'), ...files('public')]) {
      for (const { width, query } of widths(readFileSync(file, 'utf8'))) {
        used.add(width);
        if (!BREAKPOINTS.includes(width) && !EXCEPTIONS.has(`${file}: ${width}`)) strays.push(`${file}: ${query}`);
      }
    }
    expect(strays).toEqual([]);
    expect([...used].filter((w) => BREAKPOINTS.includes(w)).sort((a, b) => a - b)).toEqual(BREAKPOINTS);
  });
});
