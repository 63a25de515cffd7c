/**
 * The wheel's geometry: where each prize's segment lies and how far to turn the wheel so the
 * server's prize stops under the pointer. The wheel only ever turns to a prize the server drew;
 * these numbers decide how it looks getting there, never what is won.
 *
 * Angles are degrees clockwise from the top, where the pointer is. Segment i covers
 * [i, i + 1) × 360 / n; the wheel turned clockwise by r shows at the top what sat at -r.
 */

export const FULL_TURNS = 5;

/** Degrees each of `count` segments spans. */
export const segmentAngle = (count: number): number => 360 / count;

/**
 * The wheel's final rotation (degrees, clockwise) to stop with segment `index`'s middle under
 * the pointer after `turns` full turns, starting from `from` (the rotation it rests at now, so a
 * second turn still goes forward). `offset` in (-0.5, 0.5) moves the stop within the segment,
 * so it does not always land dead centre.
 */
export function stopRotation(
  index: number,
  count: number,
  { from = 0, turns = FULL_TURNS, offset = 0 }: { from?: number; turns?: number; offset?: number } = {},
): number {
  const seg = segmentAngle(count);
  const target = (360 - (index + 0.5 + offset * 0.8) * seg + 360) % 360;
  const base = Math.ceil(from / 360) * 360;
  return base + turns * 360 + target;
}

/** Which segment is under the pointer at a rotation: the inverse of stopRotation. */
export function segmentAt(rotation: number, count: number): number {
  const atTop = (((-rotation % 360) + 360) % 360) / segmentAngle(count);
  return Math.floor(atTop) % count;
}

const point = (cx: number, cy: number, r: number, degrees: number): [number, number] => {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [cx + r * Math.cos(radians), cy + r * Math.sin(radians)];
};

const round = (n: number): number => Math.round(n * 100) / 100;

/** The SVG path of segment `index` of `count` on a wheel of radius `r` centred at (r, r). */
export function segmentPath(index: number, count: number, r: number): string {
  const seg = segmentAngle(count);
  const [x1, y1] = point(r, r, r, index * seg);
  const [x2, y2] = point(r, r, r, (index + 1) * seg);
  const large = seg > 180 ? 1 : 0;
  return `M ${r} ${r} L ${round(x1)} ${round(y1)} A ${r} ${r} 0 ${large} 1 ${round(x2)} ${round(y2)} Z`;
}

/** Where segment `index`'s number sits: on its middle line, at `fraction` of the radius. */
export function labelPoint(index: number, count: number, r: number, fraction = 0.72): { x: number; y: number } {
  const [x, y] = point(r, r, r * fraction, (index + 0.5) * segmentAngle(count));
  return { x: round(x), y: round(y) };
}
