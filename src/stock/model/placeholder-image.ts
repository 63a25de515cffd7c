/**
 * Placeholder stock photos, drawn as small SVGs and served from the dealer's own site
 * (`/stock-images/<kind>-<colour>-<view>.svg`, see src/pages/stock-images/[name].svg.ts), so demo
 * stock needs no network and no photo files. The set is finite — body kind × colour × view — so
 * every file is prerendered once per dealer build.
 */

export const placeholderKinds = ['suv', 'hatch', 'sedan', 'wagon', 'coupe', 'ute', 'van', 'caravan', 'motorcycle'] as const;
export type PlaceholderKind = (typeof placeholderKinds)[number];

/** Paint for each colour key; vehicle colours outside the list are drawn in the nearest one. */
export const placeholderColours = {
  white: '#f4f4f2',
  black: '#1c1c1f',
  silver: '#c3c8ce',
  grey: '#6b7280',
  blue: '#1d4ed8',
  red: '#c41e1e',
  green: '#2f6b3a',
  orange: '#e8770f',
} as const;
export type PlaceholderColour = keyof typeof placeholderColours;
const colourKeys = Object.keys(placeholderColours) as PlaceholderColour[];

export const PLACEHOLDER_VIEWS = 4;
/** 4:3, as the files declare it, so pages can reserve the space before the image loads. */
export const PLACEHOLDER_SIZE = { width: 800, height: 600 } as const;
export const PLACEHOLDER_PATH = '/stock-images/';

/** Body as the feed writes it → the silhouette that looks most like it. */
export function kindForBody(body: string, itemType = 'car'): PlaceholderKind {
  const type = itemType.toLowerCase();
  if (type === 'caravan') return 'caravan';
  if (type === 'motorcycle') return 'motorcycle';
  const b = body.toLowerCase();
  if (/\bute\b|truck|pickup|cab chassis/.test(b)) return 'ute';
  if (/\b(mini)?van\b|\bbus\b|people mover/.test(b)) return 'van';
  if (/suv|4x4/.test(b)) return 'suv';
  if (/wagon|estate/.test(b)) return 'wagon';
  if (/coupe|convertible|cabriolet|roadster/.test(b)) return 'coupe';
  if (/hatch/.test(b)) return 'hatch';
  return 'sedan';
}

const colourAliases: Record<string, PlaceholderColour> = {
  gray: 'grey',
  gold: 'orange',
  bronze: 'orange',
  yellow: 'orange',
  brown: 'orange',
  beige: 'silver',
  purple: 'blue',
};

/** "Crystal White Pearl" → white; unknown colours fall back to silver, the commonest neutral. */
export function colourKey(colour: string | undefined): PlaceholderColour {
  const words = (colour ?? '').toLowerCase().split(/[^a-z]+/);
  for (const word of words.reverse()) {
    if ((colourKeys as string[]).includes(word)) return word as PlaceholderColour;
    const alias = colourAliases[word];
    if (alias) return alias;
  }
  return 'silver';
}

export const placeholderName = (kind: PlaceholderKind, colour: PlaceholderColour, view: number): string => `${kind}-${colour}-${view}`;
export const placeholderUrl = (kind: PlaceholderKind, colour: PlaceholderColour, view: number): string =>
  `${PLACEHOLDER_PATH}${placeholderName(kind, colour, view)}.svg`;

/** The four view URLs of one vehicle, view 1 first (its primary image). */
export function placeholderUrls(kind: PlaceholderKind, colour: PlaceholderColour): string[] {
  return Array.from({ length: PLACEHOLDER_VIEWS }, (_, i) => placeholderUrl(kind, colour, i + 1));
}

/** The kinds a dealer's stock can show: car bodies always, caravans and motorcycles if it sells them. */
export function placeholderKindsFor(categories: readonly string[]): PlaceholderKind[] {
  return placeholderKinds.filter((kind) =>
    kind === 'caravan' ? categories.includes('caravans') : kind === 'motorcycle' ? categories.includes('motorcycles') : true,
  );
}

/** Every file name (without `.svg`) for the given kinds. */
export function placeholderNames(kinds: readonly PlaceholderKind[] = placeholderKinds): string[] {
  return kinds.flatMap((kind) => colourKeys.flatMap((colour) => Array.from({ length: PLACEHOLDER_VIEWS }, (_, i) => placeholderName(kind, colour, i + 1))));
}

