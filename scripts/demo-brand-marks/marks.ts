/**
 * Brand marks for the demo dealers' brand tiles: an emblem carrying the make's initial over its
 * name, in a colour associated with the make. They are drawn here, not copied: a real dealer
 * supplies the maker's own mark in its dealer file (`manufacturers[].logo`), and a demo has no
 * licence to use one. Each make gets its own emblem shape and lettering, so a row of tiles reads
 * as a row of different brands rather than one template.
 */

export type Emblem = 'oval' | 'shield' | 'diamond' | 'circle' | 'hexagon' | 'badge' | 'wings' | 'ring';
export type Lettering = 'wide' | 'italic' | 'serif' | 'light';

export interface BrandStyle {
  name: string;
  colour: string;
  emblem: Emblem;
  lettering: Lettering;
}

/** Every make a demo dealer sells, by the slug its dealer file names it with. */
export const BRAND_STYLES: Readonly<Record<string, BrandStyle>> = {
  audi: { name: 'Audi', colour: '#1f2933', emblem: 'ring', lettering: 'wide' },
  bmw: { name: 'BMW', colour: '#0066b1', emblem: 'circle', lettering: 'wide' },
  chevrolet: { name: 'Chevrolet', colour: '#b8860b', emblem: 'wings', lettering: 'wide' },
  ford: { name: 'Ford', colour: '#003478', emblem: 'oval', lettering: 'italic' },
  gmc: { name: 'GMC', colour: '#c8102e', emblem: 'badge', lettering: 'wide' },
  honda: { name: 'Honda', colour: '#cc0000', emblem: 'shield', lettering: 'wide' },
  hyundai: { name: 'Hyundai', colour: '#002c5f', emblem: 'circle', lettering: 'italic' },
  isuzu: { name: 'Isuzu', colour: '#d50000', emblem: 'badge', lettering: 'italic' },
  jayco: { name: 'Jayco', colour: '#00529b', emblem: 'wings', lettering: 'italic' },
  jeep: { name: 'Jeep', colour: '#3d4a2b', emblem: 'hexagon', lettering: 'wide' },
  kia: { name: 'Kia', colour: '#05141f', emblem: 'hexagon', lettering: 'italic' },
  mazda: { name: 'Mazda', colour: '#101820', emblem: 'wings', lettering: 'light' },
  'mercedes-benz': { name: 'Mercedes-Benz', colour: '#333e48', emblem: 'ring', lettering: 'serif' },
  mg: { name: 'MG', colour: '#8b1e2d', emblem: 'hexagon', lettering: 'wide' },
  mitsubishi: { name: 'Mitsubishi', colour: '#e60012', emblem: 'diamond', lettering: 'wide' },
  nissan: { name: 'Nissan', colour: '#c3002f', emblem: 'ring', lettering: 'light' },
  ram: { name: 'Ram', colour: '#1a1a1a', emblem: 'badge', lettering: 'italic' },
  subaru: { name: 'Subaru', colour: '#013c74', emblem: 'oval', lettering: 'light' },
  suzuki: { name: 'Suzuki', colour: '#e30613', emblem: 'badge', lettering: 'italic' },
  tesla: { name: 'Tesla', colour: '#cc0000', emblem: 'hexagon', lettering: 'light' },
  toyota: { name: 'Toyota', colour: '#eb0a1e', emblem: 'oval', lettering: 'wide' },
  volkswagen: { name: 'Volkswagen', colour: '#001e50', emblem: 'circle', lettering: 'light' },
  yamaha: { name: 'Yamaha', colour: '#1b2a8a', emblem: 'hexagon', lettering: 'light' },
};

