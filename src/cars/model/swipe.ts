/**
 * A swipe across a car's photo: which way the gallery moves for a pointer that went down and came
 * up `dx`, `dy` pixels apart. Mostly sideways and far enough to be meant: a finger drawn left
 * shows the next photo, drawn right the previous one. A tap, or a mostly vertical drag (the page
 * scrolling), moves nothing.
 */
export const SWIPE_MIN_PX = 40;

export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}