export function parsePlaceholderName(name: string): { kind: PlaceholderKind; colour: PlaceholderColour; view: number } | undefined {
  const match = /^([a-z]+)-([a-z]+)-(\d)$/.exec(name);
  if (!match) return undefined;
  const [, kind, colour, view] = match as unknown as [string, string, string, string];
  const n = Number(view);
  if (!(placeholderKinds as readonly string[]).includes(kind) || !(colour in placeholderColours) || n < 1 || n > PLACEHOLDER_VIEWS) return undefined;
  return { kind: kind as PlaceholderKind, colour: colour as PlaceholderColour, view: n };
}

interface Shape {
  /** Painted in the vehicle colour (or white with a coloured stripe for caravans). */
  body: string;
  glass: string;
  /** Outlines only: doors, tray, drawbar, frame. */
  detail?: string;
  wheels: readonly number[];
  wheelRadius: number;
  /** Caravans are white boxes; their colour shows as a stripe. */
  stripe?: string;
  /** Filled dark: a motorcycle's engine and seat. */
  dark?: string;
  /** Head and tail lamp centres, so the front reads as the front. */
  lamps?: readonly [number, number, number, number];
}

// Drawn facing left in a 400 × 300 box with the ground at y = 232.
const shapes: Record<PlaceholderKind, Shape> = {
  sedan: {
    body: 'M38 206Q34 182 52 175L112 164L156 132Q166 126 184 126H256Q272 126 284 136L314 162L350 170Q364 174 364 192L362 206Z',
    glass: 'M120 162L158 134Q164 130 178 130H206V162ZM214 130H252Q266 130 276 138L302 162H214Z',
    wheels: [102, 300],
    wheelRadius: 24,
    lamps: [46, 186, 360, 178],
  },
  hatch: {
    body: 'M44 206Q40 182 58 174L110 164L150 130Q160 124 178 124H282Q298 124 306 138L330 170Q340 178 338 196L336 206Z',
    glass: 'M118 162L152 133Q158 129 172 129H212V162ZM220 129H280Q292 129 298 140L310 162H220Z',
    wheels: [106, 290],
    wheelRadius: 24,
    lamps: [52, 186, 336, 180],
  },
  wagon: {
    body: 'M38 206Q34 182 52 174L110 164L150 130Q160 124 178 124H318Q334 124 340 136L354 166Q364 172 362 192L360 206Z',
    glass: 'M118 162L152 132Q158 129 172 129H206V162ZM214 129H266V162H214ZM274 129H314Q326 129 330 138L340 162H274Z',
    wheels: [102, 302],
    wheelRadius: 24,
    lamps: [46, 186, 358, 178],
  },
  suv: {
    body: 'M36 206V176Q38 162 56 158L104 150L140 112Q148 104 164 104H318Q334 104 340 118L356 152Q366 160 364 184L362 206Z',
    glass: 'M112 148L144 115Q150 110 160 110H208V148ZM216 110H262V148H216ZM270 110H316Q328 110 332 122L342 148H270Z',
    wheels: [104, 298],
    wheelRadius: 26,
    lamps: [44, 172, 360, 162],
  },
  coupe: {
    body: 'M36 206Q32 186 50 180L120 170L172 136Q182 130 198 130H246Q262 130 276 142L330 170Q360 176 362 194L360 206Z',
    glass: 'M132 168L176 139Q184 135 196 135H236V168ZM244 135Q258 135 270 146L300 168H244Z',
    wheels: [100, 300],
    wheelRadius: 23,
    lamps: [44, 192, 358, 186],
  },
  ute: {
    body: 'M34 206V178Q36 164 54 160L98 152L128 114Q134 106 148 106H222Q232 106 232 116V150H366V206Z',
    glass: 'M106 150L132 118Q136 112 146 112H170V150ZM178 112H224V150H178Z',
    detail: 'M240 160H360',
    wheels: [100, 300],
    wheelRadius: 26,
    lamps: [42, 174, 362, 162],
  },
  van: {
    body: 'M34 206V160Q36 140 56 134L86 126L112 80Q118 70 132 70H350Q364 70 364 84V206Z',
    glass: 'M92 124L116 86Q120 78 130 78H168V124ZM176 78H236V118H176Z',
    detail: 'M176 130V198M244 78V198',
    wheels: [96, 304],
    wheelRadius: 24,
    lamps: [42, 172, 360, 150],
  },
  caravan: {
    body: 'M86 204V92Q86 70 108 70H350Q370 70 370 92V204Z',
    glass: 'M110 96H190V136H110ZM290 96H346V130H290Z',
    detail: 'M30 200L86 184M30 200H86M214 92H256V198H214Z',
    stripe: 'M86 150H370V166H86Z',
    wheels: [240],
    wheelRadius: 22,
  },
  motorcycle: {
    body: 'M152 132Q176 112 214 114L236 120Q244 126 236 140L160 150ZM288 128L334 118Q340 121 334 129L296 138Z',
    glass: 'M150 128L138 100L130 104L144 132Z',
    dark: 'M176 150H230V186H176ZM232 124L290 128Q300 130 296 138L236 140Z',
    detail: 'M108 200L150 128L140 112L122 108M160 150L176 176M230 184L300 200M236 140L262 172L300 200M200 190L286 180',
    wheels: [108, 300],
    wheelRadius: 32,
  },
};