// The tile shows the mark at 85 × 50: a 170 × 100 drawing, the emblem above the name.
const WIDTH = 170;
const HEIGHT = 100;
const CX = 85;
const CY = 34;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function emblemShape(emblem: Emblem, colour: string): string {
  switch (emblem) {
    case 'oval':
      return `<ellipse cx="${CX}" cy="${CY}" rx="36" ry="24" fill="${colour}"/><ellipse cx="${CX}" cy="${CY}" rx="30" ry="18.5" fill="none" stroke="#fff" stroke-width="2.5"/>`;
    case 'shield':
      return `<path d="M${CX - 24} ${CY - 26} h48 v22 q0 22 -24 32 q-24 -10 -24 -32Z" fill="${colour}"/>`;
    case 'diamond':
      return `<path d="M${CX} ${CY - 29} l29 29 l-29 29 l-29 -29Z" fill="${colour}"/>`;
    case 'circle':
      return `<circle cx="${CX}" cy="${CY}" r="27" fill="${colour}"/><circle cx="${CX}" cy="${CY}" r="22" fill="none" stroke="#fff" stroke-width="2"/>`;
    case 'hexagon':
      return `<path d="M${CX} ${CY - 28} l25 14 v28 l-25 14 l-25 -14 v-28Z" fill="${colour}"/>`;
    case 'badge':
      return `<path d="M${CX - 25} ${CY - 22} h50 q9 0 9 9 v26 q0 9 -9 9 h-50 q-9 0 -9 -9 v-26 q0 -9 9 -9Z" fill="${colour}"/>`;
    case 'wings':
      return `<path d="M${CX - 52} ${CY - 9} H${CX + 52} L${CX + 40} ${CY + 9} H${CX - 40}Z" fill="${colour}"/><circle cx="${CX}" cy="${CY}" r="19" fill="${colour}" stroke="#fff" stroke-width="3"/>`;
    case 'ring':
      return `<circle cx="${CX}" cy="${CY}" r="25" fill="#fff" stroke="${colour}" stroke-width="6"/><path d="M${CX - 31} ${CY} h62" stroke="${colour}" stroke-width="3"/>`;
  }
}

/** Letters drawn on a light emblem take the make's colour; on a filled one, white. */
const initialColour = (style: BrandStyle) => (style.emblem === 'ring' ? style.colour : '#fff');

const LETTERING: Record<Lettering, { family: string; weight: number; italic: boolean; spacing: number }> = {
  wide: { family: 'Arial, Helvetica, sans-serif', weight: 800, italic: false, spacing: 2.5 },
  italic: { family: 'Arial, Helvetica, sans-serif', weight: 800, italic: true, spacing: 1 },
  serif: { family: 'Georgia, "Times New Roman", serif', weight: 700, italic: false, spacing: 1.5 },
  light: { family: 'Arial, Helvetica, sans-serif', weight: 400, italic: false, spacing: 4 },
};

/** The longest name that fits at the wordmark's size; longer ones are squeezed to the width. */
const WORDMARK_MAX = 150;
const estimatedWidth = (text: string, size: number, spacing: number) => text.length * (size * 0.68 + spacing);

export function brandMark(style: BrandStyle): string {
  const letters = LETTERING[style.lettering];
  const name = style.name.toUpperCase();
  const size = 16;
  const fit = estimatedWidth(name, size, letters.spacing) > WORDMARK_MAX ? ` textLength="${WORDMARK_MAX}" lengthAdjust="spacingAndGlyphs"` : '';
  const font = `font-family='${letters.family}' font-weight="${letters.weight}"${letters.italic ? ' font-style="italic"' : ''}`;
  const initial = escapeXml(style.name.charAt(0).toUpperCase());
  const title = escapeXml(style.name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${title}">`,
    emblemShape(style.emblem, style.colour),
    `<text x="${CX}" y="${CY + 8}" ${font} font-size="24" fill="${initialColour(style)}" text-anchor="middle">${initial}</text>`,
    `<text x="${CX}" y="88" ${font} font-size="${size}" letter-spacing="${letters.spacing}" fill="${style.colour}" text-anchor="middle"${fit}>${escapeXml(name)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
