import { describe, expect, it } from 'vitest';
import {
  colourKey,
  kindForBody,
  parsePlaceholderName,
  placeholderKinds,
  placeholderKindsFor,
  placeholderNames,
  placeholderUrls,
  renderPlaceholderSvg,
  type PlaceholderColour,
  type PlaceholderKind,
} from './placeholder-image';

const render = (name: string): string => {
  const parsed = parsePlaceholderName(name);
  if (!parsed) throw new Error(`not a placeholder name: ${name}`);
  return renderPlaceholderSvg(parsed.kind, parsed.colour, parsed.view);
};

describe('placeholder stock images', () => {
  it('are a small finite set of small files', () => {
    const names = placeholderNames();
    expect(names.length).toBeLessThan(300);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      const svg = render(name);
      expect(Buffer.byteLength(svg), name).toBeLessThan(2048);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="600" viewBox="0 0 400 300">/);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/undefined|NaN|href|<script|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
  });

  it('draw each view differently and number it', () => {
    const views = [1, 2, 3, 4].map((view) => renderPlaceholderSvg('suv', 'red', view));
    expect(new Set(views).size).toBe(4);
    views.forEach((svg, i) => expect(svg).toContain(`>${i + 1}/4</text>`));
    expect(renderPlaceholderSvg('suv', 'red', 1)).toContain('fill="#c41e1e"');
    // Caravans are white boxes with a stripe in their colour.
    expect(renderPlaceholderSvg('caravan', 'blue', 1)).toMatch(/fill="#f4f4f2"[^>]*\/><path d="[^"]+" fill="#1d4ed8"/);
  });

  it('round-trip their names and refuse anything else', () => {
    expect(parsePlaceholderName('ute-white-3')).toEqual({ kind: 'ute', colour: 'white', view: 3 });
    for (const bad of ['ute-white-5', 'ute-white-0', 'truck-white-1', 'ute-pink-1', '../ute-white-1', 'ute-white-1.svg', 'UTE-white-1']) {
      expect(parsePlaceholderName(bad), bad).toBeUndefined();
    }
  });

  it('list four views per vehicle, view 1 first', () => {
    expect(placeholderUrls('van', 'silver')).toEqual([
      '/stock-images/van-silver-1.svg',
      '/stock-images/van-silver-2.svg',
      '/stock-images/van-silver-3.svg',
      '/stock-images/van-silver-4.svg',
    ]);
  });

  it('pick the silhouette from the body and item type', () => {
    const cases: [string, string | undefined, PlaceholderKind][] = [
      ['SUV', undefined, 'suv'],
      ['Hatchback', undefined, 'hatch'],
      ['Sedan', undefined, 'sedan'],
      ['Wagon', undefined, 'wagon'],
      ['Coupe', undefined, 'coupe'],
      ['Convertible', undefined, 'coupe'],
      ['Ute', undefined, 'ute'],
      ['Truck', 'truck', 'ute'],
      ['Cab Chassis', undefined, 'ute'],
      ['Van', undefined, 'van'],
      ['People Mover', undefined, 'van'],
      ['Minivan', undefined, 'van'],
      ['Route Master', undefined, 'sedan'],
      ['Caravan', 'caravan', 'caravan'],
      ['Camper Trailer', 'caravan', 'caravan'],
      ['Adventure', 'motorcycle', 'motorcycle'],
      ['Light Truck', 'car', 'ute'],
      ['Something New', undefined, 'sedan'],
    ];
    for (const [body, itemType, kind] of cases) expect(kindForBody(body, itemType), body).toBe(kind);
  });

  it('match colour names to the nearest paint', () => {
    const cases: [string | undefined, PlaceholderColour][] = [
      ['White', 'white'],
      ['Crystal White Pearl', 'white'],
      ['Gray', 'grey'],
      ['Graphite Grey', 'grey'],
      ['Eclipse Black', 'black'],
      ['Bronze', 'orange'],
      ['Mystery', 'silver'],
      [undefined, 'silver'],
    ];
    for (const [colour, key] of cases) expect(colourKey(colour), String(colour)).toBe(key);
  });

  it('are built for caravans and motorcycles only where the dealer sells them', () => {
    expect(placeholderKindsFor(['cars'])).toEqual(placeholderKinds.filter((k) => k !== 'caravan' && k !== 'motorcycle'));
    expect(placeholderKindsFor(['cars', 'caravans', 'motorcycles'])).toEqual([...placeholderKinds]);
  });
});