/** Per view: the side from the left and from the right, then closer crops of the front and the rear. */
const views: Record<number, { transform?: string; backdrop: string }> = {
  1: { backdrop: '#eef2f6' },
  2: { transform: 'matrix(-1 0 0 1 400 0)', backdrop: '#e7ecf2' },
  3: { transform: 'matrix(1.5 0 0 1.5 -65 -100)', backdrop: '#e3e8ee' },
  4: { transform: 'matrix(1.5 0 0 1.5 -145 -100)', backdrop: '#dfe5ec' },
};

const OUTLINE = '#1f2937';

export function renderPlaceholderSvg(kind: PlaceholderKind, colour: PlaceholderColour, view: number): string {
  const shape = shapes[kind];
  const paint = placeholderColours[colour];
  const v = views[view] ?? views[1]!;
  const moto = kind === 'motorcycle';
  const groundY = 232;
  const wheelY = groundY - shape.wheelRadius + (moto ? 0 : 2);
  const wheels = shape.wheels
    .map((x) =>
      moto
        ? `<circle cx="${x}" cy="${wheelY}" r="${shape.wheelRadius - 5}" fill="none" stroke="${OUTLINE}" stroke-width="9"/><circle cx="${x}" cy="${wheelY}" r="6" fill="#9ca3af"/>`
        : `<circle cx="${x}" cy="${wheelY}" r="${shape.wheelRadius}" fill="${OUTLINE}"/><circle cx="${x}" cy="${wheelY}" r="${Math.round(shape.wheelRadius * 0.45)}" fill="#9ca3af"/>`,
    )
    .join('');
  const bodyFill = shape.stripe ? placeholderColours.white : paint;
  const parts = [
    `<ellipse cx="200" cy="${groundY + 4}" rx="170" ry="8" fill="#000" opacity=".14"/>`,
    `<path d="${shape.body}" fill="${bodyFill}" stroke="${OUTLINE}" stroke-width="2.5" stroke-linejoin="round"/>`,
    shape.stripe ? `<path d="${shape.stripe}" fill="${paint}"/>` : '',
    `<path d="${shape.glass}" fill="#9fb3c8" stroke="${OUTLINE}" stroke-width="1.5" stroke-linejoin="round"/>`,
    shape.dark ? `<path d="${shape.dark}" fill="#374151"/>` : '',
    shape.lamps
      ? `<ellipse cx="${shape.lamps[0]}" cy="${shape.lamps[1]}" rx="7" ry="4" fill="#fde68a" stroke="${OUTLINE}"/><rect x="${shape.lamps[2] - 3}" y="${shape.lamps[3] - 5}" width="6" height="10" rx="2" fill="#dc2626"/>`
      : '',
    shape.detail ? `<path d="${shape.detail}" fill="none" stroke="${OUTLINE}" stroke-width="${moto ? 5 : 2}" stroke-linecap="round"/>` : '',
    wheels,
  ].join('');
  const drawing = v.transform ? `<g transform="${v.transform}">${parts}</g>` : parts;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PLACEHOLDER_SIZE.width}" height="${PLACEHOLDER_SIZE.height}" viewBox="0 0 400 300">` +
    `<rect width="400" height="300" fill="${v.backdrop}"/><rect y="${groundY}" width="400" height="${300 - groundY}" fill="#d3dae3"/>` +
    drawing +
    `<rect x="336" y="262" width="52" height="26" rx="13" fill="#111827" opacity=".78"/>` +
    `<text x="362" y="280" font-family="system-ui,sans-serif" font-size="14" fill="#fff" text-anchor="middle">${view}/${PLACEHOLDER_VIEWS}</text>` +
    `</svg>`
  );
}
